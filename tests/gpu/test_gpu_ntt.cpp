// SPDX-License-Identifier: Apache-2.0
// The GPU NTT (CUDA or HIP) against the CPU backend, bit for bit: both scalar fields, every size up
// to 2^12 and 2^13, 2^16, 2^17, 2^20 (one to three tiled passes), every order, forward and inverse,
// with and without a coset, both root conventions (above 2^12 snarkjs' alone); data on the device up
// to 2^22, with the twiddle table grown and then read at a smaller size; the odd coset (its powers in
// the twiddles) in every order and both conventions up to 2^20; inverse(forward(x)) = x on the GPU
// alone (Groth16's quotient on the device is test_gpu_prover's); four sizes at once from four
// threads; at 2^26 (passes of rows of 4) two outputs against Horner's rule on the CPU, the inverse
// back to the input and two outputs on the odd coset; and products by twiddles whose quotient the
// GPU's truncated product gets wrong, so that its exact path must mend them.
#include <catch2/catch.hpp>

#include <exception>
#include <iterator>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "support/errors.hpp"
#include "support/gmp_oracle.hpp"
#include "support/seed.hpp"
#include "support/gpu_cases.hpp"
#include "support/msm_fixtures.hpp"
#include "support/scale.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/ntt/domain.hpp"
#include "zkforge/ntt/gpu.hpp"

using namespace zkforge;

// The cases: every GPU backend linked, with each of these.
using ScalarFields = test::GpuCases<bls12_381::Fr, bn254::Fr>;

TEMPLATE_LIST_TEST_CASE("the GPU NTT equals the CPU NTT", "[gpu][ntt]", ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  auto rng = test::rng_for(81);
  std::vector<std::size_t> log_sizes;
  for (std::size_t k = 0; k <= 12; ++k) log_sizes.push_back(k);
  for (std::size_t k : {13, 16, 17, 20})
    if (k < 20 || !test::sanitizer_scale()) log_sizes.push_back(k);
  for (const std::size_t log_n : log_sizes) {
    const auto input = test::random_vector<F>(std::size_t{1} << log_n, rng);
    const F shift = F::random(rng);
    for (const NttOrder order : kNttOrders) {
      for (const NttDirection direction : {NttDirection::forward, NttDirection::inverse}) {
        for (const bool coset : {false, true}) {
          for (const RootConvention roots : {RootConvention::snarkjs, RootConvention::zkcrypto}) {
            if (log_n > 12 && roots != RootConvention::snarkjs) continue;
            NttConfig<F> cfg;
            cfg.order = order;
            cfg.direction = direction;
            cfg.convention = roots;
            if (coset) cfg.coset = shift;
            auto cpu = input, gpu = input;
            ntt(Cpu{}, HostSpan<F>{cpu.data(), cpu.size()}, cfg);
            ntt(B{}, HostSpan<F>{gpu.data(), gpu.size()}, cfg);
            INFO("n = 2^" << log_n << ", order " << ntt_order_name(order) << ", "
                          << (direction == NttDirection::forward ? "forward" : "inverse") << (coset ? ", coset" : "")
                          << ", " << root_convention_name(roots));
            CHECK(cpu == gpu);
          }
        }
      }
    }
  }
}

