// SPDX-License-Identifier: Apache-2.0
// `zkforge bench msm|ntt|verify`: times one operation; a table, or JSON lines.
#include "bench.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "backend_choice.hpp"
#include "zkforge/arch/x86_64_ifma.hpp"
#include "zkforge/backend/linked.hpp"
#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/curve_id.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/msm/gpu.hpp"
#include "zkforge/msm/msm.hpp"
#include "zkforge/ntt/domain.hpp"
#include "zkforge/ntt/gpu.hpp"
#include "zkforge/ntt/ntt.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::cli {
namespace {

struct Timing {
  double median_ms, min_ms;
};

Timing time_runs(int repeat, const std::function<void()>& run) {
  run();  // warm-up: page faults, twiddle tables, thread start
  std::vector<double> ms;
  for (int i = 0; i < std::max(1, repeat); ++i) {
    const auto t0 = Clock::now();
    run();
    ms.push_back(ms_since(t0));
  }
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.front()};
}

// Whether the CPU kernels run on the AVX-512 IFMA lanes (else the scalar ones).
bool cpu_lanes_in_use() {
#if defined(ZKF_HAVE_X86_64_IFMA)
  return arch::x86_64::has_avx512ifma();
#else
  return false;
#endif
}

// One row; `fields` adds JSON fields (",\"name\":value...") to the JSON form.
void print(const BenchOptions& o, const std::string& op, const Timing& t, const std::string& fields = "") {
  if (o.json) {
    std::string extra = o.op == "prove" ? ",\"memory\":\"" + o.memory + "\",\"key\":\"" + o.key + "\"" : "";
    extra += fields;
    if (o.backend == "cpu") extra += ",\"cpu_lanes\":\"" + std::string(cpu_lanes_in_use() ? "ifma" : "scalar") + "\"";
    fmt::print("{{\"op\":\"{}\",\"curve\":\"{}\",\"log_n\":{},\"backend\":\"{}\",\"median_ms\":{:.3f},\"min_ms\":{:.3f},\"runs\":{}{}}}\n",
               op, o.curve, o.log_n, o.backend, t.median_ms, t.min_ms, std::max(1, o.repeat), extra);
  } else {
    fmt::print("{:<18} {:<10} {:>6} {:>8} {:>12.3f} {:>12.3f}\n", op, o.curve, o.log_n, o.backend, t.median_ms, t.min_ms);
  }
}

// n distinct points: chains P, P + Q, P + 2Q, ... from a random start per thread, normalised in batches.
template <class C>
std::vector<Affine<C>> bench_points(std::size_t n, std::uint64_t seed) {
  std::vector<Affine<C>> out(n);
  ThreadPool& pool = cpu_pool();
  pool.parallel_for(n, [&](std::size_t b, std::size_t e) {
    std::mt19937_64 rng(seed + b);
    const auto step = scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine();
    Jacobian<C> p = scalar_mul(C::generator(), C::Scalar::random(rng));
    std::vector<Jacobian<C>> chunk;
    for (std::size_t i = b; i < e; ++i) {
      chunk.push_back(p);
      p = p.add(step);
    }
    const auto affine = to_affine_batch(chunk);
    std::copy(affine.begin(), affine.end(), out.begin() + static_cast<std::ptrdiff_t>(b));
  }, 1024);
  return out;
}

BucketMethod bucket_method(const BenchOptions& o) {
  if (o.bucket_method == "xyzz") return BucketMethod::xyzz;
  return o.bucket_method == "batch_affine" ? BucketMethod::batch_affine : BucketMethod::automatic;
}

// A witness's value as circuits heavy in boolean signals have them: 3/8 zeros, 3/8 ones and 1/4
// uniform values (the witness dense share groth16::kWitnessDenseShare).
template <class S>
S witness_like(std::mt19937_64& rng) {
  const auto kind = rng() % 8;
  return kind < 3 ? S::zero() : kind < 6 ? S::one() : S::random(rng);
}

