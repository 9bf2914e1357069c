// SPDX-License-Identifier: Apache-2.0
// Inputs of the prover tests built on the insecure setup's bits circuit: random toxic waste, and a
// batch of circuits whose aux wires are all 0, all 1 and mixed, each with its entry (b) assignment
// (a, b, c) and its own random blinding.
#pragma once

#include <random>
#include <utility>
#include <vector>

#include "zkforge/groth16/insecure_test_setup.hpp"
#include "zkforge/groth16/randomness.hpp"

namespace zkforge::test {

// Five random secrets, drawn in the order of ToxicWaste's fields.
template <class Fr>
groth16::insecure::ToxicWaste<Fr> random_waste(std::mt19937_64& rng) {
  return {Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng)};
}

// Assignment: a prover's Assignment type (Prover<E, Backend>::Assignment).
template <class Assignment, class Fr>
struct AuxKindBatch {
  std::vector<std::vector<typename Fr::Int>> witnesses;  // aux all 0, all 1, mixed
  std::vector<Assignment> batch;                         // views of `witnesses`: keep this object alive
  std::vector<groth16::Blinding<Fr>> blindings;
};

template <class Assignment, class Fr>
AuxKindBatch<Assignment, Fr> aux_kind_batch(const groth16::insecure::Qap<Fr>& qap, std::size_t publics, std::size_t bits,
                                            std::mt19937_64& rng) {
  AuxKindBatch<Assignment, Fr> out;
  for (const int kind : {0, 1, 2}) {
    std::vector<Fr> xs(publics);
    for (auto& x : xs) x = Fr::random(rng);
    out.witnesses.push_back(groth16::insecure::witness<Fr>(bits, xs, [&](std::size_t) {
      return kind == 0 ? false : kind == 1 ? true : (rng() & 1) != 0;
    }));
  }
  for (const auto& w : out.witnesses) {
    auto e = groth16::insecure::evaluations(qap, w);
    out.batch.push_back({host_span(w), std::move(e.a), std::move(e.b), std::move(e.c)});
    out.blindings.push_back({Fr::random(rng), Fr::random(rng)});
  }
  return out;
}

}  // namespace zkforge::test
