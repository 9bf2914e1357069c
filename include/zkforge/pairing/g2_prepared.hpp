// SPDX-License-Identifier: Apache-2.0
// G2Prepared<E>: the Miller loop's lines for one G2 point, computed once and evaluated at any G1 point.
//
// The loop scalar is |x| for BLS12 (x = -0xd201000000010000 for BLS12-381) and 6u + 2 for BN (u =
// 0x44e992b44a6909f1 for BN254), in the signed binary form of signed_digits.hpp. After the top digit,
// each digit doubles T and a nonzero digit then adds +-Q; BN curves end with two additions of
// Frobenius images of Q (Vercauteren, "Optimal pairings", IEEE Trans. IT 2010; the optimal ate
// pairing of BN curves is f_{6u+2,Q} l_{T,psi(Q)} l_{T+psi(Q),-psi^2(Q)}, psi of psi.hpp).
// Lines are stored in the order the Miller loop consumes them; a fixed G2 point (a verifying key's
// gamma and delta) is prepared once and reused. Size: 68 lines (BLS12-381, 19.6 KB) or 89 (BN254, 17 KB).
#pragma once

#include <array>
#include <cstddef>

#include "zkforge/pairing/engine.hpp"
#include "zkforge/pairing/line_functions.hpp"
#include "zkforge/pairing/psi.hpp"
#include "zkforge/pairing/signed_digits.hpp"

namespace zkforge {

template <class E>
constexpr BigInt<2> miller_loop_scalar() {
  const BigInt<2> x = BigInt<2>::from_u64(E::kX);
  if constexpr (E::kFamily == PairingFamily::bls12) {
    return x;
  } else {
    const BigInt<2> two_x = x + x;
    return two_x + two_x + two_x + BigInt<2>::from_u64(2);
  }
}

template <class E>
class G2Prepared {
 public:
  using G2Affine = Affine<typename E::G2>;
  static_assert(E::kFamily == PairingFamily::bls12 || !E::kXNegative, "the BN final additions are written for u > 0");

  static constexpr SignedDigits kDigits = cheapest_signed_digits(miller_loop_scalar<E>());
  static constexpr std::size_t kLines =
      (kDigits.size - 1) + (kDigits.nonzero() - 1) + (E::kFamily == PairingFamily::bn ? 2 : 0);

  explicit G2Prepared(const G2Affine& q) : infinity_(q.infinity) {
    if (infinity_) return;
    G2Homogeneous<E> t = G2Homogeneous<E>::from_affine(q);
    const G2Affine minus_q = -q;
    std::size_t n = 0;
    for (std::size_t i = 1; i < kDigits.size; ++i) {
      lines_[n++] = doubling_step(t);
      if (kDigits.digit[i] != 0) lines_[n++] = addition_step(t, kDigits.digit[i] > 0 ? q : minus_q);
    }
    if constexpr (E::kFamily == PairingFamily::bn) {
      const G2Affine q1 = psi<E>(q);
      lines_[n++] = addition_step(t, q1);
      lines_[n++] = addition_step(t, -psi<E>(q1));
    }
  }

  bool is_identity() const { return infinity_; }
  const Line<E>& line(std::size_t i) const { return lines_[i]; }

 private:
  std::array<Line<E>, kLines> lines_{};
  bool infinity_;
};

}  // namespace zkforge
