// SPDX-License-Identifier: Apache-2.0
// The GPU MSM (CUDA or HIP), MsmContext and batch_add of every group against the CPU backend and
// closed forms, on the sizes, windows, scalars and points that break GPU Pippenger implementations
// (skew above all).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/gpu_cases.hpp"
#include "support/msm_fixtures.hpp"
#include "support/scale.hpp"
#include "support/seed.hpp"
#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/msm/gpu.hpp"

using namespace zkforge;
using namespace zkforge::test;

// The cases: every GPU backend linked, with each of these.
using AllGroups = test::GpuCases<bls12_381::G1Curve, bls12_381::G2Curve, bn254::G1Curve, bn254::G2Curve>;
using G1Groups = test::GpuCases<bls12_381::G1Curve, bn254::G1Curve>;

namespace {

const std::size_t kSizes[] = {0, 1, 2, 3, 31, 32, 33, 255, 511, 512, 513, 1000};
const unsigned kWindows[] = {0, 2, 7, 13};  // the GPU's own choice, the smallest, an odd one, a wide one

// Scalars (Montgomery or canonical) copied to `device` (pooled memory), for MsmContext::run on device scalars.
template <class B, class S>
std::unique_ptr<DeviceArray<B, S>> upload(const std::vector<S>& scalars, int device) {
  auto array = std::make_unique<DeviceArray<B, S>>(MemoryPolicy::pooled, device, scalars.size());
  array->upload(host_span(scalars));
  return array;
}

// Level 1 made to take each of its methods whatever the size: XYZZ alone, and 1, 2 or 4 batch-affine
// rounds before it (singles, holes and doublings carried from round to round).
std::vector<MsmConfig> level1_configs(unsigned window) {
  std::vector<MsmConfig> out;
  MsmConfig xyzz{window};
  xyzz.bucket_method = BucketMethod::xyzz;
  out.push_back(xyzz);
  for (const unsigned rounds : {1u, 2u, 4u}) {
    MsmConfig affine{window};
    affine.bucket_method = BucketMethod::batch_affine;
    affine.affine_rounds = rounds;
    out.push_back(affine);
  }
  return out;
}

std::string level1_name(const MsmConfig& cfg) {
  return cfg.bucket_method == BucketMethod::xyzz ? "xyzz" : std::to_string(cfg.affine_rounds) + " affine rounds";
}

template <class F>
double median_ms(int repeats, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < repeats; ++r) {
    const auto start = Clock::now();
    f();
    t.push_back(ms_since(start));
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("GPU MSM equals the CPU backend for every size, window width and scalar form", "[gpu][msm]",
                        AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 101);
  const auto pts = test_points<C>(rng);
  const auto sc = test_scalars<S>(rng);
  const auto ints = canonical(sc);
  for (std::size_t n : kSizes) {
    const Jacobian<C> want = msm(Cpu{}, first(pts, n), first(sc, n));
    for (unsigned c : kWindows) {
      INFO(C::name << ", n = " << n << ", window " << c << ", seed " << test::seed());
      const MsmConfig cfg{c};
      CHECK(msm(B{}, first(pts, n), first(ints, n), cfg) == want);
      CHECK(msm(B{}, first(pts, n), first(sc, n), cfg) == want);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("GPU MSM with skewed buckets: all scalars equal, powers of two, repeated points", "[gpu][msm]",
                        AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 102);
  const std::size_t n = 3000;  // deep enough for several tree levels when one bucket holds every point
  const auto pts = test_points<C>(rng, n);
  Jacobian<C> sum_points = Jacobian<C>::identity();
  for (const auto& p : pts) sum_points = sum_points.add(p);

  const S equal_scalars[] = {S::zero(),
                             S::one(),
                             S::from_u64(2),
                             -S::one(),
                             S::from_u64(2).pow(BigInt<1>::from_u64(64)),
                             S::from_u64(2).pow(BigInt<1>::from_u64(250)),
                             S::random(rng)};
  for (const S& k : equal_scalars) {
    for (unsigned c : {0u, 2u, 16u}) {
      INFO(C::name << ", all " << n << " scalars equal to " << k.to_int().w[0] << "..., window " << c << ", seed "
                   << test::seed());
      const std::vector<S> sc(n, k);
      CHECK(msm(B{}, host_span(pts), host_span(sc), MsmConfig{c}) == sum_points.mul(k.to_int()));
    }
  }

  std::vector<S> powers;
  for (std::size_t i = 0; i < n; ++i) powers.push_back(S::from_u64(2).pow(BigInt<1>::from_u64(i % 255)));
  INFO(C::name << ", scalars 2^(i mod 255), seed " << test::seed());
  CHECK(msm(B{}, host_span(pts), host_span(powers)) == msm(Cpu{}, host_span(pts), host_span(powers)));

  const std::vector<Affine<C>> same(n, pts[7]);
  const auto random = random_vector<S>(n, rng);
  const S k = S::random(rng);
  const std::vector<S> equal(n, k);
  std::vector<Affine<C>> plus_minus;
  for (std::size_t i = 0; i < n; ++i) plus_minus.push_back(i % 2 == 0 ? pts[9] : -pts[9]);
  INFO(C::name << ", one point repeated " << n << " times, seed " << test::seed());
  CHECK(msm(B{}, host_span(same), host_span(random)) == msm(Cpu{}, host_span(same), host_span(random)));
  CHECK(msm(B{}, host_span(same), host_span(equal)) ==
        Jacobian<C>::from_affine(pts[7]).mul((S::from_u64(n) * k).to_int()));
  CHECK(msm(B{}, host_span(plus_minus), host_span(equal)).is_identity());
  CHECK(msm(B{}, host_span(plus_minus), host_span(random)) == msm(Cpu{}, host_span(plus_minus), host_span(random)));
}

TEMPLATE_LIST_TEST_CASE("GPU MSM with batch-affine rounds or XYZZ alone equals the CPU backend on every edge case",
                        "[gpu][msm][affine]", AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 109);
  const auto pts = test_points<C>(rng);  // points at infinity, P and -P, repeated points
  const auto sc = test_scalars<S>(rng);  // 0, 1, r - 1, powers of two, repeated scalars
  const auto ints = canonical(sc);
  for (std::size_t n : kSizes) {
    const Jacobian<C> want = msm(Cpu{}, first(pts, n), first(sc, n));
    for (const unsigned c : {0u, 2u, 13u}) {
      for (const MsmConfig& cfg : level1_configs(c)) {
        INFO(C::name << ", " << level1_name(cfg) << ", window " << c << ", n = " << n << ", seed " << test::seed());
        CHECK(msm(B{}, first(pts, n), first(ints, n), cfg) == want);
        CHECK(msm(B{}, first(pts, n), first(sc, n), cfg) == want);
      }
    }
  }

  // One point n times (every pair a doubling), P and -P alternating (every pair a hole), all scalars
  // equal (one bucket per window holds every point) and few buckets (window 2: long runs).
  const std::size_t n = 3000;
  const auto many = test_points<C>(rng, n);
  const std::vector<Affine<C>> same(n, many[7]);
  std::vector<Affine<C>> alternating;
  for (std::size_t i = 0; i < n; ++i) alternating.push_back(i % 2 == 0 ? many[9] : -many[9]);
  const std::vector<Affine<C>> plus_minus = std::move(alternating);
  const auto random = random_vector<S>(n, rng);
  const std::vector<S> equal(n, S::random(rng)), r_minus_1(n, -S::one()), mixed = witness_mix<S>(n, rng);
  for (const auto* scalars : {&random, &equal, &r_minus_1, &mixed}) {
    for (const auto* points : {&same, &plus_minus, &many}) {
      const Jacobian<C> want = msm(Cpu{}, host_span(*points), host_span(*scalars));
      if (points == &plus_minus && scalars == &equal) CHECK(want.is_identity());
      for (const unsigned c : {0u, 2u}) {
        for (const MsmConfig& cfg : level1_configs(c)) {
          INFO(C::name << ", " << level1_name(cfg) << ", window " << c << ", points "
                       << (points == &same ? "one repeated" : points == &plus_minus ? "P, -P" : "distinct")
                       << ", seed " << test::seed());
          CHECK(msm(B{}, host_span(*points), host_span(*scalars), cfg) == want);
        }
      }
    }
  }

  // A context with copies of its bases, whose bucket windows fold several digits' windows.
  for (const MsmConfig& base : level1_configs(0)) {
    MsmConfig cfg = base;
    cfg.precompute = 3;
    MsmContext<B, C> ctx(host_span(pts), cfg);
    INFO(C::name << ", " << level1_name(cfg) << ", precompute 3 (holds " << ctx.precompute() << "), seed "
                 << test::seed());
    for (std::size_t n : {std::size_t{1}, std::size_t{33}, std::size_t{1000}})
      CHECK(ctx.run(first(sc, n)) == msm(Cpu{}, first(pts, n), first(sc, n)));
  }
}

TEMPLATE_LIST_TEST_CASE("GPU MSM with batch-affine rounds over large G1 inputs against closed forms",
                        "[gpu][msm][affine][large]", G1Groups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 110);
  const std::size_t n = std::size_t{1} << test::at_scale(20u, 15u);
  const auto p = scalar_mul(C::generator(), S::random(rng)).to_affine();
  const auto q = scalar_mul(C::generator(), S::random(rng)).to_affine();
  const auto pts = chain_points(n, p, q);
  const std::vector<S> uniform = random_vector<S>(n, rng), mixed = witness_mix<S>(n, rng), equal(n, S::random(rng));
  for (const unsigned c : {0u, 9u, 20u}) {  // the GPU's own window; long runs; runs of one or two points
    for (const MsmConfig& cfg : level1_configs(c)) {
      INFO(C::name << ", " << level1_name(cfg) << ", window " << c << ", n = " << n << ", seed " << test::seed());
      CHECK(msm(B{}, host_span(pts), host_span(uniform), cfg) == chain_msm(p, q, uniform, 0, n, 0));
      CHECK(msm(B{}, host_span(pts), host_span(mixed), cfg) == chain_msm(p, q, mixed, 0, n, 0));
      CHECK(msm(B{}, host_span(pts), host_span(equal), cfg) == chain_msm(p, q, equal, 0, n, 0));
    }
  }
  MsmConfig most;
  most.bucket_method = BucketMethod::batch_affine;
  most.affine_rounds = kMaxAffineRounds;
  INFO(C::name << ", " << kMaxAffineRounds << " affine rounds, n = " << n << ", seed " << test::seed());
  CHECK(msm(B{}, host_span(pts), host_span(uniform), most) == chain_msm(p, q, uniform, 0, n, 0));
}

TEMPLATE_LIST_TEST_CASE("GPU MSM of large G1 inputs against closed forms and the CPU backend", "[gpu][msm][large]",
                        G1Groups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 103);
  const unsigned log_max = test::at_scale(22u, 16u);
  const std::size_t sizes[] = {std::size_t{1} << (log_max - 6), std::size_t{1} << (log_max - 2), std::size_t{1} << log_max};
  const std::size_t max_n = sizes[2];
  const auto p = scalar_mul(C::generator(), S::random(rng)).to_affine();
  const auto q = scalar_mul(C::generator(), S::random(rng)).to_affine();
  const auto pts = chain_points(max_n, p, q);
  const auto sc = random_vector<S>(max_n, rng);
  const auto ints = canonical(sc);

