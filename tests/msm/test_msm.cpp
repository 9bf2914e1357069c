// SPDX-License-Identifier: Apache-2.0
// MSM and batch_add of every group against the naive sum of scalar multiplications, on the
// sizes, window widths, scalars and points that break Pippenger implementations.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "support/cpu_lanes.hpp"
#include "support/msm_fixtures.hpp"
#include "support/seed.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/msm/msm.hpp"

using namespace zkforge;
using namespace zkforge::test;

namespace {

const std::size_t kSizes[] = {0, 1, 2, 3, 31, 32, 33, 255, 511, 512, 513, 1000};

// n points p, -p, p, -p, ...: sums that cancel.
template <class C>
std::vector<Affine<C>> alternating(const Affine<C>& p, std::size_t n) {
  std::vector<Affine<C>> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(i % 2 == 0 ? p : -p);
  return v;
}

}  // namespace

TEMPLATE_TEST_CASE("MSM equals the naive sum for every size, window width and bucket method", "[msm]",
                   bls12_381::G1Curve, bls12_381::G2Curve, bn254::G1Curve, bn254::G2Curve) {
  using C = TestType;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 1);
  const auto pts = test_points<C>(rng);
  const auto sc = test_scalars<S>(rng);
  const auto ints = canonical(sc);
  const auto naive = naive_prefix_sums(pts, sc);
  const std::vector<bool> settings = test::lane_paths();
  for (std::size_t setting = 0; setting < settings.size(); ++setting) {
    const bool ifma = settings[setting];
    test::use_ifma_lanes(ifma);
    for (std::size_t n : kSizes) {
      for (unsigned c : {0u, 2u, 5u, 8u, 13u}) {
        for (BucketMethod m : {BucketMethod::batch_affine, BucketMethod::xyzz}) {
          if (setting > 0 && m == BucketMethod::xyzz) continue;  // xyzz has no lanes: once is enough
          INFO(C::name << ", n = " << n << ", window " << c << ", method " << static_cast<int>(m) << ", IFMA lanes "
                       << ifma << ", seed " << test::seed());
          const MsmConfig cfg{c, 0, m};
          CHECK(msm(Cpu{}, first(pts, n), first(ints, n), cfg) == naive[n]);
          if (c == 0) CHECK(msm(Cpu{}, first(pts, n), first(sc, n), cfg) == naive[n]);
        }
      }
    }
  }
  test::use_ifma_lanes(true);
}

TEMPLATE_TEST_CASE("MSM with special scalars: all zero, all one, all r-1, all equal, powers of two, one point repeated", "[msm]",
                   bls12_381::G1Curve, bn254::G1Curve, bn254::G2Curve) {
  using C = TestType;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 2);
  const auto pts = test_points<C>(rng);
  const std::size_t n = 300;
  Jacobian<C> sum_points = Jacobian<C>::identity();
  for (std::size_t i = 0; i < n; ++i) sum_points = sum_points.add(pts[i]);
  INFO(C::name << ", seed " << test::seed());
  for (const S& k : {S::zero(), S::one(), -S::one(), S::random(rng), S::from_u64(1ull << 40)}) {
    const std::vector<S> sc(n, k);
    CHECK(msm(Cpu{}, first(pts, n), first(sc, n)) == sum_points.mul(k.to_int()));
  }
  std::vector<S> powers;
  Jacobian<C> want = Jacobian<C>::identity();
  for (std::size_t i = 0; i < n; ++i) {
    powers.push_back(S::from_u64(2).pow(BigInt<1>::from_u64(i % 255)));
    want = want.add(scalar_mul(pts[i], powers.back()));
  }
  CHECK(msm(Cpu{}, first(pts, n), first(powers, n)) == want);
  // One point n times, and P, -P alternating, all under one scalar: every point lands in the same
  // bucket of each window, so the bucket's points sum among themselves (doublings, cancellations).
  const S k = S::random(rng);
  const std::vector<S> same(n, k);
  const std::vector<Affine<C>> repeated(n, pts[7]);
  const auto opposite = alternating(pts[7], n);
  CHECK(msm(Cpu{}, first(repeated, n), first(same, n)) == scalar_mul(pts[7], k * S::from_u64(n)));
  CHECK(msm(Cpu{}, first(opposite, n), first(same, n)) == Jacobian<C>::identity());
  CHECK(msm(Cpu{}, first(opposite, n - 1), first(same, n - 1)) == scalar_mul(pts[7], k));
}

