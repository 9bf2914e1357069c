// SPDX-License-Identifier: Apache-2.0
// Groth16 verification: e(A, B) = e(alpha, beta) e(L, gamma) e(C, delta), L = IC[0] + sum x_i IC[i].
//
// Checked as one product of pairings, e(-A, B) e(alpha, beta) e(L, gamma) e(C, delta) = 1 (Groth,
// "On the size of pairing-based non-interactive arguments", EUROCRYPT 2016). Preparing the key once
// validates its points and precomputes what does not depend on the proof: the lines of gamma and
// delta and the Miller loop value of (alpha, beta). A verification then costs the subgroup checks
// of A, B, C, the public inputs' combination (linear_combination.hpp), the lines of B, a 3-pair Miller
// loop and one final exponentiation.
//
// Malformed input throws zkforge::Error, each cause with its own code: a public input not below r
// (not_canonical), the wrong number of public inputs (size_mismatch), a point off its curve
// (not_on_curve) or outside the order-r subgroup (not_in_subgroup). A well-formed proof that does not
// satisfy the equation makes verify return false.
#pragma once

#include <string>
#include <vector>

#include "zkforge/error.hpp"
#include "zkforge/groth16/linear_combination.hpp"
#include "zkforge/groth16/verifying_key.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"
#include "zkforge/pairing/pairing.hpp"
#include "zkforge/pairing/subgroup.hpp"

namespace zkforge::groth16 {

namespace detail {
// Throws not_on_curve or not_in_subgroup, naming the point `what`.
template <class E, class C>
void check_point(const Affine<C>& p, const std::string& what) {
  if (!p.is_on_curve()) throw Error(Errc::not_on_curve, what + ": point not on the curve");
  if (!is_in_group<E>(p)) throw Error(Errc::not_in_subgroup, what + ": point not in the prime-order subgroup");
}
}  // namespace detail

template <class E>
class PreparedVerifyingKey {
 public:
  // Validates every point of vk (throws as stated at the top) and precomputes.
  explicit PreparedVerifyingKey(const VerifyingKey<E>& vk)
      : ic_(validated(vk).ic), gamma_(vk.gamma_2), delta_(vk.delta_2) {
    const G2Prepared<E> beta(vk.beta_2);
    const PairingTerm<E> term{vk.alpha_1, &beta};
    alpha_beta_ = miller_loop<E>(&term, 1);
  }

  std::size_t num_public() const { return ic_.size() - 1; }

  // True if the proof satisfies the verification equation for these public inputs.
  bool verify(const PublicInputs<E>& inputs, const Proof<E>& proof) const {
    if (inputs.size() != num_public())
      throw Error(Errc::size_mismatch, "public inputs: " + std::to_string(inputs.size()) + " given, the key expects " +
                                           std::to_string(num_public()));
    for (std::size_t i = 0; i < inputs.size(); ++i)
      if (inputs[i] >= E::Fr::kModulus)
        throw Error(Errc::not_canonical, "public input " + std::to_string(i) + " is not below the scalar field modulus r");
    detail::check_point<E>(proof.a, "pi_a");
    detail::check_point<E>(proof.b, "pi_b");
    detail::check_point<E>(proof.c, "pi_c");

    const Affine<typename E::G1> l =
        linear_combination(ic_[0], ic_.data() + 1, inputs.data(), inputs.size()).to_affine();
    const G2Prepared<E> b(proof.b);
    const PairingTerm<E> terms[] = {{-proof.a, &b}, {l, &gamma_}, {proof.c, &delta_}};
    return final_exponentiation<E>(miller_loop<E>(terms, 3) * alpha_beta_).is_one();
  }

 private:
  static const VerifyingKey<E>& validated(const VerifyingKey<E>& vk) {
    if (vk.ic.empty()) throw Error(Errc::size_mismatch, "verifying key: IC is empty, IC[0] is required");
    detail::check_point<E>(vk.alpha_1, "vk_alpha_1");
    detail::check_point<E>(vk.beta_2, "vk_beta_2");
    detail::check_point<E>(vk.gamma_2, "vk_gamma_2");
    detail::check_point<E>(vk.delta_2, "vk_delta_2");
    for (std::size_t i = 0; i < vk.ic.size(); ++i) detail::check_point<E>(vk.ic[i], "IC[" + std::to_string(i) + "]");
    return vk;
  }

  std::vector<Affine<typename E::G1>> ic_;
  G2Prepared<E> gamma_, delta_;
  Fp12<E> alpha_beta_;
};

// One-shot verification: prepares vk (validating it) and verifies.
template <class E>
bool verify(const VerifyingKey<E>& vk, const PublicInputs<E>& inputs, const Proof<E>& proof) {
  return PreparedVerifyingKey<E>(vk).verify(inputs, proof);
}

// Both curves' verifiers, compiled once in zkforge::cpu (backends/cpu/groth16_instances.cpp).
#define ZKFORGE_VERIFIER_INSTANCES(prefix, E)                                                              \
  prefix template class PreparedVerifyingKey<E>;                                                           \
  prefix template bool verify<E>(const VerifyingKey<E>&, const PublicInputs<E>&, const Proof<E>&);

ZKFORGE_VERIFIER_INSTANCES(extern, bls12_381::Engine)
ZKFORGE_VERIFIER_INSTANCES(extern, bn254::Engine)

}  // namespace zkforge::groth16
