// SPDX-License-Identifier: Apache-2.0
// The C interface's internal prover interface: one ProverImpl<E> per curve, made for a backend,
// device and memory policy by make_prover (provers.cpp, the one place that names groth16::Prover), so
// that everything above it — the C handles, rapidsnark's API, C2's batches — is written once.
#pragma once

#include <memory>
#include <vector>

#include "engines.hpp"
#include "zkforge/c/groth16.h"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/groth16/randomness.hpp"
#include "zkforge/groth16/verifying_key.hpp"
#include "zkforge/io/proving_key_file.hpp"
#include "zkforge/memory/span.hpp"

namespace zkforge::capi {

// The key a prover was made for (either form's memory, or a ProvingKey's vectors), shared by the prover
// and whoever made it (the key must outlive the prover, which reads it through a view).
template <class E>
using SharedKey = std::shared_ptr<const io::LoadedKey<E>>;

// One circuit of a batch: its full witness (canonical) and its evaluations a, b, c on the domain.
template <class E>
struct Circuit {
  std::vector<typename E::Fr::Int> witness;
  std::vector<typename E::Fr> a, b, c;
};

// A prover of one key on one backend and device. Every call is const and may come from any thread.
template <class E>
class ProverImpl {
 public:
  using Int = typename E::Fr::Int;
  virtual ~ProverImpl() = default;
  // A proof of the full canonical witness, with r and s from the operating system.
  virtual groth16::Proof<E> prove(HostSpan<const Int> witness) const = 0;
  // Proofs of circuits that share the key, each with its own r and s.
  virtual std::vector<groth16::Proof<E>> prove_batch(std::vector<Circuit<E>> circuits,
                                                     const std::vector<groth16::Blinding<typename E::Fr>>& blindings) const = 0;
  // The public inputs of a witness: wires 1 .. num_public.
  virtual std::vector<Int> public_inputs(HostSpan<const Int> witness) const = 0;
};

// A prover of `key` as `options` say (backend, device, memory policy, threads); the device is checked
// and the key placed (resident on a GPU) here.
template <class E>
std::unique_ptr<ProverImpl<E>> make_prover(SharedKey<E> key, const zkforge_prover_options& options);

extern template std::unique_ptr<ProverImpl<bn254::Engine>> make_prover(SharedKey<bn254::Engine>,
                                                                       const zkforge_prover_options&);
extern template std::unique_ptr<ProverImpl<bls12_381::Engine>> make_prover(SharedKey<bls12_381::Engine>,
                                                                           const zkforge_prover_options&);

}  // namespace zkforge::capi
