// SPDX-License-Identifier: Apache-2.0
// Reader of snarkjs Groth16 proving keys (.zkey, magic "zkey", version 1), bn128 and bls12381.
//
// Sections (SNARKJS-FORMATS.md): 1 protocol, 2 header and key points, 3 IC, 4 the A and B matrices,
// 5 A, 6 B1, 7 B2, 8 C (private wires; zkforge's `l`), 9 H (odd-coset Lagrange basis), 10
// contributions (not read). Every section is found through the table; every count is checked
// against the header before anything is allocated from it, and every section's size against the
// formula its counts give. Points are checked to lie on their curve, and, with SubgroupCheck::verify,
// in the prime-order subgroup (pairing/subgroup.hpp); the point at infinity (all zero bytes) is
// refused where a key never has it: alpha, beta, gamma, delta and any H point, or every point of a
// section at once (a section of zeros: a hole in a sparse file, not a key) but B1's and B2's in a key
// without B entries (io/decode_points.hpp's Infinity). Matrix entries are checked to name a row of the
// domain, a wire of the witness and a value below r, in parallel. Errors are
// Error(malformed_file, or not_on_curve / not_canonical / not_in_subgroup for a bad point) naming the
// file, the section and the byte offset; the file is read as io/input_file.hpp says, in blocks of
// io/decode_points.hpp read and checked side by side. read_zkey gives a ProvingKey's vectors;
// read_zkey_image the same key in the layout the prover reads (io/key_image.hpp), each point decoded
// straight into its place: what `zkforge prove` loads, and what a compiled key file holds.
#pragma once

#include <algorithm>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/curve/on_curve.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/io/binfile.hpp"
#include "zkforge/io/decode_points.hpp"
#include "zkforge/io/key_image.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"
#include "zkforge/pairing/subgroup.hpp"

