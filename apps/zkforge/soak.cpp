// SPDX-License-Identifier: Apache-2.0
// `zkforge soak`: see soak.hpp. Memory is read with the policy's deferred frees flushed, so that what is
// compared is memory held, not memory in flight. Its baseline is the first hundred's row (the warm-up
// then the first hundred: the first rows printed and the first verification make the allocations they
// make once). The time judged is relative: in the first and the last hundred each proof is paired
// with one by a young prover, one that has made only its warm-up proofs, and its time divided by the
// young prover's (CPU time on the CPU backend, wall time on a GPU); a machine whose clock or other load
// changes moves both, a prover that ages moves one. Both young provers are made and warmed before the
// baseline is read, so that making one is in no row's growth.
//
// The soak's test hook, for the tests that watch it fail: ZKFORGE_TEST_SOAK_FAULT=leak:BYTES keeps BYTES,
// written, for every proof of the long-lived prover; slow:MICROSECONDS makes its i-th of n proofs spend
// i/n times that much more CPU time. Unset, it does nothing.
#include "soak.hpp"

#include <fmt/core.h>

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "backend_choice.hpp"
#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/proving_key_file.hpp"
#include "zkforge/memory/process_memory.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::cli {
namespace {

// Memory held by the process and the prover's policy, deferred frees done.
struct Held {
  std::size_t resident = 0, host_live = 0, host_idle = 0, device_used = 0;
};

double mib(std::size_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

// CPU time of the whole process (every thread), in milliseconds.
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// The median of v (the lower middle of an even count).
double median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>((v.size() - 1) / 2), v.end());
  return v[(v.size() - 1) / 2];
}

// The test hook of the file's head.
struct SoakFault {
  std::size_t leak_bytes = 0;
  double slow_us = 0;
};

SoakFault test_soak_fault() {
  const char* spec = std::getenv("ZKFORGE_TEST_SOAK_FAULT");
  SoakFault f;
  if (spec == nullptr || *spec == '\0') return f;
  const std::string s = spec;
  const std::size_t colon = s.find(':');
  const std::string kind = s.substr(0, colon);
  const std::string amount = colon == std::string::npos ? "" : s.substr(colon + 1);
  const bool digits = !amount.empty() && amount.find_first_not_of("0123456789") == std::string::npos;
  if ((kind != "leak" && kind != "slow") || !digits)
    throw Error(Errc::invalid_argument, "ZKFORGE_TEST_SOAK_FAULT must be leak:BYTES or slow:MICROSECONDS, not '" + s + "'");
  if (kind == "leak") f.leak_bytes = std::stoull(amount);
  else f.slow_us = std::stod(amount);
  return f;
}

// Spends ms of the process's CPU time on this thread.
void spend_cpu_ms(double ms) {
  const double until = process_cpu_ms() + ms;
  while (process_cpu_ms() < until) {
  }
}

