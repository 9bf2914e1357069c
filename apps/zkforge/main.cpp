// SPDX-License-Identifier: Apache-2.0
// The zkforge command-line program: subcommands and exit codes. Compiled twice: as zkforge, which
// hands serve and client to zkforge-http (http_program.hpp), and, with ZKFORGE_HTTP_PROGRAM, as
// zkforge-http, which runs every subcommand.
//
// Exit codes: 0 success; 1 a check or verification failed; 2 bad usage; 3 a zkforge error (bad
// input, unavailable backend, device failure), out of memory or any other failure, with its message
// on stderr: every exception stops here, none aborts the program.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <new>
#include <system_error>

#include "bench.hpp"
#include "demo.hpp"
#include "fault_hook.hpp"
#include "http_program.hpp"
#include "info.hpp"
#include "key_check.hpp"
#include "key_compile.hpp"
#include "key_read.hpp"
#include "prove.hpp"
#include "soak.hpp"
#include "verify.hpp"
#include "zkforge/error.hpp"
#include "zkforge/groth16/prover_config.hpp"
#include "zkforge/msm/config.hpp"
#include "zkforge/ntt/ntt.hpp"
#ifdef ZKFORGE_HTTP_PROGRAM
#include "serve/commands.hpp"
#endif

namespace {
constexpr unsigned kMaxThreads = zkforge::kMaxPoolThreads;
constexpr unsigned kMaxPrecompute = 64;  // --precompute: copies of the resident bases on a GPU
}  // namespace