// An MSM over distinct points with uniform scalars, or with a witness's mix (--scalars witness).
template <class C>
int bench_msm(const BenchOptions& o) {
  using S = typename C::Scalar;
  const std::size_t n = std::size_t{1} << o.log_n;
  const auto points = bench_points<C>(n, 1);
  const bool witness = o.scalars == "witness";
  std::vector<S> scalars(n);
  std::mt19937_64 rng(2);
  for (auto& s : scalars) s = witness ? witness_like<S>(rng) : S::random(rng);
  MsmConfig cfg;
  cfg.threads = o.threads;
  cfg.window_bits = o.window;
  cfg.bucket_method = bucket_method(o);
  cfg.affine_rounds = o.affine_rounds;
  cfg.scalar_batches = o.scalar_batches;
  cfg.precompute = o.precompute;
  cfg.dense_share = o.dense_share != 0 ? o.dense_share : witness ? groth16::kWitnessDenseShare : 1;
  const std::string op = std::string(o.g2 ? "msm_g2" : "msm_g1") + (witness ? "_witness" : "");
  with_backend(o.backend, [&](auto backend) {
    using B = decltype(backend);
    if constexpr (is_gpu_backend_v<B>) {
      // As ANCHORS.md measures sppark: points resident on the GPU and scalars from the host, then both
      // from host memory. The context's making (upload and copies) is a row of its own.
      const auto t0 = Clock::now();
      MsmContext<B, C> context(host_span(points), cfg);
      const double made = ms_since(t0);
      const std::string copies = ",\"precompute\":" + std::to_string(context.precompute());
      print(o, op + "_context", Timing{made, made}, copies);
      print(o, op + "_resident", time_runs(o.repeat, [&] { (void)context.run(host_span(scalars)); }), copies);
      // The scalars already on the device, as the prover's H MSM takes its quotient: the difference
      // from the row above is the scalars' crossing of the bus.
      DeviceArray<B, S> on_device(cfg.memory, context.device(), n);
      on_device.upload(host_span(scalars));
      print(o, op + "_device_scalars",
            time_runs(o.repeat, [&] { (void)context.run(on_device.span(n)); }), copies);
      print(o, op + "_from_host", time_runs(o.repeat, [&] { (void)msm(backend, host_span(points), host_span(scalars), cfg); }));
    } else {
      print(o, op, time_runs(o.repeat, [&] { (void)msm(backend, host_span(points), host_span(scalars), cfg); }));
    }
  });
  return 0;
}

template <class Curve1, class Curve2>
int bench_msm_group(const BenchOptions& o) {
  return o.g2 ? bench_msm<Curve2>(o) : bench_msm<Curve1>(o);
}

// The transforms of ANCHORS.md unless --order says otherwise: forward natural -> bit-reversed, inverse
// bit-reversed -> natural, coset forward natural -> bit-reversed; in place on random data. odd_coset is
// the quotient's forward transform: bit-reversed -> natural on the coset of psi, the root of 2n. With
// --order the results are named ntt_<kind>_<order>.
template <class F>
int bench_ntt(const BenchOptions& o) {
  std::vector<F> data(std::size_t{1} << o.log_n);
  std::mt19937_64 rng(3);
  for (auto& x : data) x = F::random(rng);
  NttConfig<F> cfg;
  cfg.threads = o.threads;
  cfg.order = NttOrder::NR;
  if (o.ntt_kind == "inverse") {
    cfg.direction = NttDirection::inverse;
    cfg.order = NttOrder::RN;
  }
  if (o.ntt_kind == "coset") cfg.coset = F::generator();
  if (o.ntt_kind == "odd_coset") {
    cfg.order = NttOrder::RN;
    cfg.coset = Domain<F>::root_of_unity(o.log_n + 1, cfg.convention);
  }
  std::string name = "ntt_" + o.ntt_kind;
  if (!o.ntt_order.empty()) {
    const std::optional<NttOrder> order = ntt_order_named(o.ntt_order);
    if (!order) throw Error(Errc::invalid_argument, "bench ntt: unknown order '" + o.ntt_order + "'");
    cfg.order = *order;
    name += "_" + o.ntt_order;
  }
  with_backend(o.backend, [&](auto backend) {
    using B = decltype(backend);
    if constexpr (is_gpu_backend_v<B>) {
      // Data on the device, as ANCHORS.md measures sppark; then host data in and out, the upload and
      // the download part of the time.
      DeviceArray<B, F> resident(MemoryPolicy::pooled, gpu::current_device<B>(), data.size());
      resident.upload(host_span(data));
      print(o, name + "_resident", time_runs(o.repeat, [&] { ntt(backend, resident.span(), cfg); }));
      print(o, name + "_from_host", time_runs(o.repeat, [&] { ntt(backend, HostSpan<F>(data), cfg); }));
    } else {
      print(o, name, time_runs(o.repeat, [&] { ntt(backend, HostSpan<F>(data), cfg); }));
    }
  });
  return 0;
}

