// SPDX-License-Identifier: Apache-2.0
// `zkforge prove`: a proving key (snarkjs zkey or compiled) and a circom witness in, snarkjs' proof.json
// and public.json out.
#include "prove.hpp"

#include <fmt/core.h>

#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "backend_choice.hpp"
#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/groth16/warm_up.hpp"
#include "zkforge/io/output_files.hpp"
#include "zkforge/io/proving_key_file.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::cli {
namespace {

template <class E, class Backend>
void prove_with(const ProveOptions& o, const io::ProvingKeyFile& zkey, snarkjs::JsonCurve curve, ProveReport& report) {
  using Fr = typename E::Fr;
  auto progress = [&](const std::string& line) {
    if (!o.quiet) fmt::print(stderr, "zkforge prove: {}\n", line);
  };
  const auto start = Clock::now();
  groth16::ProverConfig config;
  config.threads = o.threads;
  config.msm.threads = o.threads;
  config.msm.precompute = o.precompute;
  config.memory = memory_policy_option(o.memory);
  // On a GPU, from the start and on a thread of its own: the driver and the device's context, then the
  // kernels' first launches and the quotient's twiddles (groth16/warm_up.hpp), while the key and the
  // witness are read. (The key's upload waits for both: beside the kernels' first launches it took five
  // times as long on an H200, and saved nothing.)
  std::future<void> warm;
  if constexpr (is_gpu_backend_v<Backend>) {
    warm = std::async(std::launch::async, [&] {
      const auto t = Clock::now();
      groth16::warm_up_context<Backend>(o.device);
      report.warm_up_context_ms = ms_since(t);
      const auto k = Clock::now();
      groth16::warm_up<E, Backend>(o.device, zkey.log_domain(), zkey.h_convention(), zkey.roots(), config);
      report.warm_up_kernels_ms = ms_since(k);
    });
  }
  // The witness's count against the key's wires from the two headers, before either is read.
  const io::BinFile wtns(o.wtns, "wtns", 2);
  snarkjs::read_wtns_header<Fr>(wtns).expect_count(zkey.num_vars(), o.zkey);
  std::future<std::vector<typename Fr::Int>> witness_read = std::async(std::launch::async, [&] {
    const auto t0 = Clock::now();
    auto w = snarkjs::read_wtns<Fr>(wtns);
    report.read_witness_ms = ms_since(t0);
    return w;
  });
  progress("reading " + o.zkey + (o.check_key ? ", every point checked for its subgroup" : "") +
           (is_gpu_backend_v<Backend> ? ", the GPU made ready beside it" : ""));
  auto t0 = Clock::now();
  const io::LoadedKey<E> loaded =
      zkey.load<E>({o.check_key ? snarkjs::SubgroupCheck::verify : snarkjs::SubgroupCheck::skip});
  const groth16::ProvingKeyView<E>& key = loaded.view();
  report.read_key_ms = ms_since(t0);
  report.log_domain = key.log_domain;
  report.num_vars = key.num_vars;
  report.num_public = key.num_public;
  progress(fmt::format("read the key in {:.0f} ms", report.read_key_ms));
  const auto witness = witness_read.get();
  if (warm.valid()) {
    t0 = Clock::now();
    warm.get();
    report.warm_up_wait_ms = ms_since(t0);
    gpu::select_device<Backend>(o.device);
  }

  progress(fmt::format("proving on the {} backend: domain 2^{}, {} wires, {} public", o.backend, key.log_domain,
                       key.num_vars, key.num_public));
  // The verifying key prepared (its points checked, its lines precomputed) beside the proof, on a
  // core the proof leaves idle at times, for the self-verification below.
  std::future<groth16::PreparedVerifyingKey<E>> verifying_key = std::async(
      std::launch::async, [&] { return groth16::PreparedVerifyingKey<E>(key.verifying_key()); });
  t0 = Clock::now();
  const groth16::Prover<E, Backend> prover(key, config);
  report.prepare_ms = ms_since(t0);
  const groth16::Proof<E> proof = prover.prove(host_span(witness), groth16::draw_blinding<Fr>(), &report.phases);
  const auto inputs = prover.public_inputs(host_span(witness));
  const auto& p = report.phases;
  progress(fmt::format("proved in {:.1f} ms (prepare {:.1f}): evaluate {:.1f}, prep_msm {:.1f}, ntt_msm_h {:.1f}, "
                       "batch_add {:.1f}, tail_msm {:.1f}, b_g2_msm {:.1f}",
                       p.wall, report.prepare_ms, p.evaluate, p.prep_msm, p.ntt_msm_h, p.batch_add, p.tail_msm,
                       p.b_g2_msm));

  // A key point outside its subgroup, or a damaged one that is still on the curve, gives a proof
  // that verifies nowhere: refused here, for the price of one verification, before anything is written.
  // The outputs are written to their temporaries and flushed meanwhile, on a thread of their own, and
  // renamed over their targets only once the proof has verified (removed if it has not).
  t0 = Clock::now();
  std::future<std::unique_ptr<io::StagedFiles>> staged = std::async(std::launch::async, [&] {
    return std::make_unique<io::StagedFiles>(std::vector<io::OutputFile>{
        {o.proof, snarkjs::json_text(snarkjs::proof_json(proof, curve))},
        {o.pub, snarkjs::json_text(snarkjs::public_inputs_json(inputs))}});
  });
  std::string refused;
  try {
    if (!verifying_key.get().verify(inputs, proof)) refused = "does not verify";
  } catch (const Error& e) {
    refused = std::string("is refused (") + e.message() + ")";
  }
  if (!refused.empty())  // `staged` goes with the throw, once its writes are done, and its temporaries with it
    throw Error(Errc::malformed_file, o.zkey + ": the proof made with this key " + refused +
                                          " under the key's own verifying key, so the key's points disagree (a point "
                                          "outside its subgroup, or damaged: zkforge key check names it); nothing "
                                          "was written");
  report.self_verify_ms = ms_since(t0);

  t0 = Clock::now();
  staged.get()->commit();
  report.write_ms = ms_since(t0);  // what the writes add after the self-verification, which they ran beside
  report.wall_ms = ms_since(start);
  progress(fmt::format("verified and wrote {} and {}; {:.0f} ms in all", o.proof, o.pub, report.wall_ms));
  report.host_memory = host_resource(config.memory).stats();
  if constexpr (is_gpu_backend_v<Backend>) {
    report.device_memory = gpu::memory_stats<Backend>(config.memory, o.device);
    report.has_device_memory = true;
  }
}

template <class E>
void prove_on_backend(const ProveOptions& o, const io::ProvingKeyFile& zkey, snarkjs::JsonCurve curve,
                      ProveReport& report) {
  // The GPU is chosen beside the key's reading (prove_with), not before it: making its context takes time.
  with_backend(o.backend, [&](auto backend) { prove_with<E, decltype(backend)>(o, zkey, curve, report); });
}

}  // namespace

