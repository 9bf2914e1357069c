// SPDX-License-Identifier: Apache-2.0
// Point encodings: zcash compressed/uncompressed round trips and every rejection with its own error
// code; snarkjs' little-endian Montgomery layout for both curves.
#include <catch2/catch.hpp>

#include <vector>

#include "support/errors.hpp"
#include "support/seed.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/curve/encoding_zcash.hpp"

using namespace zkforge;

namespace {

template <class F>
Errc error_of(F&& f) {
  return test::error_thrown_by(f).code();
}

// The first point with x = 2, 3, ... on the curve that is not in the prime-order subgroup.
template <class C>
Affine<C> outside_subgroup() {
  using F = typename C::Field;
  F x = F::one();
  for (;;) {
    x = x + F::one();
    F y;
    if ((x.sqr() * x + C::b()).sqrt(y)) {
      const auto p = Affine<C>::from_xy(x, y);
      if (!is_in_subgroup(p)) return p;
    }
  }
}

template <class C>
std::vector<Affine<C>> sample_points(std::mt19937_64& rng) {
  std::vector<Affine<C>> v = {C::generator(), -C::generator(), Affine<C>::identity()};
  for (int i = 0; i < 16; ++i) v.push_back(scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine());
  return v;
}

}  // namespace

TEMPLATE_TEST_CASE("zcash encodings round-trip and preserve the sign of y", "[curve][encoding]",
                   bls12_381::G1Curve, bls12_381::G2Curve) {
  using C = TestType;
  auto rng = test::rng_for(11);
  INFO(C::name << ", seed " << test::seed());
  for (const auto& p : sample_points<C>(rng)) {
    const auto c = bls12_381::zcash::compress(p);
    const auto u = bls12_381::zcash::serialize(p);
    CHECK(bls12_381::zcash::decompress<C>(c.data(), c.size()) == p);
    CHECK(bls12_381::zcash::deserialize<C>(u.data(), u.size()) == p);
  }
}

TEMPLATE_TEST_CASE("zcash decoding rejects each malformed input with its own error", "[curve][encoding]",
                   bls12_381::G1Curve, bls12_381::G2Curve) {
  using C = TestType;
  namespace z = bls12_381::zcash;
  const auto g = C::generator();
  const auto c = z::compress(g);
  const auto u = z::serialize(g);

  SECTION("wrong length") {
    CHECK(error_of([&] { z::decompress<C>(c.data(), c.size() - 1); }) == Errc::invalid_length);
    CHECK(error_of([&] { z::deserialize<C>(u.data(), u.size() - 1); }) == Errc::invalid_length);
    CHECK(error_of([&] { z::decompress<C>(u.data(), u.size()); }) == Errc::invalid_length);
  }
  SECTION("bad flags") {
    auto no_compression_bit = c;
    no_compression_bit[0] &= 0x7f;
    CHECK(error_of([&] { z::decompress<C>(no_compression_bit.data(), c.size()); }) == Errc::invalid_flags);
    auto compressed_bit_uncompressed = u;
    compressed_bit_uncompressed[0] |= z::kFlagCompressed;
    CHECK(error_of([&] { z::deserialize<C>(compressed_bit_uncompressed.data(), u.size()); }) == Errc::invalid_flags);
    auto sort_in_uncompressed = u;
    sort_in_uncompressed[0] |= z::kFlagSort;
    CHECK(error_of([&] { z::deserialize<C>(sort_in_uncompressed.data(), u.size()); }) == Errc::invalid_flags);
    auto infinity_with_x = c;
    infinity_with_x[0] |= z::kFlagInfinity;
    CHECK(error_of([&] { z::decompress<C>(infinity_with_x.data(), c.size()); }) == Errc::invalid_flags);
    auto infinity_with_sort = z::compress(Affine<C>::identity());
    infinity_with_sort[0] |= z::kFlagSort;
    CHECK(error_of([&] { z::decompress<C>(infinity_with_sort.data(), c.size()); }) == Errc::invalid_flags);
  }
  SECTION("x not below p") {
    auto big = c;
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = 0xff;
    big[0] = z::kFlagCompressed | 0x1f;
    CHECK(error_of([&] { z::decompress<C>(big.data(), big.size()); }) == Errc::not_canonical);
    auto ubig = u;
    for (std::size_t i = 0; i < z::Sizes<C>::kCoordinate; ++i) ubig[i] = 0xff;
    ubig[0] = 0x1f;
    CHECK(error_of([&] { z::deserialize<C>(ubig.data(), ubig.size()); }) == Errc::not_canonical);
  }
  SECTION("point not on the curve") {
    auto off = u;
    off[u.size() - 1] ^= 1;  // y changed: the equation fails
    CHECK(error_of([&] { z::deserialize<C>(off.data(), off.size()); }) == Errc::not_on_curve);
    // an x whose x^3 + b is not a square
    using F = typename C::Field;
    F x = F::one();
    F y;
    while ((x.sqr() * x + C::b()).sqrt(y)) x = x + F::one();
    auto no_y = z::compress(Affine<C>::from_xy(x, F::one()));
    no_y[0] &= static_cast<std::uint8_t>(~z::kFlagSort);
    CHECK(error_of([&] { z::decompress<C>(no_y.data(), no_y.size()); }) == Errc::not_on_curve);
  }
  SECTION("point outside the prime-order subgroup") {
    const auto p = outside_subgroup<C>();
    REQUIRE(p.is_on_curve());
    const auto pc = z::compress(p);
    const auto pu = z::serialize(p);
    CHECK(error_of([&] { z::decompress<C>(pc.data(), pc.size()); }) == Errc::not_in_subgroup);
    CHECK(error_of([&] { z::deserialize<C>(pu.data(), pu.size()); }) == Errc::not_in_subgroup);
  }
}