namespace zkforge::snarkjs {

enum class ZkeyCurve { bn128, bls12381 };

// What a zkey's header declares: read, and checked, before anything is allocated from it.
struct ZkeyHeader {
  std::size_t num_vars = 0, num_public = 0, log_domain = 0;
  std::uint64_t num_vars_at = 0;  // the byte offset of nVars, for messages
  std::size_t domain_size() const { return std::size_t{1} << log_domain; }
};

namespace zkey_detail {

constexpr std::uint32_t kHeader = 2, kIc = 3, kCoefs = 4, kA = 5, kB1 = 6, kB2 = 7, kC = 8, kH = 9;

using io::Infinity;

inline std::uint32_t u32_at(const std::uint8_t* p) { return static_cast<std::uint32_t>(io::Cursor::le(p, 4)); }

// Empty when the "n8 u32 | prime[n8]" pair at the cursor is F's; else what was found, for a message.
template <class F>
std::string modulus_mismatch(io::Cursor& c) {
  const std::uint32_t n8 = c.u32("n8");
  if (n8 != F::kLimbs * 8) return "n8 = " + std::to_string(n8);
  if (io::le_int<typename F::Int>(c.take(n8, "the prime"), n8) != F::kModulus)
    return "another prime of " + std::to_string(n8) + " bytes";
  return {};
}

template <class F>
void expect_modulus(io::Cursor& c, const char* field, const char* curve) {
  const std::uint64_t at = c.offset();
  const std::string found = modulus_mismatch<F>(c);
  if (!found.empty())
    c.fail_at(at, std::string("expected the ") + field + " of " + curve + " (n8 = " + std::to_string(F::kLimbs * 8) +
                      "), found " + found);
}

// One point's bytes, checked for the subgroup when asked.
template <class E, class C>
Affine<C> decode(const std::uint8_t* p, SubgroupCheck subgroups) {
  const Affine<C> point = read_point<C>(p);
  if (subgroups == SubgroupCheck::verify && !is_in_group<E>(point))
    throw Error(Errc::not_in_subgroup, std::string(C::name) + " point not in the prime-order subgroup");
  return point;
}

// Decodes `count` points of curve C from the section's payload into `out` as image points
// (io/key_image.hpp: sizeof(Affine<C>) bytes each, which is also an Affine<C> array), in parallel
// blocks; errors name the point.
template <class E, class C>
void decode_section(const io::BinFile& f, std::uint32_t id, const char* name, std::size_t count,
                    SubgroupCheck subgroups, Infinity infinity, std::uint8_t* out) {
  const io::Section& s = f.section(id, name);
  constexpr std::size_t in_bytes = kPointBytes<C>, out_bytes = sizeof(Affine<C>);
  const auto where = [&](std::size_t i) {
    return f.where(id, name) + " point " + std::to_string(i) + " at byte " + std::to_string(s.offset + i * in_bytes);
  };
  constexpr std::size_t kNone = ~std::size_t{0};
  std::mutex lock;
  std::size_t finite = 0, first_infinity = kNone;
  // Without subgroup checks a block's points are decoded with their coordinates' checks, then
  // checked against the curve all at once (first_off_curve); the first bad point by position is
  // reported either way.
  const bool batch_curve = subgroups == SubgroupCheck::skip;
  io::read_blocks(f.source(), s.offset, count, in_bytes, io::records_per_block(in_bytes), "points",
                  [&](std::size_t, std::size_t first, std::size_t n, const std::uint8_t* data) {
                    const Affine<C>* const block = reinterpret_cast<const Affine<C>*>(out + first * out_bytes);
                    auto check_curve = [&](std::size_t upto) {
                      const std::size_t bad = batch_curve ? first_off_curve(block, upto) : upto;
                      if (bad < upto) throw point_check_error<C>(Errc::not_on_curve, kOffCurve).in(where(first + bad));
                    };
                    std::size_t block_finite = 0, block_infinity = kNone;
                    for (std::size_t j = 0; j < n; ++j) {
                      Affine<C> point;
                      try {
                        point = batch_curve ? read_point_coordinates<C>(data + j * in_bytes)
                                            : decode<E, C>(data + j * in_bytes, subgroups);
                      } catch (const Error& err) {
                        check_curve(j);
                        throw err.in(where(first + j));
                      }
                      io::store_point(point, out + (first + j) * out_bytes);
                      if (!point.infinity) ++block_finite;
                      else if (block_infinity == kNone) block_infinity = first + j;
                    }
                    check_curve(n);
                    const std::lock_guard<std::mutex> guard(lock);
                    finite += block_finite;
                    first_infinity = std::min(first_infinity, block_infinity);
                  });
  if (infinity == Infinity::none && first_infinity != kNone)
    throw Error(Errc::malformed_file, where(first_infinity) + ": the point at infinity (all bytes zero), which no " +
                                          name + " point is");
  if (infinity == Infinity::some && count != 0 && finite == 0)
    throw Error(Errc::malformed_file, f.where(id, name) + " at byte " + std::to_string(s.offset) + ": all " +
                                          std::to_string(count) + " points are the point at infinity (all bytes zero)");
}

// The same into a vector.
template <class E, class C>
std::vector<Affine<C>> read_points(const io::BinFile& f, std::uint32_t id, const char* name, std::size_t count,
                                   SubgroupCheck subgroups, Infinity infinity) {
  std::vector<Affine<C>> points(count);
  decode_section<E, C>(f, id, name, count, subgroups, infinity, reinterpret_cast<std::uint8_t*>(points.data()));
  return points;
}

// One of the header's points, never the point at infinity.
template <class E, class C>
Affine<C> read_one(io::Cursor& c, const char* what, SubgroupCheck subgroups) {
  const std::uint64_t at = c.offset();
  const std::uint8_t* p = c.take(kPointBytes<C>, what);
  Affine<C> point;
  try {
    point = decode<E, C>(p, subgroups);
  } catch (const Error& err) {
    throw err.in(c.where() + " at byte " + std::to_string(at) + ": " + what);
  }
  if (point.infinity) c.fail_at(at, std::string(what) + " is the point at infinity (all bytes zero)");
  return point;
}

// The counts of section 2, from the cursor at its start (left after domainSize).
template <class E>
ZkeyHeader read_counts(const io::BinFile& f, io::Cursor& h) {
  using G1 = typename E::G1;
  io::Cursor proto = f.cursor(1, "protocol");
  const std::uint32_t protocol = proto.u32("the protocol id");
  if (protocol != 1)
    proto.fail_at(proto.offset() - 4, "expected protocol 1 (Groth16), found " + std::to_string(protocol));
  expect_modulus<typename G1::Field>(h, "base field q", E::name);
  expect_modulus<typename E::Fr>(h, "scalar field r", E::name);
  ZkeyHeader header;
  header.num_vars_at = h.offset();
  header.num_vars = h.u32("nVars");
  header.num_public = h.u32("nPublic");
  const std::uint64_t domain_at = h.offset();
  const std::uint32_t domain = h.u32("domainSize");
  if (domain == 0 || (domain & (domain - 1)) != 0 || domain > (std::uint64_t{1} << E::Fr::kTwoAdicity) / 2)
    h.fail_at(domain_at, "domainSize " + std::to_string(domain) + " is not a power of two the prover can use");
  while ((std::size_t{1} << header.log_domain) < domain) ++header.log_domain;
  if (header.num_public + 1 > header.num_vars)
    h.fail_at(domain_at - 4, "nPublic " + std::to_string(header.num_public) + " leaves no room for wire 0 among " +
                                 std::to_string(header.num_vars) + " wires");
  return header;
}

// Section 4 (the matrices' entries), read twice in parallel blocks, each read by its own task: the
// first pass (check_coefficients) checks every entry and counts A's entries per block, the second
// (convert_coefficients) places each block's entries where those counts say, checking them again: a
// file rewritten between the passes is an error, not a write past the matrices.
struct Coefficients {
  static constexpr std::size_t kEntry = 12 + 32;
  ZkeyHeader header;           // the counts the entries are checked against
  std::uint64_t first_at = 0;  // the byte offset of entry 0
  std::size_t count = 0, per_block = 0, a_count = 0;
  std::vector<std::size_t> a_in_block, a_before;  // A's entries in each block, and in the blocks before it
  std::size_t b_count() const { return count - a_count; }
};

// Error(code) naming entry i of section 4 (`where`) and the byte `at` of its fault.
inline Error coefficient_error(Errc code, const std::string& where, std::uint64_t at, std::size_t i,
                               const std::string& what) {
  return Error(code, where + " at byte " + std::to_string(at) + ": coefficient " + std::to_string(i) + ": " + what);
}

// The matrix of entry i, whose bytes are at p: 0 (A) or 1 (B), once the entry is checked to name one
// of them, a row of the domain, a wire of the witness and a value below r; Error(malformed_file)
// naming the field's byte otherwise.
template <class Fr>
std::uint32_t checked_matrix(const Coefficients& c, const std::string& where, std::size_t i, const std::uint8_t* p) {
  const std::uint32_t matrix = u32_at(p), row = u32_at(p + 4), signal = u32_at(p + 8);
  const std::uint64_t at = c.first_at + std::uint64_t{i} * Coefficients::kEntry;
  const auto fail = [&](std::uint64_t offset, const std::string& what) {
    throw coefficient_error(Errc::malformed_file, where, offset, i, what);
  };
  if (matrix > 1) fail(at, "matrix " + std::to_string(matrix) + " is neither 0 (A) nor 1 (B)");
  if (row >= c.header.domain_size())
    fail(at + 4, "constraint " + std::to_string(row) + " is outside the domain of " +
                     std::to_string(c.header.domain_size()));
  if (signal >= c.header.num_vars)
    fail(at + 8, "signal " + std::to_string(signal) + " is not below nVars " + std::to_string(c.header.num_vars));
  if (io::le_int<typename Fr::Int>(p + 12, 32) >= Fr::kModulus) fail(at + 12, "value is not below r");
  return matrix;
}

// The first pass; the first bad entry by position is the one reported.
template <class Fr>
Coefficients check_coefficients(const io::BinFile& f, const ZkeyHeader& header) {
  io::Cursor m = f.cursor(kCoefs, "coefficients");
  Coefficients c;
  c.header = header;
  const std::uint64_t count_at = m.offset();
  c.count = m.u32("the coefficient count");
  constexpr std::size_t kEntry = Coefficients::kEntry;
  m.count_fitting(c.count, count_at, kEntry, "coefficient count");
  if (m.remaining() != std::uint64_t{c.count} * kEntry)
    m.fail_at(count_at, std::to_string(c.count) + " coefficients take " +
                            std::to_string(std::uint64_t{c.count} * kEntry) + " bytes, the section has " +
                            std::to_string(m.remaining()) + " after the count");
  c.first_at = m.offset();
  c.per_block = io::records_per_block(kEntry);
  c.a_in_block.resize(io::block_count(c.count, c.per_block));
  const std::string where = f.where(kCoefs, "coefficients");
  io::read_blocks(f.source(), c.first_at, c.count, kEntry, c.per_block, "the coefficients",
                  [&](std::size_t k, std::size_t first, std::size_t n, const std::uint8_t* data) {
    for (std::size_t j = 0; j < n; ++j)
      c.a_in_block[k] += checked_matrix<Fr>(c, where, first + j, data + j * kEntry) == 0 ? 1 : 0;
  });
  c.a_before.resize(c.a_in_block.size());
  for (std::size_t k = 0; k < c.a_in_block.size(); ++k) {
    c.a_before[k] = c.a_count;
    c.a_count += c.a_in_block[k];
  }
  return c;
}

// The second pass: each block writes its entries where the counts of the blocks before it say, A's and
// B's each in the file's order; an entry past its block's share of A's or B's is Error(io_error), the
// file having changed since the first pass. Stored values are coef * R^2 mod r; as Montgomery words
// they stand for coef * R, and one product with the element whose words are 1 (R^-1) gives coef.
template <class Fr>
void convert_coefficients(const io::BinFile& f, const Coefficients& c, groth16::MatrixEntry<Fr>* a,
                          groth16::MatrixEntry<Fr>* b) {
  constexpr std::size_t kEntry = Coefficients::kEntry;
  const Fr r_inverse = Fr::from_montgomery_unchecked(Fr::Int::from_u64(1));
  const std::string where = f.where(kCoefs, "coefficients");
  io::read_blocks(f.source(), c.first_at, c.count, kEntry, c.per_block, "the coefficients",
                  [&](std::size_t k, std::size_t first, std::size_t n, const std::uint8_t* data) {
    const std::size_t a_end = c.a_before[k] + c.a_in_block[k], b_end = first + n - a_end;
    std::size_t next_a = c.a_before[k], next_b = first - c.a_before[k];
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint8_t* p = data + j * kEntry;
      const bool in_a = checked_matrix<Fr>(c, where, first + j, p) == 0;
      if (in_a ? next_a == a_end : next_b == b_end)
        throw coefficient_error(Errc::io_error, where, c.first_at + std::uint64_t{first + j} * kEntry, first + j,
                                std::string(in_a ? "an A" : "a B") + " entry past the " +
                                    std::to_string(in_a ? c.a_in_block[k] : n - c.a_in_block[k]) +
                                    " its block held when first read: section 4 changed while it was read "
                                    "(rewritten by another process?)");
      const auto stored = io::le_int<typename Fr::Int>(p + 12, 32);
      const groth16::MatrixEntry<Fr> e{u32_at(p + 4), u32_at(p + 8), Fr::from_montgomery_unchecked(stored) * r_inverse};
      if (in_a) a[next_a++] = e;
      else b[next_b++] = e;
    }
  });
}

}  // namespace zkey_detail

