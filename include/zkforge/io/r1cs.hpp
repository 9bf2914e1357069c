// SPDX-License-Identifier: Apache-2.0
// Reader of circom constraint systems (.r1cs, magic "r1cs", version 1).
//
// Section 1 (header): n8 u32 | prime[n8] | nWires u32 | nPubOut u32 | nPubIn u32 | nPrvIn u32 |
// nLabels u64 | nConstraints u32. Section 2: per constraint the linear combinations A, B, C, each
// nTerms u32 then nTerms × (wire u32, coefficient[n8], canonical little-endian). Section 3 (wire to
// label map): nWires × u64. Wire 0 is the constant 1, then public outputs, public inputs, private
// inputs and internal wires. Every count is checked against the bytes that remain before anything
// is allocated from it; wires must be below nWires and coefficients below r; section 2 must be
// consumed exactly. Errors are Error(malformed_file, or not_canonical) naming file, section, offset.
#pragma once

#include <string>
#include <vector>

#include "zkforge/io/binfile.hpp"

namespace zkforge::snarkjs {

template <class Fr>
struct R1cs {
  struct Term {
    std::uint32_t wire;
    Fr value;
  };
  struct Constraint {
    std::vector<Term> a, b, c;
  };

  std::uint32_t num_wires = 0, num_pub_out = 0, num_pub_in = 0, num_prv_in = 0;
  std::uint64_t num_labels = 0;
  std::vector<Constraint> constraints;
  std::vector<std::uint64_t> labels;  // labels[wire], when the file has section 3

  std::size_t num_public() const { return std::size_t{num_pub_out} + num_pub_in; }

  // True when <A_i, w> * <B_i, w> = <C_i, w> for every constraint i (witness in canonical form).
  bool is_satisfied(const std::vector<typename Fr::Int>& witness) const {
    if (witness.size() != num_wires) return false;
    auto dot = [&](const std::vector<Term>& lc) {
      Fr acc = Fr::zero();
      for (const Term& t : lc) {
        Fr w;
        Fr::from_int(witness[t.wire], w);
        acc += t.value * w;
      }
      return acc;
    };
    for (const Constraint& k : constraints)
      if (dot(k.a) * dot(k.b) != dot(k.c)) return false;
    return true;
  }
};

namespace r1cs_detail {

template <class Fr>
std::vector<typename R1cs<Fr>::Term> read_lc(io::Cursor& c, std::uint32_t num_wires, std::uint64_t constraint,
                                             const char* matrix) {
  using Int = typename Fr::Int;
  constexpr std::size_t n8 = Int::kWords * 8;
  const std::uint64_t terms_at = c.offset();
  const std::uint32_t terms = c.u32("a term count");
  c.count_fitting(terms, terms_at, 4 + n8, "term count");
  std::vector<typename R1cs<Fr>::Term> lc;
  lc.reserve(terms);
  for (std::uint32_t t = 0; t < terms; ++t) {
    const std::uint64_t at = c.offset();
    const std::uint32_t wire = c.u32("a wire id");
    if (wire >= num_wires)
      c.fail_at(at, "constraint " + std::to_string(constraint) + " " + matrix + ": wire " + std::to_string(wire) +
                        " is not below nWires " + std::to_string(num_wires));
    Fr value;
    if (!Fr::from_int(io::le_int<Int>(c.take(n8, "a coefficient"), n8), value))
      throw Error(Errc::not_canonical, c.where() + " at byte " + std::to_string(at + 4) + ": constraint " +
                                           std::to_string(constraint) + " " + matrix + ": coefficient is not below r");
    lc.push_back({wire, value});
  }
  return lc;
}

}  // namespace r1cs_detail

// From an opened "r1cs" v1 file over the scalar field Fr.
template <class Fr>
R1cs<Fr> read_r1cs(const io::BinFile& f) {
  R1cs<Fr> r;
  io::Cursor h = f.cursor(1, "header");
  io::expect_prime<Fr>(h);
  const std::uint64_t wires_at = h.offset();
  r.num_wires = h.u32("nWires");
  r.num_pub_out = h.u32("nPubOut");
  r.num_pub_in = h.u32("nPubIn");
  r.num_prv_in = h.u32("nPrvIn");
  r.num_labels = h.u64("nLabels");
  const std::uint64_t constraints_at = h.offset();
  const std::uint32_t constraints = h.u32("nConstraints");
  if (std::uint64_t{1} + r.num_pub_out + r.num_pub_in + r.num_prv_in > r.num_wires)
    h.fail_at(wires_at, "nWires " + std::to_string(r.num_wires) + " is less than 1 + the outputs and inputs");

  io::Cursor c = f.cursor(2, "constraints");
  if (constraints > c.remaining() / 12)  // three term counts each
    h.fail_at(constraints_at, "nConstraints " + std::to_string(constraints) + " needs at least 12 bytes each, more "
                              "than the " + std::to_string(c.remaining()) + " of section 2 (constraints)");
  r.constraints.reserve(constraints);
  for (std::uint32_t i = 0; i < constraints; ++i) {
    typename R1cs<Fr>::Constraint k;
    k.a = r1cs_detail::read_lc<Fr>(c, r.num_wires, i, "A");
    k.b = r1cs_detail::read_lc<Fr>(c, r.num_wires, i, "B");
    k.c = r1cs_detail::read_lc<Fr>(c, r.num_wires, i, "C");
    r.constraints.push_back(std::move(k));
  }
  if (c.remaining() != 0) c.fail(std::to_string(c.remaining()) + " bytes follow the last of " + std::to_string(constraints) + " constraints");

  if (f.has(3)) {
    f.expect_size(3, "wire labels", std::uint64_t{r.num_wires} * 8, "nWires labels of 8 bytes");
    io::Cursor l = f.cursor(3, "wire labels");
    r.labels.resize(r.num_wires);
    for (auto& label : r.labels) label = l.u64("a label id");
  }
  return r;
}

template <class Fr>
R1cs<Fr> read_r1cs(const std::string& path) {
  return read_r1cs<Fr>(io::BinFile(path, "r1cs", 1));
}

}  // namespace zkforge::snarkjs