  for (std::size_t n : sizes) {
    INFO(C::name << ", n = " << n << ", points P + iQ, seed " << test::seed());
    const Jacobian<C> want = chain_msm(p, q, sc, 0, n, 0);
    CHECK(msm(B{}, first(pts, n), first(sc, n)) == want);
    CHECK(msm(B{}, first(pts, n), first(ints, n)) == want);
    if (n <= sizes[1]) CHECK(msm(Cpu{}, first(pts, n), first(sc, n)) == want);
  }

  const std::size_t n = sizes[1];
  const S k = S::random(rng);
  const std::vector<S> equal(n, k);
  INFO(C::name << ", n = " << n << ", all scalars equal, seed " << test::seed());
  CHECK(msm(B{}, first(pts, n), host_span(equal)) == chain_msm(p, q, equal, 0, n, 0));
  // A witness heavy in boolean signals: the window follows the larger scalars alone; all ones take
  // the narrowest window (one pair per point, every one in one bucket).
  const std::vector<S> mixed = witness_mix<S>(n, rng), ones(n, S::one());
  CHECK(msm(B{}, first(pts, n), host_span(mixed)) == chain_msm(p, q, mixed, 0, n, 0));
  CHECK(msm(B{}, first(pts, n), host_span(ones)) == chain_msm(p, q, ones, 0, n, 0));

