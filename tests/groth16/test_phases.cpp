// SPDX-License-Identifier: Apache-2.0
// The prover's phases one by one: prep_msm's classification and split decision, the split MSM
// against one plain MSM (aux scalars all 0, all 1, mixed), and ntt_msm_h in both H conventions
// against polynomial evaluation by Horner's rule.
#include <catch2/catch.hpp>

#include <vector>

#include "support/seed.hpp"
#include "zkforge/groth16/quotient.hpp"
#include "zkforge/groth16/split_msm.hpp"
#include "zkforge/ntt/ntt.hpp"
#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/group.hpp"

using namespace zkforge;

namespace {

template <class F>
HostSpan<F> host_span_of(std::vector<F>& v) {
  return HostSpan<F>{v.data(), v.size()};
}

template <class F>
F horner(const std::vector<F>& coefficients, const F& x) {
  F acc = F::zero();
  for (std::size_t i = coefficients.size(); i-- > 0;) acc = acc * x + coefficients[i];
  return acc;
}

template <class F>
std::vector<F> interpolate(std::vector<F> evaluations, RootConvention roots) {
  NttConfig<F> cfg;
  cfg.direction = NttDirection::inverse;
  cfg.convention = roots;
  ntt(Cpu{}, HostSpan<F>{evaluations.data(), evaluations.size()}, cfg);
  return evaluations;
}

}  // namespace

TEST_CASE("prep_msm classifies 0, 1 and the rest and splits only when that pays", "[groth16][phases]") {
  using Int = bls12_381::Fr::Int;
  const std::vector<Int> s = {Int::from_u64(1), Int::from_u64(0), Int::from_u64(1), Int::from_u64(7),
                              Int::from_u64(0), Int::from_u64(1), Int::from_u64(0), Int::from_u64(9)};
  const auto split = groth16::prep_msm(host_span(s), 2);  // the first two are public: always in the tail
  CHECK(split.zeros == 2);
  CHECK(split.ones == 2);
  CHECK(split.significant() == 4);
  CHECK(split.split);
  CHECK(split.one_bits == std::vector<std::uint64_t>{(1u << 2) | (1u << 5)});
  CHECK(std::vector<std::uint32_t>(split.tail.begin(), split.tail.end()) == std::vector<std::uint32_t>{0, 1, 3, 7});

  std::vector<Int> dense(8, Int::from_u64(5));
  dense[0] = Int::from_u64(1);
  const auto whole = groth16::prep_msm(host_span(dense), 0);
  CHECK_FALSE(whole.split);
  CHECK(whole.tail.empty());
  CHECK(whole.one_bits.empty());

  const std::vector<Int> none;
  const auto empty = groth16::prep_msm(host_span(none), 0);
  CHECK(empty.size == 0);
  CHECK(empty.split);
}

// The bitmap of a GPU prover's batch_add on the host (ones_bitmap: every 1, public ones too), and the
// private wires' part of it (bitmap_from), against a bit-by-bit oracle: sizes 0, 1, odd and either
// side of a word, offsets 0, inside a word, on a word's edge and the whole size; random 0s, 1s and
// others (2, r - 1).
TEST_CASE("ones_bitmap marks every 1 and bitmap_from takes any tail of it", "[groth16][phases]") {
  using Int = bls12_381::Fr::Int;
  auto rng = test::rng_for(62);
  // 2^17 + 3: more words than one parallel_for chunk of ones_bitmap.
  for (const std::size_t n : {0u, 1u, 5u, 63u, 64u, 65u, 127u, 128u, 300u, 5000u, (1u << 17) + 3}) {
    std::vector<Int> s(n);
    for (auto& v : s) {
      const auto k = rng() % 4;
      v = k == 0 ? Int::from_u64(0) : k == 1 ? Int::from_u64(1) : k == 2 ? Int::from_u64(2)
                                                                          : (-bls12_381::Fr::one()).to_int();
    }
    auto bit = [](const std::vector<std::uint64_t>& b, std::size_t i) { return (b[i / 64] >> (i % 64)) & 1; };
    const auto bits = groth16::ones_bitmap(host_span(s));
    INFO("n = " << n << ", seed " << test::seed());
    REQUIRE(bits.size() == (n + 63) / 64);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) wrong += bit(bits, i) != (s[i] == Int::from_u64(1) ? 1u : 0u);
    for (std::size_t i = n; i < 64 * bits.size(); ++i) wrong += bit(bits, i);  // none past the end
    CHECK(wrong == 0);
    for (const std::size_t from : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{64}, n / 2, n}) {
      if (from > n) continue;
      const auto tail = groth16::bitmap_from(bits, from, n);
      INFO("from " << from);
      REQUIRE(tail.size() == (n - from + 63) / 64);
      wrong = 0;
      for (std::size_t i = 0; i < n - from; ++i) wrong += bit(tail, i) != bit(bits, from + i);
      for (std::size_t i = n - from; i < 64 * tail.size(); ++i) wrong += bit(tail, i);  // none past the end
      CHECK(wrong == 0);
    }
  }
  CHECK_THROWS_AS(groth16::bitmap_from(std::vector<std::uint64_t>(2, 0), 129, 128), Error);
  CHECK_THROWS_AS(groth16::bitmap_from(std::vector<std::uint64_t>(1, 0), 0, 128), Error);
}