// The curve of a zkey, from the base field modulus in its header.
inline ZkeyCurve zkey_curve(const io::BinFile& f) {
  io::Cursor c = f.cursor(zkey_detail::kHeader, "header");
  const std::uint64_t at = c.offset();
  const std::string bn = zkey_detail::modulus_mismatch<bn254::Fq>(c);
  if (bn.empty()) return ZkeyCurve::bn128;
  c = f.cursor(zkey_detail::kHeader, "header");
  const std::string bls = zkey_detail::modulus_mismatch<bls12_381::Fq>(c);
  if (bls.empty()) return ZkeyCurve::bls12381;
  c.fail_at(at, "expected the base field of bn128 (n8 = 32) or of bls12381 (n8 = 48), found " +
                    (bn.rfind("n8 = ", 0) == 0 ? bls : bn));
}
inline ZkeyCurve zkey_curve(const std::string& path) { return zkey_curve(io::BinFile(path, "zkey", 1)); }

// The counts of a zkey of engine E, from its header alone: what the file declares, checked, before
// the key itself is read (a witness can be checked against num_vars first).
template <class E>
ZkeyHeader read_zkey_header(const io::BinFile& f) {
  io::Cursor h = f.cursor(zkey_detail::kHeader, "header");
  return zkey_detail::read_counts<E>(f, h);
}

