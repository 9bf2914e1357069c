// SPDX-License-Identifier: Apache-2.0
// Reader of circom/snarkjs witness files (.wtns, magic "wtns", version 2).
//
// Section 1: n8 u32 | prime[n8] (the scalar field r) | nWitness u32. Section 2: nWitness values of
// n8 bytes, canonical little-endian. The prime must be the engine's r, nWitness at least 1, section 2
// must hold exactly nWitness values, each below r, and value 0 (the constant wire) must be 1. A caller
// that knows how many wires to expect (the key's) checks the header first (WtnsHeader::expect_count),
// before a value is read or anything allocated. Errors are Error(malformed_file, or not_canonical for a
// value >= r, size_mismatch for a count that is not the expected one) naming the file, the section and
// the byte offset; the file is read as io/input_file.hpp says.
#pragma once

#include <string>
#include <vector>

#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"
#include "zkforge/io/binfile.hpp"
#include "zkforge/io/decode_points.hpp"

namespace zkforge::snarkjs {

// What a witness file's header declares.
struct WtnsHeader {
  std::uint32_t n8 = 0, count = 0;
  std::uint64_t count_at = 0;  // the byte offset of nWitness
  std::string where;           // "file: section 1 (header)"

  // Error(size_mismatch) unless the file holds `wires` values; `whose` says whose count that is.
  void expect_count(std::size_t wires, const std::string& whose) const {
    if (count != wires)
      throw Error(Errc::size_mismatch, where + " at byte " + std::to_string(count_at) + ": nWitness " +
                                           std::to_string(count) + ", but " + whose + " has " + std::to_string(wires) +
                                           " wires");
  }
};

template <class Fr>
WtnsHeader read_wtns_header(const io::BinFile& f) {
  io::Cursor h = f.cursor(1, "header");
  WtnsHeader header;
  header.where = h.where();
  header.n8 = io::expect_prime<Fr>(h);
  header.count_at = h.offset();
  header.count = h.u32("nWitness");
  if (header.count == 0) h.fail_at(header.count_at, "nWitness 0: no constant wire (value 0 must be 1)");
  return header;
}

// From an opened "wtns" v2 file: the witness (wire 0 = 1, then outputs, public inputs, private wires) as canonical integers below Fr's modulus.
template <class Fr>
std::vector<typename Fr::Int> read_wtns(const io::BinFile& f) {
  using Int = typename Fr::Int;
  const WtnsHeader header = read_wtns_header<Fr>(f);
  const std::uint32_t n8 = header.n8, count = header.count;
  f.expect_size(2, "values", std::uint64_t{count} * n8, "nWitness values of n8 bytes");

  // Blocks of values read and checked in parallel (io::read_blocks); the first bad value by position
  // is the one reported.
  const std::uint64_t offset = f.section(2, "values").offset;
  const std::string where = f.where(2, "values");
  std::vector<Int> out(count);
  io::read_blocks(f.source(), offset, count, n8, io::records_per_block(n8), "witness values",
                  [&](std::size_t, std::size_t first, std::size_t n, const std::uint8_t* bytes) {
                    auto fail = [&](std::size_t i, Errc code, const std::string& what) {
                      throw Error(code, where + " at byte " + std::to_string(offset + std::uint64_t{i} * n8) + ": " +
                                            what);
                    };
                    for (std::size_t i = first; i < first + n; ++i) {
                      out[i] = io::le_int<Int>(bytes + (i - first) * n8, n8);
                      if (out[i] >= Fr::kModulus)
                        fail(i, Errc::not_canonical, "witness value " + std::to_string(i) + " is not below r");
                      if (i == 0 && out[0] != Int::from_u64(1))
                        fail(i, Errc::malformed_file, "witness value 0 (the constant wire) is not 1");
                    }
                  });
  return out;
}

template <class Fr>
std::vector<typename Fr::Int> read_wtns(const std::string& path) {
  return read_wtns<Fr>(io::BinFile(path, "wtns", 2));
}

// Writes a witness of canonical values below Fr's modulus as a .wtns file (version 2).
template <class Fr>
void write_wtns(const std::vector<typename Fr::Int>& witness, const std::string& path) {
  io::BinWriter w("wtns", 2);
  w.begin_section(1);
  w.u32(Fr::kLimbs * 8);
  w.le_int(Fr::kModulus);
  w.u32(static_cast<std::uint32_t>(witness.size()));
  w.end_section();
  w.begin_section(2);
  for (const auto& v : witness) w.le_int(v);
  w.end_section();
  w.save(path);
}

// Both curves' readers, compiled once in zkforge::cpu (backends/cpu/groth16_instances.cpp).
#define ZKFORGE_WTNS_INSTANCES(prefix, Fr)                                      \
  prefix template std::vector<Fr::Int> read_wtns<Fr>(const io::BinFile&);       \
  prefix template std::vector<Fr::Int> read_wtns<Fr>(const std::string&);

ZKFORGE_WTNS_INSTANCES(extern, bls12_381::Fr)
ZKFORGE_WTNS_INSTANCES(extern, bn254::Fr)

}  // namespace zkforge::snarkjs
