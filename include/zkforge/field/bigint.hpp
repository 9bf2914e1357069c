// SPDX-License-Identifier: Apache-2.0
// BigInt<N>: a fixed-width unsigned integer of N 64-bit little-endian words, usable in constexpr code.
//
// It carries moduli, exponents and canonical field values; it does no modular arithmetic itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "zkforge/arch/carry.hpp"
#include "zkforge/error.hpp"

namespace zkforge {

template <std::size_t N>
struct BigInt {
  static constexpr std::size_t kWords = N;
  std::uint64_t w[N];

  ZKF_HD static constexpr BigInt zero() {
    BigInt r{};
    return r;
  }
  ZKF_HD static constexpr BigInt from_u64(std::uint64_t v) {
    BigInt r{};
    r.w[0] = v;
    return r;
  }
  // Parses "0x..." or plain hexadecimal: a compile-time error in constexpr use, else Error(invalid_argument)
  // for a character that is not a hexadecimal digit or a value wider than N words.
  static constexpr BigInt from_hex(const char* s) {
    BigInt r{};
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
    std::size_t len = 0;
    while (s[len] != '\0') ++len;
    for (std::size_t i = 0; i < len; ++i) {
      const char c = s[len - 1 - i];
      std::uint64_t d = 0;
      if (c >= '0' && c <= '9') d = static_cast<std::uint64_t>(c - '0');
      else if (c >= 'a' && c <= 'f') d = static_cast<std::uint64_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') d = static_cast<std::uint64_t>(c - 'A' + 10);
      else throw Error(Errc::invalid_argument, std::string("BigInt::from_hex: '") + c + "' is not a hexadecimal digit");
      if (i / 16 >= N) {
        if (d != 0) throw Error(Errc::invalid_argument, "BigInt::from_hex: value wider than " + std::to_string(N) + " words");
        continue;
      }
      r.w[i / 16] |= d << (4 * (i % 16));
    }
    return r;
  }

  ZKF_HD constexpr bool is_zero() const {
    std::uint64_t acc = 0;
    ZKF_UNROLL
    for (std::size_t i = 0; i < N; ++i) acc |= w[i];
    return acc == 0;
  }
  ZKF_HD constexpr bool is_one() const {
    std::uint64_t high = 0;
    ZKF_UNROLL
    for (std::size_t i = 1; i < N; ++i) high |= w[i];
    return high == 0 && w[0] == 1;
  }
  ZKF_HD constexpr bool is_odd() const { return (w[0] & 1) != 0; }
  ZKF_HD constexpr bool bit(std::size_t i) const { return ((w[i / 64] >> (i % 64)) & 1) != 0; }
  // Position of the highest set bit plus one; 0 for zero.
  ZKF_HD constexpr std::size_t num_bits() const {
    for (std::size_t i = N; i-- > 0;) {
      if (w[i] != 0) {
        std::size_t b = 64;
        while (((w[i] >> (b - 1)) & 1) == 0) --b;
        return i * 64 + b;
      }
    }
    return 0;
  }
  // Bits [pos, pos + count) as an integer, count <= 63; bits past the top read as zero.
  ZKF_HD constexpr std::uint64_t bits(std::size_t pos, std::size_t count) const {
    const std::size_t word = pos / 64, shift = pos % 64;
    if (word >= N) return 0;
    std::uint64_t v = w[word] >> shift;
    if (shift != 0 && word + 1 < N) v |= w[word + 1] << (64 - shift);
    return v & ((std::uint64_t{1} << count) - 1);
  }

  // this += b; returns the carry out.
  ZKF_HD constexpr std::uint64_t add_in_place(const BigInt& b) {
    std::uint64_t c = 0;
    ZKF_UNROLL
    for (std::size_t i = 0; i < N; ++i) w[i] = arch::adc(w[i], b.w[i], c);
    return c;
  }
  // this -= b; returns the borrow out.
  ZKF_HD constexpr std::uint64_t sub_in_place(const BigInt& b) {
    std::uint64_t c = 0;
    ZKF_UNROLL
    for (std::size_t i = 0; i < N; ++i) w[i] = arch::sbb(w[i], b.w[i], c);
    return c;
  }
  // this >>= 1, shifting `top` (0 or 1) into the highest bit.
  ZKF_HD constexpr void shr1(std::uint64_t top = 0) {
    for (std::size_t i = 0; i + 1 < N; ++i) w[i] = (w[i] >> 1) | (w[i + 1] << 63);
    w[N - 1] = (w[N - 1] >> 1) | (top << 63);
  }
  // this <<= 1; returns the bit shifted out.
  ZKF_HD constexpr std::uint64_t shl1() {
    const std::uint64_t out = w[N - 1] >> 63;
    for (std::size_t i = N - 1; i > 0; --i) w[i] = (w[i] << 1) | (w[i - 1] >> 63);
    w[0] <<= 1;
    return out;
  }

  friend ZKF_HD constexpr bool operator==(const BigInt& a, const BigInt& b) {
    std::uint64_t acc = 0;
    ZKF_UNROLL
    for (std::size_t i = 0; i < N; ++i) acc |= a.w[i] ^ b.w[i];
    return acc == 0;
  }
  friend ZKF_HD constexpr bool operator!=(const BigInt& a, const BigInt& b) { return !(a == b); }
  // Borrow of a - b: branch-free, so that the comparison in a field addition never mispredicts.
  friend ZKF_HD constexpr bool operator<(const BigInt& a, const BigInt& b) {
    std::uint64_t borrow = 0;
    ZKF_UNROLL
    for (std::size_t i = 0; i < N; ++i) arch::sbb(a.w[i], b.w[i], borrow);
    return borrow != 0;
  }
  friend ZKF_HD constexpr bool operator>=(const BigInt& a, const BigInt& b) { return !(a < b); }
};

template <std::size_t N>
ZKF_HD constexpr BigInt<N> operator+(BigInt<N> a, const BigInt<N>& b) {
  a.add_in_place(b);
  return a;
}
template <std::size_t N>
ZKF_HD constexpr BigInt<N> operator-(BigInt<N> a, const BigInt<N>& b) {
  a.sub_in_place(b);
  return a;
}
template <std::size_t N>
ZKF_HD constexpr BigInt<N> shr(BigInt<N> a, std::size_t k) {
  for (std::size_t i = 0; i < k; ++i) a.shr1();
  return a;
}

}  // namespace zkforge
