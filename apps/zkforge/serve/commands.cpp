// SPDX-License-Identifier: Apache-2.0
// The options of `zkforge serve`, `zkforge client prove` and `zkforge client load`.
#include "commands.hpp"

#include "../http_program.hpp"

namespace zkforge::serve {
namespace {

void client_options(CLI::App* cmd, ClientOptions& o) {
  cmd->add_option("--server", o.server, "the server's URL")->capture_default_str();
  cmd->add_option("--token-file", o.token_file, "a file holding the server's token");
  cmd->add_option("--priority", o.priority, "deadline or batch (default: deadline with --deadline-ms, else batch)")
      ->check(CLI::IsMember({"deadline", "batch"}));
  cmd->add_option("--deadline-ms", o.deadline_ms, "the server answers 504 when the proof is not made by then")
      ->check(CLI::Range(1u, 86400000u));
  cmd->add_option("--timeout-s", o.timeout_s, "the command's time limit")
      ->check(CLI::Range(1u, 86400u))
      ->capture_default_str();
}

}  // namespace

ServeCommands::ServeCommands(CLI::App& app) {
  serve_cmd_ = app.add_subcommand("serve", cli::kServeDescription);
  ServeOptions& s = serve_;
  serve_cmd_->add_option("--key", s.keys, "NAME=PATH of a snarkjs zkey (repeat for more keys)")->required();
  serve_cmd_->add_option("--backend", s.backend, "cpu, cuda or hip")
      ->check(CLI::IsMember({"cpu", "cuda", "hip"}))
      ->capture_default_str();
  serve_cmd_->add_option("--devices", s.devices, "GPUs to prove on: all, or indices such as 0,1")
      ->capture_default_str();
  serve_cmd_->add_option("--memory", s.memory, "memory policy: sync, pooled or deferred")
      ->check(CLI::IsMember({"sync", "pooled", "deferred"}))
      ->capture_default_str();
  serve_cmd_->add_option("--listen", s.listen, "HOST:PORT (port 0: a free one; loopback unless told otherwise)")
      ->capture_default_str();
  serve_cmd_->add_option("--token-file", s.token_file,
                         "a file holding a token that every request but /healthz must "
                         "send as Authorization: Bearer TOKEN");
  serve_cmd_->add_option("--port-file", s.port_file, "a file to write the port to once listening");
  serve_cmd_->add_option("--queue", s.queue, "requests queued before 429")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  serve_cmd_
      ->add_option("--batch-window", s.batch_window_ms,
                   "ms a worker waits to group batch-class requests of one key (0: off)")
      ->check(CLI::Range(0u, 60000u))
      ->capture_default_str();
  serve_cmd_->add_option("--batch-max", s.batch_max, "requests grouped at most")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  serve_cmd_->add_option("--pipeline", s.pipeline, "proofs in flight per device (workers per device)")
      ->check(CLI::Range(1u, 8u))
      ->capture_default_str();
  serve_cmd_->add_option("--threads", s.threads, "the provers' CPU threads (0 = all cores)")
      ->check(CLI::Range(0u, 1024u));
  serve_cmd_->add_flag("--check-key", s.check_key, "check every key point's subgroup when the key is read");

  auto* client_cmd = app.add_subcommand("client", cli::kClientDescription);
  client_cmd->require_subcommand(1);
  prove_cmd_ = client_cmd->add_subcommand(
      "prove", "a proof from the server, written as zkforge prove writes proof.json and public.json");
  prove_cmd_->add_option("key", prove_.key, "the key's name on the server")->required();
  prove_cmd_->add_option("witness", prove_.wtns, "witness.wtns")->required();
  prove_cmd_->add_option("proof", prove_.proof, "proof.json to write")->required();
  prove_cmd_->add_option("public", prove_.pub, "public.json to write")->required();
  prove_cmd_->add_flag("--timings", prove_.timings, "print the server's time of each phase");
  client_options(prove_cmd_, prove_.client);

  load_cmd_ = client_cmd->add_subcommand(
      "load",
      "a load test over loopback: clients x requests, throughput, latency, every 10th proof verified, server RSS "
      "(exit 0 pass, 1 fail)");
  load_cmd_->add_option("key", load_.key, "the key's name on the server")->required();
  load_cmd_->add_option("witness", load_.wtns, "witness.wtns")->required();
  load_cmd_->add_option("--clients", load_.clients, "concurrent clients")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  load_cmd_->add_option("--requests", load_.requests, "requests per client")
      ->check(CLI::Range(1u, 1000000u))
      ->capture_default_str();
  load_cmd_
      ->add_option("--rate", load_.rate,
                   "requests per second, all clients together, sent on a schedule (an open loop; 0: each client "
                   "sends when its last request is answered)")
      ->check(CLI::Range(0.0, 100000.0));
  load_cmd_->add_option("--verification-key", load_.verification_key,
                        "verification_key.json to verify with (default: the server's)");
  load_cmd_->add_option("--verify-every", load_.verify_every, "verify every k-th proof (0: none)")
      ->capture_default_str();
  load_cmd_
      ->add_option("--rss-flat", load_.rss_flat_percent,
                   "fail unless the server's RSS over the run's last half varies by at most this many percent")
      ->check(CLI::Range(0.0, 1000.0));
  load_cmd_
      ->add_option("--device-flat", load_.device_flat_percent,
                   "fail unless the GPUs' memory in use (total - free) peaks in the run's last half at most this many "
                   "percent above the first half's peak")
      ->check(CLI::Range(0.0, 1000.0));
  load_cmd_->add_flag("--json", load_.json, "one JSON line instead of the table");
  client_options(load_cmd_, load_.client);
}

std::optional<int> ServeCommands::run() const {
  if (*serve_cmd_) return run_serve(serve_);
  if (*prove_cmd_) return run_client_prove(prove_);
  if (*load_cmd_) return run_client_load(load_);
  return std::nullopt;
}

}  // namespace zkforge::serve
