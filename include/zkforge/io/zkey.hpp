// SPDX-License-Identifier: Apache-2.0
// Reader of snarkjs Groth16 proving keys (.zkey, magic "zkey", version 1), bn128 and bls12381.
//
// Sections (SNARKJS-FORMATS.md): 1 protocol, 2 header and key points, 3 IC, 4 the A and B matrices,
// 5 A, 6 B1, 7 B2, 8 C (private wires; zkforge's `l`), 9 H (odd-coset Lagrange basis), 10
// contributions (not read). Every section is found through the table; every count is checked
// against the header before anything is allocated from it, and every section's size against the
// formula its counts give. Points are checked to lie on their curve; matrix entries to name a row
// of the domain, a wire of the witness and a value below r. Errors are Error(malformed_file, or
// not_on_curve / not_canonical for a bad point) naming the file, the section and the byte offset;
// the file is read as io/input_file.hpp says.
#pragma once

#include <string>
#include <vector>

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/io/binfile.hpp"
#include "zkforge/io/decode_points.hpp"

namespace zkforge::snarkjs {

enum class ZkeyCurve { bn128, bls12381 };

namespace zkey_detail {

constexpr std::uint32_t kHeader = 2, kIc = 3, kCoefs = 4, kA = 5, kB1 = 6, kB2 = 7, kC = 8, kH = 9;

// The field size and modulus at the cursor; `what` is q or r.
template <class F>
bool read_modulus(io::Cursor& c, const char* what) {
  const std::uint32_t n8 = c.u32(what);
  if (n8 != F::kLimbs * 8) {
    c.take(c.count_fitting(n8, 1, "a modulus of bytes"), "the modulus");
    return false;
  }
  return io::le_int<typename F::Int>(c.take(n8, "the modulus"), n8) == F::kModulus;
}

// Decodes `count` points of curve C from the section's payload, in parallel; errors name the point.
template <class C>
std::vector<Affine<C>> read_points(const io::BinFile& f, std::uint32_t id, const char* name, std::size_t count) {
  const io::Section& s = f.section(id, name);
  return io::decode_points<Affine<C>>(
      f.source(), s.offset, count, kPointBytes<C>, [](const std::uint8_t* p) { return read_point<C>(p); },
      [&](std::size_t i) {
        return f.path() + ": section " + std::to_string(id) + " (" + name + ") point " + std::to_string(i) +
               " at byte " + std::to_string(s.offset + i * kPointBytes<C>);
      });
}

template <class C>
Affine<C> read_one(io::Cursor& c, const char* what) {
  const std::uint64_t at = c.offset();
  const std::uint8_t* p = c.take(kPointBytes<C>, what);
  try {
    return read_point<C>(p);
  } catch (const Error& err) {
    throw err.in(c.where() + " at byte " + std::to_string(at) + ": " + what);
  }
}

}  // namespace zkey_detail

// The curve of a zkey, from the base field modulus in its header.
inline ZkeyCurve zkey_curve(const io::BinFile& f) {
  io::Cursor c = f.cursor(zkey_detail::kHeader, "header");
  const std::uint64_t at = c.offset();
  if (zkey_detail::read_modulus<bn254::Fq>(c, "q")) return ZkeyCurve::bn128;
  c = f.cursor(zkey_detail::kHeader, "header");
  if (zkey_detail::read_modulus<bls12_381::Fq>(c, "q")) return ZkeyCurve::bls12381;
  c.fail_at(at, "the base field is neither bn128's nor bls12381's");
}
inline ZkeyCurve zkey_curve(const std::string& path) { return zkey_curve(io::BinFile(path, "zkey", 1)); }

// The whole Groth16 proving key of engine E (whose curve the file must use), from an opened "zkey" v1 file.
template <class E>
groth16::ProvingKey<E> read_zkey(const io::BinFile& f) {
  using namespace zkey_detail;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  using Fr = typename E::Fr;

  io::Cursor proto = f.cursor(1, "protocol");
  const std::uint32_t protocol = proto.u32("the protocol id");
  if (protocol != 1)
    proto.fail_at(proto.offset() - 4, "expected protocol 1 (Groth16), found " + std::to_string(protocol));

  groth16::ProvingKey<E> key;
  key.h_convention = groth16::HConvention::odd_coset_lagrange;
  key.roots = RootConvention::snarkjs;
  io::Cursor h = f.cursor(kHeader, "header");
  const std::uint64_t q_at = h.offset();
  if (!read_modulus<typename G1::Field>(h, "q")) h.fail_at(q_at, std::string("the base field is not ") + G1::name + "'s");
  const std::uint64_t r_at = h.offset();
  if (!read_modulus<Fr>(h, "r")) h.fail_at(r_at, std::string("the scalar field is not that of ") + G1::name);
  key.num_vars = h.u32("nVars");
  key.num_public = h.u32("nPublic");
  const std::uint64_t domain_at = h.offset();
  const std::uint32_t domain = h.u32("domainSize");
  if (domain == 0 || (domain & (domain - 1)) != 0 || domain > (std::uint64_t{1} << Fr::kTwoAdicity) / 2)
    h.fail_at(domain_at, "domainSize " + std::to_string(domain) + " is not a power of two the prover can use");
  while ((std::size_t{1} << key.log_domain) < domain) ++key.log_domain;
  if (key.num_public + 1 > key.num_vars)
    h.fail_at(domain_at - 4, "nPublic " + std::to_string(key.num_public) + " leaves no room for wire 0 among " +
                                 std::to_string(key.num_vars) + " wires");
  key.alpha_1 = read_one<G1>(h, "alpha1");
  key.beta_1 = read_one<G1>(h, "beta1");
  key.beta_2 = read_one<G2>(h, "beta2");
  key.gamma_2 = read_one<G2>(h, "gamma2");
  key.delta_1 = read_one<G1>(h, "delta1");
  key.delta_2 = read_one<G2>(h, "delta2");

  const std::size_t n = key.num_vars, pub = key.num_public, priv = n - pub - 1;
  constexpr std::size_t g1 = kPointBytes<G1>, g2 = kPointBytes<G2>;
  f.expect_size(kIc, "IC", (pub + 1) * g1, "nPublic + 1 G1 points");
  f.expect_size(kA, "A", n * g1, "nVars G1 points");
  f.expect_size(kB1, "B1", n * g1, "nVars G1 points");
  f.expect_size(kB2, "B2", n * g2, "nVars G2 points");
  f.expect_size(kC, "C", priv * g1, "nVars - nPublic - 1 G1 points");
  f.expect_size(kH, "H", std::uint64_t{domain} * g1, "domainSize G1 points");

  io::Cursor m = f.cursor(kCoefs, "coefficients");
  const std::uint32_t count = m.u32("the coefficient count");
  constexpr std::size_t entry_bytes = 12 + 32;
  m.count_fitting(count, entry_bytes, "coefficient count");
  if (m.remaining() != std::uint64_t{count} * entry_bytes)
    m.fail(std::to_string(count) + " coefficients take " + std::to_string(std::uint64_t{count} * entry_bytes) +
           " bytes, the section has " + std::to_string(m.remaining()) + " after the count");
  // Stored values are coef * R^2 mod r: as Montgomery words they stand for coef * R, and one product
  // with the element whose words are 1 (R^-1) gives coef.
  const Fr r_inverse = Fr::from_montgomery_unchecked(Fr::Int::from_u64(1));
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint64_t at = m.offset();
    const std::uint32_t matrix = m.u32("a matrix id");
    const std::uint32_t row = m.u32("a constraint index");
    const std::uint32_t signal = m.u32("a signal index");
    const std::uint8_t* v = m.take(32, "a coefficient");
    if (matrix > 1) m.fail_at(at, "coefficient " + std::to_string(i) + ": matrix " + std::to_string(matrix) + " is neither 0 (A) nor 1 (B)");
    if (row >= domain) m.fail_at(at + 4, "coefficient " + std::to_string(i) + ": constraint " + std::to_string(row) + " is outside the domain of " + std::to_string(domain));
    if (signal >= n) m.fail_at(at + 8, "coefficient " + std::to_string(i) + ": signal " + std::to_string(signal) + " is not below nVars " + std::to_string(n));
    const auto stored = io::le_int<typename Fr::Int>(v, 32);
    if (stored >= Fr::kModulus) m.fail_at(at + 12, "coefficient " + std::to_string(i) + ": value is not below r");
    const groth16::MatrixEntry<Fr> e{row, signal, Fr::from_montgomery_unchecked(stored) * r_inverse};
    (matrix == 0 ? key.a_matrix : key.b_matrix).push_back(e);
  }

