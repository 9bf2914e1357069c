// SPDX-License-Identifier: Apache-2.0
// What `zkforge serve` counts for GET /metrics — requests by outcome, a latency histogram per phase —
// and the Prometheus text of those beside the gauges sampled when /metrics is read.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "zkforge/groth16/prover_config.hpp"
#include "zkforge/memory/policy.hpp"

namespace zkforge::serve {

// How a request ended (zkforge_requests_total{outcome}).
enum class Outcome {
  ok,
  bad_request,
  unauthorized,
  not_found,
  busy,
  deadline,
  disconnected,
  failed,
  unavailable,
  kCount
};

// The phases with a histogram (zkforge_phase_seconds{phase}): the time queued, the body parsed and
// checked, the prover's phases and its wall time, the proof verified and written, and the whole request.
enum class Phase {
  queue,
  parse,
  evaluate,
  prep_msm,
  ntt_msm_h,
  batch_add,
  tail_msm,
  b_g2_msm,
  assemble,
  release,
  prove,
  verify,
  total,
  kCount
};

const char* phase_name(Phase p);

// A Prometheus histogram of seconds, over fixed buckets from 1 ms to 60 s.
class Histogram {
 public:
  static constexpr std::array<double, 15> kBounds = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2,
                                                     0.5,   1,     2,     5,    10,   30,   60};
  void observe(double seconds);
  // The _bucket, _sum and _count lines of `name` with `labels` ("phase=\"queue\"").
  void write(std::string& out, const std::string& name, const std::string& labels) const;

 private:
  mutable std::mutex mutex_;
  std::array<std::uint64_t, kBounds.size()> counts_{};  // observations <= each bound (not cumulative)
  std::uint64_t count_ = 0;
  double sum_ = 0;
};

// What /metrics samples when it is read.
struct Gauges {
  std::size_t queued_deadline = 0, queued_batch = 0, queue_capacity = 0, in_flight = 0;
  MemoryPolicy policy = MemoryPolicy::pooled;
  MemoryStats host;  // the host memory of the prover's policy
  struct Device {
    std::string label;  // "cpu", "cuda:0"
    std::uint64_t proofs = 0, failures = 0;
    bool gpu = false;
    MemoryStats memory;  // the device memory of the prover's policy (gpu)
    std::size_t free_bytes = 0, total_bytes = 0;
  };
  std::vector<Device> devices;
  std::size_t resident_bytes = 0;  // the process's RSS
  bool draining = false;
};

class Metrics {
 public:
  void count(Outcome outcome) { outcomes_[static_cast<std::size_t>(outcome)].fetch_add(1); }
  std::uint64_t count_of(Outcome outcome) const { return outcomes_[static_cast<std::size_t>(outcome)].load(); }
  void observe(Phase phase, double ms) { phases_[static_cast<std::size_t>(phase)].observe(ms / 1000); }
  // The prover's phases and wall time of one proof.
  void observe(const groth16::PhaseTimings& t);
  // The Prometheus text format (version 0.0.4) of the counters, histograms and `gauges`.
  std::string text(const Gauges& gauges) const;

 private:
  std::array<std::atomic<std::uint64_t>, static_cast<std::size_t>(Outcome::kCount)> outcomes_{};
  std::array<Histogram, static_cast<std::size_t>(Phase::kCount)> phases_;
};

// The resident set size of this process (/proc/self/statm), 0 where it cannot be read.
std::size_t resident_bytes();

}  // namespace zkforge::serve
