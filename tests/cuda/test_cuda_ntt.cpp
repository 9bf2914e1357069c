// SPDX-License-Identifier: Apache-2.0
// The CUDA NTT against the CPU backend, bit for bit: both scalar fields, every size up to 2^12 and
// 2^16, 2^20, every order, forward and inverse, with and without a coset, both root conventions;
// and inverse(forward(x)) = x on the GPU alone.
#include <catch2/catch.hpp>

#include <vector>

#include "support/seed.hpp"
#include "zkforge/ntt/cuda.hpp"

using namespace zkforge;

namespace {

template <class F>
std::vector<F> random_vector(std::size_t n, std::mt19937_64& rng) {
  std::vector<F> v(n);
  for (auto& x : v) x = F::random(rng);
  return v;
}

const NttOrder kOrders[] = {NttOrder::NN, NttOrder::NR, NttOrder::RN, NttOrder::RR};
const char* order_name(NttOrder o) {
  return o == NttOrder::NN ? "NN" : o == NttOrder::NR ? "NR" : o == NttOrder::RN ? "RN" : "RR";
}

}  // namespace

TEMPLATE_TEST_CASE("the CUDA NTT equals the CPU NTT", "[cuda][ntt]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(81);
  std::vector<std::size_t> log_sizes;
  for (std::size_t k = 0; k <= 12; ++k) log_sizes.push_back(k);
  log_sizes.push_back(16);
  log_sizes.push_back(20);
  for (const std::size_t log_n : log_sizes) {
    const auto input = random_vector<F>(std::size_t{1} << log_n, rng);
    const F shift = F::random(rng);
    for (const NttOrder order : kOrders) {
      for (const NttDirection direction : {NttDirection::forward, NttDirection::inverse}) {
        for (const bool coset : {false, true}) {
          for (const RootConvention roots : {RootConvention::snarkjs, RootConvention::zkcrypto}) {
            if (log_n > 12 && (coset != (order == NttOrder::RN) || roots != RootConvention::snarkjs)) continue;
            NttConfig<F> cfg;
            cfg.order = order;
            cfg.direction = direction;
            cfg.convention = roots;
            if (coset) cfg.coset = shift;
            auto cpu = input, gpu = input;
            ntt(Cpu{}, HostSpan<F>{cpu.data(), cpu.size()}, cfg);
            ntt(Cuda{}, HostSpan<F>{gpu.data(), gpu.size()}, cfg);
            INFO("n = 2^" << log_n << ", order " << order_name(order) << ", "
                          << (direction == NttDirection::forward ? "forward" : "inverse") << (coset ? ", coset" : "")
                          << ", " << root_convention_name(roots));
            CHECK(cpu == gpu);
          }
        }
      }
    }
  }
}

TEMPLATE_TEST_CASE("the CUDA NTT: inverse(forward(x)) = x on a coset", "[cuda][ntt]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(82);
  const auto input = random_vector<F>(std::size_t{1} << 18, rng);
  auto x = input;
  NttConfig<F> cfg;
  cfg.order = NttOrder::NR;
  cfg.coset = F::random(rng);
  ntt(Cuda{}, HostSpan<F>{x.data(), x.size()}, cfg);
  CHECK(x != input);
  cfg.direction = NttDirection::inverse;
  cfg.order = NttOrder::RN;
  ntt(Cuda{}, HostSpan<F>{x.data(), x.size()}, cfg);
  CHECK(x == input);
}
