// SPDX-License-Identifier: Apache-2.0
// Byte layouts of base-field coordinates shared by the point encodings: Fp and Fp2 alike.
//
// Big-endian canonical (zcash/zkcrypto: Fp2 as c1 then c0) and little-endian Montgomery words
// (snarkjs: Fp2 as c0 then c1). Readers return false for a value not below the modulus.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "zkforge/field/fp2.hpp"

namespace zkforge::codec {

template <class F>
struct FieldCodec {
  static constexpr std::size_t kBytes = F::kBytes;
  static void write_be(const F& v, std::uint8_t* out) { v.to_bytes_be(out); }
  static bool read_be(const std::uint8_t* in, F& v) { return F::from_bytes_be(in, v); }
  static void write_le_mont(const F& v, std::uint8_t* out) {
    const auto& m = v.montgomery_words();
    for (std::size_t i = 0; i < kBytes; ++i) out[i] = static_cast<std::uint8_t>(m.w[i / 8] >> (8 * (i % 8)));
  }
  static bool read_le_mont(const std::uint8_t* in, F& v) {
    typename F::Int m{};
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    static_assert(sizeof(m.w) == kBytes);
    std::memcpy(m.w, in, kBytes);  // the words as they lie: one load each, where the bytes took eight
#else
    for (std::size_t i = 0; i < kBytes; ++i) m.w[i / 8] |= static_cast<std::uint64_t>(in[i]) << (8 * (i % 8));
#endif
    return F::from_montgomery(m, v);
  }
  // zcash's sort flag: y > (p - 1)/2 as integers.
  static bool lexicographically_largest(const F& v) { return v.to_int() >= F::kHalfPMinus1 + F::kOne; }
};

template <class F>
struct FieldCodec<Fp2<F>> {
  using B = FieldCodec<F>;
  static constexpr std::size_t kBytes = 2 * F::kBytes;
  static void write_be(const Fp2<F>& v, std::uint8_t* out) {
    B::write_be(v.c1, out);
    B::write_be(v.c0, out + F::kBytes);
  }
  static bool read_be(const std::uint8_t* in, Fp2<F>& v) {
    return B::read_be(in, v.c1) && B::read_be(in + F::kBytes, v.c0);
  }
  static void write_le_mont(const Fp2<F>& v, std::uint8_t* out) {
    B::write_le_mont(v.c0, out);
    B::write_le_mont(v.c1, out + F::kBytes);
  }
  static bool read_le_mont(const std::uint8_t* in, Fp2<F>& v) {
    return B::read_le_mont(in, v.c0) && B::read_le_mont(in + F::kBytes, v.c1);
  }
  // Compare c1 first; c0 decides only when c1 = 0.
  static bool lexicographically_largest(const Fp2<F>& v) {
    return v.c1.is_zero() ? B::lexicographically_largest(v.c0) : B::lexicographically_largest(v.c1);
  }
};

}  // namespace zkforge::codec
