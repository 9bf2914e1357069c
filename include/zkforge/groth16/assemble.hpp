// SPDX-License-Identifier: Apache-2.0
// The prover's last step: the proof from the queries' sums and the blinding scalars r, s.
//   pi_a = alpha1 + A + r·delta1,  pi_b = beta2 + B2 + s·delta2,
//   pi_c = L + H + s·pi_a + r·(beta1 + B1 + s·delta1) - r·s·delta1
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

template <class E>
Proof<E> assemble(const ProvingKeyView<E>& key, const QuerySums<E>& sums, const Blinding<typename E::Fr>& blinding) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const auto& r = blinding.r;
  const auto& s = blinding.s;
  const Jacobian<G1> pi_a = Jacobian<G1>::from_affine(key.alpha_1).add(sums.a).add(scalar_mul(key.delta_1, r));
  const Jacobian<G2> pi_b = Jacobian<G2>::from_affine(key.beta_2).add(sums.b_2).add(scalar_mul(key.delta_2, s));
  const Jacobian<G1> b_1 = Jacobian<G1>::from_affine(key.beta_1).add(sums.b_1).add(scalar_mul(key.delta_1, s));
  const Affine<G1> pi_a_affine = pi_a.to_affine();
  const Jacobian<G1> pi_c = sums.l.add(sums.h)
                                .add(scalar_mul(pi_a_affine, s))
                                .add(scalar_mul(b_1.to_affine(), r))
                                .add(-scalar_mul(key.delta_1, r * s));
  return Proof<E>{pi_a_affine, pi_b.to_affine(), pi_c.to_affine()};
}

}  // namespace zkforge::groth16
