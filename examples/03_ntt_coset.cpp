// SPDX-License-Identifier: Apache-2.0
// Example 03: evaluate a polynomial on a coset of the domain with the NTT, and back.
//
// The forward NTT with a coset shift g evaluates the coefficients at g·omega^i; the inverse with the
// same shift interpolates them back. Orders (natural or bit-reversed, in and out) are chosen so that
// no separate reordering pass is needed: here natural in, bit-reversed out, and the reverse.
#include <cstdio>
#include <random>
#include <vector>

#include "zkforge/field/bn254.hpp"
#include "zkforge/ntt/ntt.hpp"

using namespace zkforge;
using F = bn254::Fr;

int main() {
  const std::size_t log_n = 12, n = std::size_t{1} << log_n;
  std::mt19937_64 rng(2);
  std::vector<F> coefficients(n);
  for (auto& c : coefficients) c = F::random(rng);

  std::vector<F> values = coefficients;
  NttConfig<F> forward;
  forward.order = NttOrder::NR;
  forward.coset = F::generator();
  ntt(Cpu{}, HostSpan<F>{values.data(), n}, forward);

  // Spot check: values[bitrev(1)] is the polynomial at g·omega.
  const F x = F::generator() * Domain<F>::root_of_unity(log_n, RootConvention::zkcrypto);
  F at_x = F::zero();
  for (std::size_t i = n; i-- > 0;) at_x = at_x * x + coefficients[i];
  const bool point_ok = values[std::size_t{1} << (log_n - 1)] == at_x;

  NttConfig<F> inverse = forward;
  inverse.direction = NttDirection::inverse;
  inverse.order = NttOrder::RN;
  ntt(Cpu{}, HostSpan<F>{values.data(), n}, inverse);
  const bool round_trip = values == coefficients;
  std::printf("coset NTT of 2^%zu: evaluation %s, round trip %s\n", log_n, point_ok ? "ok" : "WRONG",
              round_trip ? "ok" : "WRONG");
  return point_ok && round_trip ? 0 : 1;
}
