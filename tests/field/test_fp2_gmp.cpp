// SPDX-License-Identifier: Apache-2.0
// Fq2 = Fq[u]/(u^2 + 1) of both curves against the same arithmetic written over GMP integers.
#include <catch2/catch.hpp>

#include <utility>
#include <vector>

#include "support/gmp_oracle.hpp"
#include "support/seed.hpp"
#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"

using namespace zkforge;
using zkforge::test::hex;
using zkforge::test::to_mpz;

namespace {

constexpr int kRandomInputs = 10000;

// An Fq2 element as a pair of GMP integers reduced mod p.
struct Pair {
  mpz_class c0, c1;
  bool operator==(const Pair& o) const { return c0 == o.c0 && c1 == o.c1; }
};

template <class E>
Pair to_pair(const E& v) {
  return {to_mpz(v.c0), to_mpz(v.c1)};
}

template <class E>
E from_pair(const Pair& v) {
  using F = typename E::Base;
  return E{test::from_mpz<F>(v.c0), test::from_mpz<F>(v.c1)};
}

struct Oracle {
  mpz_class p;
  mpz_class red(const mpz_class& v) const {
    mpz_class r = v % p;
    return r < 0 ? r + p : r;
  }
  Pair add(const Pair& a, const Pair& b) const { return {red(a.c0 + b.c0), red(a.c1 + b.c1)}; }
  Pair sub(const Pair& a, const Pair& b) const { return {red(a.c0 - b.c0), red(a.c1 - b.c1)}; }
  Pair mul(const Pair& a, const Pair& b) const {
    return {red(a.c0 * b.c0 - a.c1 * b.c1), red(a.c0 * b.c1 + a.c1 * b.c0)};
  }
  Pair inverse(const Pair& a) const {
    mpz_class n = red(a.c0 * a.c0 + a.c1 * a.c1), ni = 0;
    if (n != 0) mpz_invert(ni.get_mpz_t(), n.get_mpz_t(), p.get_mpz_t());
    return {red(a.c0 * ni), red(-a.c1 * ni)};
  }
  int legendre(const Pair& a) const {
    const mpz_class n = red(a.c0 * a.c0 + a.c1 * a.c1);
    return mpz_legendre(n.get_mpz_t(), p.get_mpz_t());
  }
};

std::string show(const Pair& a) { return "(" + hex(a.c0) + ", " + hex(a.c1) + ")"; }

}  // namespace

TEMPLATE_TEST_CASE("Fq2 arithmetic agrees with GMP on random and edge inputs", "[field][fq2][gmp]", bls12_381::Fq2,
                   bn254::Fq2) {
  using E = TestType;
  using F = typename E::Base;
  auto rng = test::rng_for(2 * F::kBits);
  const Oracle o{test::modulus_mpz<F>()};
  std::vector<Pair> xs = {{0, 0}, {1, 0}, {0, 1}, {o.p - 1, 0}, {0, o.p - 1}, {o.p - 1, o.p - 1}, {1, 1}};
  for (int i = 0; i < kRandomInputs; ++i) xs.push_back(to_pair(E::random(rng)));
  std::vector<Pair> ys = xs;
  std::shuffle(ys.begin(), ys.end(), rng);
  INFO(F::Params::name << " Fq2, seed " << test::seed());
  int mismatches = 0;
  auto expect = [&](const char* op, const Pair& in, const Pair& got, const Pair& want) {
    if (!(got == want)) {
      INFO(op << " on " << show(in) << ": got " << show(got) << ", want " << show(want));
      CHECK(got == want);
      ++mismatches;
    }
  };
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const E a = from_pair<E>(xs[i]), b = from_pair<E>(ys[i]);
    expect("add", xs[i], to_pair(a + b), o.add(xs[i], ys[i]));
    expect("sub", xs[i], to_pair(a - b), o.sub(xs[i], ys[i]));
    expect("mul", xs[i], to_pair(a * b), o.mul(xs[i], ys[i]));
    expect("square", xs[i], to_pair(a.sqr()), o.mul(xs[i], xs[i]));
    expect("neg", xs[i], to_pair(-a), o.sub({0, 0}, xs[i]));
    expect("double", xs[i], to_pair(a.dbl()), o.add(xs[i], xs[i]));
    expect("inverse", xs[i], to_pair(a.inverse()), o.inverse(xs[i]));
    const int leg = o.legendre(xs[i]);
    expect("legendre", xs[i], {a.legendre(), 0}, {leg, 0});
    E r;
    const bool found = a.sqrt(r);
    expect("sqrt exists", xs[i], {found ? 1 : 0, 0}, {leg >= 0 ? 1 : 0, 0});
    if (found) expect("sqrt squared", xs[i], o.mul(to_pair(r), to_pair(r)), xs[i]);
  }
  REQUIRE(mismatches == 0);
}
