// SPDX-License-Identifier: Apache-2.0
// Groth16 verifying key, proof and public inputs of an engine E as plain values (snarkjs' vk_*, pi_*, public.json).
#pragma once

#include <vector>

#include "zkforge/curve/affine.hpp"
#include "zkforge/field/bigint.hpp"

namespace zkforge::groth16 {

template <class E>
struct VerifyingKey {
  Affine<typename E::G1> alpha_1;
  Affine<typename E::G2> beta_2, gamma_2, delta_2;
  std::vector<Affine<typename E::G1>> ic;  // IC[0..nPublic]: IC[0] + sum x_i IC[i] is the public inputs' term
};

template <class E>
struct Proof {
  Affine<typename E::G1> a;  // pi_a
  Affine<typename E::G2> b;  // pi_b
  Affine<typename E::G1> c;  // pi_c
};

// Public inputs as canonical integers, as public.json holds them; the verifier requires each below r.
template <class E>
using PublicInputs = std::vector<typename E::Fr::Int>;

}  // namespace zkforge::groth16
