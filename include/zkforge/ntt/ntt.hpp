// SPDX-License-Identifier: Apache-2.0
// The NTT front end: written once, checked once, dispatched on the backend tag.
//
// ntt(backend, data, config) transforms data in place. With n = data.size = 2^k, omega the
// domain's root of the config's convention and g the optional coset shift (g = 1 without one):
//   forward: data[i] <- sum_j data[j] * (g * omega^i)^j, i.e. coefficients -> evaluations at
//            g * omega^i (the coefficient j is multiplied by g^j, then transformed);
//   inverse: the inverse of the forward map: evaluations at g * omega^i -> coefficients, i.e. the
//            transform by omega^-1 scaled by 1/n, then coefficient j multiplied by g^-j.
// Input and output order are chosen independently (NttOrder): natural, or bit-reversed (element i
// at position bitrev_k(i)). Sizes 0 (nothing to do) and 2^0 .. 2^s (s = F::kTwoAdicity) are accepted.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "zkforge/backend/tags.hpp"
#include "zkforge/error.hpp"
#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"
#include "zkforge/memory/policy.hpp"
#include "zkforge/memory/span.hpp"
#include "zkforge/ntt/domain.hpp"

namespace zkforge {

enum class NttDirection { forward, inverse };

// Input order, then output order: N natural, R bit-reversed.
enum class NttOrder { NN, NR, RN, RR };

// Every order, and its name ("NN" .. "RR"), in the enum's order: the names the command line and the
// benchmarks' results use.
inline constexpr std::array<NttOrder, 4> kNttOrders = {NttOrder::NN, NttOrder::NR, NttOrder::RN, NttOrder::RR};
inline constexpr std::array<const char*, 4> kNttOrderNames = {"NN", "NR", "RN", "RR"};
inline constexpr const char* ntt_order_name(NttOrder o) { return kNttOrderNames[static_cast<std::size_t>(o)]; }
// The order of that name; none for any other string.
inline std::optional<NttOrder> ntt_order_named(std::string_view name) {
  for (NttOrder o : kNttOrders)
    if (name == ntt_order_name(o)) return o;
  return std::nullopt;
}

// The knobs of one transform. The defaults give the plain forward NTT, natural order in and out,
// with the zkcrypto roots (those of F::two_adic_root(); on BN254 they are also snarkjs' roots).
template <class F>
struct NttConfig {
  NttDirection direction = NttDirection::forward;
  NttOrder order = NttOrder::NN;
  // The coset shift g, nonzero: forward evaluates at g * omega^i, inverse interpolates from there.
  std::optional<F> coset;
  unsigned threads = 0;  // CPU threads; 0 uses every core
  // snarkjs for proving keys made by snarkjs on BLS12-381 (SNARKJS-FORMATS.md, "Roots of unity").
  RootConvention convention = RootConvention::zkcrypto;
  MemoryPolicy memory = MemoryPolicy::pooled;  // where a GPU call's scratch memory comes from
};

// A backend's NTT primitive. The primary template only fails to compile, readably: a backend
// provides a specialisation with run(data, config), which may assume what ntt() checks (the CPU's
// below, the GPU tags' in ntt/gpu.hpp, one for both).
template <class Backend, class F, class = void>
struct NttBackend {
  static_assert(backend_lacks_primitive_v<Backend>,
                "this backend has no NTT for this field (no NttBackend specialisation)");
};

template <class F>
struct NttBackend<Cpu, F> {
  static void run(HostSpan<F> data, const NttConfig<F>& config);  // backends/cpu/ntt.hpp
};

namespace ntt_detail {

template <class T>
struct Identity {
  using Type = T;
};

// Throws Errc::invalid_argument for a size that is not a power of two, a size above 2^s and a zero
// coset shift.
template <class F>
void check_call(std::size_t n, const NttConfig<F>& config) {
  if ((n & (n - 1)) != 0)
    throw Error(Errc::invalid_argument, "NTT size " + std::to_string(n) + " is not a power of two");
  if (n > (std::size_t{1} << F::kTwoAdicity))
    throw Error(Errc::invalid_argument, "NTT size " + std::to_string(n) + " exceeds the largest domain of " +
                                            F::Params::name + ", 2^" + std::to_string(F::kTwoAdicity));
  if (config.coset && config.coset->is_zero()) throw Error(Errc::invalid_argument, "NTT coset shift is zero");
}

}  // namespace ntt_detail

// The transform of host data, checked by ntt_detail::check_call. The field type comes from the
// span; the config follows it (hence `= {}` works).
template <class Backend, class F>
void ntt(Backend, HostSpan<F> data, const NttConfig<typename ntt_detail::Identity<F>::Type>& config = {}) {
  static_assert(is_backend_v<Backend>, "ntt: the first argument must be a backend tag (Cpu, Cuda, Hip)");
  if (data.size == 0) return;
  ntt_detail::check_call(data.size, config);
  NttBackend<Backend, F>::run(data, config);
}

// The transform of data already in the memory of one of the backend's GPUs, in place.
template <class Backend, class F>
void ntt(Backend, DeviceSpan<Backend, F> data, const NttConfig<typename ntt_detail::Identity<F>::Type>& config = {}) {
  static_assert(is_gpu_backend_v<Backend>, "ntt: device data needs a GPU backend tag (Cuda, Hip)");
  if (data.size == 0) return;
  ntt_detail::check_call(data.size, config);
  NttBackend<Backend, F>::run(data, config);
}

extern template struct NttBackend<Cpu, bls12_381::Fr>;
extern template struct NttBackend<Cpu, bn254::Fr>;

}  // namespace zkforge