namespace zkey_detail {

// A key with its counts, conventions and single points read (from section 2), its queries and
// matrices still empty, and every point section's size checked against the counts.
template <class E>
groth16::ProvingKey<E> read_front(const io::BinFile& f, SubgroupCheck subgroups) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  io::Cursor h = f.cursor(kHeader, "header");
  const ZkeyHeader header = read_counts<E>(f, h);
  groth16::ProvingKey<E> key;
  key.h_convention = groth16::HConvention::odd_coset_lagrange;
  key.roots = RootConvention::snarkjs;
  key.num_vars = header.num_vars;
  key.num_public = header.num_public;
  key.log_domain = header.log_domain;
  key.alpha_1 = read_one<E, G1>(h, "alpha1", subgroups);
  key.beta_1 = read_one<E, G1>(h, "beta1", subgroups);
  key.beta_2 = read_one<E, G2>(h, "beta2", subgroups);
  key.gamma_2 = read_one<E, G2>(h, "gamma2", subgroups);
  key.delta_1 = read_one<E, G1>(h, "delta1", subgroups);
  key.delta_2 = read_one<E, G2>(h, "delta2", subgroups);

  const std::size_t n = key.num_vars, pub = key.num_public, priv = n - pub - 1, domain = key.domain_size();
  constexpr std::size_t g1 = kPointBytes<G1>, g2 = kPointBytes<G2>;
  f.expect_size(kIc, "IC", (pub + 1) * g1, "nPublic + 1 G1 points");
  f.expect_size(kA, "A", n * g1, "nVars G1 points");
  f.expect_size(kB1, "B1", n * g1, "nVars G1 points");
  f.expect_size(kB2, "B2", n * g2, "nVars G2 points");
  f.expect_size(kC, "C", priv * g1, "nVars - nPublic - 1 G1 points");
  f.expect_size(kH, "H", std::uint64_t{domain} * g1, "domainSize G1 points");
  return key;
}

}  // namespace zkey_detail

