// SPDX-License-Identifier: Apache-2.0
// run_serve: options checked, keys loaded and made resident, the scheduler and the HTTP server
// started, and a stop on SIGTERM or SIGINT that finishes what was taken.
#include "serve.hpp"

#include <fmt/core.h>
#include <fmt/format.h>
#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <cctype>
#include <cstdlib>
#include <thread>

#include "../backend_choice.hpp"
#include "peer_socket.hpp"
#include "routes.hpp"
#include "token.hpp"
#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/error.hpp"
#include "zkforge/io/output_files.hpp"

namespace zkforge::serve {
namespace {

// HTTP threads beside one per queued or proving request: /healthz, /metrics and 429s stay answered
// while the queue is full and up to this many other connections are idle or slow (a connection holds a
// thread until it ends).
constexpr std::size_t kSpareHttpThreads = 64;
// How long a connection may wait before its request begins (cpp-httplib's keep-alive timeout).
constexpr time_t kRequestWaitSeconds = 2;
constexpr double kServedKeysShare = 0.5;  // of a device's free memory, for all the served keys
// How long a connection, its answer written, waits for its client to close its side (PeerSocket::linger).
constexpr std::chrono::milliseconds kLinger{2000};
// The same once SIGTERM came: short, so that a client holding its side open does not hold the exit.
constexpr std::chrono::milliseconds kDrainLinger{100};

struct Address {
  std::string host;
  int port = 0;
};

Address listen_address(const std::string& text) {
  const std::size_t colon = text.rfind(':');
  const auto port = colon == std::string::npos ? std::string() : text.substr(colon + 1);
  const bool digits = !port.empty() && port.size() <= 5 &&
                      std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || colon == 0 || std::stoi(port) > 65535)
    throw Error(Errc::invalid_argument, "--listen must be HOST:PORT (PORT 0 picks a free one), not '" + text + "'");
  std::string host = text.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  return {host, std::stoi(port)};
}

bool loopback(const std::string& host) { return host.rfind("127.", 0) == 0 || host == "::1" || host == "localhost"; }

// NAME=PATH, NAME of letters, digits, '_', '-' and '.'.
std::pair<std::string, std::string> key_option(const std::string& text) {
  const std::size_t eq = text.find('=');
  const std::string name = text.substr(0, eq);
  const bool named = eq != std::string::npos && !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
                       return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
                     });
  if (!named || eq + 1 == text.size())
    throw Error(Errc::invalid_argument, "--key must be NAME=PATH (NAME of letters, digits, _ - .), not '" + text + "'");
  return {name, text.substr(eq + 1)};
}

}  // namespace