  MsmContext<B, C> ctx(host_span(pts));
  REQUIRE(ctx.size() == max_n);
  for (int repeat = 0; repeat < 3; ++repeat) {
    const auto fresh = random_vector<S>(max_n, rng);
    INFO(C::name << ", MsmContext of " << max_n << " bases, call " << repeat << ", seed " << test::seed());
    CHECK(ctx.run(host_span(fresh)) == chain_msm(p, q, fresh, 0, max_n, 0));
    CHECK(ctx.run(part(fresh, 5, sizes[0]), sizes[1]) == chain_msm(p, q, fresh, 5, sizes[0], sizes[1]));
  }
  CHECK(ctx.run(host_span(ints)) == chain_msm(p, q, sc, 0, max_n, 0));
  const auto bits = random_bitmap(max_n, rng);
  CHECK(ctx.batch_add(host_span(bits)) == naive_batch_add(pts, 0, bits, max_n));
}

TEMPLATE_LIST_TEST_CASE("MsmContext keeps its bases across calls, sub-ranges and both scalar forms", "[gpu][msm][context]",
                        AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 104);
  const auto pts = test_points<C>(rng);
  MsmContext<B, C> ctx(host_span(pts));
  REQUIRE(ctx.size() == pts.size());
  for (int repeat = 0; repeat < 3; ++repeat) {
    const auto sc = repeat == 0 ? test_scalars<S>(rng) : random_vector<S>(pts.size(), rng);
    const auto ints = canonical(sc);
    const auto on_device = upload<B>(sc, ctx.device());
    const auto ints_on_device = upload<B>(ints, ctx.device());
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1000}}) {
      INFO(C::name << ", call " << repeat << ", n = " << n << ", seed " << test::seed());
      const Jacobian<C> want = msm(Cpu{}, first(pts, n), first(sc, n));
      CHECK(ctx.run(first(sc, n)) == want);
      CHECK(ctx.run(first(ints, n)) == want);
      CHECK(ctx.run(on_device->span(n)) == want);
      CHECK(ctx.run(ints_on_device->span(n)) == want);
    }
    INFO(C::name << ", call " << repeat << ", bases [100, 613), seed " << test::seed());
    CHECK(ctx.run(first(sc, 513), 100) == msm(Cpu{}, part(pts, 100, 513), first(sc, 513)));
    CHECK(ctx.run(first(ints, 513), 487) == msm(Cpu{}, part(pts, 487, 513), first(sc, 513)));
    CHECK(ctx.run(on_device->span(513), 487) == msm(Cpu{}, part(pts, 487, 513), first(sc, 513)));
    CHECK(ctx.run(ints_on_device->span(513), 487) == msm(Cpu{}, part(pts, 487, 513), first(sc, 513)));
  }

  const auto sc = random_vector<S>(pts.size(), rng);
  auto ints = canonical(sc);
  ints[17] = S::kModulus;
  INFO(C::name << ", seed " << test::seed());
  CHECK(error_of([&] { ctx.run(first(sc, 2), 999); }) == Errc::size_mismatch);
  CHECK(error_of([&] { ctx.run(first(sc, 1), 1001); }) == Errc::size_mismatch);
  const auto on_device = upload<B>(sc, ctx.device());
  CHECK(error_of([&] { ctx.run(on_device->span(2), 999); }) == Errc::size_mismatch);
  const DeviceSpan<B, const S> elsewhere{on_device->span(1).data, 1, ctx.device() + 1};
  CHECK(error_of([&] { ctx.run(elsewhere); }) == Errc::invalid_argument);
  CHECK(error_of([&] { ctx.run(host_span(ints)); }) == Errc::not_canonical);
  try {
    ctx.run(host_span(ints));
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("scalar 17 ") != std::string::npos);
  }
  const auto bad_on_device = upload<B>(ints, ctx.device());
  CHECK(error_of([&] { ctx.run(bad_on_device->span(ints.size())); }) == Errc::not_canonical);
  const DeviceSpan<B, const typename S::Int> ints_elsewhere{bad_on_device->span(1).data, 1, ctx.device() + 1};
  CHECK(error_of([&] { ctx.run(ints_elsewhere); }) == Errc::invalid_argument);
  DeviceArray<B, S> small(MemoryPolicy::pooled, ctx.device(), 2);
  CHECK(error_of([&] { small.upload(first(sc, 3)); }) == Errc::size_mismatch);
  CHECK(error_of([&] { (void)small.span(3); }) == Errc::size_mismatch);

  for (std::size_t count : {std::size_t{0}, std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{900}}) {
    const auto bits = random_bitmap(count, rng);
    INFO(C::name << ", context batch_add over bases [100, " << 100 + count << "), seed " << test::seed());
    CHECK(ctx.batch_add(host_span(bits), 100, count) == naive_batch_add(pts, 100, bits, count));
  }
  const auto all_bits = random_bitmap(pts.size(), rng);
  CHECK(ctx.batch_add(host_span(all_bits)) == naive_batch_add(pts, 0, all_bits, pts.size()));
  const std::vector<std::uint64_t> two_words(2, 1), past_end = {std::uint64_t{1} << 5};
  CHECK(error_of([&] { ctx.batch_add(host_span(two_words), 0, 64); }) == Errc::size_mismatch);
  CHECK(error_of([&] { ctx.batch_add(host_span(past_end), 0, 5); }) == Errc::invalid_argument);
  CHECK(error_of([&] { ctx.batch_add(host_span(two_words), 990, 20); }) == Errc::size_mismatch);

  MsmContext<B, C> moved = std::move(ctx);
  CHECK(moved.run(first(sc, 10)) == msm(Cpu{}, first(pts, 10), first(sc, 10)));

  MsmConfig urgent;
  urgent.high_priority = true;  // its stream at the device's highest priority
  MsmContext<B, C> first_in_line(host_span(pts), urgent);
  const auto fine = canonical(sc);
  const auto fine_on_device = upload<B>(fine, first_in_line.device());
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1000}}) {
    INFO(C::name << ", high priority, n = " << n << ", seed " << test::seed());
    CHECK(first_in_line.run(first(sc, n)) == msm(Cpu{}, first(pts, n), first(sc, n)));
    CHECK(first_in_line.run(fine_on_device->span(n)) == msm(Cpu{}, first(pts, n), first(sc, n)));
  }
}

