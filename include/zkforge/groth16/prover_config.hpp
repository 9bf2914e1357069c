// SPDX-License-Identifier: Apache-2.0
// The Groth16 prover's knobs (ProverConfig) and what it reports of each proof (PhaseTimings).
#pragma once

#include "zkforge/memory/policy.hpp"
#include "zkforge/msm/config.hpp"

namespace zkforge::groth16 {

// Milliseconds per phase of one proof, and of the whole call (wall): where phases overlap
// (ProverConfig::overlap), wall is below the phases' sum, total().
struct PhaseTimings {
  double evaluate = 0, prep_msm = 0, ntt_msm_h = 0, batch_add = 0, tail_msm = 0, b_g2_msm = 0, assemble = 0;
  double release = 0;  // giving the evaluations back to the memory policy at the end (entry (a))
  double wall = 0;
  double total() const {
    return evaluate + prep_msm + ntt_msm_h + batch_add + tail_msm + b_g2_msm + assemble + release;
  }
};

// Where a GPU backend's prover runs b_g2_msm, B2's MSM on G2 (ProverConfig::b_g2_msm).
enum class G2Placement { gpu, cpu };

// Where a GPU backend's prover runs batch_add, the sums of the bases whose witness value is 1 for A,
// B1, L and B2 (ProverConfig::batch_add).
enum class BatchAddPlacement { gpu, cpu };

// The cores that a GPU prover's batch_add on the host leaves to the threads that drive the GPU (the
// H chain, the witness queries', B2's) when ProverConfig::threads is 0.
inline constexpr unsigned kGpuDriverCores = 4;

// The default ProverConfig::key_memory_share: on an H200, a 2^26 key with H's windows all folded
// and three copies of the other queries. A share of 0.9 gives them five, each of their MSMs alone
// quicker, and the whole proof ~8 ms slower (docs/perf.md, issue #24, run BQ; measured with B2 at three
// copies, as it is again, and not since B2's G2 MSM runs on lane pairs).
inline constexpr double kKeyMemoryShare = 0.8;

// The default ProverConfig::witness_dense_share: a witness heavy in boolean signals, a quarter of its
// values wider than one digit, as `zkforge bench`'s witness mix has it.
inline constexpr double kWitnessDenseShare = 0.25;

struct ProverConfig {
  MsmConfig msm;         // window, threads and bucket method of every MSM (its memory is `memory` below)
  unsigned threads = 0;  // CPU threads of the NTTs and the element-wise work; 0 uses every core
  // Where a proof's large buffers come from and how they go back: the witness in Montgomery form,
  // a, b, c, the tail indices, gathered bases and scalars on the host (host_resource), and every
  // device buffer of a GPU backend's calls.
  MemoryPolicy memory = MemoryPolicy::pooled;
  // On a GPU backend, the phases that do not wait for one another run at once, as C2 overlaps them:
  // b_g2_msm and tail_msm (which need only the witness) each on a host thread of their own, beside the
  // evaluation of a, b, c and ntt_msm_h. Each call has its own stream, so GPU work and host work
  // (uploads, waits, window sums) overlap. The CPU backend's phases share one thread pool and always
  // run one after another.
  bool overlap = true;
  // On a GPU backend, the key's bases stay on the device from the prover's construction on
  // (out_of_memory there when they do not fit); false: every proof uploads them again.
  bool resident_key = true;
  // On a GPU backend, b_g2_msm on the GPU, or on the host's CPU threads beside the GPU's phases, as
  // supra_seal C2 runs it (a GPU that is small or busy: B2's bases, the key's largest query, then stay
  // on the host). The CPU backend runs every phase on the CPU.
  G2Placement b_g2_msm = G2Placement::gpu;
  // On a GPU backend, batch_add inside the witness queries' device MSMs (a 1 is one entry of one
  // bucket), or on the host's cores beside the GPU's phases, the device's runs leaving the 1s out
  // (MsmConfig::skip_ones): a large proof is bound by the GPU's work, and its host's cores idle. On
  // the host it takes a pool of `threads` (0: every core but kGpuDriverCores), beside B2's own pool
  // when b_g2_msm runs on the host too.
  BatchAddPlacement batch_add = BatchAddPlacement::gpu;
  // On a GPU backend with a resident key and MsmConfig::precompute 0 (automatic): the share of the
  // device's free memory, when the prover is made, that the key's bases with their copies, one
  // proof's MSM buffers and its quotient may take, up to all but the matrices and 1 GiB
  // (resident_key.hpp says how the copies are chosen); the rest stays free for the memory policy's
  // buffers, concurrent calls and other keys. In (0, 1].
  double key_memory_share = kKeyMemoryShare;
  // The share of a witness's values expected wider than one digit (the rest 0 or 1), for which a
  // resident key's witness queries (A, B1, L, B2) choose their copies' window
  // (MsmConfig::dense_share; H's scalars, the quotient's, are uniform). Speed only, never the proof.
  // In (0, 1].
  double witness_dense_share = kWitnessDenseShare;
};

}  // namespace zkforge::groth16
