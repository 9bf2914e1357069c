// SPDX-License-Identifier: Apache-2.0
// The CPU prover on snarkjs' own keys and witnesses (tests/data/groth16, made by snarkjs 0.7.6):
// its proofs pass zkforge's verifier under the verification key snarkjs exported, its public inputs
// are snarkjs' public.json, fixed blinding makes it deterministic, the two entry points agree, and
// a witness that does not satisfy the circuit gives a proof that fails; proofs made at once from
// several threads, and from inside the CPU pool's own tasks, are the single proof. Independent acceptance by
// snarkjs itself is the interop test's (tests/interop).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "support/seed.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

template <class E>
std::string fixture_dir() {
  return std::string(ZKFORGE_TESTS_DIR) + "/data/groth16/" + (E::kFamily == PairingFamily::bn ? "bn128" : "bls12381") + "/";
}

template <class E>
struct Setup {
  std::string dir = fixture_dir<E>();
  groth16::ProvingKey<E> key = snarkjs::read_zkey<E>(dir + "chain.zkey");
  std::vector<typename E::Fr::Int> witness = snarkjs::read_wtns<typename E::Fr>(dir + "witness.wtns");
  groth16::VerifyingKey<E> vk =
      snarkjs::parse_verification_key<E>(snarkjs::read_json_file(dir + "verification_key.json"), "verification_key.json");
};

template <class E>
groth16::Blinding<typename E::Fr> fixed_blinding(std::uint64_t salt) {
  auto rng = test::rng_for(salt);
  return {E::Fr::random(rng), E::Fr::random(rng)};
}

template <class C>
bool same(const Affine<C>& p, const Affine<C>& q) {
  return p.infinity == q.infinity && (p.infinity || (p.x == q.x && p.y == q.y));
}

template <class E>
bool same_proof(const groth16::Proof<E>& p, const groth16::Proof<E>& q) {
  return same(p.a, q.a) && same(p.b, q.b) && same(p.c, q.c);
}

}  // namespace

TEMPLATE_TEST_CASE("the CPU prover's proofs of snarkjs keys verify", "[groth16][prover]", bn254::Engine,
                   bls12_381::Engine) {
  using E = TestType;
  const Setup<E> s;
  const groth16::Prover<E, Cpu> prover(s.key);
  groth16::PhaseTimings t;
  const auto proof = prover.prove(host_span(s.witness), groth16::draw_blinding<typename E::Fr>(), &t);
  const auto inputs = prover.public_inputs(host_span(s.witness));
  CHECK(inputs == snarkjs::parse_public_inputs<E>(snarkjs::read_json_file(s.dir + "public.json"), "public.json"));
  const groth16::PreparedVerifyingKey<E> pvk(s.vk);
  CHECK(pvk.verify(inputs, proof));
  CHECK(t.total() > 0);
  CHECK(t.wall > 0);

  // The key's own verifying part is the one snarkjs exported.
  const auto from_key = s.key.verifying_key();
  CHECK(same(from_key.alpha_1, s.vk.alpha_1));
  CHECK(same(from_key.beta_2, s.vk.beta_2));
  CHECK(same(from_key.gamma_2, s.vk.gamma_2));
  CHECK(same(from_key.delta_2, s.vk.delta_2));
  REQUIRE(from_key.ic.size() == s.vk.ic.size());
  for (std::size_t i = 0; i < s.vk.ic.size(); ++i) CHECK(same(from_key.ic[i], s.vk.ic[i]));
}

TEMPLATE_TEST_CASE("fixed blinding makes the prover deterministic; both entry points agree", "[groth16][prover]",
                   bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  const Setup<E> s;
  const groth16::Prover<E, Cpu> prover(s.key);
  const auto blinding = fixed_blinding<E>(51);
  const auto p1 = prover.prove(host_span(s.witness), blinding);
  const auto p2 = prover.prove(host_span(s.witness), blinding);
  CHECK(same_proof(p1, p2));

  // a, b, c from the matrices by a plain loop over the entries, c = a * b.
  const std::size_t n = s.key.domain_size();
  std::vector<Fr> a(n, Fr::zero()), b(n, Fr::zero()), c(n);
  auto w = [&](std::uint32_t i) { Fr x; Fr::from_int(s.witness[i], x); return x; };
  for (const auto& e : s.key.a_matrix) a[e.constraint] += e.value * w(e.signal);
  for (const auto& e : s.key.b_matrix) b[e.constraint] += e.value * w(e.signal);
  for (std::size_t i = 0; i < n; ++i) c[i] = a[i] * b[i];
  const auto p3 = prover.prove(host_span(s.witness), a, b, c, blinding);
  CHECK(same_proof(p1, p3));

  // Different blinding, a different proof of the same statement.
  const auto p4 = prover.prove(host_span(s.witness), fixed_blinding<E>(52));
  CHECK_FALSE(same_proof(p1, p4));
  CHECK(groth16::PreparedVerifyingKey<E>(s.vk).verify(prover.public_inputs(host_span(s.witness)), p4));
}

