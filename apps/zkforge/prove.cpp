// SPDX-License-Identifier: Apache-2.0
// `zkforge prove`: a snarkjs zkey and a circom witness in, snarkjs' proof.json and public.json out.
#include "prove.hpp"

#include <fmt/core.h>

#include <chrono>

#include "backend_choice.hpp"
#include "zkforge/backend/linked.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::cli {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

template <class E, class Backend>
void prove_with(const ProveOptions& o, snarkjs::JsonCurve curve, ProveReport& report) {
  auto progress = [&](const std::string& line) {
    if (!o.quiet) fmt::print(stderr, "zkforge prove: {}\n", line);
  };
  auto t0 = Clock::now();
  progress("reading " + o.zkey);
  const groth16::ProvingKey<E> key = snarkjs::read_zkey<E>(o.zkey);
  report.read_key_ms = ms_since(t0);
  report.log_domain = key.log_domain;
  report.num_vars = key.num_vars;
  report.num_public = key.num_public;

  t0 = Clock::now();
  const auto witness = snarkjs::read_wtns<typename E::Fr>(o.wtns);
  report.read_witness_ms = ms_since(t0);

  progress(fmt::format("proving on the {} backend: domain 2^{}, {} wires, {} public", o.backend, key.log_domain,
                       key.num_vars, key.num_public));
  groth16::ProverConfig config;
  config.threads = o.threads;
  config.msm.threads = o.threads;
  config.memory = memory_policy_option(o.memory);
  t0 = Clock::now();
  const groth16::Prover<E, Backend> prover(key, config);
  report.prepare_ms = ms_since(t0);
  const groth16::Proof<E> proof =
      prover.prove(host_span(witness), groth16::draw_blinding<typename E::Fr>(), &report.phases);

  t0 = Clock::now();
  snarkjs::write_json_file(o.proof, snarkjs::proof_json(proof, curve));
  snarkjs::write_json_file(o.pub, snarkjs::public_inputs_json(prover.public_inputs(host_span(witness))));
  report.write_ms = ms_since(t0);
  report.host_memory = host_resource(config.memory).stats();
  if constexpr (is_gpu_backend_v<Backend>) {
    report.device_memory = gpu::memory_stats<Backend>(config.memory, o.device);
    report.has_device_memory = true;
  }
}

template <class E>
void prove_on_backend(const ProveOptions& o, snarkjs::JsonCurve curve, ProveReport& report) {
  with_backend(o.backend, [&](auto backend) {
    using B = decltype(backend);
    if constexpr (is_gpu_backend_v<B>) gpu::select_device<B>(o.device);
    prove_with<E, B>(o, curve, report);
  });
}

}  // namespace

ProveReport prove_files(const ProveOptions& o) {
  ProveReport report;
  report.memory_policy = o.memory;
  if (snarkjs::zkey_curve(o.zkey) == snarkjs::ZkeyCurve::bn128) {
    report.curve = "bn128";
    prove_on_backend<bn254::Engine>(o, snarkjs::JsonCurve::bn128, report);
  } else {
    report.curve = "bls12381";
    prove_on_backend<bls12_381::Engine>(o, snarkjs::JsonCurve::bls12381, report);
  }
  return report;
}

void print_prove_report(const ProveReport& r) {
  const auto& p = r.phases;
  fmt::print("{:<12} {:>10}   ({}, domain 2^{}, {} wires, {} public)\n", "step", "ms", r.curve, r.log_domain,
             r.num_vars, r.num_public);
  const std::pair<const char*, double> rows[] = {
      {"read zkey", r.read_key_ms}, {"read wtns", r.read_witness_ms}, {"prepare", r.prepare_ms},
      {"evaluate", p.evaluate},
      {"prep_msm", p.prep_msm},     {"ntt_msm_h", p.ntt_msm_h},       {"batch_add", p.batch_add},
      {"tail_msm", p.tail_msm},     {"b_g2_msm", p.b_g2_msm},         {"assemble", p.assemble},
      {"release", p.release},       {"write json", r.write_ms}};
  for (const auto& [name, ms] : rows) fmt::print("{:<12} {:>10.2f}\n", name, ms);
  fmt::print("{:<12} {:>10.2f}\n", "prove total", p.wall);  // b_g2_msm may overlap the other phases
  auto mib = [](std::size_t b) { return static_cast<double>(b) / (1 << 20); };
  auto memory = [&](const char* where, const MemoryStats& m) {
    fmt::print("{} memory ({}): live {:.1f} MiB, idle {:.1f} MiB, pending release {:.1f} MiB, peak {:.1f} MiB\n", where,
               r.memory_policy, mib(m.live_bytes), mib(m.idle_bytes), mib(m.pending_bytes), mib(m.peak_bytes));
  };
  memory("host", r.host_memory);
  if (r.has_device_memory) memory("device", r.device_memory);
}

int run_prove(const ProveOptions& o) {
  try {
    const ProveReport report = prove_files(o);
    if (o.timings) print_prove_report(report);
    return 0;
  } catch (const Error& e) {
    fmt::print(stderr, "zkforge: {}\n", e.what());
    return 3;
  }
}

}  // namespace zkforge::cli
