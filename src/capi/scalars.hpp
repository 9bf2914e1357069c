// SPDX-License-Identifier: Apache-2.0
// Scalars of the C interface: ZKFORGE_SCALAR_BYTES little-endian bytes each, canonical or Montgomery
// (zkforge_scalar_form), read into field elements with the check that each is below r, and written back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "zkforge/c/base.h"
#include "zkforge/curve/field_codec.hpp"
#include "zkforge/error.hpp"

namespace zkforge::capi {

inline void check_form(zkforge_scalar_form form) {
  if (form != ZKFORGE_SCALAR_CANONICAL && form != ZKFORGE_SCALAR_MONTGOMERY)
    throw Error(Errc::invalid_argument, "scalar form " + std::to_string(form) +
                                            " is neither canonical (0) nor Montgomery (1)");
}

// Scalar `index` of the bytes at `in` (named `what` in errors) as a field element.
template <class F>
F read_scalar(const std::uint8_t* in, zkforge_scalar_form form, std::size_t index, const char* what) {
  static_assert(F::kBytes == ZKFORGE_SCALAR_BYTES, "C scalars are 32 bytes");
  using Codec = codec::FieldCodec<F>;
  const std::uint8_t* p = in + index * F::kBytes;
  F v;
  const bool ok = form == ZKFORGE_SCALAR_MONTGOMERY ? Codec::read_le_mont(p, v) : F::from_bytes_le(p, v);
  if (!ok) throw Error(Errc::not_canonical, std::string(what) + " " + std::to_string(index) + " is not below r");
  return v;
}

template <class F>
std::vector<F> read_scalars(const void* in, std::size_t n, zkforge_scalar_form form, const char* what) {
  check_form(form);
  std::vector<F> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = read_scalar<F>(static_cast<const std::uint8_t*>(in), form, i, what);
  return out;
}

// The same scalars as canonical integers (a witness).
template <class F>
std::vector<typename F::Int> read_canonical(const void* in, std::size_t n, zkforge_scalar_form form, const char* what) {
  check_form(form);
  std::vector<typename F::Int> out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = read_scalar<F>(static_cast<const std::uint8_t*>(in), form, i, what).to_int();
  return out;
}

template <class F>
void write_scalars(const std::vector<F>& values, void* out, zkforge_scalar_form form) {
  auto* p = static_cast<std::uint8_t*>(out);
  for (const F& v : values) {
    if (form == ZKFORGE_SCALAR_MONTGOMERY) {
      codec::FieldCodec<F>::write_le_mont(v, p);
    } else {
      v.to_bytes_le(p);
    }
    p += F::kBytes;
  }
}

}  // namespace zkforge::capi