TEMPLATE_TEST_CASE("a key view over memory the caller lays out proves as the key does", "[groth16][prover]",
                   bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using G1 = Affine<typename E::G1>;
  using G2 = Affine<typename E::G2>;
  const Setup<E> s;
  const auto blinding = fixed_blinding<E>(53);
  const auto expected = groth16::Prover<E, Cpu>(s.key).prove(host_span(s.witness), blinding);
  // The G1 queries back to back in one region, as a mapped or pinned key file would hold them, and
  // the key they came from emptied: the view is all the prover has.
  groth16::ProvingKey<E> owned = s.key;
  std::vector<G1> region;
  for (const auto* q : {&owned.ic, &owned.a, &owned.b_1, &owned.l, &owned.h}) region.insert(region.end(), q->begin(), q->end());
  const std::vector<G2> b_2 = owned.b_2;
  const auto a_matrix = owned.a_matrix, b_matrix = owned.b_matrix;
  groth16::ProvingKeyView<E> view = owned;
  std::size_t at = 0;
  auto take = [&](std::size_t count) {
    const HostSpan<const G1> q(region.data() + at, count);
    at += count;
    return q;
  };
  view.ic = take(owned.ic.size());
  view.a = take(owned.a.size());
  view.b_1 = take(owned.b_1.size());
  view.l = take(owned.l.size());
  view.h = take(owned.h.size());
  view.b_2 = host_span(b_2);
  view.a_matrix = host_span(a_matrix);
  view.b_matrix = host_span(b_matrix);
  REQUIRE(at == region.size());
  owned = groth16::ProvingKey<E>{};
  const groth16::Prover<E, Cpu> prover(view);
  const auto proof = prover.prove(host_span(s.witness), blinding);
  CHECK(same_proof(proof, expected));
  CHECK(groth16::PreparedVerifyingKey<E>(view.verifying_key()).verify(prover.public_inputs(host_span(s.witness)), proof));
  // A view that lies about a query's length is refused when the prover is made.
  view.l = HostSpan<const G1>(view.l.data, view.l.size - 1);
  using CpuProver = groth16::Prover<E, Cpu>;
  CHECK_THROWS_AS(CpuProver(view), Error);
}

TEMPLATE_TEST_CASE("a witness that does not satisfy the circuit gives a proof that fails", "[groth16][prover]",
                   bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  const Setup<E> s;
  const groth16::Prover<E, Cpu> prover(s.key);
  auto bad = s.witness;
  bad.back().w[0] ^= 1;  // an internal wire
  const auto proof = prover.prove(host_span(bad), groth16::draw_blinding<typename E::Fr>());
  CHECK_FALSE(groth16::PreparedVerifyingKey<E>(s.vk).verify(prover.public_inputs(host_span(bad)), proof));
}

TEMPLATE_TEST_CASE("the prover rejects a witness of the wrong shape", "[groth16][prover]", bn254::Engine,
                   bls12_381::Engine) {
  using E = TestType;
  const Setup<E> s;
  const groth16::Prover<E, Cpu> prover(s.key);
  const auto blinding = fixed_blinding<E>(53);
  auto code = [&](const std::vector<typename E::Fr::Int>& w) {
    try {
      prover.prove(host_span(w), blinding);
    } catch (const Error& e) {
      return e.code();
    }
    return Errc::invalid_flags;  // not thrown
  };
  auto shorter = s.witness;
  shorter.pop_back();
  CHECK(code(shorter) == Errc::size_mismatch);
  auto no_one = s.witness;
  no_one[0] = E::Fr::Int::from_u64(2);
  CHECK(code(no_one) == Errc::invalid_argument);
  auto too_big = s.witness;
  too_big[5] = E::Fr::kModulus;
  CHECK(code(too_big) == Errc::not_canonical);
}

TEMPLATE_TEST_CASE("the prover rejects a key memory share or a witness dense share not above 0 or above 1",
                   "[groth16][prover]", bn254::Engine) {
  using E = TestType;
  const Setup<E> s;
  for (const auto& [field, name] : {std::make_pair(&groth16::ProverConfig::key_memory_share, "key_memory_share"),
                                    std::make_pair(&groth16::ProverConfig::witness_dense_share, "witness_dense_share")}) {
    for (const double share : {0.0, -0.5, 1.5, std::nan("")}) {
      groth16::ProverConfig config;
      config.*field = share;
      INFO(name << " " << share);
      try {
        (void)groth16::Prover<E, Cpu>(s.key, config);
        FAIL("no error");
      } catch (const Error& e) {
        CHECK(e.code() == Errc::invalid_argument);
        CHECK(std::string(e.what()).find(name) != std::string::npos);
      }
    }
    groth16::ProverConfig whole;
    whole.*field = 1;
    CHECK_NOTHROW(groth16::Prover<E, Cpu>(s.key, whole));
  }
}

// The prover's G2 side runs beside the G1 phases on the pool's workers; called from inside the pool's
// own tasks (every worker busy with a proof) it must still finish, and from several threads at once
// each proof must be the one made alone.
TEMPLATE_TEST_CASE("proofs from several threads at once and from inside the pool's tasks are the single proof",
                   "[groth16][prover][threads]", bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  const Setup<E> s;
  groth16::ProverConfig config;
  config.threads = 2;
  config.msm.threads = 2;
  const groth16::Prover<E, Cpu> prover(s.key, config);
  const auto blinding = fixed_blinding<E>(53);
  const auto alone = prover.prove(host_span(s.witness), blinding);

  constexpr std::size_t kProofs = 4;
  std::vector<groth16::Proof<E>> from_tasks(kProofs), from_threads(kProofs);
  cpu_pool(2).run(kProofs, [&](std::size_t i) { from_tasks[i] = prover.prove(host_span(s.witness), blinding); });
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < kProofs; ++i)
    threads.emplace_back([&, i] { from_threads[i] = prover.prove(host_span(s.witness), blinding); });
  for (auto& t : threads) t.join();
  for (std::size_t i = 0; i < kProofs; ++i) {
    CHECK(same_proof(from_tasks[i], alone));
    CHECK(same_proof(from_threads[i], alone));
  }
}
