// SPDX-License-Identifier: Apache-2.0
// The serve metrics' histograms and their Prometheus text format.
#include "metrics.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>

namespace zkforge::serve {
namespace {

const char* outcome_name(Outcome o) {
  constexpr const char* names[] = {"ok",       "bad_request",  "unauthorized", "not_found",  "busy",
                                   "deadline", "disconnected", "failed",       "unavailable"};
  return names[static_cast<std::size_t>(o)];
}

void family(std::string& out, const char* name, const char* type, const char* help) {
  out += fmt::format("# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
}

void memory_lines(std::string& out, const char* name, const std::string& labels, const MemoryStats& m) {
  const std::pair<const char*, std::size_t> states[] = {
      {"live", m.live_bytes}, {"idle", m.idle_bytes}, {"pending", m.pending_bytes}, {"peak", m.peak_bytes}};
  for (const auto& [state, bytes] : states)
    out += fmt::format("{}{{{},state=\"{}\"}} {}\n", name, labels, state, bytes);
}

}  // namespace

const char* phase_name(Phase p) {
  constexpr const char* names[] = {"queue",    "parse",    "evaluate", "prep_msm", "ntt_msm_h", "batch_add", "tail_msm",
                                   "b_g2_msm", "assemble", "release",  "prove",    "verify",    "total"};
  return names[static_cast<std::size_t>(p)];
}

void Histogram::observe(double seconds) {
  const std::lock_guard<std::mutex> lock(mutex_);
  for (std::size_t i = 0; i < kBounds.size(); ++i)
    if (seconds <= kBounds[i]) {
      ++counts_[i];
      break;
    }
  ++count_;
  sum_ += seconds;
}

void Histogram::write(std::string& out, const std::string& name, const std::string& labels) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBounds.size(); ++i) {
    cumulative += counts_[i];
    out += fmt::format("{}_bucket{{{},le=\"{}\"}} {}\n", name, labels, kBounds[i], cumulative);
  }
  out += fmt::format("{}_bucket{{{},le=\"+Inf\"}} {}\n", name, labels, count_);
  out += fmt::format("{}_sum{{{}}} {}\n{}_count{{{}}} {}\n", name, labels, sum_, name, labels, count_);
}

void Metrics::observe(const groth16::PhaseTimings& t) {
  const std::pair<Phase, double> phases[] = {
      {Phase::evaluate, t.evaluate},   {Phase::prep_msm, t.prep_msm}, {Phase::ntt_msm_h, t.ntt_msm_h},
      {Phase::batch_add, t.batch_add}, {Phase::tail_msm, t.tail_msm}, {Phase::b_g2_msm, t.b_g2_msm},
      {Phase::assemble, t.assemble},   {Phase::release, t.release},   {Phase::prove, t.wall}};
  for (const auto& [phase, ms] : phases) observe(phase, ms);
}

std::string Metrics::text(const Gauges& g) const {
  std::string out;
  family(out, "zkforge_requests_total", "counter", "Requests answered (or dropped), by outcome.");
  for (std::size_t i = 0; i < outcomes_.size(); ++i)
    out += fmt::format("zkforge_requests_total{{outcome=\"{}\"}} {}\n", outcome_name(static_cast<Outcome>(i)),
                       outcomes_[i].load());
  family(out, "zkforge_queue_depth", "gauge",
         "Places held in the queue (bodies being read and checked, jobs waiting for a worker), by priority class.");
  out += fmt::format("zkforge_queue_depth{{priority=\"deadline\"}} {}\nzkforge_queue_depth{{priority=\"batch\"}} {}\n",
                     g.queued_deadline, g.queued_batch);
  family(out, "zkforge_queue_capacity", "gauge", "Requests the queue holds before answering 429.");
  out += fmt::format("zkforge_queue_capacity {}\n", g.queue_capacity);
  family(out, "zkforge_in_flight", "gauge", "Requests being proved.");
  out += fmt::format("zkforge_in_flight {}\n", g.in_flight);
  family(out, "zkforge_draining", "gauge", "1 after SIGTERM: no new work is taken, what is in flight finishes.");
  out += fmt::format("zkforge_draining {}\n", g.draining ? 1 : 0);
  family(out, "zkforge_phase_seconds", "histogram",
         "Seconds per phase of a request: queued, parsed, the prover's phases, prove (its wall time), verify, total.");
  for (std::size_t i = 0; i < phases_.size(); ++i)
    phases_[i].write(out, "zkforge_phase_seconds", fmt::format("phase=\"{}\"", phase_name(static_cast<Phase>(i))));
  family(out, "zkforge_proofs_total", "counter", "Proofs made, by device.");
  for (const auto& d : g.devices) out += fmt::format("zkforge_proofs_total{{device=\"{}\"}} {}\n", d.label, d.proofs);
  family(out, "zkforge_prover_failures_total", "counter",
         "Proofs that failed on the device (answered 500), by device.");
  for (const auto& d : g.devices)
    out += fmt::format("zkforge_prover_failures_total{{device=\"{}\"}} {}\n", d.label, d.failures);
  const char* policy = memory_policy_name(g.policy);
  family(out, "zkforge_host_memory_bytes", "gauge", "Host memory of the prover's memory policy, by state.");
  memory_lines(out, "zkforge_host_memory_bytes", fmt::format("policy=\"{}\"", policy), g.host);
  bool gpu = false;
  for (const auto& d : g.devices) gpu = gpu || d.gpu;
  if (gpu) {
    family(out, "zkforge_device_memory_bytes", "gauge",
           "Device memory of the prover's memory policy, by device and state.");
    for (const auto& d : g.devices)
      memory_lines(out, "zkforge_device_memory_bytes", fmt::format("device=\"{}\",policy=\"{}\"", d.label, policy),
                   d.memory);
    family(out, "zkforge_device_free_bytes", "gauge", "Free device memory as the driver reports it.");
    for (const auto& d : g.devices)
      out += fmt::format("zkforge_device_free_bytes{{device=\"{}\"}} {}\n", d.label, d.free_bytes);
    family(out, "zkforge_device_total_bytes", "gauge", "Device memory in all.");
    for (const auto& d : g.devices)
      out += fmt::format("zkforge_device_total_bytes{{device=\"{}\"}} {}\n", d.label, d.total_bytes);
  }
  family(out, "zkforge_process_resident_bytes", "gauge", "Resident set size of the server process.");
  out += fmt::format("zkforge_process_resident_bytes {}\n", g.resident_bytes);
  return out;
}

std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

}  // namespace zkforge::serve
