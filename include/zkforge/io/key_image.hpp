// SPDX-License-Identifier: Apache-2.0
// KeyImage: a Groth16 proving key laid out as the prover reads it, in one block of page-aligned
// memory — a compiled key file mapped (io/compiled_key.hpp), or one filled from a snarkjs zkey
// (io/zkey.hpp) — and the ProvingKeyView of spans straight over it.
//
// The layout is the compiled key format's (docs/compiled-key.md): a header page, then nine sections,
// each at a multiple of kPageBytes from the start:
//   points               alpha_1, beta_1, delta_1 (G1), then beta_2, gamma_2, delta_2 (G2)
//   ic a b_1 b_2 l h     the queries, named as ProvingKey names them
//   a_matrix b_matrix    MatrixEntry<Fr>: constraint u32, signal u32, the value's Montgomery words;
//                        sorted by constraint, then signal (each row's entries in one run)
// A point is zkforge's Affine<C> as it lies in memory: x, then y (the field's Montgomery words, 64-bit
// little-endian; Fq2 as c0 then c1), the infinity flag as one byte 0 or 1 and zero bytes to the next
// multiple of 8; the point at infinity has x = y = 0. So are the files: for little-endian hosts only.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/curve_id.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/io/page_memory.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "key images hold little-endian words");

namespace zkforge::io {

inline constexpr std::uint64_t kPageBytes = 4096;

enum class KeySection : std::uint32_t { points = 1, ic, a, b_1, b_2, l, h, a_matrix, b_matrix };
inline constexpr std::size_t kKeySections = 9;

inline const char* key_section_name(KeySection s) {
  constexpr const char* names[kKeySections] = {"points", "IC", "A", "B1", "B2", "L", "H", "A matrix", "B matrix"};
  return names[static_cast<std::size_t>(s) - 1];
}

inline const char* curve_name(CurveId c) { return c == CurveId::bn254 ? "bn254" : "bls12_381"; }

template <class E>
inline constexpr CurveId kEngineCurve = std::is_same_v<E, bn254::Engine> ? CurveId::bn254 : CurveId::bls12_381;

// The bytes of one point in an image, and where its infinity flag lies.
template <class C>
struct PointLayout {
  using Field = typename C::Field;
  static constexpr std::size_t kInfinityAt = 2 * sizeof(Field);
  static_assert(std::is_standard_layout_v<Affine<C>> && std::is_trivially_copyable_v<Affine<C>>);
  static_assert(offsetof(Affine<C>, x) == 0 && offsetof(Affine<C>, y) == sizeof(Field) &&
                    offsetof(Affine<C>, infinity) == kInfinityAt && sizeof(Affine<C>) == kInfinityAt + 8,
                "an image point is x, y, the infinity byte and 7 zero bytes");
};

// Writes p as an image point at out (sizeof(Affine<C>) bytes, padding zero).
template <class C>
void store_point(const Affine<C>& p, std::uint8_t* out) {
  constexpr std::size_t field = sizeof(typename C::Field);
  if (p.infinity) {
    std::memset(out, 0, 2 * field);
  } else {
    std::memcpy(out, &p.x, field);
    std::memcpy(out + field, &p.y, field);
  }
  const std::uint64_t flag = p.infinity ? 1 : 0;
  std::memcpy(out + PointLayout<C>::kInfinityAt, &flag, 8);
}

template <class Fr>
inline constexpr bool kEntryHasNoPadding = sizeof(groth16::MatrixEntry<Fr>) == 8 + sizeof(Fr) &&
                                           std::is_trivially_copyable_v<groth16::MatrixEntry<Fr>>;

// One section: where it lies from the image's start, its bytes, its elements and (in a file) its checksum.
struct KeySectionEntry {
  std::uint64_t offset = 0, size = 0, count = 0, checksum = 0;
};

// Everything a compiled key's header says: the key's counts and conventions, its curve and element
// sizes, and the section table.
struct KeyLayout {
  CurveId curve = CurveId::bn254;
  std::uint64_t num_vars = 0, num_public = 0, log_domain = 0;
  groth16::HConvention h_convention = groth16::HConvention::odd_coset_lagrange;
  RootConvention roots = RootConvention::snarkjs;
  std::uint32_t g1_bytes = 0, g2_bytes = 0, entry_bytes = 0;
  std::array<KeySectionEntry, kKeySections> sections{};
  std::uint64_t size = 0;  // of the whole image: the end of its last section

