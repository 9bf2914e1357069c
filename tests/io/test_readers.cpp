// SPDX-License-Identifier: Apache-2.0
// The .zkey, .wtns and .r1cs readers on snarkjs' files and on damaged copies of them: every damage is an
// Error whose code and message name what is wrong and where (file, section, byte offset).
#include <catch2/catch.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "support/errors.hpp"
#include "support/files.hpp"
#include "support/seed.hpp"
#include "zkforge/io/r1cs.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

using test::bytes_of;
using test::mentions;
using test::TempFile;

std::string data(const std::string& curve, const std::string& file) { return test::groth16_data(curve + "/" + file); }

void put_u32(std::vector<std::uint8_t>& b, std::uint64_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint32_t get_u32(const std::vector<std::uint8_t>& b, std::uint64_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(b[at + i]) << (8 * i);
  return v;
}

// The error a reader throws on `bytes`; fails the test if it throws none.
template <class Read>
Error error_of(const std::vector<std::uint8_t>& bytes, Read read) {
  const TempFile f(bytes);
  return test::error_thrown_by([&] { read(f.path); });
}

}  // namespace

TEST_CASE("zkey_curve tells the two curves apart", "[io][zkey]") {
  CHECK(snarkjs::zkey_curve(data("bn128", "chain.zkey")) == snarkjs::ZkeyCurve::bn128);
  CHECK(snarkjs::zkey_curve(data("bls12381", "chain.zkey")) == snarkjs::ZkeyCurve::bls12381);
}

TEST_CASE("the zkey reader reads snarkjs' key and refuses the other curve", "[io][zkey]") {
  const auto key = snarkjs::read_zkey<bn254::Engine>(data("bn128", "chain.zkey"));
  CHECK(key.num_public == 3);
  CHECK(key.log_domain == 6);
  CHECK(key.a.size() == key.num_vars);
  CHECK(key.h.size() == 64);
  CHECK(key.a_matrix.size() > 0);
  CHECK(key.b_matrix.size() > 0);
  const Error e = error_of(bytes_of(data("bls12381", "chain.zkey")),
                           [](const std::string& p) { snarkjs::read_zkey<bn254::Engine>(p); });
  CHECK(e.code() == Errc::malformed_file);
  CHECK(mentions(e, "section 2 (header) at byte"));
}

TEST_CASE("the zkey reader names the damage and its offset", "[io][zkey]") {
  using E = bn254::Engine;
  const std::string path = data("bn128", "chain.zkey");
  const auto good = bytes_of(path);
  const io::BinFile table(path, "zkey", 1);
  const auto read = [](const std::string& p) { snarkjs::read_zkey<E>(p); };
  const std::uint64_t header = table.section(2, "header").offset;

  SECTION("wrong magic") {
    auto b = good;
    b[0] = 'x';
    const Error e = error_of(b, read);
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, "at byte 0: expected the magic \"zkey\""));
  }
  SECTION("truncated anywhere") {
    auto rng = test::rng_for(71);
    for (int k = 0; k < 20; ++k) {
      auto b = good;
      b.resize(rng() % good.size());
      CHECK(error_of(b, read).code() == Errc::malformed_file);
    }
  }
  SECTION("a section size past the end") {
    auto b = good;
    put_u32(b, header - 8, 0xfffffff0u);  // the header section's size field (low word)
    const Error e = error_of(b, read);
    CHECK(mentions(e, "declares"));
  }
  SECTION("nVars that disagrees with the point sections") {
    auto b = good;
    put_u32(b, header + 72, get_u32(good, header + 72) + 1);
    const Error e = error_of(b, read);
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, "section 5 (A)"));
  }
  SECTION("a domain size that is not a power of two") {
    auto b = good;
    put_u32(b, header + 80, 48);
    const Error e = error_of(b, read);
    CHECK(mentions(e, "at byte " + std::to_string(header + 80)));
    CHECK(mentions(e, "domainSize 48"));
  }
  SECTION("a coefficient naming a signal past nVars") {
    auto b = good;
    const std::uint64_t first = table.section(4, "coefficients").offset + 4;
    put_u32(b, first + 8, 1u << 30);
    const Error e = error_of(b, read);
    CHECK(mentions(e, "at byte " + std::to_string(first + 8)));
    CHECK(mentions(e, "signal"));
  }
  SECTION("a coefficient count past the section, or short of it") {
    const std::uint64_t count_at = table.section(4, "coefficients").offset;
    auto b = good;
    put_u32(b, count_at, 0xffffffffu);
    Error e = error_of(b, read);
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, "section 4 (coefficients) at byte " + std::to_string(count_at) +
                          ": coefficient count 4294967295 needs 44 bytes each"));
    b = good;
    const std::uint32_t count = get_u32(good, count_at);
    put_u32(b, count_at, count - 1);
    e = error_of(b, read);
    CHECK(mentions(e, "section 4 (coefficients) at byte " + std::to_string(count_at) + ": " +
                          std::to_string(count - 1) + " coefficients take "));
  }
  SECTION("a point off the curve") {
    auto b = good;
    const io::Section& a = table.section(5, "A");
    std::uint64_t at = a.offset;
    while (b[at] == 0 && b[at + 1] == 0) at += 64;  // skip points at infinity
    b[at + 40] ^= 1;                                   // y's Montgomery bytes
    const Error e = error_of(b, read);
    CHECK((e.code() == Errc::not_on_curve || e.code() == Errc::not_canonical));
    CHECK(mentions(e, "section 5 (A) point " + std::to_string((at - a.offset) / 64)));
  }
  SECTION("a protocol other than Groth16") {
    auto b = good;
    put_u32(b, table.section(1, "protocol").offset, 2);
    CHECK(mentions(error_of(b, read), "expected protocol 1"));
  }
}

