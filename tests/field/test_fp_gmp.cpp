// SPDX-License-Identifier: Apache-2.0
// Every prime-field operation of the four fields against GMP, on random and edge inputs.
#include <catch2/catch.hpp>

#include <vector>

#include "support/gmp_oracle.hpp"
#include "support/seed.hpp"
#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"
#include "zkforge/field/fixed_factor.hpp"

using namespace zkforge;
using zkforge::test::hex;
using zkforge::test::to_mpz;

namespace {

constexpr int kRandomInputs = 10000;

// Records the first mismatch of a run in the failure message: operation, inputs, got, wanted.
#define ZKF_CHECK_MPZ(op, inputs, got, want)                                                  \
  do {                                                                                         \
    const mpz_class zkf_got = (got), zkf_want = (want);                                        \
    if (zkf_got != zkf_want) {                                                                 \
      INFO(op << " on " << inputs << ": got " << hex(zkf_got) << ", want " << hex(zkf_want)); \
      CHECK(zkf_got == zkf_want);                                                              \
      ++mismatches;                                                                            \
    }                                                                                          \
  } while (0)

template <class F>
mpz_class mod(const mpz_class& v) {
  const mpz_class p = test::modulus_mpz<F>();
  mpz_class r = v % p;
  if (r < 0) r += p;
  return r;
}

// 0, 1, 2, (p-1)/2, (p+1)/2, values just below p and powers of 2^64 below p.
template <class F>
std::vector<mpz_class> edge_values() {
  const mpz_class p = test::modulus_mpz<F>();
  std::vector<mpz_class> v = {0, 1, 2, 3, (p - 1) / 2, (p + 1) / 2};
  for (int k = 1; k <= 8; ++k) v.push_back(p - k);
  for (std::size_t k = 1; k < F::kLimbs; ++k) {
    mpz_class t = 1;
    t <<= 64 * k;
    v.push_back(t - 1);
    v.push_back(t);
  }
  return v;
}

template <class F>
std::vector<mpz_class> inputs(std::mt19937_64& rng) {
  std::vector<mpz_class> v = edge_values<F>();
  for (int i = 0; i < kRandomInputs; ++i) v.push_back(to_mpz(F::random(rng)));
  return v;
}

}  // namespace

