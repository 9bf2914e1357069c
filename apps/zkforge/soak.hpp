// SPDX-License-Identifier: Apache-2.0
// `zkforge soak circuit.zkey witness.wtns` (a zkey or a compiled key): thousands of proofs in one process, watched for what a
// long-running prover must not do — memory that creeps or proofs that slow down.
#pragma once

#include <string>

namespace zkforge::cli {

struct SoakOptions {
  std::string zkey, wtns;
  std::string backend = "cpu";
  std::string memory = "pooled";
  int device = 0;
  unsigned threads = 0;
  int proofs = 1000;        // counted proofs, after the warm-up: more than 100 (the first 100 are the baseline)
  int warm_up = 20;         // proofs before the counted ones
  int verify_every = 100;   // every n-th proof is verified under the key's verifying key
  double memory_slack = 0.01;  // allowed growth of resident and device memory over the first hundred's
  double time_slack = 0.05;    // allowed change of the proof time over a young prover's (soak.cpp), first
                               // hundred to last: CPU time on the CPU backend, wall time on a GPU
  bool json = false;           // one JSON object per hundred and one for the verdict, instead of a table
};

// Proves, checks and reports (a row per hundred proofs: their median wall and CPU time, resident
// memory, the policy's host and device memory); 0 when every verified proof verified and memory and time stayed
// within their slack, 1 when one did not; throws zkforge::Error for bad input.
int run_soak(const SoakOptions& options);

}  // namespace zkforge::cli
