// SPDX-License-Identifier: Apache-2.0
// Faults on the GPU, on every GPU backend linked, each under every memory policy: a device allocation
// that fails (a test hook, and memory really taken before the proof), an upload that fails and a kernel
// launch that fails, at several points of a proof. Each gives an Error that names it (out of device
// memory for an allocation), every buffer of the proof is given back, and the next proof in the same
// process is the CPU's proof.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "support/errors.hpp"
#include "support/scale.hpp"
#include "zkforge/backend/linked.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/faults.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

std::string data_dir() {
  const char* moved = std::getenv("ZKFORGE_TESTS_DIR");
  return std::string(moved != nullptr ? moved : ZKFORGE_TESTS_DIR) + "/data/chain1018/bn128/";
}

const char* fault_name(gpu::DeviceFault kind) {
  switch (kind) {
    case gpu::DeviceFault::allocation: return "allocation";
    case gpu::DeviceFault::upload: return "upload";
    case gpu::DeviceFault::kernel: return "kernel";
  }
  return "?";
}

// Disarms every backend's faults when a case ends, however it ends (a failed REQUIRE included).
struct Disarm {
  ~Disarm() {
    for_each_gpu_backend([](auto tag) { gpu::clear_device_faults<decltype(tag)>(); });
  }
};

// The bundled 2^10 BN254 circuit, fixed r and s, and the CPU's proof: what every proof here must give.
struct Chain {
  using E = bn254::Engine;
  groth16::ProvingKey<E> key = snarkjs::read_zkey<E>(data_dir() + "chain.zkey");
  std::vector<E::Fr::Int> witness = snarkjs::read_wtns<E::Fr>(data_dir() + "witness.wtns");
  groth16::Blinding<E::Fr> blinding{E::Fr::from_u64(3), E::Fr::from_u64(5)};
  groth16::Proof<E> expected = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
};

}  // namespace