// The odd coset (shift psi, the root of 2n, as snarkjs' H takes it): a forward transform from
// bit-reversed input (RN, RR) takes psi's powers in its twiddles and skips the scaling pass; the other
// orders, the inverse and psi^3 (also a shift with g^n = -1, but not the table's root) scale as before.
// Sizes up to 2^12 in both conventions, 2^16 and 2^20 (which grows the twiddle table to 2^21) in snarkjs',
// then 2^5 and 2^11 again, which read the larger table with a stride.
TEMPLATE_LIST_TEST_CASE("the GPU NTT on the odd coset equals the CPU NTT", "[gpu][ntt]", ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  auto rng = test::rng_for(87);
  std::vector<std::size_t> log_sizes;
  for (std::size_t k = 0; k <= 12; ++k) log_sizes.push_back(k);
  const std::size_t both_conventions = log_sizes.size();  // the sizes up to 2^12
  log_sizes.push_back(16);
  if (!test::sanitizer_scale()) log_sizes.push_back(20);
  log_sizes.push_back(5);
  log_sizes.push_back(11);
  for (std::size_t i = 0; i < log_sizes.size(); ++i) {
    const std::size_t log_n = log_sizes[i];
    const auto input = test::random_vector<F>(std::size_t{1} << log_n, rng);
    for (const RootConvention roots : {RootConvention::snarkjs, RootConvention::zkcrypto}) {
      if (i >= both_conventions && roots != RootConvention::snarkjs) continue;
      const F psi = Domain<F>::root_of_unity(log_n + 1, roots);
      for (const F shift : {psi, psi * psi * psi}) {
        for (const NttOrder order : kNttOrders) {
          for (const NttDirection direction : {NttDirection::forward, NttDirection::inverse}) {
            NttConfig<F> cfg;
            cfg.order = order;
            cfg.direction = direction;
            cfg.convention = roots;
            cfg.coset = shift;
            auto cpu = input, gpu = input;
            ntt(Cpu{}, HostSpan<F>{cpu.data(), cpu.size()}, cfg);
            ntt(B{}, HostSpan<F>{gpu.data(), gpu.size()}, cfg);
            INFO("n = 2^" << log_n << ", order " << ntt_order_name(order) << ", "
                          << (direction == NttDirection::forward ? "forward" : "inverse") << ", shift "
                          << (shift == psi ? "psi" : "psi^3") << ", " << root_convention_name(roots));
            CHECK(cpu == gpu);
          }
        }
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("the GPU NTT: inverse(forward(x)) = x on a coset", "[gpu][ntt]", ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  auto rng = test::rng_for(82);
  const auto input = test::random_vector<F>(std::size_t{1} << 18, rng);
  auto x = input;
  NttConfig<F> cfg;
  cfg.order = NttOrder::NR;
  cfg.coset = F::random(rng);
  ntt(B{}, HostSpan<F>{x.data(), x.size()}, cfg);
  CHECK(x != input);
  cfg.direction = NttDirection::inverse;
  cfg.order = NttOrder::RN;
  ntt(B{}, HostSpan<F>{x.data(), x.size()}, cfg);
  CHECK(x == input);
}

// Transforms of different sizes at once from several threads: each launch sees a shared-memory limit
// at least its own tile's, whatever size another thread is running (a limit that each launch set to
// its own size could be lowered by another thread between the setting and the launch).
TEMPLATE_LIST_TEST_CASE("GPU NTTs of different sizes from several threads at once", "[gpu][ntt]", ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  auto rng = test::rng_for(84);
  const std::size_t log_sizes[] = {3, 12, 7, 14};
  std::vector<std::vector<F>> inputs, wants;
  for (const std::size_t log_n : log_sizes) {
    inputs.push_back(test::random_vector<F>(std::size_t{1} << log_n, rng));
    wants.push_back(inputs.back());
    ntt(Cpu{}, HostSpan<F>{wants.back().data(), wants.back().size()}, NttConfig<F>{});
  }
  const int device = gpu::current_device<B>();
  std::vector<int> wrong(std::size(log_sizes), 0);
  std::vector<std::string> errors(std::size(log_sizes));
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < std::size(log_sizes); ++t)
    threads.emplace_back([&, t] {
      try {
        gpu::select_device<B>(device);
        for (int repeat = 0; repeat < 100; ++repeat) {
          auto x = inputs[t];
          ntt(B{}, HostSpan<F>{x.data(), x.size()}, NttConfig<F>{});
          wrong[t] += x != wants[t];
        }
      } catch (const std::exception& e) {
        errors[t] = e.what();
      }
    });
  for (auto& thread : threads) thread.join();
  for (std::size_t t = 0; t < std::size(log_sizes); ++t) {
    INFO("n = 2^" << log_sizes[t] << ", seed " << test::seed());
    CHECK(errors[t].empty());
    CHECK(wrong[t] == 0);
  }
}

TEMPLATE_LIST_TEST_CASE("the GPU NTT on device data equals the CPU NTT", "[gpu][ntt]", ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  auto rng = test::rng_for(83);
  const int device = gpu::current_device<B>();
  // 2^22 first: the twiddle table grows to it, and the smaller sizes read it with a stride.
  for (const std::size_t log_n : {22, 1, 9, 10, 11, 18}) {
    const std::size_t n = std::size_t{1} << log_n;
    const auto input = test::random_vector<F>(n, rng);
    for (const bool inverse : {false, true}) {
      NttConfig<F> cfg;
      cfg.direction = inverse ? NttDirection::inverse : NttDirection::forward;
      cfg.order = inverse ? NttOrder::RN : NttOrder::NR;
      cfg.convention = RootConvention::snarkjs;
      if (inverse) cfg.coset = F::random(rng);
      auto cpu = input;
      ntt(Cpu{}, HostSpan<F>{cpu.data(), n}, cfg);
      DeviceArray<B, F> buffer(MemoryPolicy::pooled, device, n);
      buffer.upload(host_span(input));
      ntt(B{}, buffer.span(), cfg);
      std::vector<F> gpu(n);
      buffer.download(HostSpan<F>(gpu));
      INFO("n = 2^" << log_n << (inverse ? ", inverse on a coset" : ", forward"));
      CHECK(cpu == gpu);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("the GPU NTT of 2^26 elements (passes of 10, 8 and 8 levels) gives the polynomial's values", "[gpu][ntt]",
                        LinkedGpuBackends) {
  using B = TestType;
  using F = bls12_381::Fr;
  const unsigned log_n = test::at_scale(26u, 24u);  // 2^24 at the sanitizer's scale: 10, 8 and 6 levels, rows of 4 too
  const std::size_t n = std::size_t{1} << log_n;
  auto rng = test::rng_for(85);
  std::vector<F> input(n);
  for (auto& x : input) x = F::from_u64(rng());
  DeviceArray<B, F> buffer(MemoryPolicy::pooled, gpu::current_device<B>(), n);
  buffer.upload(host_span(input));
  NttConfig<F> cfg;
  cfg.order = NttOrder::NR;
  ntt(B{}, buffer.span(), cfg);
  std::vector<F> values(n);
  buffer.download(HostSpan<F>(values));
  // Bit-reversed output: position 0 holds P(1), position 2^25 = bitrev(1) holds P(omega).
  const F omega = Domain<F>(log_n, cfg.convention).omega();
  for (const auto& [position, point] : {std::pair{std::size_t{0}, F::one()}, std::pair{n >> 1, omega}}) {
    F horner = F::zero();
    for (std::size_t j = n; j-- > 0;) horner = horner * point + input[j];
    INFO("output position " << position);
    CHECK(values[position] == horner);
  }
  cfg.direction = NttDirection::inverse;
  cfg.order = NttOrder::RN;
  ntt(B{}, buffer.span(), cfg);
  buffer.download(HostSpan<F>(values));
  CHECK(values == input);
  // The input as bit-reversed coefficients onto the odd coset (the quotient's transform, its shift's
  // powers in the twiddles of a table of 2^27): position k holds P(psi^(2k+1)), P's coefficient j the
  // input at bitrev(j).
  cfg.direction = NttDirection::forward;
  cfg.coset = Domain<F>::root_of_unity(log_n + 1, cfg.convention);
  ntt(B{}, buffer.span(), cfg);
  buffer.download(HostSpan<F>(values));
  std::vector<F> coefficients(n);
  for (std::size_t i = 0, r = 0; i < n; ++i) {  // r = bitrev(i), stepped by a reversed carry
    coefficients[r] = input[i];
    std::size_t bit = n >> 1;
    for (; r & bit; bit >>= 1) r ^= bit;
    r |= bit;
  }
  const F psi = *cfg.coset;
  for (const auto& [position, point] : {std::pair{std::size_t{0}, psi}, std::pair{std::size_t{1}, psi * psi * psi}}) {
    F horner = F::zero();
    for (std::size_t j = n; j-- > 0;) horner = horner * point + coefficients[j];
    INFO("odd coset, output position " << position);
    CHECK(values[position] == horner);
  }
  // Every value: back by the inverse on the same coset (natural in, bit-reversed out; its powers in a
  // pass of their own), to the input.
  cfg.direction = NttDirection::inverse;
  cfg.order = NttOrder::NR;
  ntt(B{}, buffer.span(), cfg);
  buffer.download(HostSpan<F>(values));
  CHECK(values == input);
}

// On NVIDIA GPUs a twiddle product a w takes q = floor(a wq / 2^256) (wq the twiddle's Shoup quotient)
// from the pairs of 32-bit limbs in columns 6 and up, and takes every pair only when column 7's limb
// says the rest might carry (arch/cuda_mont.hpp's shoup_mul). Here a is made so that a wq mod 2^256 is
// below 2^200 while the pairs left out sum to more: the truncated q is one too small, and only the
// exact path gives the right product. In the first level of a natural-order transform (decimation in
// frequency) butterfly j multiplies x_j + p - x_(j + n/2), unreduced (below 2p), by omega^j (forward) or
// omega^-j (inverse), so a in [1, 2p) goes into that product as x_j = a - p, x_(j + n/2) = 0 or as
// x_j = 0, x_(j + n/2) = p - a.
TEMPLATE_LIST_TEST_CASE("the GPU NTT's twiddle products whose truncated quotient is one short", "[gpu][ntt]",
                        ScalarFields) {
  using B = typename TestType::Backend;
  using F = typename TestType::Type;
  auto rng = test::rng_for(86);
  const unsigned log_n = 12;
  const std::size_t n = std::size_t{1} << log_n;
  const mpz_class p = test::modulus_mpz<F>();
  mpz_class R = 1;
  R <<= 256;
  // The sum of the pairs of 32-bit limbs a_i b_j with i + j <= 5: what the fast path leaves out.
  auto left_out = [](const mpz_class& a, const mpz_class& b) {
    mpz_class sum = 0;
    for (unsigned i = 0; i <= 5; ++i)
      for (unsigned j = 0; i + j <= 5; ++j) {
        const mpz_class ai = (a >> (32 * i)) & 0xffffffffu, bj = (b >> (32 * j)) & 0xffffffffu;
        sum += (ai * bj) << (32 * (i + j));
      }
    return sum;
  };
  for (const NttDirection direction : {NttDirection::forward, NttDirection::inverse}) {
    NttConfig<F> cfg;
    cfg.order = NttOrder::NR;
    cfg.direction = direction;
    const F omega = Domain<F>(log_n, cfg.convention).omega();
    const F root = direction == NttDirection::forward ? omega : omega.inverse();
    auto input = test::random_vector<F>(n, rng);
    unsigned crafted = 0;
    for (std::size_t j = 1; j < n / 2 && crafted < 16; j += 37) {
      const mpz_class w = test::to_mpz(root.pow(BigInt<1>::from_u64(j)));
      const mpz_class wq = w * R / p;
      if (wq % 2 == 0) continue;  // a = t / wq mod 2^256 needs wq odd
      mpz_class wq_inverse;
      mpz_invert(wq_inverse.get_mpz_t(), wq.get_mpz_t(), R.get_mpz_t());
      for (int attempt = 0; attempt < 1000; ++attempt) {
        const mpz_class t = test::to_mpz(F::random(rng).to_int()) >> 56;  // below 2^200
        const mpz_class a = t * wq_inverse % R;                               // a wq = t mod 2^256
        if (a == 0 || a >= 2 * p || left_out(a, wq) <= t) continue;
        const mpz_class product = a * wq;
        REQUIRE((product - left_out(a, wq)) / R + 1 == product / R);  // the fast path's q is one short
        // The first level's butterfly of j and j + n/2 multiplies u + (p - v), unreduced, by omega^j.
        const mpz_class u = a >= p ? mpz_class(a - p) : mpz_class(0), v = a >= p ? mpz_class(0) : mpz_class(p - a);
        input[j] = F::from_montgomery_unchecked(test::to_bigint<F::kLimbs>(u));
        input[j + n / 2] = F::from_montgomery_unchecked(test::to_bigint<F::kLimbs>(v));
        ++crafted;
        break;
      }
    }
    INFO((direction == NttDirection::forward ? "forward" : "inverse") << ", " << crafted << " crafted products");
    REQUIRE(crafted >= 8);
    auto cpu = input, gpu = input;
    ntt(Cpu{}, HostSpan<F>{cpu.data(), cpu.size()}, cfg);
    ntt(B{}, HostSpan<F>{gpu.data(), gpu.size()}, cfg);
    CHECK(cpu == gpu);
  }
}