// The whole Groth16 proving key of engine E (whose curve the file must use), from an opened "zkey"
// v1 file; with SubgroupCheck::verify every point is also checked to lie in its prime-order subgroup.
// The matrices keep the file's order.
template <class E>
groth16::ProvingKey<E> read_zkey(const io::BinFile& f, SubgroupCheck subgroups = SubgroupCheck::skip) {
  using namespace zkey_detail;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  groth16::ProvingKey<E> key = read_front<E>(f, subgroups);
  const ZkeyHeader header{key.num_vars, key.num_public, key.log_domain, 0};
  const Coefficients c = check_coefficients<typename E::Fr>(f, header);
  key.a_matrix.resize(c.a_count);
  key.b_matrix.resize(c.b_count());
  convert_coefficients(f, c, key.a_matrix.data(), key.b_matrix.data());
  const std::size_t n = key.num_vars, pub = key.num_public, priv = n - pub - 1;
  key.ic = read_points<E, G1>(f, kIc, "IC", pub + 1, subgroups, Infinity::some);
  key.a = read_points<E, G1>(f, kA, "A", n, subgroups, Infinity::some);
  key.b_1 = read_points<E, G1>(f, kB1, "B1", n, subgroups, io::b_query_infinity(c.b_count()));
  key.b_2 = read_points<E, G2>(f, kB2, "B2", n, subgroups, io::b_query_infinity(c.b_count()));
  key.l = read_points<E, G1>(f, kC, "C", priv, subgroups, Infinity::some);
  key.h = read_points<E, G1>(f, kH, "H", key.domain_size(), subgroups, Infinity::none);
  return key;
}