TEMPLATE_TEST_CASE("snarkjs layout: Montgomery little-endian round trip, infinity as zero bytes", "[curve][encoding]",
                   bls12_381::G1Curve, bls12_381::G2Curve, bn254::G1Curve, bn254::G2Curve) {
  using C = TestType;
  using Codec = codec::FieldCodec<typename C::Field>;
  auto rng = test::rng_for(12);
  INFO(C::name << ", seed " << test::seed());
  std::vector<std::uint8_t> buf(snarkjs::kPointBytes<C>);
  for (const auto& p : sample_points<C>(rng)) {
    snarkjs::write_point(p, buf.data());
    CHECK(snarkjs::read_point<C>(buf.data(), snarkjs::SubgroupCheck::verify) == p);
  }
  snarkjs::write_point(Affine<C>::identity(), buf.data());
  for (auto b : buf) CHECK(b == 0);

  SECTION("the generator's x is stored as x * R mod q, little-endian") {
    snarkjs::write_point(C::generator(), buf.data());
    typename C::Field x;
    REQUIRE(Codec::read_le_mont(buf.data(), x));
    CHECK(x == C::generator().x);
    std::vector<std::uint8_t> canonical(Codec::kBytes);
    codec::FieldCodec<typename C::Field>::write_be(C::generator().x, canonical.data());
    CHECK(std::vector<std::uint8_t>(buf.begin(), buf.begin() + Codec::kBytes) != canonical);
  }
  SECTION("rejections: coordinate not below q, off the curve, outside the subgroup") {
    snarkjs::write_point(C::generator(), buf.data());
    auto big = buf;
    for (std::size_t i = 0; i < Codec::kBytes; ++i) big[i] = 0xff;
    CHECK(error_of([&] { snarkjs::read_point<C>(big.data()); }) == Errc::not_canonical);
    auto off = buf;
    off[Codec::kBytes] ^= 1;
    CHECK(error_of([&] { snarkjs::read_point<C>(off.data()); }) == Errc::not_on_curve);
    if constexpr (!std::is_same_v<C, bn254::G1Curve>) {  // BN254 G1 has cofactor 1
      const auto p = outside_subgroup<C>();
      snarkjs::write_point(p, buf.data());
      CHECK(snarkjs::read_point<C>(buf.data(), snarkjs::SubgroupCheck::skip) == p);
      CHECK(error_of([&] { snarkjs::read_point<C>(buf.data(), snarkjs::SubgroupCheck::verify); }) ==
            Errc::not_in_subgroup);
    }
  }
}
