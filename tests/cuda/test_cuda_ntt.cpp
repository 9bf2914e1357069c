// SPDX-License-Identifier: Apache-2.0
// The GPU NTT (CUDA or HIP) against the CPU backend, bit for bit: both scalar fields, every size up
// to 2^12 and 2^13, 2^16, 2^17, 2^20 (one to three tiled passes), every order, forward and inverse,
// with and without a coset, both root conventions; data on the device up to 2^22, with the twiddle
// table grown and then read at a smaller size; inverse(forward(x)) = x on the GPU alone; and
// Groth16's quotient done on the device (both H conventions, both root conventions) against the
// CPU's steps, also left on the device (whole or without its last value); and at 2^26 (passes of
// rows of 4) two outputs against Horner's rule on the CPU and the inverse back to the input.
#include <catch2/catch.hpp>

#include <utility>
#include <vector>

#include "support/errors.hpp"
#include "support/seed.hpp"
#include "support/gpu_backend.hpp"
#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/groth16/ntt_msm_h.hpp"
#include "zkforge/memory/cuda.hpp"
#include "zkforge/memory/device_allocator.hpp"
#include "zkforge/memory/device_array.hpp"
#include "zkforge/ntt/domain.hpp"

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

TEMPLATE_TEST_CASE("the GPU NTT equals the CPU NTT", "[cuda][ntt]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(81);
  std::vector<std::size_t> log_sizes;
  for (std::size_t k = 0; k <= 12; ++k) log_sizes.push_back(k);
  for (std::size_t k : {13, 16, 17, 20}) log_sizes.push_back(k);
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
            ntt(GpuBackend{}, HostSpan<F>{gpu.data(), gpu.size()}, cfg);
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

TEMPLATE_TEST_CASE("the GPU NTT: inverse(forward(x)) = x on a coset", "[cuda][ntt]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(82);
  const auto input = random_vector<F>(std::size_t{1} << 18, rng);
  auto x = input;
  NttConfig<F> cfg;
  cfg.order = NttOrder::NR;
  cfg.coset = F::random(rng);
  ntt(GpuBackend{}, HostSpan<F>{x.data(), x.size()}, cfg);
  CHECK(x != input);
  cfg.direction = NttDirection::inverse;
  cfg.order = NttOrder::RN;
  ntt(GpuBackend{}, HostSpan<F>{x.data(), x.size()}, cfg);
  CHECK(x == input);
}

TEMPLATE_TEST_CASE("the GPU NTT on device data equals the CPU NTT", "[cuda][ntt]", bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(83);
  int device = 0;
  gpu::check(ZKF_GPU(GetDevice)(&device), "GetDevice");
  // 2^22 first: the twiddle table grows to it, and the smaller sizes read it with a stride.
  for (const std::size_t log_n : {22, 1, 9, 10, 11, 18}) {
    const std::size_t n = std::size_t{1} << log_n;
    const auto input = random_vector<F>(n, rng);
    for (const bool inverse : {false, true}) {
      NttConfig<F> cfg;
      cfg.direction = inverse ? NttDirection::inverse : NttDirection::forward;
      cfg.order = inverse ? NttOrder::RN : NttOrder::NR;
      cfg.convention = RootConvention::snarkjs;
      if (inverse) cfg.coset = F::random(rng);
      auto cpu = input;
      ntt(Cpu{}, HostSpan<F>{cpu.data(), n}, cfg);
      DeviceBuffer<F, DeviceResource> buffer(cuda::device_resource(MemoryPolicy::pooled, device), n, nullptr);
      gpu::check(ZKF_GPU(Memcpy)(buffer.data(), input.data(), n * sizeof(F), ZKF_GPU(MemcpyHostToDevice)), "Memcpy");
      ntt(GpuBackend{}, DeviceSpan<F>{buffer.data(), n, device}, cfg);
      std::vector<F> gpu(n);
      gpu::check(ZKF_GPU(Memcpy)(gpu.data(), buffer.data(), n * sizeof(F), ZKF_GPU(MemcpyDeviceToHost)), "Memcpy");
      INFO("n = 2^" << log_n << (inverse ? ", inverse on a coset" : ", forward"));
      CHECK(cpu == gpu);
    }
  }
}

TEST_CASE("the quotient left on the device rejects an output longer than the domain", "[cuda][ntt][groth16]") {
  using F = bn254::Fr;
  const std::vector<F> a(8, F::one());
  DeviceArray<F> out(MemoryPolicy::pooled, 0, 9);
  CHECK(test::error_thrown_by([&] {
          groth16::h_scalars_to_device<GpuBackend, F>(host_span(a), host_span(a), host_span(a),
                                                      groth16::HConvention::monomial, RootConvention::snarkjs,
                                                      out.span());
        }).code() == Errc::size_mismatch);
}

TEST_CASE("the GPU NTT of 2^26 elements (passes of 10, 8 and 8 levels) gives the polynomial's values",
          "[cuda][ntt]") {
  using F = bls12_381::Fr;
  constexpr unsigned kLog = 26;
  constexpr std::size_t n = std::size_t{1} << kLog;
  auto rng = test::rng_for(85);
  std::vector<F> input(n);
  for (auto& x : input) x = F::from_u64(rng());
  int device = 0;
  gpu::check(ZKF_GPU(GetDevice)(&device), "GetDevice");
  DeviceBuffer<F, DeviceResource> buffer(cuda::device_resource(MemoryPolicy::pooled, device), n, nullptr);
  gpu::check(ZKF_GPU(Memcpy)(buffer.data(), input.data(), n * sizeof(F), ZKF_GPU(MemcpyHostToDevice)), "Memcpy");
  NttConfig<F> cfg;
  cfg.order = NttOrder::NR;
  ntt(GpuBackend{}, DeviceSpan<F>{buffer.data(), n, device}, cfg);
  std::vector<F> values(n);
  gpu::check(ZKF_GPU(Memcpy)(values.data(), buffer.data(), n * sizeof(F), ZKF_GPU(MemcpyDeviceToHost)), "Memcpy");
  // Bit-reversed output: position 0 holds P(1), position 2^25 = bitrev(1) holds P(omega).
  const F omega = Domain<F>(kLog, cfg.convention).omega();
  for (const auto& [position, point] : {std::pair{std::size_t{0}, F::one()}, std::pair{n >> 1, omega}}) {
    F horner = F::zero();
    for (std::size_t j = n; j-- > 0;) horner = horner * point + input[j];
    INFO("output position " << position);
    CHECK(values[position] == horner);
  }
  cfg.direction = NttDirection::inverse;
  cfg.order = NttOrder::RN;
  ntt(GpuBackend{}, DeviceSpan<F>{buffer.data(), n, device}, cfg);
  gpu::check(ZKF_GPU(Memcpy)(values.data(), buffer.data(), n * sizeof(F), ZKF_GPU(MemcpyDeviceToHost)), "Memcpy");
  CHECK(values == input);
}

TEMPLATE_TEST_CASE("the quotient on the GPU equals ntt_msm_h's steps on the CPU", "[cuda][ntt][groth16]",
                   bls12_381::Fr, bn254::Fr) {
  using F = TestType;
  auto rng = test::rng_for(84);
  for (const std::size_t log_n : {0, 1, 5, 10, 11, 17}) {
    const std::size_t n = std::size_t{1} << log_n;
    for (const auto convention : {groth16::HConvention::odd_coset_lagrange, groth16::HConvention::monomial}) {
      for (const auto roots : {RootConvention::snarkjs, RootConvention::zkcrypto}) {
        const auto a = random_vector<F>(n, rng), b = random_vector<F>(n, rng), c = random_vector<F>(n, rng);
        auto ca = a, cb = b, cc = c, ga = a, gb = b, gc = c;
        groth16::h_scalars(Cpu{}, HostSpan<F>(ca), HostSpan<F>(cb), HostSpan<F>(cc), convention, roots);
        groth16::h_scalars(GpuBackend{}, HostSpan<F>(ga), HostSpan<F>(gb), HostSpan<F>(gc), convention, roots);
        INFO("n = 2^" << log_n << (convention == groth16::HConvention::monomial ? ", monomial" : ", odd coset") << ", "
                      << root_convention_name(roots));
        CHECK(ga == ca);
        CHECK(gb == b);  // the device path leaves b and c as they were
        CHECK(gc == c);
        // Left on the device, whole and without its last value (an H query one shorter than the domain).
        for (const std::size_t kept : {n, n - 1}) {
          DeviceArray<F> out(MemoryPolicy::pooled, 0, kept);
          groth16::h_scalars_to_device<GpuBackend, F>(host_span(a), host_span(b), host_span(c), convention, roots,
                                                      out.span());
          std::vector<F> back(kept);
          gpu::check(ZKF_GPU(Memcpy)(back.data(), out.span().data, kept * sizeof(F), ZKF_GPU(MemcpyDeviceToHost)),
                     "Memcpy");
          INFO(kept << " values kept");
          CHECK(back == std::vector<F>(ca.begin(), ca.begin() + static_cast<std::ptrdiff_t>(kept)));
        }
      }
    }
  }
}