  key.ic = read_points<G1>(f, kIc, "IC", pub + 1);
  key.a = read_points<G1>(f, kA, "A", n);
  key.b_1 = read_points<G1>(f, kB1, "B1", n);
  key.b_2 = read_points<G2>(f, kB2, "B2", n);
  key.l = read_points<G1>(f, kC, "C", priv);
  key.h = read_points<G1>(f, kH, "H", domain);
  return key;
}

template <class E>
groth16::ProvingKey<E> read_zkey(const std::string& path) {
  return read_zkey<E>(io::BinFile(path, "zkey", 1));
}

// Writes a key in snarkjs' conventions (odd-coset Lagrange H, snarkjs roots, with its matrices) as a
// Groth16 zkey that `snarkjs groth16 prove` reads: sections 1 to 10 in order; section 10 (the
// contributions) holds a zero hash and none. Coefficients are stored as coef * R^2 mod r, as snarkjs does.
template <class E>
void write_zkey(const groth16::ProvingKey<E>& key, const std::string& path) {
  using Fr = typename E::Fr;
  using Fq = typename E::G1::Field;
  if (key.h_convention != groth16::HConvention::odd_coset_lagrange || key.roots != RootConvention::snarkjs ||
      !key.has_matrices())
    throw Error(Errc::invalid_argument, "write_zkey: a snarkjs zkey needs the odd-coset H, snarkjs' roots and the matrices");
  io::BinWriter w("zkey", 1);
  auto point = [&](const auto& p) {
    using C = typename std::decay_t<decltype(p)>::Curve;
    write_point<C>(p, w.grow(kPointBytes<C>));
  };
  auto points_section = [&](std::uint32_t id, const auto& points) {
    w.begin_section(id);
    for (const auto& p : points) point(p);
    w.end_section();
  };
  w.begin_section(1);
  w.u32(1);
  w.end_section();
  w.begin_section(2);
  w.u32(Fq::kLimbs * 8);
  w.le_int(Fq::kModulus);
  w.u32(Fr::kLimbs * 8);
  w.le_int(Fr::kModulus);
  w.u32(static_cast<std::uint32_t>(key.num_vars));
  w.u32(static_cast<std::uint32_t>(key.num_public));
  w.u32(static_cast<std::uint32_t>(key.domain_size()));
  point(key.alpha_1);
  point(key.beta_1);
  point(key.beta_2);
  point(key.gamma_2);
  point(key.delta_1);
  point(key.delta_2);
  w.end_section();
  points_section(3, key.ic);
  w.begin_section(4);
  w.u32(static_cast<std::uint32_t>(key.a_matrix.size() + key.b_matrix.size()));
  const Fr r_element = Fr::from_montgomery_unchecked(Fr::mont_r2());  // R mod r as a field element
  for (std::uint32_t matrix = 0; matrix < 2; ++matrix) {
    for (const auto& e : matrix == 0 ? key.a_matrix : key.b_matrix) {
      w.u32(matrix);
      w.u32(e.constraint);
      w.u32(e.signal);
      w.le_int((e.value * r_element).montgomery_words());
    }
  }
  w.end_section();
  points_section(5, key.a);
  points_section(6, key.b_1);
  points_section(7, key.b_2);
  points_section(8, key.l);
  points_section(9, key.h);
  w.begin_section(10);
  w.grow(64);  // csHash, zeros
  w.u32(0);    // no contributions
  w.end_section();
  w.save(path);
}

}  // namespace zkforge::snarkjs
