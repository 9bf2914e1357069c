// SPDX-License-Identifier: Apache-2.0
// The bellperson / supra_seal parameter file (io/supra_srs.hpp): the layout SEED-NOTES.md gives,
// checked byte by byte on a written file; a written file reads back unchanged; and every damage is
// an Error naming the section, the point and the byte offset.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "support/errors.hpp"
#include "support/seed.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/io/supra_srs.hpp"

using namespace zkforge;

namespace {

using G1 = bls12_381::G1Curve;
using G2 = bls12_381::G2Curve;

template <class C>
std::vector<Affine<C>> random_points(std::size_t n, std::mt19937_64& rng) {
  std::vector<Affine<C>> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine());
  return v;
}

supra::Srs random_srs(std::mt19937_64& rng) {
  supra::Srs s;
  s.alpha_1 = random_points<G1>(1, rng)[0];
  s.beta_1 = random_points<G1>(1, rng)[0];
  s.delta_1 = random_points<G1>(1, rng)[0];
  s.beta_2 = random_points<G2>(1, rng)[0];
  s.gamma_2 = random_points<G2>(1, rng)[0];
  s.delta_2 = random_points<G2>(1, rng)[0];
  s.ic = random_points<G1>(3, rng);
  s.h = random_points<G1>(8, rng);
  s.l = random_points<G1>(5, rng);
  s.a = random_points<G1>(6, rng);
  s.b_1 = random_points<G1>(4, rng);
  s.b_2 = random_points<G2>(4, rng);
  s.h[7] = Affine<G1>::identity();  // bellperson writes the point at infinity with the 0x40 flag
  return s;
}

// Offsets of the layout: six key points (3 G1 of 96 bytes, 3 G2 of 192), then per section a 4-byte count.
constexpr std::size_t kKeyBytes = 3 * 96 + 3 * 192;

Error error_of(const std::vector<std::uint8_t>& bytes) {
  return test::error_thrown_by([&] { (void)supra::read_srs(bytes.data(), bytes.size(), "params"); });
}

using test::mentions;

}  // namespace

TEST_CASE("an SRS file has bellperson's layout and reads back unchanged", "[io][srs]") {
  auto rng = test::rng_for(701);
  INFO("seed " << test::seed());
  const supra::Srs s = random_srs(rng);
  const std::vector<std::uint8_t> bytes = supra::srs_bytes(s);
  // The layout, independently of the reader: sizes, big-endian counts, zcash encodings in place.
  CHECK(bytes.size() == kKeyBytes + 6 * 4 + (3 + 8 + 5 + 6 + 4) * 96 + 4 * 192);
  CHECK(std::vector<std::uint8_t>(bytes.begin() + kKeyBytes, bytes.begin() + kKeyBytes + 4) ==
        std::vector<std::uint8_t>{0, 0, 0, 3});
  const auto alpha = bls12_381::zcash::serialize(s.alpha_1);
  CHECK(std::equal(alpha.begin(), alpha.end(), bytes.begin()));
  const auto gamma = bls12_381::zcash::serialize(s.gamma_2);
  CHECK(std::equal(gamma.begin(), gamma.end(), bytes.begin() + 2 * 96 + 192));
  const std::size_t h_count_at = kKeyBytes + 4 + 3 * 96;
  CHECK(bytes[h_count_at + 3] == 8);
  CHECK(bytes[h_count_at + 4 + 7 * 96] == 0x40);  // h[7], the point at infinity

  const supra::Srs r = supra::read_srs(bytes.data(), bytes.size(), "params");
  CHECK(r.alpha_1 == s.alpha_1);
  CHECK(r.beta_1 == s.beta_1);
  CHECK(r.delta_1 == s.delta_1);
  CHECK(r.beta_2 == s.beta_2);
  CHECK(r.gamma_2 == s.gamma_2);
  CHECK(r.delta_2 == s.delta_2);
  CHECK(r.ic == s.ic);
  CHECK(r.h == s.h);
  CHECK(r.l == s.l);
  CHECK(r.a == s.a);
  CHECK(r.b_1 == s.b_1);
  CHECK(r.b_2 == s.b_2);

  const std::string path =
      (std::filesystem::temp_directory_path() / ("zkforge-srs-" + std::to_string(test::seed()) + ".params")).string();
  supra::write_srs(s, path);
  const supra::Srs from_file = supra::read_srs(path);
  std::remove(path.c_str());
  CHECK(from_file.b_2 == s.b_2);
  CHECK(from_file.h == s.h);
}

TEST_CASE("the SRS reader names the damage and its offset", "[io][srs]") {
  auto rng = test::rng_for(702);
  INFO("seed " << test::seed());
  const std::vector<std::uint8_t> good = supra::srs_bytes(random_srs(rng));
  const std::size_t ic_at = kKeyBytes, h_at = ic_at + 4 + 3 * 96;

  SECTION("truncated inside a key point, a count and a section") {
    for (const std::size_t cut : {std::size_t{50}, kKeyBytes + 2, h_at + 4 + 100, good.size() - 1}) {
      INFO("cut at " << cut);
      const Error e = error_of(std::vector<std::uint8_t>(good.begin(), good.begin() + static_cast<long>(cut)));
      CHECK(e.code() == Errc::malformed_file);
      CHECK(mentions(e, "params at byte"));
    }
  }
  SECTION("a count larger than the file, refused before any allocation") {
    std::vector<std::uint8_t> b = good;
    b[h_at] = 0xff;
    const Error e = error_of(b);
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, "params at byte " + std::to_string(h_at) + ": h 4278190088 needs 96 bytes each"));
  }
  SECTION("bytes after the last section") {
    std::vector<std::uint8_t> b = good;
    b.push_back(0);
    const Error e = error_of(b);
    CHECK(e.code() == Errc::malformed_file);
    CHECK(mentions(e, "1 bytes after the b_g2 section"));
  }
  SECTION("a point off the curve, named with its section, index and offset") {
    std::vector<std::uint8_t> b = good;
    const std::size_t at = h_at + 4 + 2 * 96 + 95;  // last byte of h[2]'s y
    b[at] ^= 1;
    const Error e = error_of(b);
    CHECK(e.code() == Errc::not_on_curve);
    CHECK(mentions(e, "h point 2 at byte " + std::to_string(h_at + 4 + 2 * 96)));
  }
  SECTION("a key point with the compression flag") {
    std::vector<std::uint8_t> b = good;
    b[96] |= 0x80;  // beta_g1
    const Error e = error_of(b);
    CHECK(e.code() == Errc::invalid_flags);
    CHECK(mentions(e, "params at byte 96: beta_g1"));
  }
}
