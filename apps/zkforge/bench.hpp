// SPDX-License-Identifier: Apache-2.0
// `zkforge bench msm|ntt|verify`: times one operation on generated inputs; a table, or JSON lines.
#pragma once

#include <string>

#include "bundled_data.hpp"

namespace zkforge::cli {

struct BenchOptions {
  std::string op;                  // msm, ntt, prove or verify
  std::string curve = "bls12_381"; // bls12_381 or bn254
  bool g2 = false;                 // MSM on G2 instead of G1
  int log_n = 16;
  std::string backend = "cpu";
  bool json = false;
  int repeat = 5;                  // timed runs after one warm-up; the median is reported
  unsigned threads = 0;            // CPU threads, 0 = all
  unsigned window = 0;             // MSM window bits, 0 = chosen from n
  unsigned precompute = 0;         // msm and prove on a GPU: MsmConfig::precompute of the resident bases (0 = auto)
  std::string bucket_method = "automatic";  // MSM buckets: automatic, batch_affine or xyzz
  unsigned affine_rounds = 0;      // msm and prove on a GPU: MsmConfig::affine_rounds (0 = the backend's default)
  unsigned scalar_batches = 0;     // msm and prove on a GPU: MsmConfig::scalar_batches (0 = chosen from the sizes)
  std::string scalars = "uniform";   // msm: uniform, or witness (witness_like's mix of 0, 1 and uniform)
  std::string cpu_lanes = "auto";    // auto (AVX-512 IFMA where the CPU has it) or scalar
  std::string ntt_kind = "forward";  // forward, inverse, coset or odd_coset
  std::string ntt_order;             // NN, NR, RN or RR; empty = ANCHORS.md's (forward and coset NR, inverse RN)
  std::string memory = "pooled";     // prove: sync, pooled or deferred
  std::string key = "resident";      // prove on a GPU: resident (bases uploaded once) or streamed
  std::string b_g2 = "gpu";          // prove on a GPU: b_g2_msm on the gpu or on the cpu's threads
  std::string batch_add = "gpu";     // prove on a GPU: batch_add on the gpu or on the cpu's threads
  std::string overlap = "on";        // prove on a GPU: phases at once (on) or one after another (off)
  std::size_t wires = 0;             // prove: the synthetic circuit's wires, 0 = one per constraint (2^K)
  double key_memory_share = 0;       // prove on a GPU: ProverConfig::key_memory_share, 0 = its default
  double dense_share = 0;  // msm: MsmConfig::dense_share, prove: ProverConfig::witness_dense_share; 0 = default
  std::string data_dir = bundled_data_dir();  // the bundled snarkjs proofs that `verify` times
};

// Returns the process exit code.
int run_bench(const BenchOptions& options);

}  // namespace zkforge::cli