  KeySectionEntry& operator[](KeySection s) { return sections[static_cast<std::size_t>(s) - 1]; }
  const KeySectionEntry& operator[](KeySection s) const { return sections[static_cast<std::size_t>(s) - 1]; }

  // H's points under the key's convention (groth16/prover_checks.hpp).
  std::uint64_t h_points() const {
    const std::uint64_t domain = std::uint64_t{1} << log_domain;
    return h_convention == groth16::HConvention::odd_coset_lagrange ? domain : domain - 1;
  }
  // The bytes of one element of a section.
  std::uint64_t element_bytes(KeySection s) const {
    switch (s) {
      case KeySection::points: return 3 * std::uint64_t{g1_bytes} + 3 * std::uint64_t{g2_bytes};
      case KeySection::b_2: return g2_bytes;
      case KeySection::a_matrix:
      case KeySection::b_matrix: return entry_bytes;
      default: return g1_bytes;
    }
  }
  // The elements a section must hold, from the counts (the matrices' come from the table itself).
  std::uint64_t expected_count(KeySection s) const {
    switch (s) {
      case KeySection::points: return 1;
      case KeySection::ic: return num_public + 1;
      case KeySection::a:
      case KeySection::b_1:
      case KeySection::b_2: return num_vars;
      case KeySection::l: return num_vars - num_public - 1;
      case KeySection::h: return h_points();
      default: return (*this)[s].count;
    }
  }
};

inline std::uint64_t round_up_to_page(std::uint64_t v) { return (v + kPageBytes - 1) / kPageBytes * kPageBytes; }

// The layout of engine E's key of these counts: the header page, then every section in the order of
// KeySection, each at the next page boundary.
template <class E>
KeyLayout plan_key_layout(std::uint64_t num_vars, std::uint64_t num_public, std::uint64_t log_domain,
                          groth16::HConvention h_convention, RootConvention roots, std::uint64_t a_entries,
                          std::uint64_t b_entries) {
  using Fr = typename E::Fr;
  static_assert(kEntryHasNoPadding<Fr>, "a matrix entry is two u32 and the value's words");
  KeyLayout l;
  l.curve = kEngineCurve<E>;
  l.num_vars = num_vars;
  l.num_public = num_public;
  l.log_domain = log_domain;
  l.h_convention = h_convention;
  l.roots = roots;
  l.g1_bytes = sizeof(Affine<typename E::G1>);
  l.g2_bytes = sizeof(Affine<typename E::G2>);
  l.entry_bytes = sizeof(groth16::MatrixEntry<Fr>);
  l[KeySection::a_matrix].count = a_entries;
  l[KeySection::b_matrix].count = b_entries;
  std::uint64_t end = kPageBytes;
  for (std::uint32_t id = 1; id <= kKeySections; ++id) {
    const auto s = static_cast<KeySection>(id);
    KeySectionEntry& e = l[s];
    e.count = l.expected_count(s);
    e.offset = round_up_to_page(end);
    e.size = e.count * l.element_bytes(s);
    end = e.offset + e.size;
  }
  l.size = end;
  return l;
}

// A key's layout and the memory that holds it.
class KeyImage {
 public:
  KeyImage() = default;
  KeyImage(KeyLayout layout, PageMemory memory) : layout_(layout), memory_(std::move(memory)) {}

  const KeyLayout& layout() const { return layout_; }
  KeyLayout& layout() { return layout_; }
  const std::uint8_t* data() const { return memory_.data(); }
  std::uint8_t* data() { return memory_.data(); }
  bool is_mapped_file() const { return memory_.is_mapped_file(); }

  template <class T>
  const T* section(KeySection s) const {
    return reinterpret_cast<const T*>(memory_.data() + layout_[s].offset);
  }
  template <class T>
  T* section(KeySection s) {
    return reinterpret_cast<T*>(memory_.data() + layout_[s].offset);
  }
  std::uint8_t* section_bytes(KeySection s) { return memory_.data() + layout_[s].offset; }