ProveReport prove_files(const ProveOptions& o) {
  io::refuse_overlap({o.proof, o.pub}, {o.zkey, o.wtns});
  ProveReport report;
  report.memory_policy = o.memory;
  const io::ProvingKeyFile zkey(o.zkey);
  if (zkey.curve() == CurveId::bn254) {
    report.curve = "bn128";
    prove_on_backend<bn254::Engine>(o, zkey, snarkjs::JsonCurve::bn128, report);
  } else {
    report.curve = "bls12381";
    prove_on_backend<bls12_381::Engine>(o, zkey, snarkjs::JsonCurve::bls12381, report);
  }
  return report;
}

void print_prove_report(const ProveReport& r) {
  const auto& p = r.phases;
  fmt::print("{:<12} {:>10}   ({}, domain 2^{}, {} wires, {} public)\n", "step", "ms", r.curve, r.log_domain,
             r.num_vars, r.num_public);
  const std::pair<const char*, double> rows[] = {
      {"read zkey", r.read_key_ms}, {"read wtns", r.read_witness_ms}, {"warm-up wait", r.warm_up_wait_ms},
      {"prepare", r.prepare_ms},
      {"evaluate", p.evaluate},
      {"prep_msm", p.prep_msm},     {"ntt_msm_h", p.ntt_msm_h},       {"batch_add", p.batch_add},
      {"tail_msm", p.tail_msm},     {"b_g2_msm", p.b_g2_msm},         {"assemble", p.assemble},
      {"release", p.release},       {"self-verify", r.self_verify_ms}, {"write json", r.write_ms}};
  for (const auto& [name, ms] : rows) fmt::print("{:<12} {:>10.2f}\n", name, ms);
  fmt::print("{:<12} {:>10.2f}\n", "prove total", p.wall);  // b_g2_msm may overlap the other phases
  fmt::print("{:<12} {:>10.2f}\n", "wall", r.wall_ms);
  auto mib = [](std::size_t b) { return static_cast<double>(b) / (1 << 20); };
  auto memory = [&](const char* where, const MemoryStats& m) {
    fmt::print("{} memory ({}): live {:.1f} MiB, idle {:.1f} MiB, pending release {:.1f} MiB, peak {:.1f} MiB\n", where,
               r.memory_policy, mib(m.live_bytes), mib(m.idle_bytes), mib(m.pending_bytes), mib(m.peak_bytes));
  };
  memory("host", r.host_memory);
  if (r.has_device_memory) memory("device", r.device_memory);
}

std::string prove_report_json(const ProveReport& r) {
  const auto& p = r.phases;
  auto memory = [](const MemoryStats& m) {
    return nlohmann::json{{"live_bytes", m.live_bytes},
                          {"idle_bytes", m.idle_bytes},
                          {"pending_bytes", m.pending_bytes},
                          {"peak_bytes", m.peak_bytes}};
  };
  nlohmann::json j{{"curve", r.curve},
                   {"log_domain", r.log_domain},
                   {"wires", r.num_vars},
                   {"public", r.num_public},
                   {"memory_policy", r.memory_policy},
                   {"steps_ms",
                    {{"read_zkey", r.read_key_ms},
                     {"read_wtns", r.read_witness_ms},
                     {"warm_up_context", r.warm_up_context_ms},
                     {"warm_up_kernels", r.warm_up_kernels_ms},
                     {"warm_up_wait", r.warm_up_wait_ms},
                     {"prepare", r.prepare_ms},
                     {"prove", p.wall},
                     {"self_verify", r.self_verify_ms},
                     {"write", r.write_ms},
                     {"wall", r.wall_ms}}},
                   {"phases_ms",
                    {{"evaluate", p.evaluate},
                     {"prep_msm", p.prep_msm},
                     {"ntt_msm_h", p.ntt_msm_h},
                     {"batch_add", p.batch_add},
                     {"tail_msm", p.tail_msm},
                     {"b_g2_msm", p.b_g2_msm},
                     {"assemble", p.assemble},
                     {"release", p.release}}},
                   {"host_memory", memory(r.host_memory)}};
  if (r.has_device_memory) j["device_memory"] = memory(r.device_memory);
  return j.dump();
}

int run_prove(const ProveOptions& o) {
  const ProveReport report = prove_files(o);
  if (o.timings) print_prove_report(report);
  if (o.json) fmt::print("{}\n", prove_report_json(report));
  return 0;
}

}  // namespace zkforge::cli
