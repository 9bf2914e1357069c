// SPDX-License-Identifier: Apache-2.0
// Compiled keys: a Groth16 proving key in the layout the prover reads (io/key_image.hpp), checked once
// when compiled, written whole, and loaded by mapping the file — no decoding, no copy.
//
// The file (docs/compiled-key.md) is a key image: a 4096-byte header page, then the nine sections, each
// at a multiple of 4096 bytes. Header, little-endian:
//     0 magic "zkf-key\n"    8 version u32 (1)      12 curve u32 (1 bn254, 2 bls12_381)
//    16 G1 point bytes u32  20 G2 point bytes u32  24 matrix entry bytes u32  28 section count u32 (9)
//    32 num_vars u64        40 num_public u64      48 log_domain u32
//    52 h convention u32 (0 odd_coset_lagrange, 1 monomial)   56 roots u32 (0 snarkjs, 1 zkcrypto)
//    64 file size u64       72 header checksum u64
//   128 section table: per section, in KeySection's order, 40 bytes:
//       id u32 | zero u32 | offset u64 | size u64 | count u64 | checksum u64
// Every byte of the header page not named here is zero. Checksums are io/xxhash64.hpp's
// block_checksum: of each section's bytes, and of the header page with its checksum field zero.
//
// Loading checks, in this order, with Error(malformed_file) naming the file, the byte offset, what was
// expected and what was found: the magic and the version (a foreign file), the header's checksum (a
// damaged one), the curve (against the one asked for), the element sizes (against this build's
// layout), the counts and conventions, every table entry (id, page-aligned offset, size = count x
// element bytes, count against the counts, sections in order, inside the file) and the file's size
// against the header's; then maps the file (io/page_memory.hpp) and, unless told to skip it, verifies
// every section's checksum in parallel. The contents were checked when the key was compiled, and
// check_key_image checks them again (`zkforge key check`, `prove --check-key`).
//
// A mapped key must not be truncated in place while it is in use: the read of a page past the new end
// is SIGBUS, which no reader can turn into an error. zkforge's writers replace a file by renaming a new
// one over it, which leaves a mapping of the old file intact; `cp` over a key in use, or `truncate`, do not.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <mutex>
#include <string>
#include <string_view>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/error.hpp"
#include "zkforge/io/decode_points.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/key_image.hpp"
#include "zkforge/io/output_files.hpp"
#include "zkforge/io/page_memory.hpp"
#include "zkforge/io/xxhash64.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/pairing/subgroup.hpp"

