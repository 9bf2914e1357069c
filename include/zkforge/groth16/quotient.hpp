// SPDX-License-Identifier: Apache-2.0
// The quotient, the first half of phase ntt_msm_h: the H query's scalars from the evaluations a, b, c,
// in either H convention. A Groth16 primitive of its own, dispatched on the backend tag: the CPU's
// below, through the NTT front end; the GPU tags' in backends/cuda/quotient.cuh, with a, b and c
// uploaded once and every step on the device.
//
// a, b, c hold A·w, B·w, C·w on the n-point domain (natural order, n = 2^k). Both conventions first
// take them to a coset of the domain: an inverse NTT to coefficients (bit-reversed out), then a
// forward NTT on the coset (bit-reversed in, natural out), so no pass reorders the data.
//   - odd_coset_lagrange (snarkjs): the coset is g·<omega> with g the primitive 2n-th root, i.e. the
//     odd powers of the 2n-domain; the scalars are ab - c there (no division: the key's H points
//     already include it).
//   - monomial (bellperson): the coset is g·<omega> with g the field's multiplicative generator;
//     Z(x) = x^n - 1 is the constant g^n - 1 on it, so (ab - c)/Z is one product per point, and an
//     inverse coset NTT gives the coefficients of h (natural order; degree < n - 1).
// quotient(...) replaces a with the result (b and c are consumed on the CPU, left as they were on a
// GPU); quotient_to_device(...) leaves it on a GPU for an MSM over device scalars (MsmContext::run);
// quotient_on_device(...) takes a, b and c already on a GPU (evaluated there) and replaces a.
// The MSM with the key's H is the prover's.
#pragma once

#include <string>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/ntt/ntt.hpp"

namespace zkforge::groth16 {

struct QuotientConfig {
  HConvention convention = HConvention::odd_coset_lagrange;
  RootConvention roots = RootConvention::zkcrypto;
  unsigned threads = 0;                        // CPU threads; 0 uses every core
  MemoryPolicy memory = MemoryPolicy::pooled;  // where a GPU's buffers come from
};

// The coset a quotient of n values is evaluated on, 1 / Z there (Z = x^n - 1), the scale of ab - c
// (1 / Z in the monomial basis, else 1), whether h goes back to coefficients (monomial basis), and the
// three transforms every backend runs: to coefficients (inverse, natural -> bit-reversed), onto the
// coset (bit-reversed -> natural) and, for the monomial basis, back from the coset (natural -> natural).
// The coset's powers are taken by the first: an inverse with the coset shift^-1 leaves coefficient j
// times shift^j / n, so the forward transform after it evaluates on the coset with no scaling of its
// own. An inverse scales by 1/n anyway (the CPU in a pass of its own, which the powers join), so a
// column costs one scaling pass fewer on the CPU. The GPU backends move the coset onto the forward
// transform instead (backends/cuda/quotient.cuh), where the odd coset costs no pass at all.
template <class Fr>
struct QuotientCoset {
  Fr shift, z_inverse, scale;
  bool to_coefficients;
  NttConfig<Fr> into_coefficients, onto_coset, from_coset;
  QuotientCoset(std::size_t n, const QuotientConfig& config)
      : to_coefficients(config.convention == HConvention::monomial) {
    std::size_t log_n = 0;
    while ((std::size_t{1} << log_n) < n) ++log_n;
    shift = config.convention == HConvention::odd_coset_lagrange ? Domain<Fr>::root_of_unity(log_n + 1, config.roots)
                                                                 : Fr::generator();
    z_inverse = (shift.pow(Fr::Int::from_u64(n)) - Fr::one()).inverse();
    scale = to_coefficients ? z_inverse : Fr::one();
    into_coefficients.direction = NttDirection::inverse;
    into_coefficients.order = NttOrder::NR;
    into_coefficients.convention = config.roots;
    into_coefficients.threads = config.threads;
    into_coefficients.memory = config.memory;
    onto_coset = into_coefficients;
    onto_coset.direction = NttDirection::forward;
    onto_coset.order = NttOrder::RN;
    from_coset = into_coefficients;
    from_coset.order = NttOrder::NN;
    from_coset.coset = shift;
    into_coefficients.coset = shift.inverse();
  }
};

// A backend's quotient. The primary template only fails to compile, readably.
template <class Backend, class Fr, class = void>
struct QuotientBackend {
  static_assert(backend_lacks_primitive_v<Backend>,
                "this backend has no Groth16 quotient (no QuotientBackend specialisation)");
};

template <class Fr>
struct QuotientBackend<Cpu, Fr> {
  static void run(HostSpan<Fr> a, HostSpan<Fr> b, HostSpan<Fr> c, const QuotientCoset<Fr>& coset,
                  const QuotientConfig& config) {
    const std::size_t n = a.size;
    for (const HostSpan<Fr>& x : {a, b, c}) {
      ntt(Cpu{}, x, coset.into_coefficients);
      ntt(Cpu{}, x, coset.onto_coset);
    }
    ThreadPool& pool = cpu_pool(config.threads);
    if (!coset.to_coefficients) {
      pool.parallel_for(n, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) a[i] = a[i] * b[i] - c[i];
      }, 4096);
      return;
    }
    const Fr& z_inverse = coset.z_inverse;
    pool.parallel_for(n, [&](std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) a[i] = (a[i] * b[i] - c[i]) * z_inverse;
    }, 4096);
    ntt(Cpu{}, a, coset.from_coset);
  }
};

