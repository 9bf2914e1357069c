// SPDX-License-Identifier: Apache-2.0
// The GPU backends' MSM, declared once for both tags (Cuda, Hip): MsmBackend<B, C>, the
// resident-bases MsmContext<B, C> and the device-memory queries msm_device_bytes<B, C> and
// msm_context_bytes<B, C>. Defined in
// backends/cuda/ (the HIP backend compiles the same source) and instantiated for G1 and G2 of
// BLS12-381 and BN254 in zkforge::cuda and zkforge::hip; one program may link both.
//
// msm(B{}, points, scalars) and batch_add(B{}, points, bitmap) take host spans, upload the points and
// scalars on every call and return when the result is on the host. MsmContext uploads the bases once
// and keeps them on the device, so that each later MSM moves only its scalars, or nothing when they
// are on the device already: the form a prover uses. Both run on the device that is current (for B)
// when the call (or the context) is made, take their per-call buffers from that device's resource of
// the config's memory policy (MsmConfig::memory), and split work that does not fit the free device
// memory into pieces whose results are summed. A context's bases have device memory of their own,
// held until the context is destroyed and outside the memory policies' accounting.
//
// A context also holds precomputed multiples of its bases (MsmConfig::precompute): K copies, copy q
// being 2^(q s) times the bases for s = W' c, so that a run sums K n points over W' = ceil(W / K) bucket
// windows instead of n points over W. The additions into buckets stay W n; the buckets to reduce fall
// K-fold, which pays for a wider window (c up to 24: fewer windows, fewer additions), and the sort's
// keys are shorter. The copies are made on the device when the context is; the window is fixed then,
// for the share of scalars expected wider than one digit (MsmConfig::dense_share).
//
// Compiling this header needs no GPU compiler.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/msm/msm.hpp"

namespace zkforge {

// MsmConfig on the GPU: window_bits forces c as on the CPU (0 picks it by the GPU's cost model);
// threads and bucket_method are CPU knobs and are ignored.
template <class B, class C>
struct MsmBackend<B, C, if_gpu<B>> {
  using Scalar = typename C::Scalar;
  static Jacobian<C> run_canonical(HostSpan<const Affine<C>> points, HostSpan<const typename Scalar::Int> scalars,
                                   const MsmConfig& config);
  static Jacobian<C> run_montgomery(HostSpan<const Affine<C>> points, HostSpan<const Scalar> scalars,
                                    const MsmConfig& config);
  static Jacobian<C> batch_add(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                               const MsmConfig& config);
};

// Device bytes that one msm(B{}, ...) over n points needs on the current device to run in a single
// piece: points, scalars, digits and their sort, bucket and reduction buffers. A call with less free
// memory runs in several pieces.
template <class B, class C>
std::size_t msm_device_bytes(std::size_t n, const MsmConfig& config = {});

// What an MsmContext of n bases made with config on the current device now would hold and need: its
// copies (config.precompute, kPrecomputeAuto resolved against the device's free memory now), the bytes
// of its bases and copies, held for its life, and those one run over all n takes in one piece.
struct MsmContextBytes {
  unsigned precompute = 1;
  std::size_t held = 0, per_run = 0;
};
template <class B, class C>
MsmContextBytes msm_context_bytes(std::size_t n, const MsmConfig& config = {});

// Bases resident on one device for many MSMs ("points resident, scalars from host"). The device is
// the one current at construction; calls may come from any thread, one at a time per context.
template <class B, class C>
class MsmContext {
  static_assert(is_gpu_backend_v<B>, "MsmContext: B must be a GPU backend tag (Cuda, Hip)");

 public:
  using Scalar = typename C::Scalar;
  static constexpr std::size_t kToEnd = std::numeric_limits<std::size_t>::max();

  // Uploads the bases and makes their copies on the device (out_of_memory when they do not fit the
  // device's free memory; not_in_subgroup if a base's multiple is at infinity). Every run takes its
  // buffers from the config's memory policy.
  explicit MsmContext(HostSpan<const Affine<C>> bases, const MsmConfig& config = {});
  ~MsmContext();
  MsmContext(MsmContext&&) noexcept;
  MsmContext& operator=(MsmContext&&) noexcept;
  MsmContext(const MsmContext&) = delete;
  MsmContext& operator=(const MsmContext&) = delete;