TEMPLATE_TEST_CASE("field arithmetic agrees with GMP on random and edge inputs", "[field][gmp]", bls12_381::Fq,
                   bls12_381::Fr, bn254::Fq, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(F::kBits + F::kLimbs);
  const mpz_class p = test::modulus_mpz<F>();
  const std::vector<mpz_class> xs = inputs<F>(rng);
  std::vector<mpz_class> ys = xs;
  std::shuffle(ys.begin(), ys.end(), rng);
  const std::vector<mpz_class> edges = edge_values<F>();
  INFO(F::Params::name << ", seed " << test::seed());
  int mismatches = 0;

  auto binary_ops = [&](const mpz_class& x, const mpz_class& y) {
    const F a = test::from_mpz<F>(x), b = test::from_mpz<F>(y);
    const auto in = hex(x) + ", " + hex(y);
    ZKF_CHECK_MPZ("add", in, to_mpz(a + b), mod<F>(x + y));
    ZKF_CHECK_MPZ("sub", in, to_mpz(a - b), mod<F>(x - y));
    ZKF_CHECK_MPZ("mul", in, to_mpz(a * b), mod<F>(x * y));
    ZKF_CHECK_MPZ("sum of products", in, to_mpz(F::sum_of_products(a, b, -b, a + b)), mod<F>(x * y - y * (x + y)));
  };
  SECTION("add, sub, mul, sum of products") {
    for (std::size_t i = 0; i < xs.size(); ++i) binary_ops(xs[i], ys[i]);
    for (const auto& x : edges)
      for (const auto& y : edges) binary_ops(x, y);
  }
  SECTION("neg, double, square") {
    for (const auto& x : xs) {
      const F a = test::from_mpz<F>(x);
      ZKF_CHECK_MPZ("neg", hex(x), to_mpz(-a), mod<F>(-x));
      ZKF_CHECK_MPZ("double", hex(x), to_mpz(a.dbl()), mod<F>(2 * x));
      ZKF_CHECK_MPZ("square", hex(x), to_mpz(a.sqr()), mod<F>(x * x));
    }
  }
  SECTION("inverse; zero maps to zero") {
    for (const auto& x : xs) {
      mpz_class want = 0;
      if (x != 0) mpz_invert(want.get_mpz_t(), x.get_mpz_t(), p.get_mpz_t());
      ZKF_CHECK_MPZ("inverse", hex(x), to_mpz(test::from_mpz<F>(x).inverse()), want);
      // The GPU's and constant evaluation's algorithm, called here at run time on the host.
      if (x != 0) ZKF_CHECK_MPZ("binary_inverse", hex(x), to_mpz(test::from_mpz<F>(x).binary_inverse()), want);
    }
  }
  SECTION("pow with random and edge exponents") {
    std::vector<mpz_class> exps = {0, 1, 2, p - 1, p - 2, p, p + 1};
    for (int i = 0; i < kRandomInputs; ++i) exps.push_back(to_mpz(F::random(rng)));
    for (std::size_t i = 0; i < exps.size(); ++i) {
      const mpz_class& x = xs[i % xs.size()];
      const auto e = test::to_bigint<F::kLimbs + 1>(exps[i]);
      mpz_class want;
      mpz_powm(want.get_mpz_t(), x.get_mpz_t(), exps[i].get_mpz_t(), p.get_mpz_t());
      ZKF_CHECK_MPZ("pow", hex(x) + " ^ " + hex(exps[i]), to_mpz(test::from_mpz<F>(x).pow(e)), want);
    }
  }
  SECTION("legendre symbol and square root") {
    int squares = 0, non_squares = 0;
    for (const auto& x : xs) {
      const F a = test::from_mpz<F>(x);
      const int want = mpz_legendre(x.get_mpz_t(), p.get_mpz_t());
      ZKF_CHECK_MPZ("legendre", hex(x), a.legendre(), want);
      F r;
      const bool found = a.sqrt(r);
      ZKF_CHECK_MPZ("sqrt exists", hex(x), found ? 1 : 0, want >= 0 ? 1 : 0);
      if (found) ZKF_CHECK_MPZ("sqrt squared", hex(x), mod<F>(to_mpz(r) * to_mpz(r)), x);
      (want == 1 ? squares : non_squares) += 1;
    }
    CHECK(squares > kRandomInputs / 3);
    CHECK(non_squares > kRandomInputs / 3);
  }
  SECTION("canonical bytes, little- and big-endian, round trip and agree with GMP's export") {
    std::uint8_t le[F::kBytes], be[F::kBytes];
    for (const auto& x : xs) {
      const F a = test::from_mpz<F>(x);
      a.to_bytes_le(le);
      a.to_bytes_be(be);
      mpz_class from_le, from_be;
      mpz_import(from_le.get_mpz_t(), F::kBytes, -1, 1, 0, 0, le);
      mpz_import(from_be.get_mpz_t(), F::kBytes, 1, 1, 0, 0, be);
      ZKF_CHECK_MPZ("to_bytes_le", hex(x), from_le, x);
      ZKF_CHECK_MPZ("to_bytes_be", hex(x), from_be, x);
      F b, c;
      ZKF_CHECK_MPZ("from_bytes_le accepts", hex(x), F::from_bytes_le(le, b) ? 1 : 0, 1);
      ZKF_CHECK_MPZ("from_bytes_be accepts", hex(x), F::from_bytes_be(be, c) ? 1 : 0, 1);
      ZKF_CHECK_MPZ("from_bytes_le", hex(x), to_mpz(b), x);
      ZKF_CHECK_MPZ("from_bytes_be", hex(x), to_mpz(c), x);
    }
  }
  SECTION("Montgomery words are x * 2^(64N) mod p") {
    mpz_class R = 1;
    R <<= 64 * F::kLimbs;
    for (const auto& x : xs) {
      const F a = test::from_mpz<F>(x);
      ZKF_CHECK_MPZ("montgomery form", hex(x), to_mpz(a.montgomery_words()), mod<F>(x * R));
    }
  }
  SECTION("integers at or above p are rejected") {
    mpz_class top = 1;
    top <<= 64 * F::kLimbs;
    std::vector<mpz_class> bad = {p, p + 1, top - 1};
    for (int i = 0; i < 1000; ++i) bad.push_back(p + to_mpz(F::random(rng)) % (top - p));
    for (const auto& v : bad) {
      F out = F::one();
      const auto raw = test::to_bigint<F::kLimbs>(v);
      ZKF_CHECK_MPZ("from_int rejects", hex(v), F::from_int(raw, out) ? 1 : 0, 0);
      ZKF_CHECK_MPZ("from_montgomery rejects", hex(v), F::from_montgomery(raw, out) ? 1 : 0, 0);
      ZKF_CHECK_MPZ("rejected value leaves output untouched", hex(v), to_mpz(out), 1);
      std::uint8_t be[F::kBytes];
      for (std::size_t i = 0; i < F::kBytes; ++i) be[i] = static_cast<std::uint8_t>(raw.w[(F::kBytes - 1 - i) / 8] >> (8 * ((F::kBytes - 1 - i) % 8)));
      ZKF_CHECK_MPZ("from_bytes_be rejects", hex(v), F::from_bytes_be(be, out) ? 1 : 0, 0);
    }
  }
  REQUIRE(mismatches == 0);
}

