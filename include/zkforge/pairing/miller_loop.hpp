// SPDX-License-Identifier: Apache-2.0
// The optimal ate Miller loop over several (G1, prepared G2) pairs at once: one shared accumulator.
//
// For terms (P_j, Q_j) it returns prod_j f_{s,Q_j}(P_j) (times the BN Frobenius lines), with s the
// loop scalar of g2_prepared.hpp: per digit one Fq12 squaring (12M) shared by all pairs and per pair
// one line evaluation (4 Fq products + a 13M sparse product), plus one more per nonzero digit. A
// negative x (BLS12-381) is taken care of by conjugating the result: f_{-|x|} and conj(f_{|x|}) agree
// after the final exponentiation. Vertical lines are left out; they lie in Fq6 and the final
// exponentiation sends them to 1. A pair with P or Q at infinity contributes 1.
#pragma once

#include <cstddef>
#include <vector>

#include "zkforge/pairing/fp12.hpp"
#include "zkforge/pairing/g2_prepared.hpp"

namespace zkforge {

template <class E>
struct PairingTerm {
  Affine<typename E::G1> p;
  const G2Prepared<E>* q;
};

// f * l(P): the line's Fq2 coefficients times yP and xP, placed as the twist type says (line_functions.hpp).
template <class E>
Fp12<E> mul_by_line(const Fp12<E>& f, const Line<E>& l, const Affine<typename E::G1>& p) {
  if constexpr (E::kTwist == TwistType::d) {
    return f.mul_by_034(l.cy * p.y, l.cx * p.x, l.c0);
  } else {
    return f.mul_by_014(l.c0, l.cx * p.x, l.cy * p.y);
  }
}

template <class E>
Fp12<E> miller_loop(const PairingTerm<E>* terms, std::size_t count) {
  using Prepared = G2Prepared<E>;
  std::vector<PairingTerm<E>> active;
  for (std::size_t j = 0; j < count; ++j)
    if (!terms[j].p.is_identity() && !terms[j].q->is_identity()) active.push_back(terms[j]);

  Fp12<E> f = Fp12<E>::one();
  if (active.empty()) return f;
  std::size_t n = 0;
  auto apply_lines = [&]() {
    for (const auto& t : active) f = mul_by_line(f, t.q->line(n), t.p);
    ++n;
  };
  for (std::size_t i = 1; i < Prepared::kDigits.size; ++i) {
    if (i > 1) f = f.sqr();
    apply_lines();
    if (Prepared::kDigits.digit[i] != 0) apply_lines();
  }
  if constexpr (E::kFamily == PairingFamily::bn) {
    apply_lines();
    apply_lines();
  }
  return E::kXNegative ? f.conjugate() : f;
}

template <class E>
Fp12<E> miller_loop(const std::vector<PairingTerm<E>>& terms) {
  return miller_loop(terms.data(), terms.size());
}

}  // namespace zkforge
