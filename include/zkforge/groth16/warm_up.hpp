// SPDX-License-Identifier: Apache-2.0
// The first-use costs of a GPU prover, paid ahead: the device's context (warm_up_context), then the
// kernels of every phase (loaded on their first launch), the NTT's twiddles for the key's quotient, the
// pinned staging of uploads and the memory policy's first buffers (warm_up). A one-shot prover calls
// both on a thread of its own while it reads the key (only the curve, the domain and the quotient's
// conventions are needed, all in the key's header), so that none of these costs falls inside a phase
// of the proof that follows.
//
// The kernels are run by a proof over a throwaway key of 2^4 constraints (multiples of each group's
// generator, one matrix entry per row), whose result is discarded.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "zkforge/backend/tags.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/quotient.hpp"
#include "zkforge/ntt/gpu.hpp"

namespace zkforge::groth16 {

namespace warm_up_detail {

// g, 2g, 3g, ... : n distinct points of C's group.
template <class C>
std::vector<Affine<C>> multiples(std::size_t n) {
  std::vector<Affine<C>> out;
  Jacobian<C> p = Jacobian<C>::from_affine(C::generator());
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(p.to_affine());
    p = p.add(C::generator());
  }
  return out;
}

}  // namespace warm_up_detail

// Makes GPU backend B's device `device` current for the calling thread, its context made: the
// driver's start and the context's, the largest first-use cost; throws for a device that is not there.
template <class B>
void warm_up_context(int device) {
  static_assert(is_gpu_backend_v<B>, "warm_up_context is for GPU backends");
  gpu::select_device<B>(device);
}

// Runs the kernels of a proof on GPU backend B's device `device` under `config`, and prepares the NTT
// for the quotient of a key of 2^log_domain constraints whose H is in convention h over `roots`;
// throws as the prover does (a device that fails shows here first).
template <class E, class B>
void warm_up(int device, std::size_t log_domain, HConvention h, RootConvention roots, const ProverConfig& config) {
  static_assert(is_gpu_backend_v<B>, "warm_up is for GPU backends");
  using Fr = typename E::Fr;
  warm_up_context<B>(device);
  constexpr std::size_t kLog = 4, kRows = std::size_t{1} << kLog;
  constexpr std::uint32_t kWires = 8;
  const auto g1 = warm_up_detail::multiples<typename E::G1>(kRows + 4);
  const auto g2 = warm_up_detail::multiples<typename E::G2>(kWires + 3);
  ProvingKey<E> key;
  key.num_vars = kWires;
  key.num_public = 1;
  key.log_domain = kLog;
  key.alpha_1 = g1[kRows];
  key.beta_1 = g1[kRows + 1];
  key.delta_1 = g1[kRows + 2];
  key.ic = {g1[kRows + 3], g1[kRows]};
  key.beta_2 = g2[kWires];
  key.gamma_2 = g2[kWires + 1];
  key.delta_2 = g2[kWires + 2];
  key.a.assign(g1.begin(), g1.begin() + kWires);
  key.b_1 = key.a;
  key.l.assign(g1.begin() + 2, g1.begin() + kWires);
  key.h.assign(g1.begin(), g1.begin() + kRows);
  key.b_2.assign(g2.begin(), g2.begin() + kWires);
  for (std::uint32_t row = 0; row < kRows; ++row) {
    key.a_matrix.push_back({row, row % kWires, Fr::from_u64(row + 2)});
    key.b_matrix.push_back({row, (3 * row + 1) % kWires, Fr::from_u64(row + 3)});
  }
  std::vector<typename Fr::Int> witness(kWires);
  for (std::size_t i = 0; i < kWires; ++i) witness[i] = Fr::Int::from_u64(i == 0 ? 1 : i + 5);
  ProverConfig warm = config;
  warm.resident_key = true;
  const Prover<E, B> prover(key, warm);
  (void)prover.prove(host_span(witness), Blinding<Fr>{Fr::from_u64(1), Fr::from_u64(2)});
  // The quotient's twiddles, made by its forward transform onto the key's coset (a GPU quotient puts
  // the coset there: on the odd coset a table of twice the domain, which its inverse reads too), and
  // the pinned staging that uploads of more than a mebibyte of pageable memory go through.
  DeviceArray<B, Fr> column(config.memory, device, std::size_t{1} << log_domain);
  column.clear();
  const std::vector<Fr> staged(std::min<std::size_t>(column.size(), std::size_t{1} << 16));
  column.upload(host_span(staged));
  const QuotientCoset<Fr> coset(column.size(), QuotientConfig{h, roots, config.threads, config.memory});
  NttConfig<Fr> onto_coset = coset.onto_coset;
  onto_coset.coset = coset.shift;
  ntt(B{}, column.span(), onto_coset);
}

}  // namespace zkforge::groth16