TEMPLATE_TEST_CASE("derived constants: generator is a non-residue, 2-adic root has order 2^s", "[field]",
                   bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  const mpz_class p = test::modulus_mpz<F>();
  const mpz_class g = F::Params::generator();
  CHECK(mpz_legendre(g.get_mpz_t(), p.get_mpz_t()) == -1);
  const F w = F::two_adic_root();
  F x = w;
  for (std::size_t i = 0; i + 1 < F::kTwoAdicity; ++i) x = x.sqr();
  CHECK(x == -F::one());  // w^(2^(s-1)) = -1
  CHECK(x.sqr() == F::one());
  mpz_class two_s = 1;
  two_s <<= F::kTwoAdicity;
  CHECK((p - 1) % two_s == 0);
  CHECK(((p - 1) / two_s) % 2 == 1);
}

TEMPLATE_TEST_CASE("portable Montgomery product agrees with GMP (the path of GPUs and constant evaluation)",
                   "[field][gmp]", bls12_381::Fq, bls12_381::Fr, bn254::Fq, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(3 * F::kBits);
  const mpz_class p = test::modulus_mpz<F>();
  mpz_class r_inv = 1, R = 1;
  R <<= 64 * F::kLimbs;
  mpz_invert(r_inv.get_mpz_t(), R.get_mpz_t(), p.get_mpz_t());
  INFO(F::Params::name << ", seed " << test::seed());
  std::vector<mpz_class> xs = edge_values<F>();
  for (int i = 0; i < kRandomInputs; ++i) xs.push_back(to_mpz(F::random(rng)));
  int mismatches = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const mpz_class& x = xs[i];
    const mpz_class& y = xs[(i * 7 + 3) % xs.size()];
    const auto got = montgomery::mul_portable(test::to_bigint<F::kLimbs>(x), test::to_bigint<F::kLimbs>(y),
                                              F::kModulus, F::kMont.inv);
    ZKF_CHECK_MPZ("mul_portable", hex(x) + ", " + hex(y), to_mpz(got), mod<F>(x * y * r_inv));
  }
  // Evaluated by the compiler: (R^2 mod p) * 1 * R^-1 = R mod p.
  constexpr auto folded = montgomery::mul(F::kMont.r2, F::kOne, F::kModulus, F::kMont.inv);
  static_assert(folded == F::kMont.r1, "compile-time Montgomery product");
  REQUIRE(mismatches == 0);
}

TEMPLATE_TEST_CASE("products by fixed factors (Shoup's quotient) agree with GMP", "[field][gmp]", bls12_381::Fq,
                   bls12_381::Fr, bn254::Fq, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(5 * F::kBits);
  const mpz_class p = test::modulus_mpz<F>();
  mpz_class R = 1;
  R <<= 64 * F::kLimbs;
  INFO(F::Params::name << ", seed " << test::seed());
  std::vector<mpz_class> xs = edge_values<F>();
  for (int i = 0; i < kRandomInputs; ++i) xs.push_back(to_mpz(F::random(rng)));
  const std::vector<mpz_class> edges = edge_values<F>();
  int mismatches = 0;
  // The raw words a (below 2^(64N), reduced or not) times w: a w mod p in the same representation.
  auto words_times = [&](const mpz_class& a, const FixedFactor<F>& f) {
    return test::to_mpz(times_fixed_words<F>(test::to_bigint<F::kLimbs>(a), f).montgomery_words());
  };
  auto check = [&](const mpz_class& x, const mpz_class& w, const mpz_class& y) {
    const FixedFactor<F> f = fixed_factor(test::from_mpz<F>(w));
    const auto in = hex(x) + ", " + hex(w) + ", " + hex(y);
    ZKF_CHECK_MPZ("fixed factor's value", in, test::to_mpz(f.value), w);
    ZKF_CHECK_MPZ("fixed factor's quotient", in, test::to_mpz(f.quotient), mpz_class(w * R / p));
    ZKF_CHECK_MPZ("times_fixed", in, to_mpz(times_fixed(test::from_mpz<F>(x), f)), mod<F>(x * w));
    ZKF_CHECK_MPZ("times_fixed_difference", in,
                  to_mpz(times_fixed_difference(test::from_mpz<F>(x), test::from_mpz<F>(y), f)), mod<F>((x - y) * w));
    ZKF_CHECK_MPZ("times_fixed_words, x + p", in, words_times(x + p, f), mod<F>((x + p) * w));
    ZKF_CHECK_MPZ("times_fixed_words, 2^(64N) - 1 - x", in, words_times(R - 1 - x, f), mod<F>((R - 1 - x) * w));
    const FixedFactor<F> g = negated(f);
    ZKF_CHECK_MPZ("negated's value", in, test::to_mpz(g.value), mod<F>(-w));
    ZKF_CHECK_MPZ("negated's quotient", in, test::to_mpz(g.quotient), mpz_class(mod<F>(-w) * R / p));
  };
  for (std::size_t i = 0; i < xs.size(); ++i) check(xs[i], xs[(i * 7 + 3) % xs.size()], xs[(i * 5 + 1) % xs.size()]);
  for (const auto& x : edges)
    for (const auto& w : edges)
      for (const auto& y : edges) check(x, w, y);
  REQUIRE(mismatches == 0);
}