  std::size_t size() const;
  int device() const;
  unsigned precompute() const;  // K: the copies of the bases it holds (1: the bases alone)

  // sum_i scalars[i] * bases[first + i], less the bases whose scalar is 1 with MsmConfig::skip_ones;
  // size_mismatch when the range passes the last base.
  // Montgomery field elements, or canonical integers (not_canonical, naming the first index >= r).
  Jacobian<C> run(HostSpan<const Scalar> scalars, std::size_t first = 0);
  Jacobian<C> run(HostSpan<const typename Scalar::Int> scalars, std::size_t first = 0);
  // Montgomery scalars already on the context's device (invalid_argument on another), e.g. a quotient
  // left there (groth16::quotient_to_device): nothing crosses the bus but the result.
  Jacobian<C> run(DeviceSpan<B, const Scalar> scalars, std::size_t first = 0);
  // Canonical integers already on the context's device, e.g. a witness uploaded once for several
  // queries (DeviceArray::upload); not_canonical names the first index >= r.
  Jacobian<C> run(DeviceSpan<B, const typename Scalar::Int> scalars, std::size_t first = 0);
  // The same over the bases from 0, for integers that arrive in two parts: the first `head` are on the
  // device at the call, the rest once rest() returns (a host wait, e.g. on the caller's upload of them;
  // what it throws, the run throws). The head's count, sort and level 1 run while the rest crosses the
  // bus, in a window planned for MsmConfig::dense_share of larger scalars. rest() is waited for first
  // where head is 0 or the size, batch-affine rounds are asked for or one piece would not hold them
  // all; a run that fails before the rest's batch (a bad scalar in the head, a device error) throws
  // without calling it.
  Jacobian<C> run(DeviceSpan<B, const typename Scalar::Int> scalars, std::size_t head,
                  const std::function<void()>& rest);

  // The sum of the bases first + i whose bit i is set, over count bases (all from first by default);
  // the bitmap has ceil(count / 64) words and no bit set past count, as batch_add(...) requires.
  Jacobian<C> batch_add(HostSpan<const std::uint64_t> bitmap, std::size_t first = 0, std::size_t count = kToEnd);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

#define ZKFORGE_GPU_MSM_INSTANCES(prefix, B)                                                      \
  prefix template struct MsmBackend<B, bls12_381::G1Curve>;                                       \
  prefix template struct MsmBackend<B, bls12_381::G2Curve>;                                       \
  prefix template struct MsmBackend<B, bn254::G1Curve>;                                           \
  prefix template struct MsmBackend<B, bn254::G2Curve>;                                           \
  prefix template class MsmContext<B, bls12_381::G1Curve>;                                        \
  prefix template class MsmContext<B, bls12_381::G2Curve>;                                        \
  prefix template class MsmContext<B, bn254::G1Curve>;                                            \
  prefix template class MsmContext<B, bn254::G2Curve>;                                            \
  prefix template std::size_t msm_device_bytes<B, bls12_381::G1Curve>(std::size_t, const MsmConfig&); \
  prefix template std::size_t msm_device_bytes<B, bls12_381::G2Curve>(std::size_t, const MsmConfig&); \
  prefix template std::size_t msm_device_bytes<B, bn254::G1Curve>(std::size_t, const MsmConfig&);     \
  prefix template std::size_t msm_device_bytes<B, bn254::G2Curve>(std::size_t, const MsmConfig&);     \
  prefix template MsmContextBytes msm_context_bytes<B, bls12_381::G1Curve>(std::size_t, const MsmConfig&); \
  prefix template MsmContextBytes msm_context_bytes<B, bls12_381::G2Curve>(std::size_t, const MsmConfig&); \
  prefix template MsmContextBytes msm_context_bytes<B, bn254::G1Curve>(std::size_t, const MsmConfig&);     \
  prefix template MsmContextBytes msm_context_bytes<B, bn254::G2Curve>(std::size_t, const MsmConfig&);

ZKFORGE_GPU_MSM_INSTANCES(extern, Cuda)
ZKFORGE_GPU_MSM_INSTANCES(extern, Hip)

}  // namespace zkforge
