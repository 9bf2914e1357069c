// SPDX-License-Identifier: Apache-2.0
// The CPU kernels' eight-lane field arithmetic: the AVX-512 IFMA lanes (of the prime fields and of
// Fp2 over them) against the scalar field, on random values, on 0, 1 and p - 1, and along chains of products and differences whose values
// stay in the lanes between steps (unreduced, below 2p).
#include <catch2/catch.hpp>

#include <functional>
#include <iostream>
#include <string>
#include <type_traits>
#include <typeinfo>

#include "backends/cpu/field_lanes.hpp"
#include "support/seed.hpp"
#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"

using namespace zkforge;

#if defined(ZKF_HAVE_X86_64_IFMA)

namespace {

template <class F>
using Lanes8 = typename cpu::ifma_lanes<F>::type;

template <class F>
void load(const F (&v)[cpu::kFieldLanes], typename Lanes8<F>::Vec& out) {
  Lanes8<F>::load_run(v, out);
}

template <class F>
void check_lanes(const typename Lanes8<F>::Vec& got, const F (&want)[cpu::kFieldLanes]) {
  F out[cpu::kFieldLanes];
  Lanes8<F>::store(got, out);
  for (std::size_t l = 0; l < cpu::kFieldLanes; ++l) {
    INFO("lane " << l);
    CHECK(out[l] == want[l]);
  }
}

}  // namespace

TEMPLATE_TEST_CASE("IFMA lanes multiply, add and subtract as the scalar field does", "[backend][ifma]", bls12_381::Fq,
                   bls12_381::Fr, bn254::Fq, bn254::Fr, bls12_381::Fq2, bn254::Fq2) {
  using F = TestType;
  if (!arch::x86_64::has_avx512ifma()) {
    std::cout << "SKIP: this CPU has no AVX-512 IFMA; the scalar lanes run instead" << std::endl;
    return;
  }
  STATIC_REQUIRE(!std::is_void_v<Lanes8<F>>);
  auto rng = test::rng_for(std::hash<std::string>{}(typeid(F).name()) + 7);
  INFO(typeid(F).name() << ", seed " << test::seed());
  const F specials[] = {F::zero(), F::one(), -F::one(), F::one().dbl(), -F::one().dbl(), F::one().dbl().inverse()};
  for (int round = 0; round < 200; ++round) {
    F a[cpu::kFieldLanes], b[cpu::kFieldLanes], prod[cpu::kFieldLanes], sum[cpu::kFieldLanes], diff[cpu::kFieldLanes];
    for (std::size_t l = 0; l < cpu::kFieldLanes; ++l) {
      a[l] = round < 6 ? specials[(round + l) % 6] : F::random(rng);
      b[l] = round < 36 ? specials[(round / 6 + l) % 6] : F::random(rng);
      prod[l] = a[l] * b[l];
      sum[l] = a[l] + b[l];
      diff[l] = a[l] - b[l];
    }
    typename Lanes8<F>::Vec va, vb, vp, vs, vd;
    load(a, va);
    load(b, vb);
    Lanes8<F>::mul(va, vb, vp);
    Lanes8<F>::add(va, vb, vs);
    Lanes8<F>::sub(va, vb, vd);
    check_lanes<F>(vp, prod);
    check_lanes<F>(vs, sum);
    check_lanes<F>(vd, diff);
  }
  // A chain x <- x * y - z, y <- y - x + z, z <- z * z: the lanes never leave the vector form.
  F x[cpu::kFieldLanes], y[cpu::kFieldLanes], z[cpu::kFieldLanes];
  for (std::size_t l = 0; l < cpu::kFieldLanes; ++l) {
    x[l] = l == 0 ? -F::one() : F::random(rng);
    y[l] = l == 1 ? -F::one() : F::random(rng);
    z[l] = l == 2 ? F::zero() : F::random(rng);
  }
  typename Lanes8<F>::Vec vx, vy, vz;
  load(x, vx);
  load(y, vy);
  load(z, vz);
  for (int step = 0; step < 1000; ++step) {
    for (std::size_t l = 0; l < cpu::kFieldLanes; ++l) {
      x[l] = x[l] * y[l] - z[l];
      y[l] = y[l] - x[l] + z[l];
      z[l] = z[l] * z[l];
    }
    Lanes8<F>::mul(vx, vy, vx);
    Lanes8<F>::sub(vx, vz, vx);
    Lanes8<F>::sub(vy, vx, vy);
    Lanes8<F>::add(vy, vz, vy);
    Lanes8<F>::mul(vz, vz, vz);
  }
  check_lanes<F>(vx, x);
  check_lanes<F>(vy, y);
  check_lanes<F>(vz, z);
}

TEST_CASE("Fp2 takes its parts' IFMA lanes; prime fields keep products below p or 2p", "[backend][ifma]") {
  STATIC_REQUIRE_FALSE(cpu::fits_ifma_lanes<bls12_381::Fq2>::value);
  STATIC_REQUIRE(std::is_same_v<cpu::ifma_lanes<bls12_381::Fq2>::type, cpu::Fp2IfmaLanes<bls12_381::Fq2>>);
  STATIC_REQUIRE(std::is_same_v<cpu::ifma_lanes<bn254::Fq2>::type, cpu::Fp2IfmaLanes<bn254::Fq2>>);
  STATIC_REQUIRE(cpu::IfmaLanes<bls12_381::Fr>::kModulus.reduce_products);  // 4r >= 2^256
  STATIC_REQUIRE_FALSE(cpu::IfmaLanes<bls12_381::Fq>::kModulus.reduce_products);
  STATIC_REQUIRE_FALSE(cpu::IfmaLanes<bn254::Fr>::kModulus.reduce_products);
}

#else

TEST_CASE("IFMA lanes multiply, add and subtract as the scalar field does", "[backend][ifma]") {
  std::cout << "SKIP: not an x86-64 build; the scalar lanes run instead" << std::endl;
}

#endif
