// SPDX-License-Identifier: Apache-2.0
// Device memory that stays flat: the deferred device policy frees after the stream's work and flush
// waits for it; 200 GPU proofs per policy (after 20 to warm up) leave the device's used memory and
// the process's resident memory within 1%; two provers proving at once on one GPU under the deferred
// policy give the CPU's proofs.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <thread>

#include "backends/cuda/device.hpp"
#include "support/process_memory.hpp"
#include "support/gpu_backend.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/memory/cuda.hpp"
#include "zkforge/memory/device_allocator.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

std::size_t device_used_bytes() {
  std::size_t free_bytes = 0, total_bytes = 0;
  cuda::device_memory_info(0, free_bytes, total_bytes);
  return total_bytes - free_bytes;
}

std::string data_dir() {
  const char* moved = std::getenv("ZKFORGE_TESTS_DIR");
  return std::string(moved != nullptr ? moved : ZKFORGE_TESTS_DIR) + "/data/chain1018/bn128/";
}

}  // namespace

TEST_CASE("deferred device frees happen after the stream's work, and flush waits for them", "[cuda][memory]") {
  DeferredDevice r(0, 4);
  gpu::OwnedStream stream;
  const std::size_t bytes = std::size_t{256} << 20;
  const std::size_t used_before = device_used_bytes();
  for (int i = 0; i < 8; ++i) {  // more frees than the queue holds: back-pressure, never growth
    void* p = r.allocate(bytes, stream.get());
    gpu::check(ZKF_GPU(MemsetAsync)(p, i, bytes, stream.get()), "MemsetAsync");
    r.deallocate(p, bytes, stream.get());  // returns before the memset is done
    CHECK(r.stats().live_bytes == 0);
  }
  r.flush();
  CHECK(r.stats().pending_bytes == 0);
  CHECK(device_used_bytes() <= used_before + (std::size_t{16} << 20));
}

TEMPLATE_TEST_CASE("200 GPU proofs per memory policy keep device and host memory flat", "[cuda][memory]",
                   SynchronousMemory, PooledMemory, DeferredMemory) {
  using E = bn254::Engine;
  const auto key = snarkjs::read_zkey<E>(data_dir() + "chain.zkey");
  const auto witness = snarkjs::read_wtns<E::Fr>(data_dir() + "witness.wtns");
  const groth16::Prover<E, GpuBackend, TestType> prover(key);
  const groth16::Blinding<E::Fr> blinding{E::Fr::from_u64(3), E::Fr::from_u64(5)};
  const auto expected = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
  const MemoryPolicy policy = TestType::kPolicy;
  for (int i = 0; i < 20; ++i) (void)prover.prove(host_span(witness), blinding);
  cuda::memory_flush(policy, 0);
  host_resource(policy).flush();
  const std::size_t device_before = device_used_bytes(), host_before = test::resident_bytes();
  for (int i = 0; i < 200; ++i) {
    const auto proof = prover.prove(host_span(witness), blinding);
    REQUIRE(proof.c == expected.c);
    REQUIRE(cuda::memory_stats(policy, 0).live_bytes == 0);
  }
  cuda::memory_flush(policy, 0);
  host_resource(policy).flush();
  const std::size_t device_after = device_used_bytes(), host_after = test::resident_bytes();
  INFO(memory_policy_name(policy) << ": device used " << device_before << " -> " << device_after << ", host resident "
                                  << host_before << " -> " << host_after);
  CHECK(cuda::memory_stats(policy, 0).pending_bytes == 0);
  CHECK(static_cast<double>(device_after) <= 1.01 * static_cast<double>(device_before));
  CHECK(static_cast<double>(host_after) <= 1.01 * static_cast<double>(host_before));
}

TEST_CASE("two provers at once on one GPU under the deferred policy give the CPU's proofs", "[cuda][memory]") {
  using E = bn254::Engine;
  const auto key = snarkjs::read_zkey<E>(data_dir() + "chain.zkey");
  const auto witness = snarkjs::read_wtns<E::Fr>(data_dir() + "witness.wtns");
  const groth16::Blinding<E::Fr> blinding{E::Fr::from_u64(7), E::Fr::from_u64(11)};
  const auto expected = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
  const groth16::Prover<E, GpuBackend, DeferredMemory> prover(key);
  bool ok[2] = {true, true};
  std::thread workers[2];
  for (int t = 0; t < 2; ++t) {
    workers[t] = std::thread([&, t] {
      for (int i = 0; i < 25; ++i) {
        const auto proof = prover.prove(host_span(witness), blinding);
        ok[t] = ok[t] && proof.a == expected.a && proof.b == expected.b && proof.c == expected.c;
      }
    });
  }
  for (auto& w : workers) w.join();
  CHECK(ok[0]);
  CHECK(ok[1]);
  cuda::memory_flush(MemoryPolicy::deferred, 0);
  CHECK(cuda::memory_stats(MemoryPolicy::deferred, 0).live_bytes == 0);
}
