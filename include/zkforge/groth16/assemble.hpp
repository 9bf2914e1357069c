// SPDX-License-Identifier: Apache-2.0
// The prover's last step: the proof from the queries' sums and the blinding scalars r, s.
//   pi_a = alpha1 + A + r·delta1,  pi_b = beta2 + B2 + s·delta2,
//   pi_c = L + H + s·pi_a + r·(beta1 + B1 + s·delta1) - r·s·delta1
//        = L + H + s·A + r·B1 + (s·alpha1 + r·beta1 + r·s·delta1).
// The terms that need only the key and r, s (BlindingTerms) can be computed while the sums are
// (a GPU prover does so on a host thread), leaving two G1 scalar multiplications to the end.
#pragma once

#include "zkforge/curve/group.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/groth16/randomness.hpp"
#include "zkforge/groth16/verifying_key.hpp"

namespace zkforge::groth16 {

// The sums of the queries over the witness (A, B1, B2, L) and over the quotient (H).
template <class E>
struct QuerySums {
  Jacobian<typename E::G1> a, b_1, l, h;
  Jacobian<typename E::G2> b_2;
};

// What the proof takes of the key and r, s alone: r·delta1, s·delta2 and s·alpha1 + r·beta1 + r·s·delta1.
template <class E>
struct BlindingTerms {
  Jacobian<typename E::G1> r_delta_1, c_constant;
  Jacobian<typename E::G2> s_delta_2;
};

template <class E>
BlindingTerms<E> blinding_terms(const ProvingKeyView<E>& key, const Blinding<typename E::Fr>& blinding) {
  const auto& r = blinding.r;
  const auto& s = blinding.s;
  return {scalar_mul(key.delta_1, r),
          scalar_mul(key.alpha_1, s).add(scalar_mul(key.beta_1, r)).add(scalar_mul(key.delta_1, r * s)),
          scalar_mul(key.delta_2, s)};
}

template <class E>
Proof<E> assemble(const ProvingKeyView<E>& key, const QuerySums<E>& sums, const Blinding<typename E::Fr>& blinding,
                  const BlindingTerms<E>& terms) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const Jacobian<G1> pi_a = Jacobian<G1>::from_affine(key.alpha_1).add(sums.a).add(terms.r_delta_1);
  const Jacobian<G2> pi_b = Jacobian<G2>::from_affine(key.beta_2).add(sums.b_2).add(terms.s_delta_2);
  const Jacobian<G1> pi_c = sums.l.add(sums.h)
                                .add(sums.a.mul(blinding.s.to_int()))
                                .add(sums.b_1.mul(blinding.r.to_int()))
                                .add(terms.c_constant);
  return Proof<E>{pi_a.to_affine(), pi_b.to_affine(), pi_c.to_affine()};
}

template <class E>
Proof<E> assemble(const ProvingKeyView<E>& key, const QuerySums<E>& sums, const Blinding<typename E::Fr>& blinding) {
  return assemble(key, sums, blinding, blinding_terms(key, blinding));
}

}  // namespace zkforge::groth16
