// SPDX-License-Identifier: Apache-2.0
// The zcash/zkcrypto point encodings of BLS12-381 G1 and G2, compressed and uncompressed.
//
// Coordinates are big-endian canonical (Fq2 as c1 then c0). The three top bits of the first byte
// are flags: 0x80 compressed, 0x40 point at infinity (all other bits zero), 0x20 (compressed only)
// y is the lexicographically larger root. Decoding checks length, flags, x < p, the curve equation
// and subgroup membership, and throws zkforge::Error with a distinct code for each.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/field_codec.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/error.hpp"

namespace zkforge::bls12_381::zcash {

inline constexpr std::uint8_t kFlagCompressed = 0x80;
inline constexpr std::uint8_t kFlagInfinity = 0x40;
inline constexpr std::uint8_t kFlagSort = 0x20;

template <class C>
struct Sizes {
  static constexpr std::size_t kCoordinate = codec::FieldCodec<typename C::Field>::kBytes;
  static constexpr std::size_t kCompressed = kCoordinate;
  static constexpr std::size_t kUncompressed = 2 * kCoordinate;
};

template <class C>
std::array<std::uint8_t, Sizes<C>::kCompressed> compress(const Affine<C>& p) {
  using Codec = codec::FieldCodec<typename C::Field>;
  std::array<std::uint8_t, Sizes<C>::kCompressed> out{};
  if (p.infinity) {
    out[0] = kFlagCompressed | kFlagInfinity;
    return out;
  }
  Codec::write_be(p.x, out.data());
  out[0] |= kFlagCompressed;
  if (Codec::lexicographically_largest(p.y)) out[0] |= kFlagSort;
  return out;
}

template <class C>
std::array<std::uint8_t, Sizes<C>::kUncompressed> serialize(const Affine<C>& p) {
  using Codec = codec::FieldCodec<typename C::Field>;
  std::array<std::uint8_t, Sizes<C>::kUncompressed> out{};
  if (p.infinity) {
    out[0] = kFlagInfinity;
    return out;
  }
  Codec::write_be(p.x, out.data());
  Codec::write_be(p.y, out.data() + Sizes<C>::kCoordinate);
  return out;
}

namespace detail {

template <class C>
std::string what(const char* form) {
  return std::string(C::name) + " " + form + " (zcash)";
}

// Infinity must carry no other bit; returns true when the encoding is the point at infinity.
inline bool check_flags(const std::uint8_t* in, std::size_t len, bool compressed, const std::string& what) {
  const std::uint8_t flags = in[0] & 0xe0;
  if (((flags & kFlagCompressed) != 0) != compressed)
    throw Error(Errc::invalid_flags, what + ": compression bit is " + ((flags & kFlagCompressed) ? "set" : "clear"));
  if (!compressed && (flags & kFlagSort))
    throw Error(Errc::invalid_flags, what + ": sort bit set in an uncompressed encoding");
  if (flags & kFlagInfinity) {
    bool rest_zero = (in[0] & 0x3f) == 0;
    for (std::size_t i = 1; i < len; ++i) rest_zero = rest_zero && in[i] == 0;
    if (!rest_zero || (flags & kFlagSort))
      throw Error(Errc::invalid_flags, what + ": infinity flag with nonzero bits");
    return true;
  }
  return false;
}

template <class C>
Affine<C> finish(const Affine<C>& p, const std::string& what) {
  if (!p.is_on_curve()) throw Error(Errc::not_on_curve, what + ": point not on the curve");
  if (!is_in_subgroup(p)) throw Error(Errc::not_in_subgroup, what + ": point not in the prime-order subgroup");
  return p;
}

}  // namespace detail

template <class C>
Affine<C> decompress(const std::uint8_t* in, std::size_t len) {
  using Field = typename C::Field;
  using Codec = codec::FieldCodec<Field>;
  const std::string what = detail::what<C>("compressed");
  if (len != Sizes<C>::kCompressed)
    throw Error(Errc::invalid_length, what + ": expected " + std::to_string(Sizes<C>::kCompressed) +
                                          " bytes, got " + std::to_string(len));
  if (detail::check_flags(in, len, true, what)) return Affine<C>::identity();
  std::array<std::uint8_t, Sizes<C>::kCompressed> x_bytes{};
  for (std::size_t i = 0; i < len; ++i) x_bytes[i] = in[i];
  x_bytes[0] &= 0x1f;
  Field x;
  if (!Codec::read_be(x_bytes.data(), x)) throw Error(Errc::not_canonical, what + ": x is not below p");
  Field y;
  constexpr Field b = C::b();
  if (!(x.sqr() * x + b).sqrt(y)) throw Error(Errc::not_on_curve, what + ": no point with this x");
  if (Codec::lexicographically_largest(y) != ((in[0] & kFlagSort) != 0)) y = -y;
  return detail::finish(Affine<C>::from_xy(x, y), what);
}

template <class C>
Affine<C> deserialize(const std::uint8_t* in, std::size_t len) {
  using Field = typename C::Field;
  using Codec = codec::FieldCodec<Field>;
  const std::string what = detail::what<C>("uncompressed");
  if (len != Sizes<C>::kUncompressed)
    throw Error(Errc::invalid_length, what + ": expected " + std::to_string(Sizes<C>::kUncompressed) +
                                          " bytes, got " + std::to_string(len));
  if (detail::check_flags(in, len, false, what)) return Affine<C>::identity();
  std::array<std::uint8_t, Sizes<C>::kUncompressed> bytes{};
  for (std::size_t i = 0; i < len; ++i) bytes[i] = in[i];
  bytes[0] &= 0x1f;
  Field x, y;
  if (!Codec::read_be(bytes.data(), x)) throw Error(Errc::not_canonical, what + ": x is not below p");
  if (!Codec::read_be(bytes.data() + Sizes<C>::kCoordinate, y))
    throw Error(Errc::not_canonical, what + ": y is not below p");
  return detail::finish(Affine<C>::from_xy(x, y), what);
}

}  // namespace zkforge::bls12_381::zcash
