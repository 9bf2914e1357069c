// SPDX-License-Identifier: Apache-2.0
// A proving key's bases resident on one device of GPU backend B, and the prover's GPU phases over
// them: one MsmContext per query (A, B1, L, H, and B2 unless b_g2_msm runs on the CPU), uploaded once.
//
//   prep_msm   the witness crosses the bus once for A, B1 and L (witness_sums);
//   tail_msm   one MSM of each of A, B1 and L over all its bases: with the bases on the device no split
//              pays (a scalar 0 adds nothing, a 1 is one entry of one bucket), so batch_add is part of
//              it and takes no time of its own;
//   ntt_msm_h  the quotient computed on the device and left there for the H MSM (h_sum);
//   b_g2_msm   B2's MSM over its resident bases (b_2_sum).
// A context runs one call at a time, so concurrent proofs take turns at each (A, B1 and L under one
// lock, H and B2 under one each).
#pragma once

#include <mutex>
#include <optional>

#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/groth16/assemble.hpp"
#include "zkforge/groth16/prover_config.hpp"
#include "zkforge/groth16/quotient.hpp"
#include "zkforge/msm/gpu.hpp"

namespace zkforge::groth16 {

template <class E, class B>
class ResidentKey {
 public:
  using Fr = typename E::Fr;
  using Int = typename Fr::Int;
  using G1 = typename E::G1;
  using G2 = typename E::G2;

  ResidentKey(const ProvingKeyView<E>& key, const MsmConfig& config, bool b_2_on_device)
      : num_public_(key.num_public),
        h_points_(key.h.size),
        a_(key.a, config),
        b_1_(key.b_1, config),
        l_(key.l, config),
        h_(key.h, config) {
    if (b_2_on_device) b_2_.emplace(key.b_2, config);
  }

  bool holds_b_2() const { return b_2_.has_value(); }

  // prep_msm and tail_msm: sums.a, sums.b_1 and sums.l over the witness; their times added to t.
  void witness_sums(HostSpan<const Int> witness, MemoryPolicy memory, QuerySums<E>& sums, PhaseTimings& t) {
    const std::lock_guard<std::mutex> lock(witness_mutex_);
    auto t0 = Clock::now();
    DeviceArray<B, Int> scalars(memory, a_.device(), witness.size);
    scalars.upload(witness);
    const DeviceSpan<B, const Int> all = scalars.span(witness.size);
    t.prep_msm += ms_since(t0);
    t0 = Clock::now();
    sums.a = a_.run(all);
    sums.b_1 = b_1_.run(all);
    sums.l = l_.run(private_wires(all, num_public_));
    t.tail_msm += ms_since(t0);
  }

  // ntt_msm_h: the quotient of a, b, c on the device, and its MSM with H.
  Jacobian<G1> h_sum(HostSpan<const Fr> a, HostSpan<const Fr> b, HostSpan<const Fr> c, const QuotientConfig& config) {
    DeviceArray<B, Fr> quotient(config.memory, h_.device(), a.size);
    quotient_to_device(a, b, c, config, quotient.span());
    const std::lock_guard<std::mutex> lock(h_mutex_);
    return h_.run(quotient.span(h_points_));
  }

  // b_g2_msm on the device (holds_b_2() only).
  Jacobian<G2> b_2_sum(HostSpan<const Int> witness) {
    const std::lock_guard<std::mutex> lock(b_2_mutex_);
    return b_2_->run(witness);
  }

 private:
  std::size_t num_public_, h_points_;
  MsmContext<B, G1> a_, b_1_, l_, h_;
  std::optional<MsmContext<B, G2>> b_2_;
  std::mutex witness_mutex_, h_mutex_, b_2_mutex_;
};

}  // namespace zkforge::groth16
