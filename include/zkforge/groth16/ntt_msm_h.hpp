// SPDX-License-Identifier: Apache-2.0
// Phase ntt_msm_h: the quotient's scalars from the evaluations a, b, c, in either H convention.
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
// The result replaces a; b and c are consumed (on GPU backends, which do every step on the device
// with a, b, c uploaded once, they are left as they were), or h_scalars_to_device leaves it on the
// GPU for an MSM over device scalars. The MSM with the key's H is the caller's.
#pragma once

#include <type_traits>

#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/ntt/ntt.hpp"

namespace zkforge::groth16 {

// Whether the backend computes the quotient in one call (GPU backends: data uploaded once).
template <class Backend, class Fr, class = void>
struct HasQuotient : std::false_type {};
template <class Backend, class Fr>
struct HasQuotient<Backend, Fr, std::void_t<decltype(&NttBackend<Backend, Fr>::quotient)>> : std::true_type {};

// The coset a quotient of n values is evaluated on and 1 / Z there (Z = x^n - 1); for a backend's
// one-call quotient, the scale of ab - c (1 / Z in the monomial basis, else 1) and whether h goes back
// to coefficients (monomial basis).
template <class Fr>
struct QuotientCoset {
  Fr shift, z_inverse, scale;
  bool to_coefficients;
  QuotientCoset(std::size_t n, HConvention convention, RootConvention roots)
      : to_coefficients(convention == HConvention::monomial) {
    std::size_t log_n = 0;
    while ((std::size_t{1} << log_n) < n) ++log_n;
    shift = convention == HConvention::odd_coset_lagrange ? Domain<Fr>::root_of_unity(log_n + 1, roots)
                                                          : Fr::generator();
    z_inverse = (shift.pow(Fr::Int::from_u64(n)) - Fr::one()).inverse();
    scale = to_coefficients ? z_inverse : Fr::one();
  }
};

inline void check_evaluation_sizes(std::size_t a, std::size_t b, std::size_t c) {
  if (b != a || c != a) throw Error(Errc::size_mismatch, "ntt_msm_h: a, b and c must have the same length");
}

template <class Backend, class Fr>
void h_scalars(Backend backend, HostSpan<Fr> a, HostSpan<Fr> b, HostSpan<Fr> c, HConvention convention,
               RootConvention roots, unsigned threads = 0) {
  const std::size_t n = a.size;
  check_evaluation_sizes(n, b.size, c.size);
  if (n == 0) return;
  const QuotientCoset<Fr> coset(n, convention, roots);
  const Fr& shift = coset.shift;
  const Fr& z_inverse = coset.z_inverse;
  if constexpr (HasQuotient<Backend, Fr>::value) {
    NttBackend<Backend, Fr>::quotient(a, HostSpan<const Fr>(b), HostSpan<const Fr>(c), shift, coset.scale,
                                      coset.to_coefficients, roots);
    return;
  }
  NttConfig<Fr> to_coefficients;
  to_coefficients.direction = NttDirection::inverse;
  to_coefficients.order = NttOrder::NR;
  to_coefficients.convention = roots;
  to_coefficients.threads = threads;
  NttConfig<Fr> to_coset = to_coefficients;
  to_coset.direction = NttDirection::forward;
  to_coset.order = NttOrder::RN;
  to_coset.coset = shift;
  for (const HostSpan<Fr>& x : {a, b, c}) {
    ntt(backend, x, to_coefficients);
    ntt(backend, x, to_coset);
  }
  ThreadPool& pool = cpu_pool(threads);
  if (convention == HConvention::odd_coset_lagrange) {
    pool.parallel_for(n, [&](std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) a[i] = a[i] * b[i] - c[i];
    }, 4096);
    return;
  }
  pool.parallel_for(n, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i) a[i] = (a[i] * b[i] - c[i]) * z_inverse;
  }, 4096);
  NttConfig<Fr> back = to_coefficients;
  back.order = NttOrder::NN;
  back.coset = shift;
  ntt(backend, a, back);
}

// The quotient's first out.size values left on the GPU (out.device) for the H MSM over device
// scalars; a, b and c are not changed. GPU backends only.
template <class Backend, class Fr>
void h_scalars_to_device(HostSpan<const Fr> a, HostSpan<const Fr> b, HostSpan<const Fr> c, HConvention convention,
                         RootConvention roots, DeviceSpan<Fr> out) {
  const std::size_t n = a.size;
  check_evaluation_sizes(n, b.size, c.size);
  if (n == 0) return;
  const QuotientCoset<Fr> coset(n, convention, roots);
  NttBackend<Backend, Fr>::quotient_to_device(a, b, c, coset.shift, coset.scale, coset.to_coefficients, roots, out);
}

}  // namespace zkforge::groth16
