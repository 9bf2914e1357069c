// SPDX-License-Identifier: Apache-2.0
// snarkjs' point layout (.zkey, .ptau): affine x then y, each base-field element little-endian in
// Montgomery form (Fq2 as c0 then c1); the point at infinity is all zero bytes.
//
// BLS12-381 uses 48-byte and BN254 32-byte coordinates, which are exactly the Montgomery words of
// zkforge's Fq (R = 2^384 and 2^256), so reading is a copy plus the checks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "zkforge/curve/field_codec.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/error.hpp"

namespace zkforge::snarkjs {

enum class SubgroupCheck { skip, verify };

template <class C>
inline constexpr std::size_t kPointBytes = 2 * codec::FieldCodec<typename C::Field>::kBytes;

template <class C>
void write_point(const Affine<C>& p, std::uint8_t* out) {
  using Codec = codec::FieldCodec<typename C::Field>;
  if (p.infinity) {
    for (std::size_t i = 0; i < kPointBytes<C>; ++i) out[i] = 0;
    return;
  }
  Codec::write_le_mont(p.x, out);
  Codec::write_le_mont(p.y, out + Codec::kBytes);
}

// A failed check's error, made only when a check fails: a key reader checks millions of points.
template <class C>
Error point_check_error(Errc code, const char* why) {
  return Error(code, std::string(C::name) + " point (snarkjs): " + why);
}
template <class C>
[[noreturn]] void point_check_failed(Errc code, const char* why) {
  throw point_check_error<C>(code, why);
}

// Reads kPointBytes<C> bytes with the coordinates' checks (each below q) but not the curve's, which
// a reader of many points makes on many at once (curve/on_curve.hpp) and reports as
// point_check_error<C>(Errc::not_on_curve, kOffCurve).
inline constexpr const char* kOffCurve = "point not on the curve";
template <class C>
Affine<C> read_point_coordinates(const std::uint8_t* in) {
  using Codec = codec::FieldCodec<typename C::Field>;
  Affine<C> p = Affine<C>::identity();
  const bool x_below_q = Codec::read_le_mont(in, p.x), y_below_q = Codec::read_le_mont(in + Codec::kBytes, p.y);
  if (x_below_q && y_below_q && p.x.is_zero() && p.y.is_zero()) return Affine<C>::identity();  // all bytes zero
  p.infinity = false;
  if (!x_below_q) point_check_failed<C>(Errc::not_canonical, "x is not below q");
  if (!y_below_q) point_check_failed<C>(Errc::not_canonical, "y is not below q");
  return p;
}

// Reads kPointBytes<C> bytes; throws zkforge::Error naming the coordinate or check that failed.
template <class C>
Affine<C> read_point(const std::uint8_t* in, SubgroupCheck check = SubgroupCheck::skip) {
  const Affine<C> p = read_point_coordinates<C>(in);
  if (!p.is_on_curve()) point_check_failed<C>(Errc::not_on_curve, kOffCurve);
  if (check == SubgroupCheck::verify && !is_in_subgroup(p))
    point_check_failed<C>(Errc::not_in_subgroup, "point not in the prime-order subgroup");
  return p;
}

}  // namespace zkforge::snarkjs