  // The key as the prover reads it, over this memory (which must outlive the view); Error(invalid_argument)
  // when the image holds another curve's key.
  template <class E>
  groth16::ProvingKeyView<E> view() const {
    using G1 = Affine<typename E::G1>;
    using G2 = Affine<typename E::G2>;
    using Entry = groth16::MatrixEntry<typename E::Fr>;
    if (layout_.curve != kEngineCurve<E>)
      throw Error(Errc::invalid_argument, std::string("a view of a ") + curve_name(layout_.curve) +
                                              " key image as a key of " + E::name);
    groth16::ProvingKeyView<E> v;
    v.num_vars = layout_.num_vars;
    v.num_public = layout_.num_public;
    v.log_domain = layout_.log_domain;
    v.h_convention = layout_.h_convention;
    v.roots = layout_.roots;
    const G1* g1 = section<G1>(KeySection::points);
    const G2* g2 = reinterpret_cast<const G2*>(g1 + 3);
    v.alpha_1 = g1[0];
    v.beta_1 = g1[1];
    v.delta_1 = g1[2];
    v.beta_2 = g2[0];
    v.gamma_2 = g2[1];
    v.delta_2 = g2[2];
    v.ic = span<G1>(KeySection::ic);
    v.a = span<G1>(KeySection::a);
    v.b_1 = span<G1>(KeySection::b_1);
    v.b_2 = span<G2>(KeySection::b_2);
    v.l = span<G1>(KeySection::l);
    v.h = span<G1>(KeySection::h);
    v.a_matrix = span<Entry>(KeySection::a_matrix);
    v.b_matrix = span<Entry>(KeySection::b_matrix);
    return v;
  }

 private:
  template <class T>
  HostSpan<const T> span(KeySection s) const {
    return HostSpan<const T>(section<T>(s), layout_[s].count);
  }