int run_serve(const ServeOptions& o) {
  // SIGTERM and SIGINT are taken by one thread (sigwait), so every thread started from here on
  // inherits them blocked; a write to a client that has gone fails instead of raising SIGPIPE.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  const Address address = listen_address(o.listen);
  Service s;
  s.policy = cli::memory_policy_option(o.memory);
  s.faults = std::getenv("ZKFORGE_SERVE_FAULTS") != nullptr && std::string(std::getenv("ZKFORGE_SERVE_FAULTS")) == "1";
  if (!o.token_file.empty()) s.token = read_token_file(o.token_file);
  if (o.keys.empty()) throw Error(Errc::invalid_argument, "serve needs at least one --key NAME=PATH");
  s.devices = open_devices(o.backend, o.devices);

  groth16::ProverConfig config;
  config.threads = o.threads;
  config.msm.threads = o.threads;
  config.memory = s.policy;
  // Every key is resident on each device, and a device's workers prove at once: of k keys, each may
  // take 1/(2k) of the free memory it finds when it is made, so that the keys together take at most
  // half and the workers' buffers keep the rest.
  config.key_memory_share = kServedKeysShare / static_cast<double>(o.keys.size());
  for (const std::string& option : o.keys) {
    const auto [name, path] = key_option(option);
    if (s.keys.count(name) != 0) throw Error(Errc::invalid_argument, "--key " + name + " is given twice");
    const auto t0 = Clock::now();
    auto key = load_served_key(name, path, o.check_key, s.devices, config);
    const KeyInfo& k = key->info();
    fmt::print(
        stderr,
        "zkforge serve: key {}: {}, domain 2^{}, {} wires, {} public, from {}: ready on {} device{} in {:.0f} ms\n",
        name, k.curve, k.log_domain, k.num_vars, k.num_public, path, s.devices.indices.size(),
        s.devices.indices.size() == 1 ? "" : "s", ms_since(t0));
    s.keys.emplace(name, std::move(key));
  }

  Scheduler::Config sc;
  sc.capacity = o.queue;
  sc.slots = s.devices.indices.size();
  sc.workers_per_slot = o.pipeline;
  sc.batch_window = std::chrono::milliseconds(o.batch_window_ms);
  sc.batch_max = o.batch_max;
  s.scheduler = std::make_unique<Scheduler>(sc, s.metrics);

  httplib::Server http;
  const std::size_t http_threads = o.queue + sc.slots * sc.workers_per_slot + kSpareHttpThreads;
  http.new_task_queue = [http_threads] { return new httplib::ThreadPool(http_threads); };
  // One request per connection: cpp-httplib 0.11 takes whatever follows a request on its connection
  // for the next request, so the unread body of a request refused before its body is read would be
  // parsed as requests of its own. The logger runs once the answer is written, and before
  // the connection is closed: there the connection lingers, so that its close resets no answer.
  http.set_keep_alive_max_count(1);
  http.set_keep_alive_timeout(kRequestWaitSeconds);
  http.set_logger([&s](const httplib::Request& req, const httplib::Response&) {
    PeerSocket(req.local_addr, req.local_port, req.remote_addr, req.remote_port)
        .linger(s.draining ? kDrainLinger : kLinger);
  });
  http.set_tcp_nodelay(true);  // an answer's parts leave at once, not one delayed ACK apart
  add_routes(http, s);
  const int port = address.port == 0 ? http.bind_to_any_port(address.host)
                                     : (http.bind_to_port(address.host, address.port) ? address.port : -1);
  if (port < 0)
    throw Error(Errc::io_error,
                "--listen " + o.listen + ": cannot listen there (in use, or not an address of this machine)");
  if (!o.port_file.empty()) io::write_file(o.port_file, std::to_string(port) + "\n");
  fmt::print(stderr, "zkforge serve: listening on http://{}:{} ({} backend: {}; queue {}, memory {}{})\n",
             address.host.find(':') != std::string::npos ? "[" + address.host + "]" : address.host, port, o.backend,
             fmt::join(s.devices.descriptions, "; "), o.queue, memory_policy_name(s.policy),
             s.token.empty() ? "" : ", token required");
  if (!loopback(address.host) && s.token.empty())
    fmt::print(stderr, "zkforge serve: warning: listening beyond loopback without --token-file\n");

  std::atomic<bool> listening_done{false};
  std::thread signals([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    if (listening_done) return;
    s.draining = true;
    s.scheduler->close();
    fmt::print(stderr, "zkforge serve: {}: no new requests; finishing {} queued and {} in flight\n",
               signal == SIGINT ? "SIGINT" : "SIGTERM",
               s.scheduler->queued(Priority::deadline) + s.scheduler->queued(Priority::batch),
               s.scheduler->in_flight());
    while (!http.is_running() && !listening_done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    http.stop();
  });
  const bool stopped = http.listen_after_bind();  // returns once stopped and every connection is done
  listening_done = true;
  pthread_kill(signals.native_handle(), SIGTERM);  // wakes the signal thread if no signal came
  signals.join();
  s.scheduler->close();
  s.scheduler->join();
  fmt::print(stderr, "zkforge serve: stopped: {} proofs answered\n", s.metrics.count_of(Outcome::ok));
  if (!stopped && !s.draining) throw Error(Errc::io_error, "--listen " + o.listen + ": the server stopped listening");
  return 0;
}

}  // namespace zkforge::serve