// The key readers check a block's points against the curve eight at a time (curve/on_curve.hpp) after
// their coordinates: the error still names the first bad point, by position, whatever its fault.
TEMPLATE_TEST_CASE("the zkey reader names the first point off its curve, G1 and G2, in a group of eight or the "
                   "last ones", "[io][zkey]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  const std::string curve = std::is_same_v<E, bn254::Engine> ? "bn128" : "bls12381";
  const std::string path = data(curve, "chain.zkey");
  const auto good = bytes_of(path);
  const io::BinFile table(path, "zkey", 1);
  const auto read = [](const std::string& p) { snarkjs::read_zkey<E>(p); };
  const auto key = snarkjs::read_zkey<E>(path);
  constexpr std::size_t g1 = snarkjs::kPointBytes<typename E::G1>, g2 = snarkjs::kPointBytes<typename E::G2>;
  // The finite points of A and B2 from wire 9 on (inside a group of eight, not its first), and a finite
  // point of A among the last n mod 8 of its last block, which are checked one at a time.
  std::size_t a = 9, b2 = 9;
  while (key.a[a].infinity) ++a;
  while (key.b_2[b2].infinity) ++b2;
  const std::size_t n = key.a.size(), per_block = io::records_per_block(g1);
  const std::size_t block_start = (n - 1) / per_block * per_block, tail = n - (n - block_start) % 8;
  std::size_t last = n - 1;
  while (last > tail && key.a[last].infinity) --last;
  REQUIRE(tail < n);
  REQUIRE(!key.a[last].infinity);
  const std::uint64_t a_at = table.section(5, "A").offset, b2_at = table.section(7, "B2").offset;
  const auto off_curve = [](std::vector<std::uint8_t>& b, std::uint64_t point) { b[point] ^= 0x01; };  // x's low bit
  const auto y_not_below_q = [](std::vector<std::uint8_t>& b, std::uint64_t point) {  // y's bytes all 0xff
    for (std::size_t i = g1 / 2; i < g1; ++i) b[point + i] = 0xff;
  };

  SECTION("a G1 point off the curve, then a later one whose y is not below q") {
    auto b = good;
    off_curve(b, a_at + a * g1);
    y_not_below_q(b, a_at + (a + 3) * g1);
    const Error e = error_of(b, read);
    CHECK(e.code() == Errc::not_on_curve);
    CHECK(mentions(e, "section 5 (A) point " + std::to_string(a) + " at byte " + std::to_string(a_at + a * g1) +
                          ": " + std::string(E::G1::name) + " point (snarkjs): point not on the curve"));
  }
  SECTION("a G1 point whose y is not below q, then a later one off the curve") {
    auto b = good;
    y_not_below_q(b, a_at + a * g1);
    off_curve(b, a_at + (a + 3) * g1);
    const Error e = error_of(b, read);
    CHECK(e.code() == Errc::not_canonical);
    CHECK(mentions(e, "section 5 (A) point " + std::to_string(a) + " at byte"));
  }
  SECTION("a G1 point off the curve among the last of its block") {
    auto b = good;
    off_curve(b, a_at + last * g1);
    const Error e = error_of(b, read);
    CHECK(e.code() == Errc::not_on_curve);
    CHECK(mentions(e, "section 5 (A) point " + std::to_string(last) + " at byte"));
  }
  SECTION("a G2 point off the curve") {
    auto b = good;
    off_curve(b, b2_at + b2 * g2);
    const Error e = error_of(b, read);
    CHECK(e.code() == Errc::not_on_curve);
    CHECK(mentions(e, "section 7 (B2) point " + std::to_string(b2) + " at byte " + std::to_string(b2_at + b2 * g2) +
                          ": " + std::string(E::G2::name) + " point (snarkjs): point not on the curve"));
  }
}