// GPU tags (Cuda, Hip): defined in backends/cuda/quotient.cuh.
template <class B, class Fr>
struct QuotientBackend<B, Fr, if_gpu<B>> {
  static void run(HostSpan<Fr> a, HostSpan<const Fr> b, HostSpan<const Fr> c, const QuotientCoset<Fr>& coset,
                  const QuotientConfig& config);
  // The quotient's first out.size values (at most a.size) into out, on out.device; a, b, c unchanged.
  static void to_device(HostSpan<const Fr> a, HostSpan<const Fr> b, HostSpan<const Fr> c,
                        const QuotientCoset<Fr>& coset, const QuotientConfig& config, DeviceSpan<B, Fr> out);
  // a <- the quotient of a, b, c, all on a's device (b and c are overwritten).
  static void on_device(DeviceSpan<B, Fr> a, DeviceSpan<B, Fr> b, DeviceSpan<B, Fr> c, const QuotientCoset<Fr>& coset,
                        const QuotientConfig& config);
};

namespace quotient_detail {
inline void check_sizes(std::size_t a, std::size_t b, std::size_t c) {
  if (b != a || c != a)
    throw Error(Errc::size_mismatch, "quotient: a, b and c must have the same length (" + std::to_string(a) + ", " +
                                         std::to_string(b) + ", " + std::to_string(c) + ")");
}
}  // namespace quotient_detail

// a <- the quotient's scalars, on the backend.
template <class Backend, class Fr>
void quotient(Backend, HostSpan<Fr> a, HostSpan<Fr> b, HostSpan<Fr> c, const QuotientConfig& config) {
  quotient_detail::check_sizes(a.size, b.size, c.size);
  if (a.size == 0) return;
  QuotientBackend<Backend, Fr>::run(a, b, c, QuotientCoset<Fr>(a.size, config), config);
}

// The quotient's first out.size values left in out on one of the backend's GPUs (out.device), for the
// H MSM over device scalars; a, b and c are not changed.
template <class B, class Fr>
void quotient_to_device(HostSpan<const Fr> a, HostSpan<const Fr> b, HostSpan<const Fr> c, const QuotientConfig& config,
                        DeviceSpan<B, Fr> out) {
  quotient_detail::check_sizes(a.size, b.size, c.size);
  if (out.size > a.size)
    throw Error(Errc::size_mismatch, "quotient_to_device: " + std::to_string(out.size) +
                                         " outputs asked of a quotient of " + std::to_string(a.size));
  if (a.size == 0) return;
  QuotientBackend<B, Fr>::to_device(a, b, c, QuotientCoset<Fr>(a.size, config), config, out);
}

// a <- the quotient's values, with a, b and c on one of the backend's GPUs (b and c are overwritten).
template <class B, class Fr>
void quotient_on_device(DeviceSpan<B, Fr> a, DeviceSpan<B, Fr> b, DeviceSpan<B, Fr> c, const QuotientConfig& config) {
  quotient_detail::check_sizes(a.size, b.size, c.size);
  if (b.device != a.device || c.device != a.device)
    throw Error(Errc::invalid_argument, "quotient_on_device: a, b and c must be on one device");
  if (a.size == 0) return;
  QuotientBackend<B, Fr>::on_device(a, b, c, QuotientCoset<Fr>(a.size, config), config);
}

#define ZKFORGE_GPU_QUOTIENT_INSTANCES(prefix, B)                \
  prefix template struct QuotientBackend<B, bls12_381::Fr>;      \
  prefix template struct QuotientBackend<B, bn254::Fr>;

ZKFORGE_GPU_QUOTIENT_INSTANCES(extern, Cuda)
ZKFORGE_GPU_QUOTIENT_INSTANCES(extern, Hip)

}  // namespace zkforge::groth16
