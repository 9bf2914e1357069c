// SPDX-License-Identifier: Apache-2.0
// Reader and writer of Groth16 parameter files in the layout of bellperson and supra_seal (Filecoin's
// SRS, SEED-NOTES.md). BLS12-381 only; points in zcash's uncompressed encoding (G1 96 bytes, G2 192):
//   alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2, then six sections, each a 4-byte
//   big-endian count and its points: ic, h, l, a, b_g1 (G1) and b_g2 (G2).
// h is in the coefficient basis (HConvention::monomial); a, b_g1 and b_g2 hold only the wires of
// nonzero density, which the circuit's density bitmaps name. Every count is checked against the
// bytes left before anything is allocated, every point against the curve and the subgroup (in
// parallel), and nothing may follow b_g2. Errors are Error(malformed_file, or the point's own code)
// naming the file, the section, the point and the byte offset. Files are read as io/input_file.hpp
// says (pread: a file truncated while it is read is an error, not SIGBUS) and written whole or not
// at all (io/output_files.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "zkforge/curve/encoding_zcash.hpp"
#include "zkforge/io/binfile.hpp"
#include "zkforge/io/decode_points.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/output_files.hpp"

namespace zkforge::supra {

struct Srs {
  using G1 = Affine<bls12_381::G1Curve>;
  using G2 = Affine<bls12_381::G2Curve>;

  G1 alpha_1, beta_1, delta_1;
  G2 beta_2, gamma_2, delta_2;
  std::vector<G1> ic, h, l, a, b_1;
  std::vector<G2> b_2;
};

namespace srs_detail {

template <class C>
inline constexpr std::size_t kPointBytes = bls12_381::zcash::Sizes<C>::kUncompressed;

template <class C>
Affine<C> read_point(io::Cursor& c, const char* name) {
  const std::uint64_t at = c.offset();
  const std::uint8_t* p = c.take(kPointBytes<C>, name);
  try {
    return bls12_381::zcash::deserialize<C>(p, kPointBytes<C>);
  } catch (const Error& err) {
    throw err.in(c.where() + " at byte " + std::to_string(at) + ": " + name);
  }
}

// A 4-byte big-endian count, then that many points, decoded in parallel.
template <class C>
std::vector<Affine<C>> read_section(const io::Source& source, io::Cursor& c, const char* name) {
  const std::uint64_t count_at = c.offset();
  const std::uint8_t* n = c.take(4, "a section's 4-byte count");
  const std::uint64_t count = (std::uint64_t{n[0]} << 24) | (std::uint64_t{n[1]} << 16) |
                              (std::uint64_t{n[2]} << 8) | std::uint64_t{n[3]};
  c.count_fitting(count, count_at, kPointBytes<C>, name);
  const std::uint64_t at = c.offset();
  c.skip(count * kPointBytes<C>, name);
  return io::decode_points<Affine<C>>(
      source, at, count, kPointBytes<C>,
      [](const std::uint8_t* p) { return bls12_381::zcash::deserialize<C>(p, kPointBytes<C>); },
      [&](std::size_t i) {
        return c.where() + ": " + name + " point " + std::to_string(i) + " at byte " +
               std::to_string(at + i * kPointBytes<C>);
      });
}

template <class C>
void put_point(std::vector<std::uint8_t>& out, const Affine<C>& p) {
  const auto bytes = bls12_381::zcash::serialize(p);
  out.insert(out.end(), bytes.begin(), bytes.end());
}

template <class C>
void put_section(std::vector<std::uint8_t>& out, const std::vector<Affine<C>>& points) {
  if (points.size() > 0xffffffffu)
    throw Error(Errc::invalid_argument, "SRS section of " + std::to_string(points.size()) + " points (the count is 32 bits)");
  const auto n = static_cast<std::uint32_t>(points.size());
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(n >> shift));
  for (const auto& p : points) put_point(out, p);
}

}  // namespace srs_detail

// The parameters in a source: a file, or bytes in memory.
inline Srs read_srs(const io::Source& source) {
  using G1 = bls12_381::G1Curve;
  using G2 = bls12_381::G2Curve;
  io::Cursor c(source, 0, source.size(), source.name());
  Srs s;
  s.alpha_1 = srs_detail::read_point<G1>(c, "alpha_g1");
  s.beta_1 = srs_detail::read_point<G1>(c, "beta_g1");
  s.beta_2 = srs_detail::read_point<G2>(c, "beta_g2");
  s.gamma_2 = srs_detail::read_point<G2>(c, "gamma_g2");
  s.delta_1 = srs_detail::read_point<G1>(c, "delta_g1");
  s.delta_2 = srs_detail::read_point<G2>(c, "delta_g2");
  s.ic = srs_detail::read_section<G1>(source, c, "ic");
  s.h = srs_detail::read_section<G1>(source, c, "h");
  s.l = srs_detail::read_section<G1>(source, c, "l");
  s.a = srs_detail::read_section<G1>(source, c, "a");
  s.b_1 = srs_detail::read_section<G1>(source, c, "b_g1");
  s.b_2 = srs_detail::read_section<G2>(source, c, "b_g2");
  if (c.remaining() != 0) c.fail(std::to_string(c.remaining()) + " bytes after the b_g2 section, expected the end");
  return s;
}

// The parameters in `size` bytes at `data`; `name` names them in errors.
inline Srs read_srs(const std::uint8_t* data, std::uint64_t size, const std::string& name) {
  return read_srs(io::Source(name, data, size));
}

// The parameters in the file at `path`.
inline Srs read_srs(const std::string& path) { return read_srs(io::Source(path)); }

// The file's bytes for `s`.
inline std::vector<std::uint8_t> srs_bytes(const Srs& s) {
  std::vector<std::uint8_t> out;
  srs_detail::put_point(out, s.alpha_1);
  srs_detail::put_point(out, s.beta_1);
  srs_detail::put_point(out, s.beta_2);
  srs_detail::put_point(out, s.gamma_2);
  srs_detail::put_point(out, s.delta_1);
  srs_detail::put_point(out, s.delta_2);
  srs_detail::put_section(out, s.ic);
  srs_detail::put_section(out, s.h);
  srs_detail::put_section(out, s.l);
  srs_detail::put_section(out, s.a);
  srs_detail::put_section(out, s.b_1);
  srs_detail::put_section(out, s.b_2);
  return out;
}

inline void write_srs(const Srs& s, const std::string& path) {
  const std::vector<std::uint8_t> bytes = srs_bytes(s);
  io::write_file(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace zkforge::supra
