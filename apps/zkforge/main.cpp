// SPDX-License-Identifier: Apache-2.0
// The zkforge command-line program: subcommands and exit codes.
//
// Exit codes: 0 success; 1 a check or verification failed; 2 bad usage; 3 a zkforge error
// (bad input, unavailable backend, device failure) with its message on stderr.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "backend_choice.hpp"
#include "demo.hpp"
#include "zkforge/error.hpp"

int main(int argc, char** argv) {
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

  auto* info_cmd = app.add_subcommand("info", "version and the backends built into this binary");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  try {
    if (*demo_cmd) return zkforge::cli::run_demo(demo);
    if (*info_cmd) {
      fmt::print("zkforge {}\nbackends built: ", ZKFORGE_VERSION);
      for (const auto& b : zkforge::cli::built_backends()) fmt::print("{} ", b);
      fmt::print("\n");
    }
  } catch (const zkforge::Error& e) {
    fmt::print(stderr, "zkforge: {}\n", e.what());
    return 3;
  }
  return 0;
}