int main(int argc, char** argv) {
#ifndef ZKFORGE_HTTP_PROGRAM
  if (zkforge::cli::http_command(argc, argv)) return zkforge::cli::exec_http_program(argv);
#endif
  // A write past a file size limit (ulimit -f) then fails with EFBIG and is reported, instead of the
  // signal killing the program.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"zkforge: MSM, NTT and Groth16 over BLS12-381 and BN254 on CPU and GPU"};
  app.set_version_flag("--version", std::string("zkforge ") + ZKFORGE_VERSION);
  app.require_subcommand(1);

  zkforge::cli::DemoOptions demo;
  auto* demo_cmd = app.add_subcommand("demo", "known-answer checks of fields and curves and a small MSM");
  demo_cmd->add_option("--backend", demo.backend, "cpu, cuda or hip")
      ->check(CLI::IsMember({"cpu", "cuda", "hip"}))
      ->capture_default_str();
  demo_cmd->add_option("--seed", demo.seed, "random seed (0 draws one)");
  demo_cmd->add_option("--msm-size", demo.msm_size, "terms of the small MSM")
      ->check(CLI::Range(4, 1 << 16))
      ->capture_default_str();
  demo_cmd->add_option("--data", demo.data_dir, "folder of the bundled snarkjs files (share/zkforge beside this program)")
      ->capture_default_str();

  auto* info_cmd = app.add_subcommand("info", "version, the backends built into this binary, devices and their memory");

  std::string key_path;
  auto* key_cmd = app.add_subcommand("key", "proving keys");
  key_cmd->require_subcommand(1);
  auto* key_check_cmd = key_cmd->add_subcommand(
      "check", "check every point of a key (snarkjs zkey or compiled) for its curve and subgroup and every matrix "
               "entry, and a compiled key's checksums, timed (exit 0 valid, 3 not)");
  key_check_cmd->add_option("key", key_path, "circuit.zkey or circuit.zkf")->required();
  std::string compiled_path;
  bool compile_timings = false;
  auto* key_compile_cmd = key_cmd->add_subcommand(
      "compile", "check a key as key check does, once, and write it in the layout the prover reads (a compiled key, "
                 "loaded by a memory map)");
  key_compile_cmd->add_option("key", key_path, "circuit.zkey (or a compiled key)")->required();
  key_compile_cmd->add_option("compiled", compiled_path, "circuit.zkf to write")->required();
  key_compile_cmd->add_flag("--timings", compile_timings, "print the time of the read and of the write");
  zkforge::cli::KeyReadOptions key_read;
  auto* key_read_cmd =
      key_cmd->add_subcommand("read", "load a key (either form) as prove does, timed: ms and GB/s of each load");
  key_read_cmd->add_option("key", key_read.path, "circuit.zkey or circuit.zkf")->required();
  key_read_cmd->add_option("--repeat", key_read.repeat, "loads")->check(CLI::Range(1, 1000))->capture_default_str();
  key_read_cmd->add_flag("--check-key", key_read.check_key, "check every point's subgroup too, as prove --check-key");
  key_read_cmd->add_flag("--skip-checksum", key_read.skip_checksum, "a compiled key: skip its checksums");

  std::string vk_path, public_path, proof_path;
  auto* verify_cmd =
      app.add_subcommand("verify", "verify a snarkjs Groth16 proof (exit 0 valid, 1 invalid, 3 bad input)");
  verify_cmd->add_option("verification_key", vk_path, "verification_key.json")->required();
  verify_cmd->add_option("public", public_path, "public.json")->required();
  verify_cmd->add_option("proof", proof_path, "proof.json")->required();

  zkforge::cli::ProveOptions prove;
  auto* prove_cmd = app.add_subcommand(
      "prove", "Groth16 proof of a snarkjs zkey and circom witness, written as snarkjs' proof.json and public.json");
  prove_cmd->add_option("zkey", prove.zkey, "circuit.zkey (snarkjs Groth16 key, bn128 or bls12381) or a compiled key")
      ->required();
  prove_cmd->add_option("witness", prove.wtns, "witness.wtns (circom witness)")->required();
  prove_cmd->add_option("proof", prove.proof, "proof.json to write")->required();
  prove_cmd->add_option("public", prove.pub, "public.json to write")->required();
  prove_cmd->add_option("--backend", prove.backend, "cpu, cuda or hip")
      ->check(CLI::IsMember({"cpu", "cuda", "hip"}))
      ->capture_default_str();
  auto* device_opt =
      prove_cmd->add_option("--device", prove.device, "GPU index for --backend cuda or hip")->capture_default_str();
  prove_cmd->add_option("--memory", prove.memory, "memory policy: sync, pooled or deferred (frees off the critical path)")
      ->check(CLI::IsMember({"sync", "pooled", "deferred"}))
      ->capture_default_str();
  prove_cmd->add_flag("--timings", prove.timings, "print the time of each phase");
  prove_cmd->add_flag("--json", prove.json, "write the time of each step and phase as one JSON object on stdout");
  prove_cmd->add_flag("--quiet", prove.quiet, "no progress lines on stderr");
  prove_cmd->add_flag("--check-key", prove.check_key, "check every key point's subgroup first, as zkforge key check");
  prove_cmd->add_option("--threads", prove.threads, "CPU threads (0 = all cores)")->check(CLI::Range(0u, kMaxThreads));
  prove_cmd->add_option("--precompute", prove.precompute,
                        "on a GPU: copies of the key's bases, multiples that fold the MSM's windows (1 = none, which a "
                        "single proof is quickest with; 0 = chosen within " +
                            fmt::format("{}", zkforge::groth16::kKeyMemoryShare) +
                            " of the free device memory, H's folding all its windows when they fit)")
      ->check(CLI::Range(0u, kMaxPrecompute))
      ->capture_default_str();

  zkforge::cli::SoakOptions soak;
  auto* soak_cmd = app.add_subcommand(
      "soak", "thousands of proofs in one process: memory and proof time watched, every n-th proof verified (exit 0 "
              "flat, 1 not)");
  soak_cmd->add_option("zkey", soak.zkey, "circuit.zkey")->required();
  soak_cmd->add_option("witness", soak.wtns, "witness.wtns")->required();
  soak_cmd->add_option("--proofs", soak.proofs, "proofs after the warm-up: more than 100, the first hundred being the baseline")->check(CLI::Range(1, 10000000))->capture_default_str();
  soak_cmd->add_option("--warm-up", soak.warm_up, "proofs before the counted ones")->check(CLI::Range(0, 100000))->capture_default_str();
  soak_cmd->add_option("--verify-every", soak.verify_every, "verify every n-th proof (0: none)")
      ->check(CLI::Range(0, 10000000))
      ->capture_default_str();
  soak_cmd->add_option("--backend", soak.backend, "cpu, cuda or hip")
      ->check(CLI::IsMember({"cpu", "cuda", "hip"}))
      ->capture_default_str();
  soak_cmd->add_option("--device", soak.device, "GPU index")->capture_default_str();
  soak_cmd->add_option("--memory", soak.memory, "memory policy: sync, pooled or deferred")
      ->check(CLI::IsMember({"sync", "pooled", "deferred"}))
      ->capture_default_str();
  soak_cmd->add_option("--threads", soak.threads, "CPU threads (0 = all cores)")->check(CLI::Range(0u, kMaxThreads));
  soak_cmd->add_option("--memory-slack", soak.memory_slack, "allowed memory growth over the baseline (0.01 = 1%)")
      ->capture_default_str();
  soak_cmd->add_option("--time-slack", soak.time_slack,
                       "allowed change of the proof time, first hundred to last (0.05 = 5%), relative to a young prover's")
      ->capture_default_str();
  soak_cmd->add_flag("--json", soak.json, "one JSON object per hundred proofs and one for the verdict");

  zkforge::cli::BenchOptions bench;
  auto* bench_cmd = app.add_subcommand("bench", "time an MSM, an NTT or a Groth16 proof on generated inputs, or a Groth16 verify");
  bench_cmd->add_option("op", bench.op, "msm, ntt, prove (a synthetic circuit of 2^K constraints) or verify")
      ->required()
      ->check(CLI::IsMember({"msm", "ntt", "prove", "verify"}));
  bench_cmd->add_option("--curve", bench.curve, "bls12_381 (bls12381) or bn254 (bn128, alt_bn128)")
      ->capture_default_str();
  bench_cmd->add_flag("--g2", bench.g2, "MSM on G2 instead of G1");
  bench_cmd->add_option("--log-n", bench.log_n, "size 2^K")->check(CLI::Range(0, 28))->capture_default_str();
  bench_cmd->add_option("--backend", bench.backend, "cpu, cuda or hip")
      ->check(CLI::IsMember({"cpu", "cuda", "hip"}))
      ->capture_default_str();
  bench_cmd->add_flag("--json", bench.json, "one JSON object per line instead of a table");
  bench_cmd->add_option("--repeat", bench.repeat, "timed runs after a warm-up")->check(CLI::Range(1, 1000))->capture_default_str();
  bench_cmd->add_option("--threads", bench.threads, "CPU threads (0 = all cores)")->check(CLI::Range(0u, kMaxThreads));
  bench_cmd->add_option("--window", bench.window, "MSM window bits (0 = chosen from n)");
  bench_cmd->add_option("--precompute", bench.precompute,
                        "msm and prove on a GPU: copies of the resident bases, multiples that fold the MSM's windows (1 "
                        "= none; 0 = msm: as many as half the free device memory holds, prove: chosen within "
                        "--key-memory-share)")
      ->check(CLI::Range(0u, kMaxPrecompute))
      ->capture_default_str();
  bench_cmd->add_option("--scalars", bench.scalars,
                        "msm: uniform random scalars, or a witness's mix (3/8 zeros, 3/8 ones, 1/4 uniform)")
      ->check(CLI::IsMember({"uniform", "witness"}))
      ->capture_default_str();
  bench_cmd->add_option("--bucket-method", bench.bucket_method,
                        "MSM buckets: automatic (the faster for the backend), batch_affine or xyzz")
      ->check(CLI::IsMember({"automatic", "batch_affine", "xyzz"}))
      ->capture_default_str();
  bench_cmd->add_option("--affine-rounds", bench.affine_rounds,
                        "msm and prove on a GPU: batch-affine rounds before the XYZZ buckets (0 = the default)")
      ->check(CLI::Range(0u, zkforge::kMaxAffineRounds))
      ->capture_default_str();
  bench_cmd->add_option("--scalar-batches", bench.scalar_batches,
                        "msm and prove on a GPU: batches that host scalars cross the bus in, each beside the bucket "
                        "accumulation of the one before (0 = chosen from the sizes, 1 = all at once)")
      ->check(CLI::Range(0u, zkforge::kMaxScalarBatches))
      ->capture_default_str();
  bench_cmd->add_option("--cpu-lanes", bench.cpu_lanes, "CPU field lanes: auto (AVX-512 IFMA where the CPU has it) or scalar")
      ->check(CLI::IsMember({"auto", "scalar"}))
      ->capture_default_str();
  bench_cmd->add_option("--memory", bench.memory, "prove: memory policy sync, pooled or deferred")
      ->check(CLI::IsMember({"sync", "pooled", "deferred"}))
      ->capture_default_str();
  bench_cmd->add_option("--key", bench.key, "prove on a GPU: resident (bases uploaded once, outside the timing) or streamed")
      ->check(CLI::IsMember({"resident", "streamed"}))
      ->capture_default_str();
  bench_cmd->add_option("--b-g2", bench.b_g2, "prove on a GPU: b_g2_msm on the gpu or on the cpu's threads beside it")
      ->check(CLI::IsMember({"gpu", "cpu"}))
      ->capture_default_str();
  bench_cmd->add_option("--batch-add", bench.batch_add,
                        "prove on a GPU: batch_add (the bases of the witness's 1s) on the gpu or on the cpu's threads beside it")
      ->check(CLI::IsMember({"gpu", "cpu"}))
      ->capture_default_str();
  bench_cmd->add_option("--overlap", bench.overlap, "prove on a GPU: phases at once (on) or one after another (off)")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  bench_cmd->add_option("--key-memory-share", bench.key_memory_share,
                        "prove on a GPU: the share of the free device memory that the resident key with its copies, "
                        "one proof's MSM buffers and its quotient may take, when --precompute is 0 (0 = the default, " +
                            fmt::format("{}", zkforge::groth16::kKeyMemoryShare) + ")")
      ->check(CLI::Range(0.0, 1.0));
  bench_cmd->add_option("--dense-share", bench.dense_share,
                        "msm and prove on a GPU: the share of scalars expected wider than one digit (the rest 0 or "
                        "1) for which bases with copies choose their window; prove: of the witness (0 = the default: "
                        "msm 1, or the witness mix's 1/4 with --scalars witness; prove " +
                            fmt::format("{}", zkforge::groth16::kWitnessDenseShare) + ")")
      ->check(CLI::Range(0.0, 1.0));
  bench_cmd->add_option("--wires", bench.wires,
                        "prove: wires of the synthetic circuit, 2 to 2^K (0 = 2^K; a Filecoin partition has ~0.19 per "
                        "constraint)");
  bench_cmd->add_option("--ntt", bench.ntt_kind,
                        "forward, inverse, coset (the generator's) or odd_coset (the quotient's: bit-reversed -> "
                        "natural on the coset of the root of 2^(K+1))")
      ->check(CLI::IsMember({"forward", "inverse", "coset", "odd_coset"}))
      ->capture_default_str();
  bench_cmd->add_option("--order", bench.ntt_order,
                        "ntt: orders in and out, N natural, R bit-reversed (default: forward and coset NR, inverse RN; "
                        "../shared/peers' sppark harness times NN)")
      ->check(CLI::IsMember(std::vector<std::string>(zkforge::kNttOrderNames.begin(), zkforge::kNttOrderNames.end())));

#ifdef ZKFORGE_HTTP_PROGRAM
  const zkforge::serve::ServeCommands serve_commands(app);
#else
  zkforge::cli::add_http_commands_to_help(app);
#endif

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (device_opt->count() != 0 && prove.backend == "cpu") {
    fmt::print(stderr, "zkforge prove: --device selects a GPU, and --backend cpu has none\n");
    return 2;
  }
  try {
    zkforge::cli::arm_test_device_fault();
    const int code = [&] {
      if (*demo_cmd) return zkforge::cli::run_demo(demo);
      if (*bench_cmd) return zkforge::cli::run_bench(bench);
      if (*prove_cmd) return zkforge::cli::run_prove(prove);
      if (*soak_cmd) return zkforge::cli::run_soak(soak);
      if (*verify_cmd) return zkforge::cli::run_verify(vk_path, public_path, proof_path);
      if (*key_check_cmd) return zkforge::cli::run_key_check(key_path);
      if (*key_compile_cmd) return zkforge::cli::run_key_compile(key_path, compiled_path, compile_timings);
      if (*key_read_cmd) return zkforge::cli::run_key_read(key_read);
      if (*info_cmd) return zkforge::cli::run_info();
#ifdef ZKFORGE_HTTP_PROGRAM
      if (const auto served = serve_commands.run()) return *served;
#endif
      return 0;
    }();
    // Standard output is buffered, so a full disk or a closed pipe shows only when it is flushed: an
    // error then, not a result that looks whole.
    if (std::fflush(stdout) != 0) throw std::system_error(errno, std::generic_category(), "writing standard output");
    return code;
  } catch (const zkforge::Error& e) {
    fmt::print(stderr, "zkforge: {}\n", e.what());
    return 3;
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "zkforge: out of memory: an allocation could not be served (the input needs more memory "
                       "than this machine, or a limit such as ulimit -v, allows)\n");
    return 3;
  } catch (const std::system_error& e) {
    fmt::print(stderr, "zkforge: system error: {}\n", e.what());
    return 3;
  } catch (const std::exception& e) {
    fmt::print(stderr, "zkforge: unexpected error: {}\n", e.what());
    return 3;
  }
}