TEST_CASE("the wtns reader checks the prime, the count and every value", "[io][wtns]") {
  using Fr = bn254::Fr;
  const std::string path = data("bn128", "witness.wtns");
  const auto good = bytes_of(path);
  const auto w = snarkjs::read_wtns<Fr>(path);
  REQUIRE(w.size() > 4);
  CHECK(w[0] == Fr::Int::from_u64(1));
  CHECK(w[2] == Fr::Int::from_u64(3));  // input a = 3 (public.json: out, a, b)
  const auto read = [](const std::string& p) { snarkjs::read_wtns<Fr>(p); };

  const Error other = error_of(bytes_of(data("bls12381", "witness.wtns")), [](const std::string& p) {
    snarkjs::read_wtns<bn254::Fr>(p);
  });
  CHECK(mentions(other, "the prime is not the scalar field"));

  const io::BinFile table(path, "wtns", 2);
  const std::uint64_t values = table.section(2, "values").offset;
  auto big = good;
  for (int i = 0; i < 32; ++i) big[values + 32 + i] = 0xff;
  const Error e = error_of(big, read);
  CHECK(e.code() == Errc::not_canonical);
  CHECK(mentions(e, "at byte " + std::to_string(values + 32)));

  auto count = good;
  put_u32(count, table.section(1, "header").offset + 36, static_cast<std::uint32_t>(w.size() + 1));
  CHECK(mentions(error_of(count, read), "nWitness values"));
}

TEMPLATE_TEST_CASE("the r1cs reader reads circom's constraints, which snarkjs' witness satisfies", "[io][r1cs]",
                   bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  const std::string curve = E::kFamily == PairingFamily::bn ? "bn128" : "bls12381";
  const auto r = snarkjs::read_r1cs<Fr>(data(curve, "chain.r1cs"));
  const auto w = snarkjs::read_wtns<Fr>(data(curve, "witness.wtns"));
  CHECK(r.num_wires == w.size());
  CHECK(r.num_public() == 3);
  CHECK(r.constraints.size() == 32);  // N + 2 for the chain of N = 30
  CHECK(r.labels.size() == r.num_wires);
  CHECK(r.is_satisfied(w));
  auto bad = w;
  bad.back().w[0] ^= 1;
  CHECK_FALSE(r.is_satisfied(bad));
}

TEST_CASE("the r1cs reader names the damage and its offset", "[io][r1cs]") {
  using Fr = bn254::Fr;
  const std::string path = data("bn128", "chain.r1cs");
  const auto good = bytes_of(path);
  const io::BinFile table(path, "r1cs", 1);
  const auto read = [](const std::string& p) { snarkjs::read_r1cs<Fr>(p); };
  const std::uint64_t first_term = table.section(2, "constraints").offset + 4;

  auto wire = good;
  put_u32(wire, first_term, 1u << 31);
  const Error e = error_of(wire, read);
  CHECK(mentions(e, "at byte " + std::to_string(first_term)));
  CHECK(mentions(e, "is not below nWires"));

  auto terms = good;
  put_u32(terms, first_term - 4, 0x7fffffffu);  // a term count far beyond the section
  CHECK(mentions(error_of(terms, read), "section 2 (constraints) at byte " + std::to_string(first_term - 4) +
                                            ": term count 2147483647 needs 36 bytes each"));

  // nConstraints, in section 1 after n8, the prime, four u32 counts and nLabels (u64).
  auto constraints = good;
  const std::uint64_t constraints_at = table.section(1, "header").offset + 4 + 32 + 4 * 4 + 8;
  REQUIRE(get_u32(good, constraints_at) == 32);
  put_u32(constraints, constraints_at, 0x7fffffffu);
  CHECK(mentions(error_of(constraints, read), "section 1 (header) at byte " + std::to_string(constraints_at) +
                                                  ": nConstraints 2147483647 needs at least 12 bytes each"));

  auto rng = test::rng_for(72);
  for (int k = 0; k < 20; ++k) {
    auto b = good;
    b.resize(rng() % good.size());
    CHECK(error_of(b, read).code() == Errc::malformed_file);
  }
}

TEMPLATE_TEST_CASE("a key written as a zkey and a witness written as a wtns read back unchanged", "[io][zkey]",
                   bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  const std::string curve = E::kFamily == PairingFamily::bn ? "bn128" : "bls12381";
  const auto key = snarkjs::read_zkey<E>(data(curve, "chain.zkey"));
  const auto w = snarkjs::read_wtns<Fr>(data(curve, "witness.wtns"));
  const TempFile zkey(std::vector<std::uint8_t>{}), wtns(std::vector<std::uint8_t>{});
  snarkjs::write_zkey(key, zkey.path);
  snarkjs::write_wtns<Fr>(w, wtns.path);
  const auto again = snarkjs::read_zkey<E>(zkey.path);
  CHECK(snarkjs::read_wtns<Fr>(wtns.path) == w);
  CHECK(again.num_vars == key.num_vars);
  CHECK(again.num_public == key.num_public);
  CHECK(again.log_domain == key.log_domain);
  CHECK(again.alpha_1 == key.alpha_1);
  CHECK(again.delta_2 == key.delta_2);
  CHECK(again.a == key.a);
  CHECK(again.b_2 == key.b_2);
  CHECK(again.l == key.l);
  CHECK(again.h == key.h);
  CHECK(again.ic == key.ic);
  REQUIRE(again.a_matrix.size() == key.a_matrix.size());
  for (std::size_t i = 0; i < key.a_matrix.size(); ++i) CHECK(again.a_matrix[i].value == key.a_matrix[i].value);
}