// A failed allocation, upload and kernel at several points of a proof under one memory policy, the
// key resident and streamed. One case per policy, so that a sanitizer's runs of them go side by side.
template <class B>
void fail_then_prove(MemoryPolicy policy) {
  using E = bn254::Engine;
  const Chain chain;
  groth16::ProverConfig config;
  config.memory = policy;
  for (const bool resident : {true, false}) {
    config.resident_key = resident;
    const groth16::Prover<E, B> prover(chain.key, config);
    (void)prover.prove(host_span(chain.witness), chain.blinding);  // first-use costs out of the way
    gpu::memory_flush<B>(policy, 0);
    const std::size_t held = gpu::memory_stats<B>(policy, 0).live_bytes;  // the resident key's
    for (const auto kind : {gpu::DeviceFault::allocation, gpu::DeviceFault::upload, gpu::DeviceFault::kernel}) {
      // The first such operation of a proof, and later ones: a resident key's proof uploads only its witness,
      // its first eighth and then the rest while B2's MSM runs on that eighth; a streamed key's its
      // matrices too (the bases go through the MSMs' own copies). At the sanitizer's scale, the first only.
      const std::vector<unsigned> skips = test::sanitizer_scale()               ? std::vector<unsigned>{0}
                                          : kind != gpu::DeviceFault::upload ? std::vector<unsigned>{0, 2, 7}
                                          : resident                       ? std::vector<unsigned>{0, 1}
                                                                           : std::vector<unsigned>{0, 2};
      for (const unsigned skip : skips) {
        INFO(memory_policy_name(policy) << ", key " << (resident ? "resident" : "streamed") << ", "
                                        << fault_name(kind) << " " << skip + 1 << " of the proof fails");
        const Disarm disarm;
        gpu::inject_device_fault<B>(kind, skip);
        const Error e = test::error_thrown_by([&] { (void)prover.prove(host_span(chain.witness), chain.blinding); });
        gpu::clear_device_faults<B>();
        CHECK(e.code() == (kind == gpu::DeviceFault::allocation ? Errc::out_of_memory : Errc::device_error));
        CHECK(std::string(e.what()).find(kind == gpu::DeviceFault::allocation ? "out of device memory" : "failed") !=
              std::string::npos);
        gpu::memory_flush<B>(policy, 0);
        CHECK(gpu::memory_stats<B>(policy, 0).live_bytes == held);
        const auto proof = prover.prove(host_span(chain.witness), chain.blinding);
        CHECK(proof.a == chain.expected.a);
        CHECK(proof.b == chain.expected.b);
        CHECK(proof.c == chain.expected.c);
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("a failed allocation, upload or kernel fails the proof with its error, and the next proof works "
                        "(synchronous policy)",
                        "[gpu][faults]", LinkedGpuBackends) {
  fail_then_prove<TestType>(MemoryPolicy::synchronous);
}

TEMPLATE_LIST_TEST_CASE("a failed allocation, upload or kernel fails the proof with its error, and the next proof works "
                        "(pooled policy)",
                        "[gpu][faults]", LinkedGpuBackends) {
  fail_then_prove<TestType>(MemoryPolicy::pooled);
}

TEMPLATE_LIST_TEST_CASE("a failed allocation, upload or kernel fails the proof with its error, and the next proof works "
                        "(deferred policy)",
                        "[gpu][faults]", LinkedGpuBackends) {
  fail_then_prove<TestType>(MemoryPolicy::deferred);
}

TEMPLATE_LIST_TEST_CASE("a proof on a GPU whose memory is taken is out of device memory, and works once it is back",
                        "[gpu][faults][alone]", LinkedGpuBackends) {
  using B = TestType;
  using E = bn254::Engine;
  const MemoryPolicy policy = GENERATE(MemoryPolicy::synchronous, MemoryPolicy::pooled, MemoryPolicy::deferred);
  const Chain chain;
  groth16::ProverConfig config;
  config.memory = policy;
  config.resident_key = false;  // every proof uploads the key: it needs memory the hog has taken
  const groth16::Prover<E, B> prover(chain.key, config);
  (void)prover.prove(host_span(chain.witness), chain.blinding);
  gpu::memory_flush<B>(policy, 0);
  gpu::memory_trim<B>(policy, 0);
  const std::size_t live_before = gpu::memory_stats<B>(policy, 0).live_bytes;
  {
    // All but a sliver of the device's free memory, taken in blocks as another process would hold it.
    std::vector<std::pair<void*, std::size_t>> taken;
    auto take = [&](std::size_t bytes) {
      taken.emplace_back(gpu::device_allocate<B>(MemoryPolicy::synchronous, 0, bytes), bytes);
    };
    const std::size_t block = std::size_t{1} << 30;
    while (gpu::device_memory_info<B>(0).free_bytes > block + (std::size_t{64} << 20)) take(block);
    std::size_t rest = gpu::device_memory_info<B>(0).free_bytes;
    while (rest > (std::size_t{1} << 20)) {
      try {
        take(rest / 2);
      } catch (const Error&) {
        break;
      }
      rest = gpu::device_memory_info<B>(0).free_bytes;
    }
    const Error e = test::error_thrown_by([&] { (void)prover.prove(host_span(chain.witness), chain.blinding); });
    INFO(e.what());
    CHECK(e.code() == Errc::out_of_memory);
    CHECK(std::string(e.what()).find("out of device memory") != std::string::npos);
    for (const auto& [p, bytes] : taken) gpu::device_deallocate<B>(MemoryPolicy::synchronous, 0, p, bytes);
  }
  gpu::memory_flush<B>(policy, 0);
  CHECK(gpu::memory_stats<B>(policy, 0).live_bytes == live_before);
  const auto proof = prover.prove(host_span(chain.witness), chain.blinding);
  CHECK(proof.c == chain.expected.c);
}
