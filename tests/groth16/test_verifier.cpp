// SPDX-License-Identifier: Apache-2.0
// Groth16 verification of real snarkjs proofs of both curves (tests/data/groth16), and every rejection:
// a changed public input or proof gives false; a point off the curve or outside the subgroup, a public
// input not below r or the wrong number of them throws its own Errc.
#include <catch2/catch.hpp>

#include <string>

#include "zkforge/curve/group.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

template <class E>
struct Fixture {
  std::string dir = std::string(ZKFORGE_TESTS_DIR) + "/data/groth16/" +
                    (E::kFamily == PairingFamily::bn ? "bn128" : "bls12381") + "/";
  groth16::VerifyingKey<E> vk =
      snarkjs::parse_verification_key<E>(snarkjs::read_json_file(dir + "verification_key.json"), "verification_key.json");
  groth16::PublicInputs<E> inputs = snarkjs::parse_public_inputs<E>(snarkjs::read_json_file(dir + "public.json"), "public.json");
  groth16::Proof<E> proof = snarkjs::parse_proof<E>(snarkjs::read_json_file(dir + "proof.json"), "proof.json");
};

template <class E>
Errc error_code(const groth16::PreparedVerifyingKey<E>& key, const groth16::PublicInputs<E>& inputs,
                const groth16::Proof<E>& proof) {
  try {
    key.verify(inputs, proof);
  } catch (const Error& e) {
    return e.code();
  }
  FAIL("verify did not throw");
  return Errc::invalid_argument;
}

// A point of the curve C outside its order-r subgroup: x + 1, x + 2, ... until x^3 + b is a square.
template <class C>
Affine<C> point_outside_subgroup(typename C::Field x) {
  for (;;) {
    x = x + C::Field::one();
    typename C::Field y;
    if ((x.sqr() * x + C::b()).sqrt(y)) {
      const Affine<C> p = Affine<C>::from_xy(x, y);
      if (!is_in_subgroup(p)) return p;
    }
  }
}

}  // namespace

TEMPLATE_TEST_CASE("snarkjs proofs verify", "[groth16]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  const Fixture<E> f;
  INFO(E::name);
  REQUIRE(f.inputs.size() == 3);
  CHECK(groth16::verify(f.vk, f.inputs, f.proof));
  const groth16::PreparedVerifyingKey<E> key(f.vk);
  CHECK(key.num_public() == 3);
  CHECK(key.verify(f.inputs, f.proof));
  CHECK(key.verify(f.inputs, f.proof));  // the prepared key is reusable
}

TEMPLATE_TEST_CASE("changed inputs or proofs do not verify", "[groth16]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using Int = typename E::Fr::Int;
  const Fixture<E> f;
  const groth16::PreparedVerifyingKey<E> key(f.vk);
  INFO(E::name);
  for (std::size_t i = 0; i < f.inputs.size(); ++i) {
    auto inputs = f.inputs;
    inputs[i].add_in_place(Int::from_u64(1));
    CHECK_FALSE(key.verify(inputs, f.proof));
  }
  auto proof = f.proof;
  proof.a = -proof.a;
  CHECK_FALSE(key.verify(f.inputs, proof));
  proof = f.proof;
  std::swap(proof.a, proof.c);
  CHECK_FALSE(key.verify(f.inputs, proof));
  proof = f.proof;
  proof.b = -proof.b;
  CHECK_FALSE(key.verify(f.inputs, proof));
  proof = f.proof;
  proof.c = Affine<typename E::G1>::identity();
  CHECK_FALSE(key.verify(f.inputs, proof));
}

TEMPLATE_TEST_CASE("malformed proofs and inputs throw their own Errc", "[groth16]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const Fixture<E> f;
  const groth16::PreparedVerifyingKey<E> key(f.vk);
  INFO(E::name);

  auto proof = f.proof;
  proof.a.y = proof.a.y + E::Fq::one();
  CHECK(error_code(key, f.inputs, proof) == Errc::not_on_curve);
  proof = f.proof;
  proof.b.x = proof.b.x + E::Fq2::one();
  CHECK(error_code(key, f.inputs, proof) == Errc::not_on_curve);

  proof = f.proof;
  proof.b = point_outside_subgroup<G2>(f.proof.b.x);
  CHECK(error_code(key, f.inputs, proof) == Errc::not_in_subgroup);
  if constexpr (E::kFamily == PairingFamily::bls12) {  // BN: every point of E(Fq) is in G1
    proof = f.proof;
    proof.c = point_outside_subgroup<G1>(f.proof.c.x);
    CHECK(error_code(key, f.inputs, proof) == Errc::not_in_subgroup);
  }

  auto inputs = f.inputs;
  inputs[1] = E::Fr::kModulus;
  CHECK(error_code(key, inputs, f.proof) == Errc::not_canonical);
  inputs = f.inputs;
  inputs.pop_back();
  CHECK(error_code(key, inputs, f.proof) == Errc::size_mismatch);

  auto vk = f.vk;
  vk.ic[2].y = vk.ic[2].y + E::Fq::one();
  CHECK_THROWS_MATCHES(groth16::PreparedVerifyingKey<E>(vk), Error,
                       Catch::Matchers::Message("not on curve: IC[2]: point not on the curve"));
  vk = f.vk;
  vk.gamma_2 = point_outside_subgroup<G2>(f.vk.gamma_2.x);
  CHECK_THROWS_MATCHES(groth16::PreparedVerifyingKey<E>(vk), Error,
                       Catch::Matchers::Message("not in subgroup: vk_gamma_2: point not in the prime-order subgroup"));
}
