// SPDX-License-Identifier: Apache-2.0
// Signed binary expansions of the scalars that drive the Miller loop and the exponentiations by x.
//
// A scalar k < 2^127 is written as sum d_i 2^i with d_i in {-1, 0, 1}, most significant digit first.
// Square-and-multiply (or double-and-add) over such digits costs (size - 1) squarings plus
// (nonzero - 1) multiplications, a digit -1 multiplying by the inverse (free in the cyclotomic
// subgroup and on a curve). Of the plain binary form and the non-adjacent form (NAF, Reitwiesner
// 1960: minimal weight, one digit longer at most) the cheaper is kept: binary for BLS12-381's sparse
// |x| = 0xd201000000010000, NAF for BN254's 6u+2 and u.
#pragma once

#include <cstddef>
#include <cstdint>

#include "zkforge/field/bigint.hpp"

namespace zkforge {

struct SignedDigits {
  static constexpr std::size_t kMax = 128;
  std::int8_t digit[kMax] = {};  // most significant first; digit[0] = 1
  std::size_t size = 0;

  constexpr std::size_t nonzero() const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < size; ++i) n += digit[i] != 0;
    return n;
  }
  constexpr std::size_t cost() const { return size + nonzero(); }
};

namespace detail {
constexpr SignedDigits reversed(const SignedDigits& lsb_first) {
  SignedDigits r;
  r.size = lsb_first.size;
  for (std::size_t i = 0; i < r.size; ++i) r.digit[i] = lsb_first.digit[r.size - 1 - i];
  return r;
}
}  // namespace detail

constexpr SignedDigits binary_digits(const BigInt<2>& k) {
  SignedDigits r;
  r.size = k.num_bits();
  for (std::size_t i = 0; i < r.size; ++i) r.digit[r.size - 1 - i] = k.bit(i) ? 1 : 0;
  return r;
}

// NAF: while k > 0, an odd k gives the digit d = 2 - (k mod 4), then k = (k - d) / 2.
constexpr SignedDigits naf_digits(BigInt<2> k) {
  SignedDigits lsb_first;
  const BigInt<2> one = BigInt<2>::from_u64(1);
  while (!k.is_zero()) {
    std::int8_t d = 0;
    if (k.is_odd()) {
      d = (k.w[0] & 3) == 1 ? 1 : -1;
      if (d == 1) k.sub_in_place(one);
      else k.add_in_place(one);
    }
    lsb_first.digit[lsb_first.size++] = d;
    k.shr1();
  }
  return detail::reversed(lsb_first);
}

constexpr SignedDigits cheapest_signed_digits(const BigInt<2>& k) {
  const SignedDigits b = binary_digits(k), n = naf_digits(k);
  return n.cost() < b.cost() ? n : b;
}

}  // namespace zkforge
