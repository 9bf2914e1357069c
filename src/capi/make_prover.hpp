// SPDX-License-Identifier: Apache-2.0
// make_prover's definition (provers.hpp), instantiated per curve by make_prover_<curve>.cpp: the one
// place where the C interface names groth16::Prover and its backend tag.
#pragma once

#include <utility>

#include "backends.hpp"
#include "provers.hpp"
#include "zkforge/groth16/prover.hpp"

namespace zkforge::capi {

template <class E, class Backend>
class BackendProver final : public ProverImpl<E> {
 public:
  using Fr = typename E::Fr;
  using Int = typename Fr::Int;

  BackendProver(SharedKey<E> key, Target target, const groth16::ProverConfig& config)
      : key_(std::move(key)), target_(std::move(target)), prover_(key_->view(), config) {}

  groth16::Proof<E> prove(HostSpan<const Int> witness) const override {
    make_current();
    return prover_.prove(witness, groth16::draw_blinding<Fr>());
  }

  std::vector<groth16::Proof<E>> prove_batch(std::vector<Circuit<E>> circuits,
                                             const std::vector<groth16::Blinding<Fr>>& blindings) const override {
    std::vector<typename groth16::Prover<E, Backend>::Assignment> batch;
    for (Circuit<E>& c : circuits)
      batch.push_back({host_span(c.witness), std::move(c.a), std::move(c.b), std::move(c.c)});
    make_current();
    return prover_.prove_batch(std::move(batch), blindings);
  }

  std::vector<Int> public_inputs(HostSpan<const Int> witness) const override { return prover_.public_inputs(witness); }

 private:
  // GPU calls run on the calling thread's current device: the target's, made current per call.
  void make_current() const {
    if constexpr (is_gpu_backend_v<Backend>) gpu::select_device<Backend>(target_.index);
  }

  SharedKey<E> key_;  // before prover_, which views it
  Target target_;
  groth16::Prover<E, Backend> prover_;
};

template <class E>
std::unique_ptr<ProverImpl<E>> make_prover(SharedKey<E> key, const zkforge_prover_options& options) {
  const Target target = target_of(&options.device);
  groth16::ProverConfig config;
  config.threads = options.threads;
  config.msm.threads = options.threads;
  config.memory = memory_policy_of(options.memory);
  return on_backend(target, [&](auto backend) -> std::unique_ptr<ProverImpl<E>> {
    return std::make_unique<BackendProver<E, decltype(backend)>>(key, target, config);
  });
}

}  // namespace zkforge::capi