// The same key, with the same checks, read into a key image (io/key_image.hpp), the layout the
// prover reads and a compiled key file holds: every point decoded straight into its place by the thread
// that read it (no vector of default points written first), the matrices sorted by constraint, then signal.
template <class E>
io::KeyImage read_zkey_image(const io::BinFile& f, SubgroupCheck subgroups = SubgroupCheck::skip) {
  using namespace zkey_detail;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  using Entry = groth16::MatrixEntry<typename E::Fr>;
  using io::KeySection;
  const groth16::ProvingKey<E> front = read_front<E>(f, subgroups);
  const ZkeyHeader header{front.num_vars, front.num_public, front.log_domain, 0};
  const Coefficients c = check_coefficients<typename E::Fr>(f, header);
  const io::KeyLayout layout = io::plan_key_layout<E>(front.num_vars, front.num_public, front.log_domain,
                                                      front.h_convention, front.roots, c.a_count, c.b_count());
  io::KeyImage image(layout, io::PageMemory::anonymous(layout.size));
  std::uint8_t* points = image.section_bytes(KeySection::points);
  io::store_point(front.alpha_1, points);
  io::store_point(front.beta_1, points + layout.g1_bytes);
  io::store_point(front.delta_1, points + 2 * layout.g1_bytes);
  io::store_point(front.beta_2, points + 3 * layout.g1_bytes);
  io::store_point(front.gamma_2, points + 3 * layout.g1_bytes + layout.g2_bytes);
  io::store_point(front.delta_2, points + 3 * layout.g1_bytes + 2 * layout.g2_bytes);
  Entry* a = image.section<Entry>(KeySection::a_matrix);
  Entry* b = image.section<Entry>(KeySection::b_matrix);
  convert_coefficients(f, c, a, b);
  io::sort_matrix(a, c.a_count, front.domain_size());
  io::sort_matrix(b, c.b_count(), front.domain_size());
  const auto section = [&](auto curve, std::uint32_t id, const char* name, KeySection s, Infinity infinity) {
    decode_section<E, decltype(curve)>(f, id, name, layout[s].count, subgroups, infinity, image.section_bytes(s));
  };
  section(G1{}, kIc, "IC", KeySection::ic, Infinity::some);
  section(G1{}, kA, "A", KeySection::a, Infinity::some);
  section(G1{}, kB1, "B1", KeySection::b_1, io::b_query_infinity(c.b_count()));
  section(G2{}, kB2, "B2", KeySection::b_2, io::b_query_infinity(c.b_count()));
  section(G1{}, kC, "C", KeySection::l, Infinity::some);
  section(G1{}, kH, "H", KeySection::h, Infinity::none);
  return image;
}

template <class E>
io::KeyImage read_zkey_image(const std::string& path, SubgroupCheck subgroups = SubgroupCheck::skip) {
  return read_zkey_image<E>(io::BinFile(path, "zkey", 1), subgroups);
}

template <class E>
groth16::ProvingKey<E> read_zkey(const std::string& path, SubgroupCheck subgroups = SubgroupCheck::skip) {
  return read_zkey<E>(io::BinFile(path, "zkey", 1), subgroups);
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

// Both curves' readers, compiled once in zkforge::cpu (backends/cpu/groth16_instances.cpp).
#define ZKFORGE_ZKEY_INSTANCES(prefix, E)                                                               \
  prefix template groth16::ProvingKey<E> read_zkey<E>(const io::BinFile&, SubgroupCheck);               \
  prefix template groth16::ProvingKey<E> read_zkey<E>(const std::string&, SubgroupCheck);               \
  prefix template io::KeyImage read_zkey_image<E>(const io::BinFile&, SubgroupCheck);                   \
  prefix template io::KeyImage read_zkey_image<E>(const std::string&, SubgroupCheck);

ZKFORGE_ZKEY_INSTANCES(extern, bls12_381::Engine)
ZKFORGE_ZKEY_INSTANCES(extern, bn254::Engine)

}  // namespace zkforge::snarkjs