  KeyLayout layout_;
  PageMemory memory_;
};

// Sorts a matrix's entries by constraint, then signal, keeping the order of equal pairs. In parallel:
// nothing to do when they are in order; when only the rows are (snarkjs writes a key constraint by
// constraint, but circom's terms need not come by signal), each row's run sorted where it lies; else a
// counting sort by constraint first (one pass, on one thread).
template <class Fr>
void sort_matrix(groth16::MatrixEntry<Fr>* entries, std::size_t count, std::size_t rows) {
  using Entry = groth16::MatrixEntry<Fr>;
  const auto before = [](const Entry& x, const Entry& y) {
    return x.constraint != y.constraint ? x.constraint < y.constraint : x.signal < y.signal;
  };
  ThreadPool& pool = cpu_pool(0);
  constexpr std::size_t kBlock = std::size_t{1} << 16;
  const std::size_t blocks = (count + kBlock - 1) / kBlock;
  std::vector<char> pairs_out_of_order(blocks, 0), rows_out_of_order(blocks, 0);
  pool.run(blocks, [&](std::size_t k) {
    const std::size_t end = std::min(count, (k + 1) * kBlock);
    for (std::size_t i = std::max<std::size_t>(k * kBlock, 1); i < end; ++i) {
      if (before(entries[i], entries[i - 1])) pairs_out_of_order[k] = 1;
      if (entries[i].constraint < entries[i - 1].constraint) rows_out_of_order[k] = 1;
    }
  });
  const auto any = [](const std::vector<char>& v) { return std::find(v.begin(), v.end(), 1) != v.end(); };
  if (!any(pairs_out_of_order)) return;
  if (any(rows_out_of_order)) {
    std::vector<std::size_t> begin(rows + 1, 0);
    for (std::size_t i = 0; i < count; ++i) {
      if (entries[i].constraint >= rows)
        throw Error(Errc::invalid_argument, "matrix entry " + std::to_string(i) + ": constraint " +
                                                std::to_string(entries[i].constraint) + " is outside the domain of " +
                                                std::to_string(rows));
      ++begin[entries[i].constraint + 1];
    }
    for (std::size_t r = 0; r < rows; ++r) begin[r + 1] += begin[r];
    std::vector<Entry> by_row(count);
    std::vector<std::size_t> next(begin.begin(), begin.end() - 1);
    for (std::size_t i = 0; i < count; ++i) by_row[next[entries[i].constraint]++] = entries[i];
    pool.parallel_for(count, [&](std::size_t lo, std::size_t hi) {
      std::copy(by_row.data() + lo, by_row.data() + hi, entries + lo);
    }, kBlock);
  }
  // Each block sorts the rows that start in it, to their ends.
  pool.run(blocks, [&](std::size_t k) {
    const std::size_t end = std::min(count, (k + 1) * kBlock);
    std::size_t i = k * kBlock;
    while (i > 0 && i < end && entries[i].constraint == entries[i - 1].constraint) ++i;  // a row of the block before
    while (i < end) {
      std::size_t j = i + 1;
      while (j < count && entries[j].constraint == entries[i].constraint) ++j;
      if (j - i > 32) {
        std::stable_sort(entries + i, entries + j, before);
      } else {  // insertion sort: stable, and no buffer for the short rows of most circuits
        for (std::size_t a = i + 1; a < j; ++a)
          for (std::size_t b = a; b > i && before(entries[b], entries[b - 1]); --b) std::swap(entries[b], entries[b - 1]);
      }
      i = j;
    }
  });
}

// A copy of `key` as an image (a key made in memory, such as one from a parameter file, for a compiled
// key file): points stored as image points in parallel, the matrices sorted.
template <class E>
KeyImage image_of(const groth16::ProvingKeyView<E>& key) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  using Entry = groth16::MatrixEntry<typename E::Fr>;
  const KeyLayout l = plan_key_layout<E>(key.num_vars, key.num_public, key.log_domain, key.h_convention, key.roots,
                                         key.a_matrix.size, key.b_matrix.size);
  const auto expect = [&](KeySection s, std::size_t size) {
    if (size != l[s].count)
      throw Error(Errc::size_mismatch, std::string("proving key: ") + key_section_name(s) + " has " +
                                           std::to_string(size) + " points, expected " + std::to_string(l[s].count));
  };
  expect(KeySection::ic, key.ic.size);
  expect(KeySection::a, key.a.size);
  expect(KeySection::b_1, key.b_1.size);
  expect(KeySection::b_2, key.b_2.size);
  expect(KeySection::l, key.l.size);
  expect(KeySection::h, key.h.size);
  KeyImage image(l, PageMemory::anonymous(l.size));
  std::uint8_t* points = image.section_bytes(KeySection::points);
  const Affine<G1> g1[3] = {key.alpha_1, key.beta_1, key.delta_1};
  const Affine<G2> g2[3] = {key.beta_2, key.gamma_2, key.delta_2};
  for (std::size_t i = 0; i < 3; ++i) {
    store_point(g1[i], points + i * l.g1_bytes);
    store_point(g2[i], points + 3 * l.g1_bytes + i * l.g2_bytes);
  }
  const auto copy_points = [&](KeySection s, auto span) {
    using C = typename std::remove_cv_t<std::remove_reference_t<decltype(span[0])>>::Curve;
    std::uint8_t* out = image.section_bytes(s);
    cpu_pool(0).parallel_for(span.size, [&](std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) store_point<C>(span[i], out + i * sizeof(Affine<C>));
    }, 4096);
  };
  copy_points(KeySection::ic, key.ic);
  copy_points(KeySection::a, key.a);
  copy_points(KeySection::b_1, key.b_1);
  copy_points(KeySection::b_2, key.b_2);
  copy_points(KeySection::l, key.l);
  copy_points(KeySection::h, key.h);
  const auto copy_matrix = [&](KeySection s, HostSpan<const Entry> entries) {
    Entry* out = image.section<Entry>(s);
    cpu_pool(0).parallel_for(entries.size, [&](std::size_t lo, std::size_t hi) {
      std::copy(entries.data + lo, entries.data + hi, out + lo);
    }, 4096);
    sort_matrix(out, entries.size, key.domain_size());
  };
  copy_matrix(KeySection::a_matrix, key.a_matrix);
  copy_matrix(KeySection::b_matrix, key.b_matrix);
  return image;
}

}  // namespace zkforge::io
