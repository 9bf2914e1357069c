// SPDX-License-Identifier: Apache-2.0
// `zkforge prove circuit.zkey witness.wtns proof.json public.json`: rapidsnark's job.
#pragma once

#include <string>

#include "zkforge/groth16/prover.hpp"

namespace zkforge::cli {

struct ProveOptions {
  std::string backend = "cpu";
  bool timings = false;  // print the per-phase table on stdout
  bool quiet = false;    // no progress lines on stderr
  bool json = false;     // the report as one JSON object on stdout
  unsigned threads = 0;
  int device = 0;                // the GPU, for --backend cuda
  std::string memory = "pooled";  // sync, pooled or deferred: the prover's memory policy
  bool check_key = false;         // check every key point's subgroup first (zkforge key check)
  unsigned precompute = 1;        // on a GPU, MsmConfig::precompute: none, since one proof does not repay the copies
  std::string zkey, wtns, proof, pub;
};

// What one `prove` did: the curve, the key's shape, and the time of each step.
struct ProveReport {
  std::string curve;  // "bn128" or "bls12381", as snarkjs names them
  std::size_t log_domain = 0, num_vars = 0, num_public = 0;
  double read_key_ms = 0, read_witness_ms = 0, self_verify_ms = 0, write_ms = 0;
  // On a GPU: the device's context made and the kernels warmed up (on their own thread, from the start),
  // and what the key's upload then waited for them.
  double warm_up_context_ms = 0, warm_up_kernels_ms = 0, warm_up_wait_ms = 0;
  double wall_ms = 0;          // from the headers read to the outputs written
  double prepare_ms = 0;  // the prover made: the matrices by row, on a GPU the bases uploaded
  groth16::PhaseTimings phases;
  std::string memory_policy;
  MemoryStats host_memory, device_memory;  // after the proof
  bool has_device_memory = false;
};

// Reads the files, proves, checks the proof against the key's own verifying key, and writes
// proof.json and public.json, both or neither (io/output_files.hpp); throws zkforge::Error. Before
// anything large is read, the outputs are checked to be neither inputs nor the same file, and the
// witness's count against the key's wires (both headers).
ProveReport prove_files(const ProveOptions& options);

// Prints the report as a table (one line per phase).
void print_prove_report(const ProveReport& report);

// The report as one JSON object: steps_ms and phases_ms by name, memory by policy.
std::string prove_report_json(const ProveReport& report);

// The subcommand: 0 proved and written; throws as prove_files does.
int run_prove(const ProveOptions& options);

}  // namespace zkforge::cli
