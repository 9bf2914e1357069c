// SPDX-License-Identifier: Apache-2.0
// `zkforge client load`: C clients each sending R proof requests to a server over loopback, bounded
// in time; throughput, latency percentiles, every k-th proof verified, and the server's RSS
// (zkforge_process_resident_bytes, sampled from /metrics) over the run.
#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <vector>

#include "client.hpp"
#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/error.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/snarkjs_json.hpp"

namespace zkforge::serve {
namespace {

constexpr std::chrono::milliseconds kRssInterval{100};
constexpr std::size_t kMessagesKept = 5;

// Verifies the proofs of one key, whichever its curve.
class ProofChecker {
 public:
  explicit ProofChecker(const nlohmann::json& vk) : curve_(snarkjs::verification_key_curve(vk, "verification key")) {
    if (curve_ == snarkjs::JsonCurve::bn128)
      bn_.emplace(snarkjs::parse_verification_key<bn254::Engine>(vk, "verification key"));
    else
      bls_.emplace(snarkjs::parse_verification_key<bls12_381::Engine>(vk, "verification key"));
  }

  // True if the answer's proof verifies for its public inputs; Error if they cannot be read.
  bool valid(const nlohmann::json& answer) const { return bn_ ? check(*bn_, answer) : check(*bls_, answer); }

 private:
  template <class E>
  static bool check(const groth16::PreparedVerifyingKey<E>& vk, const nlohmann::json& answer) {
    return vk.verify(snarkjs::parse_public_inputs<E>(answer.at("public"), "public"),
                     snarkjs::parse_proof<E>(answer.at("proof"), "proof"));
  }

  snarkjs::JsonCurve curve_;
  std::optional<groth16::PreparedVerifyingKey<bn254::Engine>> bn_;
  std::optional<groth16::PreparedVerifyingKey<bls12_381::Engine>> bls_;
};

// The sum of the values of every sample of `family` ("zkforge_device_free_bytes") in /metrics' text.
std::size_t metric_sum(const std::string& metrics, const std::string& family) {
  std::size_t sum = 0;
  for (std::size_t at = metrics.find("\n" + family); at != std::string::npos;
       at = metrics.find("\n" + family, at + 1)) {
    const std::size_t rest = at + 1 + family.size();
    if (rest >= metrics.size() || (metrics[rest] != ' ' && metrics[rest] != '{')) continue;
    const std::size_t value = metrics.find(' ', rest);
    if (value != std::string::npos) sum += std::stoull(metrics.substr(value + 1));
  }
  return sum;
}

// The server's memory at one moment: its RSS, and the device memory in use (the driver's total less free).
struct Sample {
  double seconds = 0;  // since the load began
  std::size_t rss = 0, device_used = 0;
};

// One memory series over the run: its first and last values, its range over the run's last half,
// and the largest value of each half.
struct Series {
  std::size_t first = 0, last = 0, low = 0, high = 0, first_half_max = 0, last_half_max = 0;

  Series(const std::vector<Sample>& samples, std::size_t Sample::*value, double wall_s) {
    if (samples.empty()) return;
    first = samples.front().*value;
    last = samples.back().*value;
    low = SIZE_MAX;
    for (const Sample& x : samples) {
      const std::size_t v = x.*value;
      if (x.seconds < wall_s / 2) {
        first_half_max = std::max(first_half_max, v);
      } else {
        low = std::min(low, v);
        high = std::max(high, v);
      }
    }
    if (low == SIZE_MAX) low = high = last;
    last_half_max = high;
  }

  // (max - min) / min over the last half, in percent.
  double spread() const { return low == 0 ? 0 : 100.0 * static_cast<double>(high - low) / static_cast<double>(low); }
  // The last half's largest value over the first half's, in percent above it (0 where it is lower).
  double growth() const {
    if (first_half_max == 0 || last_half_max <= first_half_max) return 0;
    return 100.0 * static_cast<double>(last_half_max - first_half_max) / static_cast<double>(first_half_max);
  }
  nlohmann::json json() const {
    return {{"first_bytes", first},
            {"last_bytes", last},
            {"last_half_min_bytes", low},
            {"last_half_max_bytes", high},
            {"first_half_max_bytes", first_half_max},
            {"last_half_spread_percent", spread()},
            {"growth_percent", growth()}};
  }
};

double percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
  return sorted[std::min(sorted.size(), std::max<std::size_t>(rank, 1)) - 1];
}

struct Tally {
  std::mutex mutex;
  std::vector<double> latencies_ms;
  std::uint64_t ok = 0, failed = 0, busy = 0, verified = 0, invalid = 0;
  std::vector<std::string> messages;  // the first few failures

