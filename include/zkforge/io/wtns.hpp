// SPDX-License-Identifier: Apache-2.0
// Reader of circom/snarkjs witness files (.wtns, magic "wtns", version 2).
//
// Section 1: n8 u32 | prime[n8] (the scalar field r) | nWitness u32. Section 2: nWitness values of
// n8 bytes, canonical little-endian. The prime must be the engine's r, section 2 must hold exactly
// nWitness values and each must be below r. Errors are Error(malformed_file, or not_canonical for a
// value >= r) naming the file, the section and the byte offset.
#pragma once

#include <string>
#include <vector>

#include "zkforge/io/binfile.hpp"

namespace zkforge::snarkjs {

// From an opened "wtns" v2 file: the witness (wire 0 = 1, then outputs, public inputs, private wires) as canonical integers below Fr's modulus.
template <class Fr>
std::vector<typename Fr::Int> read_wtns(const io::BinFile& f) {
  using Int = typename Fr::Int;
  io::Cursor h = f.cursor(1, "header");
  const std::uint32_t n8 = io::expect_prime<Fr>(h);
  const std::uint32_t count = h.u32("nWitness");
  f.expect_size(2, "values", std::uint64_t{count} * n8, "nWitness values of n8 bytes");

  io::Cursor v = f.cursor(2, "values");
  std::vector<Int> out(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint64_t at = v.offset();
    out[i] = io::le_int<Int>(v.take(n8, "a witness value"), n8);
    if (out[i] >= Fr::kModulus)
      throw Error(Errc::not_canonical, v.where() + " at byte " + std::to_string(at) + ": witness value " +
                                           std::to_string(i) + " is not below r");
  }
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

}  // namespace zkforge::snarkjs
