// SPDX-License-Identifier: Apache-2.0
// Memory that stays flat over many proofs: 200 CPU proofs of snarkjs' bn128 key under each memory
// policy, after 20 to warm up; the process's resident memory must stay within 1% and the policy's
// host resource must hold no live or pending bytes between proofs. And concurrent provers sharing
// the deferred policy (run under ASan and TSan too: docs/perf.md says when).
#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

#include "zkforge/groth16/prover.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/memory/process_memory.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

TEST_CASE("200 proofs per memory policy keep host memory flat", "[groth16][memory]") {
  using E = bn254::Engine;
  const MemoryPolicy policy = GENERATE(MemoryPolicy::synchronous, MemoryPolicy::pooled, MemoryPolicy::deferred);
  const std::string dir = std::string(ZKFORGE_TESTS_DIR) + "/data/groth16/bn128/";
  const auto key = snarkjs::read_zkey<E>(dir + "chain.zkey");
  const auto witness = snarkjs::read_wtns<E::Fr>(dir + "witness.wtns");
  groth16::ProverConfig config;
  config.memory = policy;
  const groth16::Prover<E, Cpu> prover(key, config);
  HostResource& host = host_resource(policy);
  const groth16::Blinding<E::Fr> blinding{E::Fr::from_u64(3), E::Fr::from_u64(5)};
  for (int i = 0; i < 20; ++i) (void)prover.prove(host_span(witness), blinding);
  host.flush();
  const std::size_t before = resident_bytes();
  const std::size_t peak = host.stats().peak_bytes;
  for (int i = 0; i < 200; ++i) {
    (void)prover.prove(host_span(witness), blinding);
    REQUIRE(host.stats().live_bytes == 0);
  }
  host.flush();
  const std::size_t after = resident_bytes();
  INFO("policy " << memory_policy_name(policy) << ": resident " << before << " -> " << after << " bytes");
  CHECK(host.stats().pending_bytes == 0);
  CHECK(host.stats().peak_bytes == peak);  // no proof needed more than the warm-up ones
  CHECK(static_cast<double>(after) <= 1.01 * static_cast<double>(before));
}

TEST_CASE("provers on several threads at once under the deferred policy give the same proofs", "[groth16][memory]") {
  using E = bn254::Engine;
  const std::string dir = std::string(ZKFORGE_TESTS_DIR) + "/data/groth16/bn128/";
  const auto key = snarkjs::read_zkey<E>(dir + "chain.zkey");
  const auto witness = snarkjs::read_wtns<E::Fr>(dir + "witness.wtns");
  const groth16::Blinding<E::Fr> blinding{E::Fr::from_u64(7), E::Fr::from_u64(11)};
  groth16::ProverConfig synchronous, deferred;
  synchronous.memory = MemoryPolicy::synchronous;
  deferred.memory = MemoryPolicy::deferred;
  const auto expected = groth16::Prover<E, Cpu>(key, synchronous).prove(host_span(witness), blinding);
  const groth16::Prover<E, Cpu> prover(key, deferred);
  bool ok[3] = {true, true, true};
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 10; ++i) {
        const auto p = prover.prove(host_span(witness), blinding);
        ok[t] = ok[t] && p.a == expected.a && p.b == expected.b && p.c == expected.c;
      }
    });
  }
  for (auto& t : threads) t.join();
  host_resource(MemoryPolicy::deferred).flush();
  CHECK(ok[0]);
  CHECK(ok[1]);
  CHECK(ok[2]);
  CHECK(host_resource(MemoryPolicy::deferred).stats().live_bytes == 0);
}