TEMPLATE_LIST_TEST_CASE("MsmContext with precomputed copies of its bases equals the plain MSM", "[gpu][msm][context]",
                        AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 107);
  const auto pts = test_points<C>(rng);  // points at infinity, P and -P, repeated points
  const auto sc = test_scalars<S>(rng);  // 0, 1, r - 1, powers of two, repeated scalars
  const auto ints = canonical(sc);
  const auto on_device = upload<B>(sc, 0);
  for (const unsigned copies : {1u, 2u, 3u, 5u, kPrecomputeAuto}) {
    for (const unsigned c : {0u, 2u, 7u, 13u}) {
      MsmConfig cfg;
      cfg.window_bits = c;
      cfg.precompute = copies;
      MsmContext<B, C> ctx(host_span(pts), cfg);
      INFO(C::name << ", precompute " << copies << " (holds " << ctx.precompute() << "), window " << c << ", seed "
                   << test::seed());
      if (copies == 1) CHECK(ctx.precompute() == 1);
      else if (copies != kPrecomputeAuto) CHECK((ctx.precompute() >= 2 && ctx.precompute() <= copies));
      else CHECK(ctx.precompute() >= 2);  // 1000 bases: every window folded fits any GPU
      for (std::size_t n : kSizes) {
        INFO("n = " << n);
        const Jacobian<C> want = msm(Cpu{}, first(pts, n), first(sc, n));
        CHECK(ctx.run(first(sc, n)) == want);
        CHECK(ctx.run(first(ints, n)) == want);
        CHECK(ctx.run(on_device->span(n)) == want);
      }
      INFO("bases [487, 1000)");
      CHECK(ctx.run(first(sc, 513), 487) == msm(Cpu{}, part(pts, 487, 513), first(sc, 513)));
      const std::vector<S> all_r_minus_1(pts.size(), -S::one()), all_ones(pts.size(), S::one());
      CHECK(ctx.run(host_span(all_r_minus_1)) == msm(Cpu{}, host_span(pts), host_span(all_r_minus_1)));
      CHECK(ctx.run(host_span(all_ones)) == msm(Cpu{}, host_span(pts), host_span(all_ones)));
    }
  }
}