  // A request that failed; `counted` false for a proof that was answered but could not be verified.
  void fail(const std::string& message, bool counted = true) {
    const std::lock_guard<std::mutex> lock(mutex);
    failed += counted ? 1 : 0;
    if (messages.size() < kMessagesKept) messages.push_back(message);
  }
};

}  // namespace

int run_client_load(const LoadOptions& o) {
  const Connection probe(o.client);
  if (!probe.loopback())
    throw Error(Errc::invalid_argument,
                "client load sends its requests over loopback only (127.0.0.1, ::1, localhost), "
                "not to " +
                    probe.url());
  const std::string witness = io::InputFile(o.wtns).read_all("the witness");
  const nlohmann::json vk =
      o.verification_key.empty()
          ? snarkjs::parse_json(
                expect_ok(probe.get("/v1/keys/" + o.key + "/verification_key"), "the key's verification key").body,
                "the server's verification key")
          : snarkjs::read_json_file(o.verification_key);
  const ProofChecker checker(vk);

  const auto start = Clock::now();
  const auto limit = start + std::chrono::seconds(o.client.timeout_s);
  Tally tally;
  std::atomic<std::uint64_t> answered{0};
  std::atomic<bool> done{false};

  std::vector<Sample> samples;
  std::thread sampler([&] {
    const Connection metrics(o.client);
    for (;;) {
      const bool last = done.load();
      if (const auto r = metrics.get("/metrics"); r && r->status == 200) {
        const std::string& m = r->body;
        samples.push_back({ms_since(start) / 1000, metric_sum(m, "zkforge_process_resident_bytes"),
                           metric_sum(m, "zkforge_device_total_bytes") - metric_sum(m, "zkforge_device_free_bytes")});
      }
      if (last) return;
      std::this_thread::sleep_for(kRssInterval);
    }
  });

  std::vector<std::thread> clients;
  for (unsigned c = 0; c < o.clients; ++c)
    clients.emplace_back([&, c] {
      const Connection server(o.client);
      // With --rate, request r of client c leaves at (r + c / clients) * clients / rate seconds (an open
      // loop, the clients' requests spread evenly); without it, each request leaves when the last is answered.
      const double period_s = o.rate > 0 ? o.clients / o.rate : 0;
      for (unsigned r = 0; r < o.requests && Clock::now() < limit;) {
        if (o.rate > 0)
          std::this_thread::sleep_until(
              start + std::chrono::duration_cast<Clock::duration>(
                          std::chrono::duration<double>((r + static_cast<double>(c) / o.clients) * period_s)));
        const auto t0 = Clock::now();
        const httplib::Result res = server.prove(o.key, witness);
        const double ms = ms_since(t0);
        if (!res) {
          tally.fail("no answer: " + httplib::to_string(res.error()));
          ++r;
          continue;
        }
        if (res->status == 429) {  // back-pressure: wait as told, then send the same request again
          {
            const std::lock_guard<std::mutex> lock(tally.mutex);
            ++tally.busy;
          }
          const auto wait = std::chrono::seconds(std::max(1, std::atoi(res->get_header_value("Retry-After").c_str())));
          std::this_thread::sleep_for(std::min<std::chrono::nanoseconds>(wait, limit - Clock::now()));
          continue;
        }
        ++r;
        if (res->status != 200) {
          tally.fail(std::to_string(res->status) + ": " + answer_message(*res));
          continue;
        }
        const std::uint64_t n = answered.fetch_add(1) + 1;
        bool checked = false, valid = true;
        if (o.verify_every != 0 && n % o.verify_every == 0) {
          checked = true;
          try {
            valid = checker.valid(nlohmann::json::parse(res->body));
          } catch (const std::exception& e) {
            valid = false;
            tally.fail(std::string("an answer that cannot be verified: ") + e.what(), false);
          }
        }
        const std::lock_guard<std::mutex> lock(tally.mutex);
        ++tally.ok;
        tally.latencies_ms.push_back(ms);
        tally.verified += checked && valid ? 1 : 0;
        tally.invalid += checked && !valid ? 1 : 0;
      }
    });
  for (auto& t : clients) t.join();
  const double wall_s = ms_since(start) / 1000;
  done = true;
  sampler.join();

  std::sort(tally.latencies_ms.begin(), tally.latencies_ms.end());
  const std::uint64_t sent = tally.ok + tally.failed, asked = std::uint64_t{o.clients} * o.requests;
  const Series rss(samples, &Sample::rss, wall_s), device(samples, &Sample::device_used, wall_s);
  const bool gpu = device.high > 0;
  const bool rss_ok = o.rss_flat_percent <= 0 || (rss.low > 0 && rss.spread() <= o.rss_flat_percent);
  const bool device_ok = o.device_flat_percent <= 0 || (gpu && device.growth() <= o.device_flat_percent);
  const std::uint64_t should_verify = o.verify_every == 0 ? 0 : tally.ok / o.verify_every;
  const bool ok = tally.failed == 0 && tally.invalid == 0 && sent == asked && tally.verified == should_verify &&
                  rss_ok && device_ok;
  const double throughput = wall_s > 0 ? static_cast<double>(tally.ok) / wall_s : 0;
  const double p50 = percentile(tally.latencies_ms, 0.5), p90 = percentile(tally.latencies_ms, 0.9),
               p99 = percentile(tally.latencies_ms, 0.99),
               max = tally.latencies_ms.empty() ? 0 : tally.latencies_ms.back();
  auto mib = [](std::size_t b) { return static_cast<double>(b) / (1 << 20); };

  if (o.json) {
    nlohmann::json line{{"server", probe.url()},
                        {"key", o.key},
                        {"clients", o.clients},
                        {"requests", asked},
                        {"rate", o.rate},
                        {"ok", tally.ok},
                        {"failed", tally.failed},
                        {"busy", tally.busy},
                        {"verified", tally.verified},
                        {"invalid", tally.invalid},
                        {"wall_s", wall_s},
                        {"proofs_per_s", throughput},
                        {"p50_ms", p50},
                        {"p90_ms", p90},
                        {"p99_ms", p99},
                        {"max_ms", max},
                        {"rss", rss.json()},
                        {"pass", ok}};
    if (gpu) line["device_used"] = device.json();
    fmt::print("{}\n", line.dump());
  } else {
    fmt::print("zkforge client load: {} clients x {} requests, key {} at {}\n", o.clients, o.requests, o.key,
               probe.url());
    fmt::print(
        "  answered {} of {}: ok {}, failed {}; 429 retried {}; verified {} of {} checked (1 in {}), invalid {}\n",
        sent, asked, tally.ok, tally.failed, tally.busy, tally.verified, should_verify, o.verify_every, tally.invalid);
    fmt::print("  wall {:.2f} s, throughput {:.2f} proofs/s\n", wall_s, throughput);
    fmt::print("  latency ms: p50 {:.1f}, p90 {:.1f}, p99 {:.1f}, max {:.1f}\n", p50, p90, p99, max);
    fmt::print("  server RSS: first {:.1f} MiB, last {:.1f} MiB; last half {:.1f} to {:.1f} MiB (spread {:.2f}%{})\n",
               mib(rss.first), mib(rss.last), mib(rss.low), mib(rss.high), rss.spread(),
               o.rss_flat_percent > 0 ? fmt::format(", limit {}%", o.rss_flat_percent) : "");
    if (gpu)
      fmt::print(
          "  device memory in use: first {:.1f} MiB, last {:.1f} MiB; largest {:.1f} MiB in the first half, {:.1f} "
          "MiB in the last (growth {:.2f}%{})\n",
          mib(device.first), mib(device.last), mib(device.first_half_max), mib(device.last_half_max), device.growth(),
          o.device_flat_percent > 0 ? fmt::format(", limit {}%", o.device_flat_percent) : "");
    for (const auto& m : tally.messages) fmt::print("  failure: {}\n", m);
    fmt::print("{}\n", ok ? "PASS" : "FAIL");
  }
  return ok ? 0 : 1;
}

}  // namespace zkforge::serve
