// SPDX-License-Identifier: Apache-2.0
// The Fq6 and Fq12 towers of both engines: field laws, sparse products, Frobenius maps and their
// constants, cyclotomic squaring and exponentiation by x, and the signed digits of the loop scalars.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "support/gmp_oracle.hpp"
#include "support/seed.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

constexpr int kRounds = 16;

template <class E>
std::mt19937_64 engine_rng(const char* what) {
  return test::rng_for(std::hash<std::string>{}(std::string(E::name) + what));
}

template <class E>
BigInt<E::Fq::kLimbs> p_int() {
  return E::Fq::kModulus;
}

}  // namespace

TEMPLATE_TEST_CASE("Fq6 and Fq12 satisfy the field laws", "[pairing][tower]", bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using Fq2 = typename E::Fq2;
  using Fq6 = Fp6<E>;
  using Fq12 = Fp12<E>;
  auto rng = engine_rng<E>("field laws");
  INFO(E::name << ", seed " << test::seed());
  for (int i = 0; i < kRounds; ++i) {
    const Fq6 a = Fq6::random(rng), b = Fq6::random(rng), c = Fq6::random(rng);
    CHECK((a * b) * c == a * (b * c));
    CHECK(a * b == b * a);
    CHECK(a * (b + c) == a * b + a * c);
    CHECK(a.sqr() == a * a);
    CHECK(a * a.inverse() == Fq6::one());
    CHECK(a - b + b == a);
    CHECK(a.mul_by_v() == a * Fq6{Fq2::zero(), Fq2::one(), Fq2::zero()});
    const Fq2 b0 = Fq2::random(rng), b1 = Fq2::random(rng), b2 = Fq2::random(rng);
    CHECK(a.mul_by_01(b0, b1) == a * Fq6{b0, b1, Fq2::zero()});
    CHECK(a.mul_by_1(b1) == a * Fq6{Fq2::zero(), b1, Fq2::zero()});
    CHECK(mul_by_xi<E>(b0) == b0 * xi<E>());

    const Fq12 f = Fq12::random(rng), g = Fq12::random(rng), h = Fq12::random(rng);
    CHECK((f * g) * h == f * (g * h));
    CHECK(f * g == g * f);
    CHECK(f * (g + h) == f * g + f * h);
    CHECK(f.sqr() == f * f);
    CHECK(f * f.inverse() == Fq12::one());
    CHECK(f.mul_by_014(b0, b1, b2) == f * Fq12{Fq6{b0, b1, Fq2::zero()}, Fq6{Fq2::zero(), b2, Fq2::zero()}});
    CHECK(f.mul_by_034(b0, b1, b2) == f * Fq12{Fq6{b0, Fq2::zero(), Fq2::zero()}, Fq6{b1, b2, Fq2::zero()}});
  }
  CHECK(Fq6::zero().inverse().is_zero());
  CHECK(Fq12::zero().inverse().is_zero());
  CHECK(Fq12::one().is_one());
  // w^2 = v and v^3 = xi
  const Fq12 w{Fq6::zero(), Fq6::one()};
  const Fq6 v{Fq2::zero(), Fq2::one(), Fq2::zero()};
  CHECK(w.sqr() == Fq12{v, Fq6::zero()});
  CHECK(v.sqr() * v == Fq6{xi<E>(), Fq2::zero(), Fq2::zero()});
}

TEMPLATE_TEST_CASE("the Frobenius constant is xi^((p-1)/6) and the maps are p-power maps", "[pairing][tower]",
                   bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using Fq = typename E::Fq;
  using Fq6 = Fp6<E>;
  using Fq12 = Fp12<E>;
  auto rng = engine_rng<E>("frobenius");
  INFO(E::name << ", seed " << test::seed());
  const mpz_class p = test::modulus_mpz<Fq>();
  CHECK(xi<E>().pow(test::to_bigint<Fq::kLimbs>((p - 1) / 6)) == E::frobenius_gamma());
  for (int i = 0; i < 3; ++i) {
    const Fq6 a = Fq6::random(rng);
    const Fq12 f = Fq12::random(rng);
    const Fq12 fp = f.pow(p_int<E>());
    CHECK(f.template frobenius_map<1>() == fp);
    CHECK(f.template frobenius_map<2>() == fp.pow(p_int<E>()));
    CHECK(f.template frobenius_map<3>() == f.template frobenius_map<2>().template frobenius_map<1>());
    CHECK(f.template frobenius_map<3>().template frobenius_map<3>() == f.conjugate());
    CHECK(a.template frobenius_map<1>() == Fq12{a, Fq6::zero()}.pow(p_int<E>()).c0);
    CHECK(a.template frobenius_map<3>() == a.template frobenius_map<2>().template frobenius_map<1>());
  }
}

TEMPLATE_TEST_CASE("cyclotomic squaring and exponentiation by x agree with the plain ones", "[pairing][tower]",
                   bls12_381::Engine, bn254::Engine) {
  using E = TestType;
  using Fq12 = Fp12<E>;
  auto rng = engine_rng<E>("cyclotomic");
  INFO(E::name << ", seed " << test::seed());
  for (int i = 0; i < 4; ++i) {
    const Fq12 m = final_exponentiation_easy<E>(Fq12::random(rng));
    CHECK(m * m.conjugate() == Fq12::one());  // in the cyclotomic subgroup
    CHECK(m.cyclotomic_sqr() == m.sqr());
    const Fq12 mx = m.pow(BigInt<1>{{E::kX}});
    CHECK(cyclotomic_pow_x<E>(m) == (E::kXNegative ? mx.conjugate() : mx));
  }
}

TEST_CASE("signed digits evaluate to their scalar and pick the cheaper form", "[pairing][tower]") {
  auto value = [](const SignedDigits& d) {
    mpz_class v = 0;
    for (std::size_t i = 0; i < d.size; ++i) v = 2 * v + d.digit[i];
    return v;
  };
  const mpz_class u = test::to_mpz(BigInt<1>{{bn254::Engine::kX}});
  for (const mpz_class& k : {mpz_class(6 * u + 2), u, test::to_mpz(BigInt<1>{{bls12_381::Engine::kX}}), mpz_class(1),
                            mpz_class(0xb7), mpz_class("123456789012345678901234567890")}) {
    const BigInt<2> kb = test::to_bigint<2>(k);
    const SignedDigits n = naf_digits(kb);
    CHECK(value(binary_digits(kb)) == k);
    CHECK(value(n) == k);
    CHECK(n.digit[0] == 1);
    for (std::size_t i = 0; i + 1 < n.size; ++i) CHECK((n.digit[i] == 0 || n.digit[i + 1] == 0));
  }
  // BLS12-381's sparse |x| stays binary (64 digits, 6 nonzero); BN254's 6u + 2 takes the NAF.
  CHECK(G2Prepared<bls12_381::Engine>::kDigits.size == 64);
  CHECK(G2Prepared<bls12_381::Engine>::kDigits.nonzero() == 6);
  CHECK(G2Prepared<bn254::Engine>::kDigits.size == 66);
  CHECK(G2Prepared<bn254::Engine>::kDigits.nonzero() == 22);
}