TEMPLATE_TEST_CASE("the split MSM equals one MSM for aux scalars all 0, all 1 and mixed", "[groth16][phases]",
                   bls12_381::G1Curve, bn254::G1Curve, bls12_381::G2Curve) {
  using C = TestType;
  using Int = typename C::Scalar::Int;
  auto rng = test::rng_for(61);
  for (const std::size_t n : {0u, 1u, 3u, 64u, 65u, 300u}) {
    std::vector<Affine<C>> points(n);
    for (auto& p : points) p = scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine();
    if (n > 2) points[2] = Affine<C>::identity();
    for (const int kind : {0, 1, 2}) {
      std::vector<Int> s(n);
      for (std::size_t i = 0; i < n; ++i) {
        const int k = kind == 2 ? static_cast<int>(rng() % 3) : kind;
        s[i] = k == 0 ? Int::from_u64(0) : k == 1 ? Int::from_u64(1) : C::Scalar::random(rng).to_int();
      }
      for (const std::size_t pub : {std::size_t{0}, std::min<std::size_t>(n, 2)}) {
        const auto split = groth16::prep_msm(host_span(s), pub);
        double batch_ms = 0, tail_ms = 0;
        const auto got = groth16::split_msm(Cpu{}, host_span(points), host_span(s), split, MsmConfig{}, batch_ms, tail_ms);
        const auto want = msm(Cpu{}, host_span(points), host_span(s));
        INFO("n = " << n << ", kind = " << kind << ", public = " << pub << ", split = " << split.split);
        CHECK(got == want);
      }
    }
  }
}

TEMPLATE_TEST_CASE("ntt_msm_h: ab - c on the odd coset (snarkjs) and (ab - c)/Z's coefficients (bellperson)",
                   "[groth16][phases]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(62);
  for (const std::size_t log_n : {0u, 1u, 3u, 6u}) {
    const std::size_t n = std::size_t{1} << log_n;
    for (const RootConvention roots : {RootConvention::snarkjs, RootConvention::zkcrypto}) {
      std::vector<F> a(n), b(n), c(n);
      for (std::size_t i = 0; i < n; ++i) {
        a[i] = F::random(rng);
        b[i] = F::random(rng);
        c[i] = a[i] * b[i];  // a satisfied QAP: ab - c vanishes on the domain
      }
      const auto pa = interpolate(a, roots), pb = interpolate(b, roots), pc = interpolate(c, roots);
      INFO("n = " << n << ", roots = " << root_convention_name(roots));

      auto h = a, hb = b, hc = c;
      groth16::quotient(Cpu{}, host_span_of(h), host_span_of(hb), host_span_of(hc), {groth16::HConvention::odd_coset_lagrange, roots});
      const F g = Domain<F>::root_of_unity(log_n + 1, roots), omega = Domain<F>::root_of_unity(log_n, roots);
      F x = g;
      for (std::size_t i = 0; i < n; ++i, x *= omega)
        CHECK(h[i] == horner(pa, x) * horner(pb, x) - horner(pc, x));

      auto m = a, mb = b, mc = c;
      groth16::quotient(Cpu{}, host_span_of(m), host_span_of(mb), host_span_of(mc), {groth16::HConvention::monomial, roots});
      CHECK(m[n - 1].is_zero());  // deg h <= n - 2
      const F t = F::random(rng);
      const F z = t.pow(F::Int::from_u64(n)) - F::one();
      CHECK(horner(m, t) * z == horner(pa, t) * horner(pb, t) - horner(pc, t));
    }
  }
}