TEMPLATE_TEST_CASE("batch_add equals the naive sum for empty, full and random bitmaps", "[msm][batch_add]",
                   bls12_381::G1Curve, bls12_381::G2Curve, bn254::G1Curve, bn254::G2Curve) {
  using C = TestType;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 3);
  const auto pts = test_points<C>(rng);
  // Sums that double and cancel in the batched additions: one point repeated, and P, -P alternating.
  const std::vector<Affine<C>> repeated(1000, pts[7]);
  const auto opposite = alternating(pts[7], 1000);
  const std::vector<Affine<C>>* const point_sets[] = {&pts, &repeated, &opposite};
  for (const bool ifma : test::lane_paths()) {
    test::use_ifma_lanes(ifma);
    for (BucketMethod m : {BucketMethod::batch_affine, BucketMethod::xyzz}) {
      INFO(C::name << ", method " << static_cast<int>(m) << ", IFMA lanes " << ifma << ", seed " << test::seed());
      const MsmConfig cfg{0, 0, m};
      for (std::size_t n : kSizes) {
        const std::size_t words = (n + 63) / 64;
        std::vector<std::uint64_t> none(words, 0), all(words, ~0ull), random(words);
        if (n % 64 != 0) all.back() = (1ull << (n % 64)) - 1;
        for (auto& w : random) w = rng();
        if (n % 64 != 0) random.back() &= (1ull << (n % 64)) - 1;
        for (const auto* points : point_sets) {
          for (const auto* bitmap : {&none, &all, &random}) {
            INFO("n = " << n);
            CHECK(batch_add(Cpu{}, first(*points, n), host_span(*bitmap), cfg) == naive_batch_add(*points, 0, *bitmap, n));
          }
        }
      }
    }
  }
  test::use_ifma_lanes(true);
}

TEMPLATE_TEST_CASE("batch_add of 2048 and more points on one thread: the batched affine additions", "[msm][batch_add]",
                   bls12_381::G1Curve, bls12_381::G2Curve, bn254::G1Curve, bn254::G2Curve) {
  // One thread, so that one task holds every selected point: from 2048 on, batched affine additions
  // (cpu::affine_sum), with their doublings (one point repeated) and cancellations (P, -P alternating),
  // and points at infinity, P and -P and repeats among the random ones (test_points).
  using C = TestType;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 4);
  const std::size_t n = 5000;
  const auto pts = test_points<C>(rng, n);
  const std::vector<Affine<C>> repeated(n, pts[7]);
  const auto opposite = alternating(pts[7], n);
  const std::vector<Affine<C>>* const point_sets[] = {&pts, &repeated, &opposite};
  for (const bool ifma : test::lane_paths()) {
    test::use_ifma_lanes(ifma);
    INFO(C::name << ", IFMA lanes " << ifma << ", seed " << test::seed());
    for (const std::size_t count : {std::size_t{2047}, std::size_t{2048}, std::size_t{4099}, n}) {
      const std::size_t words = (count + 63) / 64;
      std::vector<std::uint64_t> all(words, ~0ull), most(words);
      if (count % 64 != 0) all.back() = (1ull << (count % 64)) - 1;
      for (std::size_t w = 0; w < words; ++w) most[w] = all[w] & ~(std::uint64_t{1} << (rng() % 64));
      for (const auto* points : point_sets) {
        for (const auto* bitmap : {&all, &most}) {
          INFO("count " << count);
          CHECK(batch_add(Cpu{}, first(*points, count), host_span(*bitmap), MsmConfig{0, 1}) ==
                naive_batch_add(*points, 0, *bitmap, count));
        }
      }
    }
  }
  test::use_ifma_lanes(true);
}

TEST_CASE("MSM and batch_add reject malformed calls with a clear error", "[msm]") {
  using namespace bls12_381;
  const std::vector<G1Affine> pts(3, G1Affine::generator());
  const std::vector<Fr> three(3, Fr::one()), two(2, Fr::one());
  std::vector<Fr::Int> big(3, Fr::kModulus);
  auto code = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return e.code();
    }
    return Errc::device_error;  // no error: fails every CHECK below
  };
  CHECK(code([&] { msm(Cpu{}, host_span(pts), host_span(two)); }) == Errc::size_mismatch);
  CHECK(code([&] { msm(Cpu{}, host_span(pts), host_span(big)); }) == Errc::not_canonical);
  CHECK(code([&] { msm(Cpu{}, host_span(pts), host_span(three), MsmConfig{1, 0, BucketMethod::xyzz}); }) ==
        Errc::invalid_argument);
  const std::vector<std::uint64_t> no_words, past_end = {0x8};
  CHECK(code([&] { batch_add(Cpu{}, host_span(pts), host_span(no_words)); }) == Errc::size_mismatch);
  CHECK(code([&] { batch_add(Cpu{}, host_span(pts), host_span(past_end)); }) == Errc::invalid_argument);
}
