// SPDX-License-Identifier: Apache-2.0
// Example 01: nanoseconds per Fq multiplication, squaring and inversion and per G1 mixed addition
// and doubling, for BLS12-381 and BN254, on one core. `--json` adds one JSON object per line.
//
// Each figure is the median of 15 batches; each batch runs a dependent chain (every result feeds the
// next operation), which measures latency, as a bucket accumulation sees it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/group.hpp"

using namespace zkforge;

namespace {

bool g_json = false;

template <class F>
void report(const char* curve, const char* op, F&& batch, int iterations) {
  std::vector<double> ns;
  for (int rep = 0; rep < 15; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    batch(iterations);
    ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / iterations);
  }
  std::sort(ns.begin(), ns.end());
  std::printf("%-10s %-22s %10.1f ns\n", curve, op, ns[ns.size() / 2]);
  if (g_json)
    std::printf("{\"curve\":\"%s\",\"op\":\"%s\",\"median_ns\":%.2f,\"min_ns\":%.2f}\n", curve, op, ns[ns.size() / 2],
                ns.front());
}

template <class Fq, class C>
void bench_curve(const char* curve) {
  std::mt19937_64 rng(1);
  Fq a = Fq::random(rng);
  const Fq b = Fq::random(rng);
  volatile std::uint64_t sink = 0;
  report(curve, "Fq mul", [&](int n) { for (int i = 0; i < n; ++i) a = a * b; sink = a.montgomery_words().w[0]; }, 200000);
  report(curve, "Fq square", [&](int n) { for (int i = 0; i < n; ++i) a = a.sqr(); sink = a.montgomery_words().w[0]; }, 200000);
  report(curve, "Fq inverse", [&](int n) { for (int i = 0; i < n; ++i) a = a.inverse() + b; sink = a.montgomery_words().w[0]; }, 2000);

  const auto p = scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine();
  auto j = Jacobian<C>::from_affine(C::generator()).dbl();
  auto x = Xyzz<C>::from_affine(C::generator()).dbl();
  report(curve, "G1 Jacobian mixed add", [&](int n) { for (int i = 0; i < n; ++i) j = j.add(p); sink = j.X.montgomery_words().w[0]; }, 20000);
  report(curve, "G1 Jacobian double", [&](int n) { for (int i = 0; i < n; ++i) j = j.dbl(); sink = j.X.montgomery_words().w[0]; }, 20000);
  report(curve, "G1 XYZZ mixed add", [&](int n) { for (int i = 0; i < n; ++i) x = x.add(p); sink = x.X.montgomery_words().w[0]; }, 20000);
  report(curve, "G1 XYZZ double", [&](int n) { for (int i = 0; i < n; ++i) x = x.dbl(); sink = x.X.montgomery_words().w[0]; }, 20000);
  (void)sink;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) g_json = g_json || std::strcmp(argv[i], "--json") == 0;
  std::printf("%-10s %-22s %13s\n", "curve", "operation", "median");
  bench_curve<bls12_381::Fq, bls12_381::G1Curve>("bls12_381");
  bench_curve<bn254::Fq, bn254::G1Curve>("bn254");
  return 0;
}
