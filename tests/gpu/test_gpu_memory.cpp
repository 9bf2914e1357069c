// SPDX-License-Identifier: Apache-2.0
// Device memory that stays flat, on every GPU backend linked: the deferred device policy queues its
// frees and flush waits for them; 200 GPU proofs per policy (after 20 to warm up) leave the device's used memory and
// the process's resident memory within 1%; two provers proving at once on one GPU under the deferred
// policy give the CPU's proofs.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "support/gpu_cases.hpp"
#include "support/scale.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/memory/process_memory.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

template <class B>
std::size_t device_used_bytes() {
  const gpu::DeviceMemoryInfo m = gpu::device_memory_info<B>(0);
  return m.total_bytes - m.free_bytes;
}

std::string data_dir() {
  const char* moved = std::getenv("ZKFORGE_TESTS_DIR");
  return std::string(moved != nullptr ? moved : ZKFORGE_TESTS_DIR) + "/data/chain1018/bn128/";
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("deferred device frees are queued, and flush waits for them", "[gpu][memory][alone]",
                        LinkedGpuBackends) {
  using B = TestType;
  const std::vector<std::uint8_t> bytes(std::size_t{256} << 20, 7);
  gpu::memory_flush<B>(MemoryPolicy::deferred, 0);
  const std::size_t used_before = device_used_bytes<B>();
  for (int i = 0; i < 300; ++i) {  // more frees than the queue holds (256): back-pressure, never growth
    DeviceArray<B, std::uint8_t> array(MemoryPolicy::deferred, 0, i % 10 == 0 ? bytes.size() : 4096);
    if (i % 10 == 0) array.upload(host_span(bytes));
    CHECK(gpu::memory_stats<B>(MemoryPolicy::deferred, 0).live_bytes == array.size());
  }
  CHECK(gpu::memory_stats<B>(MemoryPolicy::deferred, 0).live_bytes == 0);
  gpu::memory_flush<B>(MemoryPolicy::deferred, 0);
  CHECK(gpu::memory_stats<B>(MemoryPolicy::deferred, 0).pending_bytes == 0);
  CHECK(device_used_bytes<B>() <= used_before + (std::size_t{16} << 20));
}

TEMPLATE_LIST_TEST_CASE("200 GPU proofs per memory policy keep device and host memory flat", "[gpu][memory][alone]",
                        LinkedGpuBackends) {
  using B = TestType;
  using E = bn254::Engine;
  const MemoryPolicy policy = GENERATE(MemoryPolicy::synchronous, MemoryPolicy::pooled, MemoryPolicy::deferred);
  const auto key = snarkjs::read_zkey<E>(data_dir() + "chain.zkey");
  const auto witness = snarkjs::read_wtns<E::Fr>(data_dir() + "witness.wtns");
  groth16::ProverConfig config;
  config.memory = policy;
  const groth16::Prover<E, B> prover(key, config);
  const groth16::Blinding<E::Fr> blinding{E::Fr::from_u64(3), E::Fr::from_u64(5)};
  const auto expected = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
  for (int i = 0; i < test::at_scale(20, 2); ++i) (void)prover.prove(host_span(witness), blinding);
  gpu::memory_flush<B>(policy, 0);
  host_resource(policy).flush();
  const std::size_t device_before = device_used_bytes<B>(), host_before = resident_bytes();
  const std::size_t held = gpu::memory_stats<B>(policy, 0).live_bytes;  // the resident key's matrices
  for (int i = 0; i < test::at_scale(200, 10); ++i) {
    const auto proof = prover.prove(host_span(witness), blinding);
    REQUIRE(proof.c == expected.c);
    REQUIRE(gpu::memory_stats<B>(policy, 0).live_bytes == held);
  }
  gpu::memory_flush<B>(policy, 0);
  host_resource(policy).flush();
  const std::size_t device_after = device_used_bytes<B>(), host_after = resident_bytes();
  INFO(memory_policy_name(policy) << ": device used " << device_before << " -> " << device_after << ", host resident "
                                  << host_before << " -> " << host_after);
  CHECK(gpu::memory_stats<B>(policy, 0).pending_bytes == 0);
  CHECK(static_cast<double>(device_after) <= 1.01 * static_cast<double>(device_before));
  CHECK(static_cast<double>(host_after) <= 1.01 * static_cast<double>(host_before));
}

TEMPLATE_LIST_TEST_CASE("two provers at once on one GPU under the deferred policy give the CPU's proofs",
                        "[gpu][memory]", LinkedGpuBackends) {
  using B = TestType;
  using E = bn254::Engine;
  const auto key = snarkjs::read_zkey<E>(data_dir() + "chain.zkey");
  const auto witness = snarkjs::read_wtns<E::Fr>(data_dir() + "witness.wtns");
  const groth16::Blinding<E::Fr> blinding{E::Fr::from_u64(7), E::Fr::from_u64(11)};
  const auto expected = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
  groth16::ProverConfig config;
  config.memory = MemoryPolicy::deferred;
  const groth16::Prover<E, B> prover(key, config);
  gpu::memory_flush<B>(MemoryPolicy::deferred, 0);
  const std::size_t held = gpu::memory_stats<B>(MemoryPolicy::deferred, 0).live_bytes;  // the resident key's
  bool ok[2] = {true, true};
  std::thread workers[2];
  for (int t = 0; t < 2; ++t) {
    workers[t] = std::thread([&, t] {
      for (int i = 0; i < test::at_scale(25, 3); ++i) {
        const auto proof = prover.prove(host_span(witness), blinding);
        ok[t] = ok[t] && proof.a == expected.a && proof.b == expected.b && proof.c == expected.c;
      }
    });
  }
  for (auto& w : workers) w.join();
  CHECK(ok[0]);
  CHECK(ok[1]);
  gpu::memory_flush<B>(MemoryPolicy::deferred, 0);
  CHECK(gpu::memory_stats<B>(MemoryPolicy::deferred, 0).live_bytes == held);
}