// A dense share below 1 (scalars mostly 0 or 1) narrows the window of a context with copies; the sums
// stay the MSM's, and a share outside (0, 1] is an error that names it.
TEMPLATE_LIST_TEST_CASE("MsmContext planned for a dense share equals the plain MSM", "[gpu][msm][context]", AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 109);
  const auto pts = test_points<C>(rng);  // points at infinity, P and -P, repeated points
  const auto sc = test_scalars<S>(rng);  // 0, 1, r - 1, powers of two, repeated scalars
  const std::vector<S> mixed = witness_mix<S>(pts.size(), rng);
  for (const unsigned copies : {3u, kPrecomputeAuto}) {
    for (const double dense : {1e-3, 0.25}) {
      MsmConfig cfg;
      cfg.precompute = copies;
      cfg.dense_share = dense;
      MsmContext<B, C> ctx(host_span(pts), cfg);
      INFO(C::name << ", precompute " << copies << " (holds " << ctx.precompute() << "), dense share " << dense
                   << ", seed " << test::seed());
      for (std::size_t n : kSizes) {
        INFO("n = " << n);
        CHECK(ctx.run(first(sc, n)) == msm(Cpu{}, first(pts, n), first(sc, n)));
        CHECK(ctx.run(first(mixed, n)) == msm(Cpu{}, first(pts, n), first(mixed, n)));
      }
    }
  }
  for (const double bad : {0.0, -1.0, 1.5, std::nan("")}) {
    MsmConfig cfg;
    cfg.precompute = 3;
    cfg.dense_share = bad;
    INFO("dense share " << bad);
    try {
      MsmContext<B, C> ctx(host_span(pts), cfg);
      FAIL("no error");
    } catch (const Error& e) {
      CHECK(e.code() == Errc::invalid_argument);
      CHECK(std::string(e.what()).find("dense_share") != std::string::npos);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("MsmContext over host scalars in batches of one bucket array equals the plain MSM",
                        "[gpu][msm][context][batches]", AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 111);
  const auto pts = test_points<C>(rng);  // points at infinity, P and -P, repeated points
  const auto sc = test_scalars<S>(rng);  // 0, 1, r - 1, powers of two, repeated scalars
  const auto ints = canonical(sc);
  const std::vector<S> mixed = witness_mix<S>(pts.size(), rng);
  std::vector<S> zeros_then_ones(pts.size(), S::zero());  // the first batches without a pair
  std::fill(zeros_then_ones.begin() + 900, zeros_then_ones.end(), S::one());
  std::vector<S> cancelling(pts.size(), S::zero());  // P and -P in different batches: buckets back to zero
  cancelling[10] = cancelling[990] = S::from_u64(77);
  std::vector<Affine<C>> opposite = pts;
  opposite[990] = -opposite[10];
  for (const unsigned copies : {1u, 3u}) {
    for (const unsigned batches : {2u, 3u, 7u, kMaxScalarBatches}) {
      MsmConfig cfg;
      cfg.precompute = copies;
      cfg.scalar_batches = batches;
      MsmContext<B, C> ctx(host_span(pts), cfg);
      INFO(C::name << ", precompute " << copies << ", " << batches << " batches, seed " << test::seed());
      for (std::size_t n : kSizes) {
        INFO("n = " << n);
        const Jacobian<C> want = msm(Cpu{}, first(pts, n), first(sc, n));
        CHECK(ctx.run(first(sc, n)) == want);
        CHECK(ctx.run(first(ints, n)) == want);
      }
      CHECK(ctx.run(host_span(mixed)) == msm(Cpu{}, host_span(pts), host_span(mixed)));
      CHECK(ctx.run(host_span(zeros_then_ones)) == msm(Cpu{}, host_span(pts), host_span(zeros_then_ones)));
      CHECK(ctx.run(part(sc, 0, 513), 487) == msm(Cpu{}, part(pts, 487, 513), part(sc, 0, 513)));
      const std::vector<S> zeros(pts.size(), S::zero());
      CHECK(ctx.run(host_span(zeros)).is_identity());
      MsmContext<B, C> opposed(host_span(opposite), cfg);
      CHECK(opposed.run(host_span(cancelling)).is_identity());
      CHECK(opposed.run(host_span(sc)) == msm(Cpu{}, host_span(opposite), host_span(sc)));
      // A scalar >= r in the last batch: the error names it, counted from the call's first scalar.
      std::vector<typename S::Int> bad = ints;
      bad[998] = S::kModulus;
      try {
        (void)ctx.run(host_span(bad));
        FAIL("a scalar >= r was taken");
      } catch (const Error& e) {
        CHECK(e.code() == Errc::not_canonical);
        CHECK(std::string(e.what()).find("scalar 998 ") != std::string::npos);
      }
      CHECK(ctx.run(host_span(sc)) == msm(Cpu{}, host_span(pts), host_span(sc)));  // the context still works
    }
  }
  MsmConfig too_many;
  too_many.scalar_batches = kMaxScalarBatches + 1;
  MsmContext<B, C> ctx(host_span(pts), too_many);
  CHECK(error_of([&] { (void)ctx.run(host_span(sc)); }) == Errc::invalid_argument);
}

TEMPLATE_LIST_TEST_CASE("MsmContext over device scalars that arrive in two parts equals the plain MSM",
                        "[gpu][msm][context][batches]", AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  using Int = typename S::Int;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 113);
  const auto pts = test_points<C>(rng);  // points at infinity, P and -P, repeated points
  const auto ints = canonical(test_scalars<S>(rng));  // 0, 1, r - 1, powers of two, repeated scalars
  const auto mixed = canonical(witness_mix<S>(pts.size(), rng));
  const auto stale = canonical(witness_mix<S>(pts.size(), rng));  // what the array holds before the rest
  const auto never_bad = [](const Int&) { return false; };
  // The head uploaded, then run: the rest is written over stale values inside rest(), so a run that read
  // it before rest() returned would sum the stale ones.
  auto arriving = [&](MsmContext<B, C>& ctx, const std::vector<Int>& v, std::size_t n, std::size_t head) {
    DeviceArray<B, Int> w(MemoryPolicy::pooled, ctx.device(), n);
    w.upload(first(stale, n));
    w.upload(first(v, head));
    int calls = 0;
    const Jacobian<C> sum = ctx.run(w.span(n), head, [&] {
      ++calls;
      w.upload_checked(part(v, head, n - head), never_bad, head);
    });
    CHECK(calls == 1);
    return sum;
  };
  std::vector<Int> cancelling(pts.size(), Int{});  // P in the head, -P in the rest: a bucket back to zero
  cancelling[10] = cancelling[990] = S::from_u64(77).to_int();
  std::vector<Affine<C>> opposite = pts;
  opposite[990] = -opposite[10];
  for (const unsigned copies : {1u, 3u}) {
    for (const double dense : {1e-3, 0.25, 1.0}) {
      MsmConfig cfg;
      cfg.precompute = copies;
      cfg.dense_share = dense;
      MsmContext<B, C> ctx(host_span(pts), cfg);
      INFO(C::name << ", precompute " << copies << ", dense share " << dense << ", seed " << test::seed());
      for (const std::size_t n : kSizes) {
        for (const std::size_t head : {std::size_t{0}, std::size_t{1}, n / 3, n - (n > 0), n}) {
          if (head > n) continue;
          INFO("n = " << n << ", head " << head);
          CHECK(arriving(ctx, ints, n, head) == msm(Cpu{}, first(pts, n), first(ints, n)));
        }
      }
      CHECK(arriving(ctx, mixed, mixed.size(), 125) == msm(Cpu{}, host_span(pts), host_span(mixed)));
      MsmContext<B, C> opposed(host_span(opposite), cfg);
      CHECK(arriving(opposed, cancelling, cancelling.size(), 500).is_identity());
      // A scalar >= r in the rest: the error names it.
      std::vector<Int> bad = ints;
      bad[998] = S::kModulus;
      try {
        (void)arriving(ctx, bad, bad.size(), 500);
        FAIL("a scalar >= r was taken");
      } catch (const Error& e) {
        CHECK(e.code() == Errc::not_canonical);
        CHECK(std::string(e.what()).find("scalar 998 ") != std::string::npos);
      }
      // What rest() throws (the caller's upload failed), the run throws; the context still works.
      DeviceArray<B, Int> w(MemoryPolicy::pooled, ctx.device(), ints.size());
      w.upload(host_span(ints));
      try {
        (void)ctx.run(w.span(ints.size()), 300, [] { throw Error(Errc::device_error, "the rest's upload failed"); });
        FAIL("no error");
      } catch (const Error& e) {
        CHECK(e.code() == Errc::device_error);
        CHECK(std::string(e.what()).find("the rest's upload failed") != std::string::npos);
      }
      CHECK(ctx.run(w.span(ints.size()), 300, [] {}) == msm(Cpu{}, host_span(pts), host_span(ints)));
    }
  }
}

