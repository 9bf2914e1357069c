// SPDX-License-Identifier: Apache-2.0
// zkforge/c/msm_ntt.h: MSM on G1 and G2 and the NTT of host buffers, on the backend a device names.
#include <limits>

#include "backends.hpp"
#include "engines.hpp"
#include "guard.hpp"
#include "scalars.hpp"
#include "zkforge/c/msm_ntt.h"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/io/decode_points.hpp"

namespace zkforge::capi {
namespace {

template <class C>
void msm_of(const Target& target, const void* points, const void* scalars, std::size_t n, zkforge_scalar_form form,
            void* result) {
  using Fr = typename C::Scalar;
  constexpr std::size_t kMost = std::numeric_limits<std::size_t>::max() / snarkjs::kPointBytes<C>;
  if (n > kMost)
    throw Error(Errc::invalid_argument, std::to_string(n) + " points are more than a buffer can hold (" +
                                            std::to_string(kMost) + ")");
  const io::Source bytes("points", static_cast<const std::uint8_t*>(points), n * snarkjs::kPointBytes<C>);
  const auto bases = io::decode_points<Affine<C>>(
      bytes, 0, n, snarkjs::kPointBytes<C>,
      [](const std::uint8_t* p) { return snarkjs::read_point<C>(p); },
      [](std::size_t i) { return "point " + std::to_string(i); });
  const std::vector<Fr> values = read_scalars<Fr>(scalars, n, form, "scalar");
  const Jacobian<C> sum = on_backend(target, [&](auto backend) {
    return msm(backend, host_span(bases), host_span(values));
  });
  snarkjs::write_point(sum.to_affine(), static_cast<std::uint8_t*>(result));
}

template <class Fr>
void ntt_of(const Target& target, void* data, std::size_t n, zkforge_scalar_form form,
            const zkforge_ntt_options& options) {
  NttConfig<Fr> config;
  if (options.direction != ZKFORGE_NTT_FORWARD && options.direction != ZKFORGE_NTT_INVERSE)
    throw Error(Errc::invalid_argument, "NTT direction " + std::to_string(options.direction) +
                                            " is neither forward (0) nor inverse (1)");
  if (options.roots != ZKFORGE_ROOTS_ZKCRYPTO && options.roots != ZKFORGE_ROOTS_SNARKJS)
    throw Error(Errc::invalid_argument, "root convention " + std::to_string(options.roots) +
                                            " is neither zkcrypto (0) nor snarkjs (1)");
  config.direction = options.direction == ZKFORGE_NTT_FORWARD ? NttDirection::forward : NttDirection::inverse;
  config.convention = options.roots == ZKFORGE_ROOTS_ZKCRYPTO ? RootConvention::zkcrypto : RootConvention::snarkjs;
  if (options.coset != nullptr) config.coset = read_scalars<Fr>(options.coset, 1, form, "coset shift").front();
  std::vector<Fr> values = read_scalars<Fr>(data, n, form, "scalar");
  on_backend(target, [&](auto backend) { ntt(backend, HostSpan<Fr>(values.data(), values.size()), config); });
  write_scalars(values, data, form);
}

}  // namespace
}  // namespace zkforge::capi

using namespace zkforge;
using namespace zkforge::capi;

extern "C" {

zkforge_status zkforge_msm(zkforge_curve curve, zkforge_group group, const zkforge_device* device,
                           const void* points, const void* scalars, uint64_t n, zkforge_scalar_form form,
                           void* result, zkforge_error* error) {
  return guarded(error, [&] {
    require(result, "the result buffer");
    if (n != 0) {
      require(points, "the points");
      require(scalars, "the scalars");
    }
    const Target target = target_of(device);
    with_engine(curve, [&](auto e) {
      using E = decltype(e);
      if (group == ZKFORGE_G1) return msm_of<typename E::G1>(target, points, scalars, n, form, result);
      if (group == ZKFORGE_G2) return msm_of<typename E::G2>(target, points, scalars, n, form, result);
      throw Error(Errc::invalid_argument, "group " + std::to_string(group) + " is neither G1 (1) nor G2 (2)");
    });
  });
}

zkforge_status zkforge_ntt(zkforge_curve curve, const zkforge_device* device, void* data, uint64_t n,
                           zkforge_scalar_form form, const zkforge_ntt_options* options, zkforge_error* error) {
  return guarded(error, [&] {
    if (n != 0) require(data, "the data");
    const Target target = target_of(device);
    const zkforge_ntt_options o = options != nullptr ? *options : zkforge_ntt_options{ZKFORGE_NTT_FORWARD, nullptr,
                                                                                      ZKFORGE_ROOTS_ZKCRYPTO};
    with_engine(curve, [&](auto e) { ntt_of<typename decltype(e)::Fr>(target, data, n, form, o); });
  });
}

}  // extern "C"
