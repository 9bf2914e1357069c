// SPDX-License-Identifier: Apache-2.0
// GMP as the independent oracle: conversions between zkforge integers and field elements and mpz_class.
#pragma once

#include <gmpxx.h>

#include <string>

#include "zkforge/field/fp2.hpp"

namespace zkforge::test {

template <std::size_t N>
mpz_class to_mpz(const BigInt<N>& v) {
  mpz_class r;
  mpz_import(r.get_mpz_t(), N, -1, sizeof(std::uint64_t), 0, 0, v.w);
  return r;
}

template <std::size_t N>
BigInt<N> to_bigint(const mpz_class& v) {
  BigInt<N> r{};
  std::size_t count = 0;
  mpz_export(r.w, &count, -1, sizeof(std::uint64_t), 0, 0, v.get_mpz_t());
  return r;
}

template <class F>
mpz_class modulus_mpz() {
  return to_mpz(F::kModulus);
}

template <class F>
mpz_class to_mpz(const F& v) {
  return to_mpz(v.to_int());
}

template <class F>
F from_mpz(const mpz_class& v) {
  F r;
  if (!F::from_int(to_bigint<F::kLimbs>(v), r)) throw std::runtime_error("from_mpz: value not below p");
  return r;
}

inline std::string hex(const mpz_class& v) { return "0x" + v.get_str(16); }

}  // namespace zkforge::test
