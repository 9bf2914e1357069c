// SPDX-License-Identifier: Apache-2.0
// The optimal ate pairing e: G1 x G2 -> GT in Fq12 of an engine E, single and as a product of pairings.
//
// A product of k pairings costs k Miller loops sharing their squarings and one final exponentiation,
// so checking prod e(P_j, Q_j) = 1 (Groth16, EIP-197) is far cheaper than k pairings.
#pragma once

#include <vector>

#include "zkforge/error.hpp"
#include "zkforge/pairing/final_exponentiation.hpp"
#include "zkforge/pairing/miller_loop.hpp"

namespace zkforge {

template <class E>
Fp12<E> pairing(const Affine<typename E::G1>& p, const Affine<typename E::G2>& q) {
  const G2Prepared<E> prepared(q);
  const PairingTerm<E> term{p, &prepared};
  return final_exponentiation<E>(miller_loop<E>(&term, 1));
}

// prod_j e(ps[j], qs[j]); throws Error(size_mismatch) if the lists differ in length.
template <class E>
Fp12<E> multi_pairing(const std::vector<Affine<typename E::G1>>& ps, const std::vector<Affine<typename E::G2>>& qs) {
  if (ps.size() != qs.size()) throw Error(Errc::size_mismatch, "multi_pairing: as many G1 as G2 points are needed");
  std::vector<G2Prepared<E>> prepared;
  prepared.reserve(qs.size());
  for (const auto& q : qs) prepared.emplace_back(q);
  std::vector<PairingTerm<E>> terms;
  for (std::size_t j = 0; j < ps.size(); ++j) terms.push_back({ps[j], &prepared[j]});
  return final_exponentiation<E>(miller_loop<E>(terms));
}

}  // namespace zkforge