// A Groth16 proof of a synthetic circuit of 2^K constraints and m wires (2^K unless --wires), for
// timing only: the key's points are distinct points of the right groups (not a setup's; the proof is
// not valid), the A and B matrices have one entry per row (row r reads wires r and 7r + 3, mod m), and
// the witness is witness_like's mix.
// One JSON line or row per phase: its median and its minimum over the runs.
template <class E, class Backend>
int bench_prove(const BenchOptions& o) {
  using Fr = typename E::Fr;
  const std::size_t n = std::size_t{1} << o.log_n;
  const std::size_t m = o.wires == 0 ? n : o.wires;
  if (m < 2 || m > n)
    throw Error(Errc::invalid_argument, "bench prove: --wires must lie in [2, 2^K = " + std::to_string(n) + "]");
  groth16::ProvingKey<E> key;
  key.num_vars = m;
  key.num_public = 1;
  key.log_domain = o.log_n;
  const auto g1 = bench_points<typename E::G1>(n + 6, 11);
  const auto g2 = bench_points<typename E::G2>(m + 3, 12);
  key.alpha_1 = g1[n];
  key.beta_1 = g1[n + 1];
  key.delta_1 = g1[n + 2];
  key.ic = {g1[n + 3], g1[n + 4]};
  key.beta_2 = g2[m];
  key.gamma_2 = g2[m + 1];
  key.delta_2 = g2[m + 2];
  key.a.assign(g1.begin(), g1.begin() + static_cast<std::ptrdiff_t>(m));
  key.b_1 = key.a;
  key.h.assign(g1.begin(), g1.begin() + static_cast<std::ptrdiff_t>(n));
  key.l.assign(g1.begin() + 2, g1.begin() + static_cast<std::ptrdiff_t>(m));
  key.b_2.assign(g2.begin(), g2.begin() + static_cast<std::ptrdiff_t>(m));
  std::mt19937_64 rng(13);
  for (std::size_t row = 0; row < n; ++row) {
    key.a_matrix.push_back({static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(row % m), Fr::random(rng)});
    key.b_matrix.push_back({static_cast<std::uint32_t>(row), static_cast<std::uint32_t>((7 * row + 3) % m), Fr::random(rng)});
  }
  std::vector<typename Fr::Int> witness(m);
  for (auto& w : witness) w = witness_like<Fr>(rng).to_int();
  witness[0] = Fr::Int::from_u64(1);
  groth16::ProverConfig config;
  config.threads = o.threads;
  config.msm.threads = o.threads;
  config.resident_key = o.key == "resident";
  config.b_g2_msm = o.b_g2 == "cpu" ? groth16::G2Placement::cpu : groth16::G2Placement::gpu;
  config.batch_add = o.batch_add == "cpu" ? groth16::BatchAddPlacement::cpu : groth16::BatchAddPlacement::gpu;
  config.overlap = o.overlap == "on";
  config.memory = memory_policy_option(o.memory);
  config.msm.precompute = o.precompute;
  if (o.key_memory_share != 0) config.key_memory_share = o.key_memory_share;
  if (o.dense_share != 0) config.witness_dense_share = o.dense_share;
  config.msm.bucket_method = bucket_method(o);
  config.msm.affine_rounds = o.affine_rounds;
  config.msm.scalar_batches = o.scalar_batches;
  const auto t0 = Clock::now();
  const groth16::Prover<E, Backend> prover(key, config);
  const double made = ms_since(t0);
  const groth16::QueryCopies k = prover.device_copies();
  // on a GPU with a resident key: the upload and the copies
  print(o, "prove_prepare", Timing{made, made},
        fmt::format(",\"copies\":{{\"a\":{},\"b_1\":{},\"l\":{},\"h\":{},\"b_2\":{}}}", k.a, k.b_1, k.l, k.h, k.b_2));
  const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
  std::vector<groth16::PhaseTimings> runs;
  const Timing total = time_runs(o.repeat, [&] {
    groth16::PhaseTimings t;
    (void)prover.prove(host_span(witness), blinding, &t);
    runs.push_back(t);
  });
  runs.erase(runs.begin());  // the warm-up
  using groth16::PhaseTimings;
  const std::pair<const char*, double PhaseTimings::*> phases[] = {
      {"prove_evaluate", &PhaseTimings::evaluate},   {"prove_prep_msm", &PhaseTimings::prep_msm},
      {"prove_ntt_msm_h", &PhaseTimings::ntt_msm_h}, {"prove_batch_add", &PhaseTimings::batch_add},
      {"prove_tail_msm", &PhaseTimings::tail_msm},   {"prove_b_g2_msm", &PhaseTimings::b_g2_msm},
      {"prove_assemble", &PhaseTimings::assemble},   {"prove_release", &PhaseTimings::release}};
  for (const auto& [name, phase] : phases) {  // each phase's own median and minimum over the runs
    std::vector<double> ms;
    for (const PhaseTimings& t : runs) ms.push_back(t.*phase);
    std::sort(ms.begin(), ms.end());
    print(o, name, Timing{ms[ms.size() / 2], ms.front()});
  }
  print(o, "prove_total", total);
  return 0;
}

