// SPDX-License-Identifier: Apache-2.0
// What the key and witness readers refuse besides a malformed layout (io/zkey.hpp, io/wtns.hpp): the
// point at infinity where a key never has it, a point outside its subgroup when asked to check, the
// first bad matrix entry by position, a witness whose constant wire is missing or not 1 or whose count is
// not the key's; each message names the file, the section and the byte offset once, with no doubled prefix.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "support/errors.hpp"
#include "support/files.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;
using test::groth16_data;
using test::mentions;

namespace {

void put_u32(std::vector<std::uint8_t>& b, std::uint64_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// A copy of a key's bytes with a way to name its sections' offsets.
struct KeyBytes {
  std::string path;
  std::vector<std::uint8_t> bytes = test::bytes_of(path);
  io::BinFile table{path, "zkey", 1};
  std::uint64_t at(std::uint32_t id) const { return table.section(id, "section").offset; }
  void zero(std::uint64_t from, std::uint64_t count) {
    const auto first = bytes.begin() + static_cast<std::ptrdiff_t>(from);
    std::fill(first, first + static_cast<std::ptrdiff_t>(count), 0);
  }
};

template <class E, class Read>
Error error_reading(const std::vector<std::uint8_t>& bytes, Read read) {
  const test::TempFile f(bytes);
  return test::error_thrown_by([&] { read(f.path); });
}

template <class E>
Error zkey_error(const std::vector<std::uint8_t>& bytes, snarkjs::SubgroupCheck check = snarkjs::SubgroupCheck::skip) {
  return error_reading<E>(bytes, [&](const std::string& p) { snarkjs::read_zkey<E>(p, check); });
}

// A point on the curve of C but outside its prime-order subgroup.
template <class E, class C>
Affine<C> point_outside_subgroup() {
  using F = typename C::Field;
  F x = F::one(), y;
  while (!(x.sqr() * x + C::b()).sqrt(y) || is_in_group<E>(Affine<C>::from_xy(x, y))) x += F::one();
  return Affine<C>::from_xy(x, y);
}

std::size_t occurrences(const std::string& s, const std::string& part) {
  std::size_t n = 0;
  for (auto at = s.find(part); at != std::string::npos; at = s.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("a field width of 2^32 - 1 is named at the field's own offset", "[io][zkey]") {
  KeyBytes k{groth16_data("bn128/chain.zkey")};
  const std::uint64_t header = k.at(2);
  put_u32(k.bytes, header, 0xffffffffu);
  Error e = error_reading<bn254::Engine>(k.bytes, [](const std::string& p) { snarkjs::zkey_curve(p); });
  CHECK(mentions(e, "section 2 (header) at byte " + std::to_string(header) +
                        ": expected the base field of bn128 (n8 = 32) or of bls12381 (n8 = 48), found n8 = 4294967295"));
  e = zkey_error<bn254::Engine>(k.bytes);
  CHECK(mentions(e, "at byte " + std::to_string(header) +
                        ": expected the base field q of bn254 (n8 = 32), found n8 = 4294967295"));
}

TEST_CASE("a point off its curve is named once, with its file, section and offset", "[io][zkey]") {
  KeyBytes k{groth16_data("bn128/chain.zkey")};
  const std::uint64_t alpha1 = k.at(2) + 84;
  k.bytes[alpha1 + 32] ^= 1;  // y's lowest byte: still below q, off the curve
  const Error e = zkey_error<bn254::Engine>(k.bytes);
  CHECK(e.code() == Errc::not_on_curve);
  CHECK(mentions(e, "section 2 (header) at byte " + std::to_string(alpha1) +
                        ": alpha1: bn254 G1 point (snarkjs): point not on the curve"));
  CHECK(occurrences(e.what(), "not on curve") == 1);
  CHECK(occurrences(e.what(), "not on the curve") == 1);
}

TEST_CASE("the point at infinity is refused where a key never has it", "[io][zkey]") {
  using E = bn254::Engine;
  KeyBytes k{groth16_data("bn128/chain.zkey")};
  SECTION("an H point") {
    const std::uint64_t h3 = k.at(9) + 3 * 64;
    k.zero(h3, 64);
    CHECK(mentions(zkey_error<E>(k.bytes), "section 9 (H) point 3 at byte " + std::to_string(h3) +
                                                  ": the point at infinity (all bytes zero), which no H point is"));
  }
  SECTION("a whole section of zeros, as a sparse file's hole") {
    const io::Section a = k.table.section(5, "A");
    k.zero(a.offset, a.size);
    CHECK(mentions(zkey_error<E>(k.bytes), "section 5 (A) at byte " + std::to_string(a.offset) + ": all " +
                                                  std::to_string(a.size / 64) + " points are the point at infinity"));
  }
  SECTION("delta1") {
    const std::uint64_t delta1 = k.at(2) + 468;
    k.zero(delta1, 64);
    CHECK(mentions(zkey_error<E>(k.bytes), "at byte " + std::to_string(delta1) + ": delta1 is the point at infinity"));
  }
}

TEMPLATE_TEST_CASE("a point outside its subgroup is read by default and refused when the subgroups are checked",
                   "[io][zkey]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  constexpr bool bls = std::is_same_v<E, bls12_381::Engine>;
  const std::string good = groth16_data(bls ? "bls12381/chain.zkey" : "bn128/chain.zkey");
  KeyBytes k{good};
  // BN254's G1 is the whole curve, so there the damaged point is B2's (section 7).
  using C = std::conditional_t<bls, typename E::G1, typename E::G2>;
  const std::uint32_t section = bls ? 5 : 7;
  const std::uint64_t at = k.at(section) + snarkjs::kPointBytes<C>;
  snarkjs::write_point(point_outside_subgroup<E, C>(), k.bytes.data() + at);
  const test::TempFile f(k.bytes);
  CHECK_NOTHROW(snarkjs::read_zkey<E>(f.path));
  const Error e = test::error_thrown_by([&] { snarkjs::read_zkey<E>(f.path, snarkjs::SubgroupCheck::verify); });
  CHECK(e.code() == Errc::not_in_subgroup);
  CHECK(mentions(e, "section " + std::to_string(section) + (bls ? " (A)" : " (B2)") + " point 1 at byte " +
                        std::to_string(at) + ": " + C::name + " point not in the prime-order subgroup"));
  CHECK(snarkjs::read_zkey<E>(good, snarkjs::SubgroupCheck::verify).h.size() == 64);
}

TEST_CASE("of two bad matrix entries the first by position is named", "[io][zkey]") {
  KeyBytes k{groth16_data("bn128/chain.zkey")};
  const std::uint64_t first = k.at(4) + 4;  // entry 0
  put_u32(k.bytes, first + 5 * 44 + 8, 1u << 30);  // entry 5: a signal past nVars
  put_u32(k.bytes, first + 2 * 44, 7);             // entry 2: matrix 7
  CHECK(mentions(zkey_error<bn254::Engine>(k.bytes), "section 4 (coefficients) at byte " +
                                                         std::to_string(first + 2 * 44) +
                                                         ": coefficient 2: matrix 7 is neither 0 (A) nor 1 (B)"));
}

TEST_CASE("a witness's count is checked from its header, and its constant wire must be there and be 1", "[io][wtns]") {
  using Fr = bn254::Fr;
  const std::string path = groth16_data("bn128/witness.wtns");
  const io::BinFile f(path, "wtns", 2);
  const snarkjs::WtnsHeader header = snarkjs::read_wtns_header<Fr>(f);
  CHECK(header.count == snarkjs::read_wtns<Fr>(f).size());
  header.expect_count(header.count, "the key");
  const Error e = test::error_thrown_by([&] { header.expect_count(header.count + 1, "circuit.zkey"); });
  CHECK(e.code() == Errc::size_mismatch);
  CHECK(mentions(e, path + ": section 1 (header) at byte 60: nWitness " + std::to_string(header.count) +
                        ", but circuit.zkey has " + std::to_string(header.count + 1) + " wires"));

  auto bytes = test::bytes_of(path);
  const std::uint64_t values = f.section(2, "values").offset;
  bytes[values] = 5;
  const Error one = error_reading<bn254::Engine>(bytes, [](const std::string& p) { snarkjs::read_wtns<Fr>(p); });
  CHECK(one.code() == Errc::malformed_file);
  CHECK(mentions(one, "section 2 (values) at byte " + std::to_string(values) +
                          ": witness value 0 (the constant wire) is not 1"));

  const test::TempFile empty(std::vector<std::uint8_t>{});
  snarkjs::write_wtns<Fr>({}, empty.path);
  const std::string no_wire = empty.path + ": section 1 (header) at byte 60: nWitness 0: no constant wire";
  const Error none = test::error_thrown_by([&] { snarkjs::read_wtns<Fr>(empty.path); });
  CHECK(none.code() == Errc::malformed_file);
  CHECK(mentions(none, no_wire));
  CHECK(mentions(test::error_thrown_by([&] { snarkjs::read_wtns_header<Fr>(io::BinFile(empty.path, "wtns", 2)); }),
                 no_wire));
}
