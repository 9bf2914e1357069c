// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's MSM for users who link zkforge::cuda: MsmBackend<Cuda, C>, the resident-bases
// MsmContext and the device-memory query msm_device_bytes.
//
// msm(Cuda{}, points, scalars) and batch_add(Cuda{}, points, bitmap) take host spans, upload the
// points and scalars on every call and return when the result is on the host. MsmContext uploads
// the bases once and keeps them on the device, so that each later MSM moves only its scalars, or
// nothing when they are on the device already: the form a prover uses. Both run on the device that
// is current when the call (or the context) is made, take their per-call buffers from that device's
// allocator of the memory policy in force (ScopedMemoryPolicy; pooled by default), and split work
// that does not fit the free device memory into pieces whose results are summed. A context's bases
// have device memory of their own, held until the context is destroyed and outside the memory
// policies' accounting.
//
// Compiling this header needs no CUDA compiler: the definitions live in backends/cuda/msm.cuh and are
// instantiated for G1 and G2 of BLS12-381 and BN254 in zkforge::cuda.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/msm/msm.hpp"

namespace zkforge {

// MsmConfig on the GPU: window_bits forces c as on the CPU (0 picks it by the GPU's cost model);
// threads and bucket_method are CPU knobs and are ignored.
template <class C>
struct MsmBackend<Cuda, C> {
  using Scalar = typename C::Scalar;
  static Jacobian<C> run_canonical(HostSpan<const Affine<C>> points, HostSpan<const typename Scalar::Int> scalars,
                                   const MsmConfig& config);
  static Jacobian<C> run_montgomery(HostSpan<const Affine<C>> points, HostSpan<const Scalar> scalars,
                                    const MsmConfig& config);
  static Jacobian<C> batch_add(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                               const MsmConfig& config);
};

// Device bytes that one msm(Cuda{}, ...) over n points needs on the current device to run in a single
// piece: points, scalars, digits and their sort, bucket and reduction buffers. A call with less free
// memory runs in several pieces; an MsmContext's run needs this less the points' share.
template <class C>
std::size_t msm_device_bytes(std::size_t n, const MsmConfig& config = {});

// Bases resident on one device for many MSMs ("points resident, scalars from host"). The device is
// the one current at construction; calls may come from any thread, one at a time per context.
template <class C>
class MsmContext {
 public:
  using Scalar = typename C::Scalar;
  static constexpr std::size_t kToEnd = std::numeric_limits<std::size_t>::max();

  // Uploads the bases (out_of_memory when they do not fit the device's free memory).
  explicit MsmContext(HostSpan<const Affine<C>> bases, const MsmConfig& config = {});
  ~MsmContext();
  MsmContext(MsmContext&&) noexcept;
  MsmContext& operator=(MsmContext&&) noexcept;
  MsmContext(const MsmContext&) = delete;
  MsmContext& operator=(const MsmContext&) = delete;

  std::size_t size() const;
  int device() const;

  // sum_i scalars[i] * bases[first + i]; size_mismatch when the range passes the last base.
  // Montgomery field elements, or canonical integers (not_canonical, naming the first index >= r).
  Jacobian<C> run(HostSpan<const Scalar> scalars, std::size_t first = 0);
  Jacobian<C> run(HostSpan<const typename Scalar::Int> scalars, std::size_t first = 0);
  // Montgomery scalars already on the context's device (invalid_argument on another), e.g. a quotient
  // the NTT left there (NttBackend::quotient_to_device): nothing crosses the bus but the result.
  Jacobian<C> run(DeviceSpan<const Scalar> scalars, std::size_t first = 0);
  // Canonical integers already on the context's device, e.g. a witness uploaded once for several
  // queries (DeviceArray::upload); not_canonical names the first index >= r.
  Jacobian<C> run(DeviceSpan<const typename Scalar::Int> scalars, std::size_t first = 0);

  // The sum of the bases first + i whose bit i is set, over count bases (all from first by default);
  // the bitmap has ceil(count / 64) words and no bit set past count, as batch_add(...) requires.
  Jacobian<C> batch_add(HostSpan<const std::uint64_t> bitmap, std::size_t first = 0, std::size_t count = kToEnd);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

namespace cuda {
// Frees the device buffers that the current device's pool keeps idle for later calls (MSMs reuse
// their buffers across calls; this hands the memory back, to another library say).
void trim_device_pool();
}  // namespace cuda

extern template struct MsmBackend<Cuda, bls12_381::G1Curve>;
extern template struct MsmBackend<Cuda, bls12_381::G2Curve>;
extern template struct MsmBackend<Cuda, bn254::G1Curve>;
extern template struct MsmBackend<Cuda, bn254::G2Curve>;
extern template class MsmContext<bls12_381::G1Curve>;
extern template class MsmContext<bls12_381::G2Curve>;
extern template class MsmContext<bn254::G1Curve>;
extern template class MsmContext<bn254::G2Curve>;
extern template std::size_t msm_device_bytes<bls12_381::G1Curve>(std::size_t, const MsmConfig&);
extern template std::size_t msm_device_bytes<bls12_381::G2Curve>(std::size_t, const MsmConfig&);
extern template std::size_t msm_device_bytes<bn254::G1Curve>(std::size_t, const MsmConfig&);
extern template std::size_t msm_device_bytes<bn254::G2Curve>(std::size_t, const MsmConfig&);

}  // namespace zkforge