namespace zkforge::io {

inline constexpr char kCompiledKeyMagic[9] = "zkf-key\n";
inline constexpr std::uint32_t kCompiledKeyVersion = 1;
inline constexpr std::uint64_t kHeaderBytes = kPageBytes;

// Whether loading verifies the sections' checksums: a pass over every byte, in parallel.
enum class ChecksumCheck { verify, skip };

namespace compiled_detail {

// Byte offsets of the header's fields and of the section table, and of a table entry's fields.
constexpr std::uint64_t kMagic = 0, kVersion = 8, kCurve = 12, kG1Bytes = 16, kG2Bytes = 20, kEntryBytes = 24,
                        kSectionCount = 28, kNumVars = 32, kNumPublic = 40, kLogDomain = 48, kHConvention = 52,
                        kRoots = 56, kFileSize = 64, kHeaderChecksum = 72, kTable = 128;
constexpr std::uint64_t kEntrySize = 40;  // of a table entry: id, zero, offset, size, count, checksum
constexpr std::uint64_t kEntryOffset = 8, kEntrySizeAt = 16, kEntryCount = 24, kEntryChecksum = 32;

inline void put(std::uint8_t* p, std::uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
inline std::uint64_t get(const std::uint8_t* p, unsigned bytes) {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

inline std::uint32_t curve_code(CurveId c) { return c == CurveId::bn254 ? 1 : 2; }

// The header page's checksum: of its bytes with the checksum field zero.
inline std::uint64_t header_checksum(const std::uint8_t* page) {
  std::uint8_t copy[kHeaderBytes];
  std::memcpy(copy, page, kHeaderBytes);
  put(copy + kHeaderChecksum, 0, 8);
  return block_checksum(copy, kHeaderBytes);
}

inline std::string hex(std::uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string s = "0x";
  for (int i = 60; i >= 0; i -= 4) s += digits[(v >> i) & 15];
  return s;
}

inline std::string printable(const std::uint8_t* p, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    if (p[i] == '\n') s += "\\n";
    else if (p[i] >= 0x20 && p[i] < 0x7f) s += static_cast<char>(p[i]);
    else s += '?';
  }
  return s;
}

// Error(malformed_file) "name at byte offset: what".
[[noreturn]] inline void fail(const std::string& name, std::uint64_t offset, const std::string& what) {
  throw Error(Errc::malformed_file, name + " at byte " + std::to_string(offset) + ": " + what);
}

}  // namespace compiled_detail

// True when the bytes start as a compiled key does.
inline bool has_compiled_key_magic(const std::uint8_t* p, std::uint64_t size) {
  return size >= 8 && std::memcmp(p, kCompiledKeyMagic, 8) == 0;
}

// Writes the header page of `layout` (checksums included) at `page`.
inline void write_header(const KeyLayout& layout, std::uint8_t* page) {
  using namespace compiled_detail;
  std::memset(page, 0, kHeaderBytes);
  std::memcpy(page + kMagic, kCompiledKeyMagic, 8);
  put(page + kVersion, kCompiledKeyVersion, 4);
  put(page + kCurve, curve_code(layout.curve), 4);
  put(page + kG1Bytes, layout.g1_bytes, 4);
  put(page + kG2Bytes, layout.g2_bytes, 4);
  put(page + kEntryBytes, layout.entry_bytes, 4);
  put(page + kSectionCount, kKeySections, 4);
  put(page + kNumVars, layout.num_vars, 8);
  put(page + kNumPublic, layout.num_public, 8);
  put(page + kLogDomain, layout.log_domain, 4);
  put(page + kHConvention, layout.h_convention == groth16::HConvention::odd_coset_lagrange ? 0 : 1, 4);
  put(page + kRoots, layout.roots == RootConvention::snarkjs ? 0 : 1, 4);
  put(page + kFileSize, layout.size, 8);
  for (std::size_t i = 0; i < kKeySections; ++i) {
    std::uint8_t* e = page + kTable + i * kEntrySize;
    const KeySectionEntry& s = layout.sections[i];
    put(e, i + 1, 4);
    put(e + kEntryOffset, s.offset, 8);
    put(e + kEntrySizeAt, s.size, 8);
    put(e + kEntryCount, s.count, 8);
    put(e + kEntryChecksum, s.checksum, 8);
  }
  put(page + kHeaderChecksum, header_checksum(page), 8);
}

// The layout a header page declares for a file of `file_size` bytes named `name`, checked as the top of
// this file says (all but the sections' checksums); `expected` is the curve the caller needs, or null for
// either. The page must hold kHeaderBytes bytes, or the file's whole size when it is shorter.
inline KeyLayout read_header(const std::uint8_t* page, std::uint64_t file_size, const std::string& name,
                             const CurveId* expected = nullptr) {
  using namespace compiled_detail;
  if (!has_compiled_key_magic(page, file_size))
    fail(name, 0, "expected the magic \"zkf-key\\n\" of a compiled key, found \"" +
                      printable(page, std::min<std::uint64_t>(8, file_size)) + "\"");
  if (file_size < kVersion + 4) fail(name, kVersion, "the file ends inside the header (truncated?)");
  const std::uint64_t version = get(page + kVersion, 4);
  if (version != kCompiledKeyVersion)
    fail(name, kVersion, "expected version " + std::to_string(kCompiledKeyVersion) + " of the compiled key format, found " +
                             std::to_string(version) + " (compile the key again with this zkforge)");
  if (file_size < kHeaderBytes)
    fail(name, file_size, "the file ends inside the " + std::to_string(kHeaderBytes) + "-byte header (truncated?)");
  const std::uint64_t recorded = get(page + kHeaderChecksum, 8), computed = header_checksum(page);
  if (recorded != computed)
    fail(name, kHeaderChecksum, "the header's checksum is " + hex(recorded) + ", its bytes 0 to " +
                                    std::to_string(kHeaderBytes) + " give " + hex(computed) +
                                    ": the header or the section table is damaged");

  KeyLayout l;
  const std::uint64_t curve = get(page + kCurve, 4);
  if (curve != 1 && curve != 2) fail(name, kCurve, "curve " + std::to_string(curve) + " is neither 1 (bn254) nor 2 (bls12_381)");
  l.curve = curve == 1 ? CurveId::bn254 : CurveId::bls12_381;
  if (expected != nullptr && l.curve != *expected)
    fail(name, kCurve, std::string("expected a key of ") + curve_name(*expected) + ", found one of " + curve_name(l.curve));
  const auto expect_u32 = [&](std::uint64_t at, std::uint64_t want, const char* what) {
    const std::uint64_t found = get(page + at, 4);
    if (found != want)
      fail(name, at, std::string("expected ") + what + " " + std::to_string(want) + ", found " + std::to_string(found));
    return static_cast<std::uint32_t>(found);
  };
  const bool bn = l.curve == CurveId::bn254;
  l.g1_bytes = expect_u32(kG1Bytes, bn ? sizeof(Affine<bn254::G1Curve>) : sizeof(Affine<bls12_381::G1Curve>),
                          "G1 points (this build's layout) of");
  l.g2_bytes = expect_u32(kG2Bytes, bn ? sizeof(Affine<bn254::G2Curve>) : sizeof(Affine<bls12_381::G2Curve>),
                          "G2 points (this build's layout) of");
  l.entry_bytes = expect_u32(kEntryBytes, bn ? sizeof(groth16::MatrixEntry<bn254::Fr>)
                                             : sizeof(groth16::MatrixEntry<bls12_381::Fr>),
                             "matrix entries (this build's layout) of");
  expect_u32(kSectionCount, kKeySections, "the section count");
  l.num_vars = get(page + kNumVars, 8);
  l.num_public = get(page + kNumPublic, 8);
  if (l.num_public >= l.num_vars)
    fail(name, kNumPublic, "num_public " + std::to_string(l.num_public) + " leaves no room for wire 0 among " +
                               std::to_string(l.num_vars) + " wires");
  l.log_domain = get(page + kLogDomain, 4);
  const std::uint64_t two_adicity = bn ? bn254::Fr::kTwoAdicity : bls12_381::Fr::kTwoAdicity;
  if (l.log_domain >= two_adicity)
    fail(name, kLogDomain, "log_domain " + std::to_string(l.log_domain) + " is not below the 2-adicity " +
                               std::to_string(two_adicity) + " of the scalar field");
  const std::uint64_t h = get(page + kHConvention, 4), roots = get(page + kRoots, 4);
  if (h > 1) fail(name, kHConvention, "H convention " + std::to_string(h) + " is neither 0 (odd coset) nor 1 (monomial)");
  if (roots > 1) fail(name, kRoots, "root convention " + std::to_string(roots) + " is neither 0 (snarkjs) nor 1 (zkcrypto)");
  l.h_convention = h == 0 ? groth16::HConvention::odd_coset_lagrange : groth16::HConvention::monomial;
  l.roots = roots == 0 ? RootConvention::snarkjs : RootConvention::zkcrypto;
  l.size = get(page + kFileSize, 8);
  if (l.size != file_size)
    fail(name, kFileSize, "the header says the file holds " + std::to_string(l.size) + " bytes, it holds " +
                              std::to_string(file_size) + (file_size < l.size ? " (truncated?)" : ""));

  std::uint64_t end = kHeaderBytes;
  for (std::size_t i = 0; i < kKeySections; ++i) {
    const std::uint64_t at = kTable + i * kEntrySize;
    const std::uint8_t* e = page + at;
    const auto s = static_cast<KeySection>(i + 1);
    const std::string entry = std::string("section ") + std::to_string(i + 1) + " (" + key_section_name(s) + ") ";
    if (get(e, 4) != i + 1)
      fail(name, at, "expected the table entry of " + entry + "here, found one of section " + std::to_string(get(e, 4)));
    KeySectionEntry& se = l[s];
    se.offset = get(e + kEntryOffset, 8);
    se.size = get(e + kEntrySizeAt, 8);
    se.count = get(e + kEntryCount, 8);
    se.checksum = get(e + kEntryChecksum, 8);
    const std::uint64_t element = l.element_bytes(s), want = l.expected_count(s);
    if (se.count != want)
      fail(name, at + kEntryCount, entry + "holds " + std::to_string(se.count) + " elements, the counts say " +
                                       std::to_string(want));
    if (se.count > std::numeric_limits<std::uint64_t>::max() / element || se.size != se.count * element)
      fail(name, at + kEntrySizeAt, entry + "has " + std::to_string(se.size) + " bytes for " + std::to_string(se.count) +
                                        " elements of " + std::to_string(element));
    if (se.offset % kPageBytes != 0 || se.offset < end)
      fail(name, at + kEntryOffset, entry + "starts at byte " + std::to_string(se.offset) +
                                        ", expected a multiple of " + std::to_string(kPageBytes) + " from byte " +
                                        std::to_string(end) + " on");
    if (se.offset > file_size || se.size > file_size - se.offset)
      fail(name, at + kEntryOffset, entry + "at bytes " + std::to_string(se.offset) + " to " +
                                        std::to_string(se.offset + se.size) + " ends past the file's " +
                                        std::to_string(file_size) + " bytes");
    end = se.offset + se.size;
  }
  if (end != file_size)
    fail(name, end, "the sections end here, the file goes on to byte " + std::to_string(file_size));
  return l;
}

// Verifies every section's checksum (in parallel); Error(malformed_file) naming the first damaged section.
inline void verify_checksums(const KeyImage& image, const std::string& name) {
  using namespace compiled_detail;
  const KeyLayout& l = image.layout();
  for (std::size_t i = 0; i < kKeySections; ++i) {
    const KeySectionEntry& s = l.sections[i];
    const std::uint64_t computed = block_checksum(image.data() + s.offset, s.size);
    if (computed != s.checksum)
      fail(name, s.offset, std::string("section ") + std::to_string(i + 1) + " (" +
                               key_section_name(static_cast<KeySection>(i + 1)) + ", bytes " + std::to_string(s.offset) +
                               " to " + std::to_string(s.offset + s.size) + "): the checksum recorded at byte " +
                               std::to_string(kTable + i * kEntrySize + kEntryChecksum) + " is " + hex(s.checksum) +
                               ", the bytes give " + hex(computed) + ": the section is damaged");
  }
}

// Maps the compiled key at `path` and checks it (see the top of this file); `expected`: the curve the
// caller needs, or null for either.
inline KeyImage map_compiled_key(const std::string& path, ChecksumCheck checksum = ChecksumCheck::verify,
                                 const CurveId* expected = nullptr) {
  const InputFile file(path);
  std::uint8_t page[kHeaderBytes] = {};
  file.read(0, page, std::min<std::uint64_t>(kHeaderBytes, file.size()), "the header");
  const KeyLayout layout = read_header(page, file.size(), path, expected);
  KeyImage image(layout, PageMemory::map(file));
  if (checksum == ChecksumCheck::verify) verify_checksums(image, path);
  return image;
}

// The compiled key held in `size` bytes at `data` (named `name` in messages), checked as a file is and
// copied into memory of its own (in parallel), so the bytes may go once this returns.
inline KeyImage copy_compiled_key(const std::string& name, const std::uint8_t* data, std::uint64_t size,
                                  ChecksumCheck checksum = ChecksumCheck::verify, const CurveId* expected = nullptr) {
  std::uint8_t page[kHeaderBytes] = {};
  std::memcpy(page, data, std::min<std::uint64_t>(kHeaderBytes, size));
  const KeyLayout layout = read_header(page, size, name, expected);
  KeyImage image(layout, PageMemory::anonymous(size));
  std::uint8_t* out = image.data();
  run_blocks(size, kBlockBytes, [&](std::size_t, std::size_t first, std::size_t n) {
    std::memcpy(out + first, data + first, n);
  });
  if (checksum == ChecksumCheck::verify) verify_checksums(image, name);
  return image;
}

// Writes `image` as a compiled key file at `path`, whole or not at all (io/output_files.hpp): for an
// image in memory of its own, the sections' checksums and the header page are computed first; a
// mapped compiled key is written as it is.
inline void write_compiled_key(KeyImage& image, const std::string& path) {
  if (!image.is_mapped_file()) {
    KeyLayout& l = image.layout();
    for (KeySectionEntry& s : l.sections) s.checksum = block_checksum(image.data() + s.offset, s.size);
    write_header(l, image.data());
  }
  write_file(path, std::string_view(reinterpret_cast<const char*>(image.data()), image.layout().size));
}

namespace compiled_detail {

// Whether a field element's Montgomery words are below its modulus (each coefficient's, in Fq2).
template <class F>
bool canonical(const F& v) {
  F out;
  return F::from_montgomery(v.montgomery_words(), out);
}
template <class F>
bool canonical(const Fp2<F>& v) {
  return canonical(v.c0) && canonical(v.c1);
}

// Checks every point of a section of curve C in place: the infinity byte 0 or 1 (and then x = y = 0),
// x and y below q, the point on its curve and, when asked, in its subgroup; the point at infinity where
// `infinity` allows it (io/decode_points.hpp).
template <class E, class C>
void check_points(const KeyImage& image, KeySection s, std::uint64_t skip, std::size_t count, Infinity infinity,
                  snarkjs::SubgroupCheck subgroups, const std::string& name) {
  using F = typename C::Field;
  const std::uint64_t offset = image.layout()[s].offset + skip;
  const Affine<C>* points = reinterpret_cast<const Affine<C>*>(image.data() + offset);
  const std::string where = name + ": section " + std::to_string(static_cast<std::uint32_t>(s)) + " (" +
                            key_section_name(s) + ") point ";
  const auto fail_at = [&](std::size_t i, Errc code, const std::string& what) {
    throw Error(code, where + std::to_string(i) + " at byte " + std::to_string(offset + i * sizeof(Affine<C>)) + ": " + what);
  };
  std::mutex lock;
  std::size_t finite = 0, first_infinity = count;
  run_blocks(count, records_per_block(sizeof(Affine<C>)), [&](std::size_t, std::size_t first, std::size_t n) {
    std::size_t block_finite = 0, block_infinity = count;
    for (std::size_t i = first; i < first + n; ++i) {
      const std::uint8_t* bytes = reinterpret_cast<const std::uint8_t*>(points + i);
      const std::uint8_t flag = bytes[PointLayout<C>::kInfinityAt];
      if (flag > 1) fail_at(i, Errc::malformed_file, "the infinity flag is " + std::to_string(flag) + ", neither 0 nor 1");
      for (std::size_t b = PointLayout<C>::kInfinityAt + 1; b < sizeof(Affine<C>); ++b)
        if (bytes[b] != 0) fail_at(i, Errc::malformed_file, "padding byte " + std::to_string(b) + " is not zero");
      if (flag == 1) {
        for (std::size_t b = 0; b < PointLayout<C>::kInfinityAt; ++b)
          if (bytes[b] != 0) fail_at(i, Errc::malformed_file, "the point at infinity has coordinates that are not zero");
        block_infinity = std::min(block_infinity, i);
        continue;
      }
      ++block_finite;
      F x, y;
      std::memcpy(&x, bytes, sizeof(F));
      std::memcpy(&y, bytes + sizeof(F), sizeof(F));
      if (!canonical(x)) fail_at(i, Errc::not_canonical, "x is not below q");
      if (!canonical(y)) fail_at(i, Errc::not_canonical, "y is not below q");
      const Affine<C> p = Affine<C>::from_xy(x, y);
      if (!p.is_on_curve()) fail_at(i, Errc::not_on_curve, "point not on the curve");
      if (subgroups == snarkjs::SubgroupCheck::verify && !is_in_group<E>(p))
        fail_at(i, Errc::not_in_subgroup, "point not in the prime-order subgroup");
    }
    const std::lock_guard<std::mutex> guard(lock);
    finite += block_finite;
    first_infinity = std::min(first_infinity, block_infinity);
  });
  if (infinity == Infinity::none && first_infinity < count)
    fail_at(first_infinity, Errc::malformed_file, std::string("the point at infinity, which no ") + key_section_name(s) +
                                                      " point is");
  if (infinity == Infinity::some && count != 0 && finite == 0)
    throw Error(Errc::malformed_file, name + ": section " + std::to_string(static_cast<std::uint32_t>(s)) + " (" +
                                          key_section_name(s) + ") at byte " + std::to_string(offset) + ": all " +
                                          std::to_string(count) + " points are the point at infinity");
}

// Checks a matrix section: constraints in the domain, signals below num_vars, values below r, the
// entries sorted by constraint, then signal.
template <class Fr>
void check_matrix(const KeyImage& image, KeySection s, const std::string& name) {
  using Entry = groth16::MatrixEntry<Fr>;
  const KeyLayout& l = image.layout();
  const Entry* entries = image.section<Entry>(s);
  const std::string where = name + ": section " + std::to_string(static_cast<std::uint32_t>(s)) + " (" +
                            key_section_name(s) + ") entry ";
  const std::uint64_t domain = std::uint64_t{1} << l.log_domain;
  run_blocks(l[s].count, records_per_block(sizeof(Entry)), [&](std::size_t, std::size_t first, std::size_t n) {
    for (std::size_t i = first; i < first + n; ++i) {
      const Entry& e = entries[i];
      const auto fail_at = [&](std::uint64_t field, const std::string& what) {
        throw Error(Errc::malformed_file, where + std::to_string(i) + " at byte " +
                                              std::to_string(l[s].offset + i * sizeof(Entry) + field) + ": " + what);
      };
      if (e.constraint >= domain)
        fail_at(0, "constraint " + std::to_string(e.constraint) + " is outside the domain of " + std::to_string(domain));
      if (e.signal >= l.num_vars)
        fail_at(4, "signal " + std::to_string(e.signal) + " is not below num_vars " + std::to_string(l.num_vars));
      if (!canonical(e.value)) fail_at(8, "value is not below r");
      if (i > 0 && (entries[i - 1].constraint > e.constraint ||
                    (entries[i - 1].constraint == e.constraint && entries[i - 1].signal > e.signal)))
        fail_at(0, "out of order: entries are sorted by constraint, then signal");
    }
  });
}

}  // namespace compiled_detail

// Checks the contents of a compiled key of engine E as `zkforge key check` does a zkey: every point
// and matrix entry (compiled_detail above), every point's subgroup with SubgroupCheck::verify,
// alpha, beta, gamma, delta and every H point not at infinity, and no other section all at infinity
// but B1 and B2 in a key without B entries; errors name the file (`name`), the section, the element
// and its byte offset.
template <class E>
void check_key_image(const KeyImage& image, snarkjs::SubgroupCheck subgroups, const std::string& name) {
  using namespace compiled_detail;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const KeyLayout& l = image.layout();
  if (l.curve != kEngineCurve<E>)
    throw Error(Errc::invalid_argument, name + ": a key of " + curve_name(l.curve) + ", checked as one of " + E::name);
  const Infinity b_query = b_query_infinity(l[KeySection::b_matrix].count);
  check_points<E, G1>(image, KeySection::points, 0, 3, Infinity::none, subgroups, name);
  check_points<E, G2>(image, KeySection::points, 3 * l.g1_bytes, 3, Infinity::none, subgroups, name);
  check_points<E, G1>(image, KeySection::ic, 0, l[KeySection::ic].count, Infinity::some, subgroups, name);
  check_points<E, G1>(image, KeySection::a, 0, l[KeySection::a].count, Infinity::some, subgroups, name);
  check_points<E, G1>(image, KeySection::b_1, 0, l[KeySection::b_1].count, b_query, subgroups, name);
  check_points<E, G2>(image, KeySection::b_2, 0, l[KeySection::b_2].count, b_query, subgroups, name);
  check_points<E, G1>(image, KeySection::l, 0, l[KeySection::l].count, Infinity::some, subgroups, name);
  check_points<E, G1>(image, KeySection::h, 0, l[KeySection::h].count, Infinity::none, subgroups, name);
  check_matrix<typename E::Fr>(image, KeySection::a_matrix, name);
  check_matrix<typename E::Fr>(image, KeySection::b_matrix, name);
}

// Both curves' checks and copies into images, compiled once in zkforge::cpu (backends/cpu/groth16_instances.cpp).
#define ZKFORGE_COMPILED_KEY_INSTANCES(prefix, E)                                                  \
  prefix template void check_key_image<E>(const KeyImage&, snarkjs::SubgroupCheck, const std::string&); \
  prefix template KeyImage image_of<E>(const groth16::ProvingKeyView<E>&);

ZKFORGE_COMPILED_KEY_INSTANCES(extern, bls12_381::Engine)
ZKFORGE_COMPILED_KEY_INSTANCES(extern, bn254::Engine)

}  // namespace zkforge::io