// MsmConfig::skip_ones: a context's runs leave out the scalars equal to 1 (a prover's batch_add sums
// their bases on the host), over host scalars in both forms, in one batch or several, over device
// scalars and over scalars that arrive in two parts; a one-shot call sums them all.
TEMPLATE_LIST_TEST_CASE("MsmContext leaving out the scalars 1 equals the plain MSM of the others", "[gpu][msm][context]",
                        AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 117);
  const auto pts = test_points<C>(rng);  // points at infinity, P and -P, repeated points
  const auto sc = test_scalars<S>(rng);  // 0, 1, r - 1, powers of two, repeated scalars
  const std::vector<S> mixed = witness_mix<S>(pts.size(), rng);
  const std::vector<S> ones(pts.size(), S::one());
  auto others = [](std::vector<S> v) {  // the 1s made 0s
    for (S& x : v)
      if (x == S::one()) x = S::zero();
    return v;
  };
  MsmConfig plain;
  plain.skip_ones = true;
  INFO(C::name << ", seed " << test::seed());
  CHECK(msm(B{}, host_span(pts), host_span(sc), plain) == msm(Cpu{}, host_span(pts), host_span(sc)));
  for (const unsigned copies : {1u, 3u}) {
    for (const auto& [dense, batches] : {std::pair{1.0, 1u}, std::pair{0.25, 3u}}) {
      MsmConfig cfg;
      cfg.precompute = copies;
      cfg.dense_share = dense;
      cfg.scalar_batches = batches;
      cfg.skip_ones = true;
      MsmContext<B, C> ctx(host_span(pts), cfg);
      INFO("precompute " << copies << ", dense share " << dense << ", " << batches << " batches");
      for (const auto* v : {&sc, &mixed, &ones}) {
        const auto ints = canonical(*v);
        const auto on_device = upload<B>(ints, ctx.device());
        for (const std::size_t n : kSizes) {
          INFO("n = " << n << ", scalars " << (v == &sc ? "edge cases" : v == &mixed ? "witness mix" : "all 1"));
          const std::vector<S> rest = others(std::vector<S>(v->begin(), v->begin() + static_cast<std::ptrdiff_t>(n)));
          const Jacobian<C> want = msm(Cpu{}, first(pts, n), host_span(rest));
          CHECK(ctx.run(first(*v, n)) == want);
          CHECK(ctx.run(first(ints, n)) == want);
          CHECK(ctx.run(on_device->span(n)) == want);
          CHECK(ctx.run(on_device->span(n), n / 3, [] {}) == want);
        }
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("MsmContext with precomputed copies over large G1 inputs, all its windows folded or some",
                        "[gpu][msm][context][large]", G1Groups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 108);
  const std::size_t n = std::size_t{1} << test::at_scale(20u, 16u);
  const auto p = scalar_mul(C::generator(), S::random(rng)).to_affine();
  const auto q = scalar_mul(C::generator(), S::random(rng)).to_affine();
  const auto pts = chain_points(n, p, q);
  const std::vector<S> uniform = random_vector<S>(n, rng), mixed = witness_mix<S>(n, rng),
                       equal(n, S::random(rng));
  for (const auto& [copies, batches] : {std::pair{2u, kScalarBatchesAuto}, std::pair{kPrecomputeAuto, 1u},
                                        std::pair{kPrecomputeAuto, 4u}}) {
    MsmConfig cfg;
    cfg.precompute = copies;
    cfg.scalar_batches = batches;
    MsmContext<B, C> ctx(host_span(pts), cfg);
    INFO(C::name << ", n = " << n << ", precompute " << copies << " (holds " << ctx.precompute() << "), "
                 << batches << " scalar batches, seed " << test::seed());
    CHECK(ctx.precompute() >= 2);
    CHECK(ctx.run(host_span(uniform)) == chain_msm(p, q, uniform, 0, n, 0));
    CHECK(ctx.run(host_span(mixed)) == chain_msm(p, q, mixed, 0, n, 0));
    CHECK(ctx.run(host_span(equal)) == chain_msm(p, q, equal, 0, n, 0));
    CHECK(ctx.run(part(uniform, 3, n / 4), n / 2) == chain_msm(p, q, uniform, 3, n / 4, n / 2));
    const MsmContextBytes bytes = msm_context_bytes<B, C>(n, cfg);
    CHECK(bytes.held >= ctx.precompute() * n * 2 * sizeof(typename C::Field));
    CHECK(bytes.per_run > 0);
  }
}

TEMPLATE_LIST_TEST_CASE("GPU batch_add equals the CPU backend for empty, full and random bitmaps", "[gpu][batch_add]",
                        AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 105);
  const auto pts = test_points<C>(rng);
  for (std::size_t n : kSizes) {
    const std::size_t words = (n + 63) / 64;
    std::vector<std::uint64_t> none(words, 0), all(words, ~0ull);
    if (n % 64 != 0) all.back() = (1ull << (n % 64)) - 1;
    auto random = random_bitmap(n, rng);
    for (const auto* bitmap : {&none, &all, &random}) {
      INFO(C::name << ", n = " << n << ", bitmap " << (bitmap == &none ? "empty" : bitmap == &all ? "full" : "random")
                   << ", seed " << test::seed());
      CHECK(batch_add(B{}, first(pts, n), host_span(*bitmap)) ==
            batch_add(Cpu{}, first(pts, n), host_span(*bitmap)));
    }
  }
  const std::size_t big = std::size_t{1} << test::at_scale(18, 12);
  const auto many = test_points<C>(rng, big);
  const auto bits = random_bitmap(big, rng);
  INFO(C::name << ", n = " << big << ", random bitmap, seed " << test::seed());
  CHECK(batch_add(B{}, host_span(many), host_span(bits)) == batch_add(Cpu{}, host_span(many), host_span(bits)));
}

TEMPLATE_LIST_TEST_CASE("GPU MSM and batch_add reject malformed calls with a clear error", "[gpu][msm]",
                        LinkedGpuBackends) {
  using B = TestType;
  using namespace bls12_381;
  const std::vector<G1Affine> pts(3, G1Affine::generator());
  const std::vector<Fr> three(3, Fr::one()), two(2, Fr::one());
  const std::vector<Fr::Int> big(3, Fr::kModulus);
  INFO("seed " << test::seed());
  CHECK(error_of([&] { msm(B{}, host_span(pts), host_span(two)); }) == Errc::size_mismatch);
  CHECK(error_of([&] { msm(B{}, host_span(pts), host_span(big)); }) == Errc::not_canonical);
  CHECK(error_of([&] { msm(B{}, host_span(pts), host_span(three), MsmConfig{1}); }) == Errc::invalid_argument);
  CHECK(error_of([&] { msm(B{}, host_span(pts), host_span(three), MsmConfig{25}); }) == Errc::invalid_argument);
  MsmConfig too_many_rounds;
  too_many_rounds.affine_rounds = kMaxAffineRounds + 1;
  CHECK(error_of([&] { msm(B{}, host_span(pts), host_span(three), too_many_rounds); }) == Errc::invalid_argument);
  const std::vector<std::uint64_t> no_words, past_end = {0x8};
  CHECK(error_of([&] { batch_add(B{}, host_span(pts), host_span(no_words)); }) == Errc::size_mismatch);
  CHECK(error_of([&] { batch_add(B{}, host_span(pts), host_span(past_end)); }) == Errc::invalid_argument);
  CHECK(error_of([&] { MsmContext<B, G1Curve>(host_span(pts)).run(host_span(two), 2); }) == Errc::size_mismatch);

  CHECK((msm_device_bytes<B, G1Curve>(0)) == 0);
  std::size_t previous = 0;
  for (std::size_t n = 1; n <= (std::size_t{1} << 24); n *= 4) {
    const std::size_t bytes = msm_device_bytes<B, G1Curve>(n);
    INFO("n = " << n << ": " << bytes << " bytes");
    CHECK(bytes > previous);
    CHECK(bytes >= n * 100);
    previous = bytes;
  }
  CHECK((msm_device_bytes<B, G2Curve>(1 << 20)) > (msm_device_bytes<B, G1Curve>(1 << 20)));
}

TEMPLATE_LIST_TEST_CASE("GPU MSM and batch_add split work that does not fit the free device memory", "[gpu][msm][pieces][alone]",
                        LinkedGpuBackends) {
  using B = TestType;
  using namespace bls12_381;
  using C = G1Curve;
  auto rng = test::rng_for(106);
  const std::size_t n = std::size_t{1} << test::at_scale(20, 18);  // a piece's buffers well above the slack below
  const auto p = scalar_mul(C::generator(), Fr::random(rng)).to_affine();
  const auto q = scalar_mul(C::generator(), Fr::random(rng)).to_affine();
  const auto pts = chain_points(n, p, q);
  const auto sc = random_vector<Fr>(n, rng);
  const auto bits = random_bitmap(n, rng);
  const Jacobian<C> want = chain_msm(p, q, sc, 0, n, 0);
  MsmConfig plain, copied;
  plain.precompute = 1;
  copied.precompute = 3;
  MsmContext<B, C> ctx(host_span(pts), plain), with_copies(host_span(pts), copied);
  const auto on_device = upload<B>(sc, ctx.device());

  // Every kernel loaded (the runtime loads a module's code at its first launch, from device memory)
  // and the pools emptied, then only a third of what one piece of n points needs left free, beside the
  // backend's reserve (256 MiB, kReserveBytes) and 32 MiB of slack.
  REQUIRE(ctx.run(host_span(sc)) == want);
  REQUIRE(with_copies.run(host_span(sc)) == want);
  REQUIRE(ctx.batch_add(host_span(bits)) == naive_batch_add(pts, 0, bits, n));
  const std::size_t copies_run = msm_context_bytes<B, C>(n, copied).per_run;
  for (const auto policy : {MemoryPolicy::pooled, MemoryPolicy::deferred}) {
    gpu::memory_flush<B>(policy, ctx.device());
    gpu::memory_trim<B>(policy, ctx.device());
  }
  const std::size_t reserve = std::size_t{256} << 20;
  const std::size_t piece = msm_device_bytes<B, C>(n);
  const std::size_t keep = piece / 3 + reserve + (std::size_t{32} << 20);
  const std::size_t free_bytes = gpu::device_memory_info<B>(ctx.device()).free_bytes;
  REQUIRE(free_bytes > keep);
  const DeviceArray<B, unsigned char> hog(MemoryPolicy::synchronous, ctx.device(), free_bytes - keep);
  const std::size_t left = gpu::device_memory_info<B>(ctx.device()).free_bytes;
  INFO("n = " << n << ", " << left << " bytes free of the " << piece << " one piece needs, seed " << test::seed());
  // The premise: even the context's run, which needs no room for the points, cannot take n at once.
  REQUIRE(left < piece - n * (sizeof(Affine<C>) + 1) + reserve);
  REQUIRE(left < copies_run + reserve);
  CHECK(msm(B{}, host_span(pts), host_span(sc)) == want);
  CHECK(ctx.run(host_span(sc)) == want);
  CHECK(with_copies.run(host_span(sc)) == want);
  CHECK(ctx.run(on_device->span(n)) == want);
  CHECK(batch_add(B{}, host_span(pts), host_span(bits)) == naive_batch_add(pts, 0, bits, n));
  CHECK(ctx.batch_add(host_span(bits)) == naive_batch_add(pts, 0, bits, n));
}

// Timings for docs/perf.md: run with `test_gpu_msm "[bench]"` (hidden from the default run).
TEMPLATE_LIST_TEST_CASE("GPU MSM timings", "[.][bench]", AllGroups) {
  using B = typename TestType::Backend;
  using C = typename TestType::Type;
  using S = typename C::Scalar;
  auto rng = test::rng_for(107);
  const std::size_t max_n = std::size_t{1} << (sizeof(typename C::Field) <= 48 ? 24 : 22);
  const auto p = scalar_mul(C::generator(), S::random(rng)).to_affine();
  const auto q = scalar_mul(C::generator(), S::random(rng)).to_affine();
  auto start = Clock::now();
  const auto pts = chain_points(max_n, p, q);
  const auto sc = random_vector<S>(max_n, rng);
  std::printf("%s: %zu points and scalars made on the CPU in %.0f ms\n", C::name, max_n, ms_since(start));
  start = Clock::now();
  MsmContext<B, C> ctx(host_span(pts));
  std::printf("%s: MsmContext upload of %zu bases: %.1f ms\n", C::name, max_n, ms_since(start));
  std::printf("%-14s %10s %14s %14s %14s\n", "group", "n", "resident ms", "from host ms", "batch_add ms");
  for (std::size_t n = std::size_t{1} << 16; n <= max_n; n <<= 2) {
    INFO(C::name << ", n = " << n << ", seed " << test::seed());
    const Jacobian<C> want = chain_msm(p, q, sc, 0, n, 0);
    CHECK(ctx.run(first(sc, n)) == want);
    CHECK(msm(B{}, first(pts, n), first(sc, n)) == want);
    const double resident = median_ms(5, [&] { (void)ctx.run(first(sc, n)); });
    const double from_host = median_ms(3, [&] { (void)msm(B{}, first(pts, n), first(sc, n)); });
    const auto bits = random_bitmap(n, rng);
    const double batch = median_ms(5, [&] { (void)ctx.batch_add(host_span(bits), 0, n); });
    std::printf("%-14s %10zu %14.2f %14.2f %14.2f\n", C::name, n, resident, from_host, batch);
  }
}