template <class E, class Backend>
int soak_with(const SoakOptions& o, const io::ProvingKeyFile& file, const std::string& curve) {
  using Fr = typename E::Fr;
  const SoakFault fault = test_soak_fault();  // before any work: a malformed hook fails at once
  const io::BinFile wtns(o.wtns, "wtns", 2);
  snarkjs::read_wtns_header<Fr>(wtns).expect_count(file.num_vars(), o.zkey);
  const io::LoadedKey<E> loaded = file.load<E>();
  const groth16::ProvingKeyView<E>& key = loaded.view();
  const auto witness = snarkjs::read_wtns<Fr>(wtns);
  groth16::ProverConfig config;
  config.threads = o.threads;
  config.msm.threads = o.threads;
  config.memory = memory_policy_option(o.memory);
  const groth16::Prover<E, Backend> prover(key, config);
  const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
  const auto inputs = prover.public_inputs(host_span(witness));

  // The proof time judged is relative to a young prover's (see the file's head): CPU time on the CPU
  // backend, wall time on a GPU.
  constexpr bool kOnCpu = !is_gpu_backend_v<Backend>;
  auto held = [&] {
    host_resource(config.memory).flush();
    Held h;
    if constexpr (is_gpu_backend_v<Backend>) {
      gpu::memory_flush<Backend>(config.memory, o.device);
      const gpu::DeviceMemoryInfo d = gpu::device_memory_info<Backend>(o.device);
      h.device_used = d.total_bytes - d.free_bytes;
    }
    const MemoryStats s = host_resource(config.memory).stats();
    h.host_live = s.live_bytes;
    h.host_idle = s.idle_bytes;
    h.resident = resident_bytes();
    return h;
  };
  for (int i = 0; i < o.warm_up; ++i) {  // every path of the loop below, the verification's too
    const groth16::Proof<E> proof = prover.prove(host_span(witness), groth16::draw_blinding<Fr>());
    if (o.verify_every > 0 && i == 0 && !vk.verify(inputs, proof))
      throw Error(Errc::invalid_argument, "soak: the first proof does not verify under " + o.zkey + "'s verifying key");
  }
  // The young provers of the first and the last hundred (see the file's head).
  const groth16::Prover<E, Backend> young_first(key, config), young_last(key, config);
  for (const auto* young : {&young_first, &young_last})
    for (int w = 0; w < o.warm_up; ++w) static_cast<void>(young->prove(host_span(witness), groth16::draw_blinding<Fr>()));
  const Held start = held();
  if (!o.json)
    fmt::print("soak: {} proofs of {} (2^{} constraints, {} wires) on {}, memory {}, after {} to warm up\n"
               "{:>8} {:>12} {:>12} {:>12} {:>14} {:>14} {:>14}\n",
               o.proofs, curve, key.log_domain, key.num_vars, o.backend, o.memory, o.warm_up, "proofs", "median ms",
               "median CPU ms", "x young", "resident MiB", "host live MiB", "device MiB");
  // A row: the hundred's median wall time, on the CPU its median CPU time, and in the first and last
  // hundred the median of its time over the young prover's.
  auto row = [&](int done, double ms, double cpu_ms, double relative, const Held& h) {
    if (o.json)
      fmt::print("{{\"proofs\":{},\"median_ms\":{:.3f},\"median_cpu_ms\":{:.3f},\"relative_to_young\":{:.4f},"
                 "\"resident_mib\":{:.2f},\"host_live_mib\":{:.2f},\"host_idle_mib\":{:.2f},\"device_used_mib\":{:.2f}}}\n",
                 done, ms, cpu_ms, relative, mib(h.resident), mib(h.host_live), mib(h.host_idle), mib(h.device_used));
    else
      fmt::print("{:>8} {:>12.2f} {:>12.2f} {:>12.3f} {:>14.2f} {:>14.2f} {:>14.2f}\n", done, ms, cpu_ms, relative,
                 mib(h.resident), mib(h.host_live), mib(h.device_used));
  };
  row(0, 0, 0, 0, start);

  // Per hundred: wall ms, CPU ms, and in the first and the last hundred the ratios to the young prover's
  // time, whose median is judged.
  std::vector<double> wall, cpu, measure;
  double first = 0, last = 0;
  Held baseline, peak;
  int verified = 0, failed = 0;
  const int last_start = (o.proofs - 1) / 100 * 100 + 1;  // the first proof of the last hundred
  struct Timed {
    groth16::Proof<E> proof;
    double wall_ms, cpu_ms;
  };
  std::vector<std::unique_ptr<char[]>> leaked;
  auto timed = [&](const groth16::Prover<E, Backend>& p, double extra_ms = 0) {
    const auto t0 = Clock::now();
    const double cpu0 = process_cpu_ms();
    const groth16::Proof<E> proof = p.prove(host_span(witness), groth16::draw_blinding<Fr>());
    spend_cpu_ms(extra_ms);
    return Timed{proof, ms_since(t0), process_cpu_ms() - cpu0};
  };
  auto judged_ms = [](const Timed& t) { return kOnCpu ? t.cpu_ms : t.wall_ms; };
  for (int i = 1; i <= o.proofs; ++i) {
    const groth16::Prover<E, Backend>* young = i <= 100 ? &young_first : i >= last_start ? &young_last : nullptr;
    const double paired = young ? judged_ms(timed(*young)) : 0.0;
    const Timed t = timed(prover, fault.slow_us / 1e3 * i / o.proofs);
    if (fault.leak_bytes > 0) {
      leaked.push_back(std::make_unique<char[]>(fault.leak_bytes));
      std::memset(leaked.back().get(), 1, fault.leak_bytes);
    }
    wall.push_back(t.wall_ms);
    cpu.push_back(t.cpu_ms);
    if (young) measure.push_back(judged_ms(t) / std::max(paired, 1e-3));
    if (o.verify_every > 0 && i % o.verify_every == 0) {
      ++verified;
      if (!vk.verify(inputs, t.proof)) ++failed;
    }
    if (i % 100 == 0 || i == o.proofs) {
      const Held h = held();
      const bool judged_here = !measure.empty();
      if (judged_here) last = median(measure);
      if (i <= 100) {  // the first row: the baselines
        baseline = peak = h;
        first = last;
      }
      peak.resident = std::max(peak.resident, h.resident);
      peak.device_used = std::max(peak.device_used, h.device_used);
      row(i, median(wall), kOnCpu ? median(cpu) : 0.0, judged_here ? last : 0.0, h);
      wall.clear();
      cpu.clear();
      measure.clear();
    }
  }
  const double drift = first > 0 ? last / first - 1 : 0;
  auto growth = [](std::size_t peak_bytes, std::size_t base) {
    return base == 0 ? 0.0 : static_cast<double>(peak_bytes) / static_cast<double>(base) - 1;
  };
  const double resident_growth = growth(peak.resident, baseline.resident);
  const double device_growth = growth(peak.device_used, baseline.device_used);
  const bool ok = failed == 0 && resident_growth <= o.memory_slack && device_growth <= o.memory_slack &&
                  std::abs(drift) <= o.time_slack;
  if (o.json)
    fmt::print("{{\"verdict\":\"{}\",\"verified\":{},\"failed\":{},\"resident_growth\":{:.5f},\"device_growth\":{:.5f},"
               "\"time_drift\":{:.5f}}}\n",
               ok ? "pass" : "fail", verified, failed, resident_growth, device_growth, drift);
  else
    fmt::print("soak {}: {} of {} verified proofs valid; peak resident {:+.2f}% and device {:+.2f}% over the row "
               "of the first hundred (slack {:.0f}%); {} {:+.2f}% first hundred to last (slack {:.0f}%)\n",
               ok ? "passed" : "FAILED", verified - failed, verified, 100 * resident_growth, 100 * device_growth,
               100 * o.memory_slack,
               kOnCpu ? "proof CPU time over a young prover's (median of pairs)"
                      : "proof wall time over a young prover's (median of pairs)",
               100 * drift, 100 * o.time_slack);
  return ok ? 0 : 1;
}

template <class E>
int soak_on(const SoakOptions& o, const io::ProvingKeyFile& zkey, const std::string& curve) {
  int result = 0;
  gpu::with_backend_on_device(o.backend, o.device,
                              [&](auto backend) { result = soak_with<E, decltype(backend)>(o, zkey, curve); });
  return result;
}

}  // namespace

int run_soak(const SoakOptions& o) {
  if (o.proofs <= 100)
    throw Error(Errc::invalid_argument,
                "soak: --proofs must be more than 100: the first hundred's row is the baseline that memory and the "
                "proof time are judged against, so at most 100 proofs leave nothing to judge");
  const io::ProvingKeyFile zkey(o.zkey);
  if (zkey.curve() == CurveId::bn254) return soak_on<bn254::Engine>(o, zkey, "bn128");
  return soak_on<bls12_381::Engine>(o, zkey, "bls12381");
}

}  // namespace zkforge::cli