template <class E>
int bench_prove_on(const BenchOptions& o) {
  return with_backend(o.backend, [&](auto backend) { return bench_prove<E, decltype(backend)>(o); });
}

// Groth16 verification of the bundled snarkjs proof of the curve, on the calling thread: with a
// prepared key (key checked and its pairing lines precomputed once), and one-shot.
template <class E>
int bench_verify(BenchOptions o, const std::string& name) {
  o.log_n = 0;  // no size: one proof
  const std::string dir = o.data_dir + "/groth16/" + name + "/";
  const auto vk = snarkjs::parse_verification_key<E>(snarkjs::read_json_file(dir + "verification_key.json"), dir);
  const auto inputs = snarkjs::parse_public_inputs<E>(snarkjs::read_json_file(dir + "public.json"), dir);
  const auto proof = snarkjs::parse_proof<E>(snarkjs::read_json_file(dir + "proof.json"), dir);
  const groth16::PreparedVerifyingKey<E> prepared(vk);
  bool ok = true;
  print(o, "verify_prepared", time_runs(o.repeat, [&] { ok = ok && prepared.verify(inputs, proof); }));
  print(o, "verify_one_shot", time_runs(o.repeat, [&] { ok = ok && groth16::verify(vk, inputs, proof); }));
  if (!ok) throw Error(Errc::invalid_argument, "the bundled " + name + " proof did not verify");
  return 0;
}

}  // namespace

int run_bench(const BenchOptions& o) {
  with_backend(o.backend, [](auto) {});
  if (o.cpu_lanes == "scalar") {
#if defined(ZKF_HAVE_X86_64_IFMA)
    arch::x86_64::set_ifma_enabled(false);
#endif
  }
  if (o.backend != "cpu" && o.op == "verify")
    throw Error(Errc::backend_unavailable, "no " + o.op + " benchmark on the " + o.backend + " backend in this version");
  if (!o.json) fmt::print("{:<18} {:<10} {:>6} {:>8} {:>12} {:>12}\n", "op", "curve", "log_n", "backend", "median_ms", "min_ms");
  const bool on_bn254 = curve_from_name(o.curve) == CurveId::bn254;
  if (o.op == "msm") {
    return on_bn254 ? bench_msm_group<bn254::G1Curve, bn254::G2Curve>(o)
                              : bench_msm_group<bls12_381::G1Curve, bls12_381::G2Curve>(o);
  }
  if (o.op == "verify")
    return on_bn254 ? bench_verify<bn254::Engine>(o, "bn128") : bench_verify<bls12_381::Engine>(o, "bls12381");
  if (o.op == "ntt") return on_bn254 ? bench_ntt<bn254::Fr>(o) : bench_ntt<bls12_381::Fr>(o);
  if (o.op == "prove") return on_bn254 ? bench_prove_on<bn254::Engine>(o) : bench_prove_on<bls12_381::Engine>(o);
  throw Error(Errc::invalid_argument, "unknown benchmark '" + o.op + "'");
}

}  // namespace zkforge::cli
