// SPDX-License-Identifier: Apache-2.0
// The handlers of `zkforge serve`: the token check, a proof request from its body to its answer, the
// key list, health and metrics.
#include "routes.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <utility>
#include <vector>

#include "peer_socket.hpp"
#include "zkforge/error.hpp"
#include "zkforge/memory/host_memory.hpp"

namespace zkforge::serve {
namespace {

// How often a connection's thread waiting on its proof looks at its client and its deadline.
constexpr std::chrono::milliseconds kPoll{20};
constexpr std::uint64_t kMaxDeadlineMs = 24ull * 3600 * 1000;
// A proof request's body must arrive within kBodyGrace plus its bound at kMinBodyRate: its place in
// the queue is held while it is read, and a trickle of bytes would hold it for ever (cpp-httplib's
// read timeout is per stall).
constexpr std::chrono::seconds kBodyGrace{2};
constexpr double kMinBodyRate = 4.0 * (1 << 20);  // bytes per second

void reply(httplib::Response& res, int status, const nlohmann::json& body) {
  res.status = status;
  res.set_content(body.dump() + "\n", "application/json");
}

// An error answer. Its request's body may be left unread: each connection ends after one answer
// (serve.cpp).
void reply_error(httplib::Response& res, int status, const std::string& message) {
  reply(res, status, nlohmann::json{{"error", message}});
}

// Compares in time that depends on the lengths only.
bool same_secret(const std::string& a, const std::string& b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// A Content-Length: its count of bytes (leading zeros allowed), saturated at the largest uint64; none
// when it is not all digits.
std::optional<std::uint64_t> byte_count(const std::string& s) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  std::uint64_t n = 0;
  for (const char c : s) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (n > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::numeric_limits<std::uint64_t>::max();
    n = n * 10 + digit;
  }
  return n;
}

std::optional<std::uint64_t> decimal(const std::string& s) {
  if (s.empty() || s.size() > 18 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoull(s);
}

// A header, or else a query parameter of the same meaning.
std::string header_or_param(const httplib::Request& req, const char* header, const char* param) {
  if (req.has_header(header)) return req.get_header_value(header);
  return req.get_param_value(param);
}

// What a proof request asks besides its body: its class, its deadline and (tests only) a fault.
struct RequestTerms {
  Priority priority = Priority::batch;
  std::optional<Clock::time_point> deadline;
  std::uint64_t deadline_ms = 0;
  Fault fault;
};

RequestTerms request_terms(const httplib::Request& req, bool faults, Clock::time_point start) {
  RequestTerms t;
  const std::string deadline = header_or_param(req, "X-Deadline-Ms", "deadline_ms");
  if (!deadline.empty()) {
    const auto ms = decimal(deadline);
    if (!ms || *ms == 0 || *ms > kMaxDeadlineMs)
      throw Error(Errc::invalid_argument, "X-Deadline-Ms must be milliseconds from 1 to " +
                                              std::to_string(kMaxDeadlineMs) + ", not '" + deadline + "'");
    t.deadline = start + std::chrono::milliseconds(*ms);
    t.deadline_ms = *ms;
    t.priority = Priority::deadline;  // unless the request says otherwise below
  }
  const std::string priority = header_or_param(req, "X-Priority", "priority");
  if (priority == "deadline")
    t.priority = Priority::deadline;
  else if (priority == "batch")
    t.priority = Priority::batch;
  else if (!priority.empty())
    throw Error(Errc::invalid_argument, "priority must be deadline or batch, not '" + priority + "'");
  const std::string fault = req.get_header_value("X-Zkforge-Fault");
  if (faults && !fault.empty()) {
    const auto hold = fault.rfind("hold=", 0) == 0 ? decimal(fault.substr(5)) : std::nullopt;
    if (fault == "error")
      t.fault.fail = true;
    else if (hold)
      t.fault.hold = std::chrono::milliseconds(*hold);
    else
      throw Error(Errc::invalid_argument, "X-Zkforge-Fault must be error or hold=MS, not '" + fault + "'");
  }
  return t;
}

nlohmann::json timings_json(const Job& job, double parse_ms, double verify_ms, double total_ms) {
  const groth16::PhaseTimings& p = job.phases;
  return nlohmann::json{{"queue_ms", job.queue_ms},  {"parse_ms", parse_ms},        {"evaluate_ms", p.evaluate},
                        {"prep_msm_ms", p.prep_msm}, {"ntt_msm_h_ms", p.ntt_msm_h}, {"batch_add_ms", p.batch_add},
                        {"tail_msm_ms", p.tail_msm}, {"b_g2_msm_ms", p.b_g2_msm},   {"assemble_ms", p.assemble},
                        {"release_ms", p.release},   {"prove_ms", p.wall},          {"verify_ms", verify_ms},
                        {"total_ms", total_ms}};
}

// POST /v1/prove/{key}: a place in the queue taken, the body read (bounded by the key's witness),
// parsed and checked here, queued, proved by a worker, verified and answered here; the client and the
// deadline watched meanwhile.
void prove(Service& s, const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& read) {
  const auto start = Clock::now();
  auto fail = [&](Outcome outcome, int status, const std::string& message) {
    s.metrics.count(outcome);
    reply_error(res, status, message);
  };
  const std::string name = req.matches[1];
  const auto key_it = s.keys.find(name);
  if (key_it == s.keys.end())
    return fail(Outcome::not_found, 404, "no key named '" + name + "' (GET /v1/keys lists them)");
  const ServedKey& key = *key_it->second;
  if (s.draining) return fail(Outcome::unavailable, 503, "the server is shutting down");
  RequestTerms terms;
  try {
    terms = request_terms(req, s.faults, start);
  } catch (const Error& e) {
    return fail(Outcome::bad_request, 400, e.message());
  }

  const std::uint64_t bound = key.info().max_body_bytes();
  auto too_large = [&](const std::string& size) {
    fail(Outcome::bad_request, 413,
         "request body: " + size + " bytes, more than key " + name + "'s " + std::to_string(key.info().num_vars) +
             " wires take (at most " + std::to_string(bound) + ")");
  };
  if (req.has_header("Content-Length")) {  // else chunked, or until the client's end
    const std::string length = req.get_header_value("Content-Length");
    const auto n = byte_count(length);
    if (!n) return fail(Outcome::bad_request, 400, "Content-Length must be a count of bytes, not '" + length + "'");
    if (*n > bound) return too_large(length);
  }
  auto [admission, place] = s.scheduler->reserve(terms.priority);
  if (admission == Scheduler::Admission::full) {
    res.set_header("Retry-After", std::to_string(s.scheduler->retry_after_seconds()));
    return fail(Outcome::busy, 429,
                "the queue is full (" + std::to_string(s.scheduler->capacity()) +
                    " requests): retry after the seconds Retry-After says");
  }
  if (admission == Scheduler::Admission::closed)
    return fail(Outcome::unavailable, 503, "the server is shutting down");

  std::string body;
  bool over = false, late = false;
  const auto allowed = kBodyGrace + std::chrono::duration_cast<std::chrono::milliseconds>(
                                        std::chrono::duration<double>(static_cast<double>(bound) / kMinBodyRate));
  const auto read_by = Clock::now() + allowed;
  const bool complete = read([&](const char* data, std::size_t size) {
    over = body.size() + size > bound;
    late = Clock::now() > read_by;
    if (!over && !late) body.append(data, size);
    return !over && !late;
  });
  if (over) return too_large("more than " + std::to_string(bound));
  if (late)
    return fail(Outcome::bad_request, 408,
                "request body: not received within " + std::to_string(allowed.count()) + " ms (" +
                    std::to_string(kBodyGrace.count()) + " s, then " +
                    std::to_string(static_cast<int>(kMinBodyRate / (1 << 20))) + " MiB/s of the key's bound)");
  if (!complete)  // the client left, or stopped sending for longer than the read timeout
    return fail(Outcome::disconnected, 400, "request body: the connection ended before the body did");
  if (body.empty())
    return fail(Outcome::bad_request, 400, "request body: empty (send a .wtns or a JSON array of the witness)");

  std::unique_ptr<Work> work;
  const auto parse_start = Clock::now();
  try {
    work = key.parse(body);
  } catch (const Error& e) {
    return fail(Outcome::bad_request, 400, e.what());
  } catch (const std::bad_alloc&) {
    return fail(Outcome::failed, 500, "out of memory while reading the request body");
  }
  const double parse_ms = ms_since(parse_start);
  s.metrics.observe(Phase::parse, parse_ms);
  std::string().swap(body);  // the body's memory back before the job waits

  auto job = std::make_shared<Job>(key, std::move(work), terms.priority, terms.deadline, terms.fault);
  if (!s.scheduler->submit(std::move(place), job))
    return fail(Outcome::unavailable, 503, "the server is shutting down");

  const PeerSocket peer(req.local_addr, req.local_port, req.remote_addr, req.remote_port);
  std::unique_lock<std::mutex> lock(job->mutex);
  while (job->state == Job::State::queued || job->state == Job::State::proving) {
    const bool expired = terms.deadline && Clock::now() >= *terms.deadline;
    if (expired || peer.gone()) {
      lock.unlock();
      s.scheduler->withdraw(job);
      if (expired)
        return fail(Outcome::deadline, 504,
                    "the deadline of " + std::to_string(terms.deadline_ms) + " ms passed before the proof was made");
      return fail(Outcome::disconnected, 400, "the client left before its proof was made");
    }
    job->changed.wait_for(lock, kPoll);
  }
  const Job::State state = job->state;
  lock.unlock();
  if (state == Job::State::withdrawn)  // by its worker, at its deadline
    return fail(Outcome::deadline, 504, "the deadline passed while the request was queued");
  if (state == Job::State::failed) return fail(Outcome::failed, 500, "the prover failed: " + job->error);

  const auto verify_start = Clock::now();
  ProofJson out;
  try {
    out = job->work->finish();
  } catch (const Error& e) {
    return fail(Outcome::failed, 500, e.what());
  }
  const double verify_ms = ms_since(verify_start), total_ms = ms_since(start);
  s.metrics.observe(Phase::verify, verify_ms);
  s.metrics.observe(Phase::total, total_ms);
  s.metrics.count(Outcome::ok);
  reply(res, 200,
        nlohmann::json{{"proof", std::move(out.proof)},
                       {"public", std::move(out.public_inputs)},
                       {"key", name},
                       {"device", s.devices.label(job->slot)},
                       {"batch", job->batch},
                       {"timings", timings_json(*job, parse_ms, verify_ms, total_ms)}});
}

nlohmann::json keys_json(const Service& s) {
  nlohmann::json devices = nlohmann::json::array();
  for (std::size_t i = 0; i < s.devices.indices.size(); ++i) devices.push_back(s.devices.label(i));
  nlohmann::json keys = nlohmann::json::array();
  for (const auto& [name, key] : s.keys) {
    const KeyInfo& k = key->info();
    keys.push_back({{"name", name},
                    {"curve", k.curve},
                    {"log_domain", k.log_domain},
                    {"domain", std::size_t{1} << k.log_domain},
                    {"wires", k.num_vars},
                    {"public", k.num_public},
                    {"devices", devices},
                    {"max_body_bytes", {{"wtns", k.max_wtns_bytes}, {"json", k.max_json_bytes}}}});
  }
  return nlohmann::json{{"keys", keys}, {"backend", s.devices.backend}, {"memory", memory_policy_name(s.policy)}};
}

nlohmann::json health_json(const Service& s) {
  nlohmann::json devices = nlohmann::json::array();
  for (std::size_t i = 0; i < s.devices.indices.size(); ++i)
    devices.push_back({{"device", s.devices.label(i)},
                       {"description", s.devices.descriptions[i]},
                       {"proofs", s.scheduler->proofs(i)},
                       {"failures", s.scheduler->failures(i)}});
  return nlohmann::json{{"status", s.draining ? "draining" : "ok"},
                        {"queued", s.scheduler->queued(Priority::deadline) + s.scheduler->queued(Priority::batch)},
                        {"in_flight", s.scheduler->in_flight()},
                        {"devices", devices}};
}

Gauges gauges(const Service& s) {
  Gauges g;
  g.queued_deadline = s.scheduler->queued(Priority::deadline);
  g.queued_batch = s.scheduler->queued(Priority::batch);
  g.queue_capacity = s.scheduler->capacity();
  g.in_flight = s.scheduler->in_flight();
  g.policy = s.policy;
  g.host = host_resource(s.policy).stats();
  for (std::size_t i = 0; i < s.devices.indices.size(); ++i) {
    Gauges::Device d;
    d.label = s.devices.label(i);
    d.proofs = s.scheduler->proofs(i);
    d.failures = s.scheduler->failures(i);
    d.gpu = s.devices.gpu;
    if (d.gpu) {
      const int index = s.devices.indices[i];
      d.memory = s.devices.memory(s.policy, index);
      const gpu::DeviceMemoryInfo info = s.devices.info(index);
      d.free_bytes = info.free_bytes;
      d.total_bytes = info.total_bytes;
    }
    g.devices.push_back(d);
  }
  g.resident_bytes = resident_bytes();
  g.draining = s.draining;
  return g;
}

}  // namespace

void add_routes(httplib::Server& http, Service& s) {
  const std::string prove_route = "/v1/prove/([^/]+)";
  const std::vector<std::pair<std::string, httplib::Server::Handler>> get_routes = {
      {"/v1/keys", [&s](const httplib::Request&, httplib::Response& res) { reply(res, 200, keys_json(s)); }},
      {"/v1/keys/([^/]+)/verification_key",
       [&s](const httplib::Request& req, httplib::Response& res) {
         const auto it = s.keys.find(req.matches[1]);
         if (it == s.keys.end()) return reply_error(res, 404, "no key named '" + std::string(req.matches[1]) + "'");
         reply(res, 200, it->second->verification_key_json());
       }},
      {"/healthz",
       [&s](const httplib::Request&, httplib::Response& res) { reply(res, s.draining ? 503 : 200, health_json(s)); }},
      {"/metrics", [&s](const httplib::Request&, httplib::Response& res) {
         res.set_content(s.metrics.text(gauges(s)), "text/plain; version=0.0.4");
       }}};
  std::vector<std::regex> get_paths;
  for (const auto& [pattern, handler] : get_routes) {
    http.Get(pattern, handler);
    get_paths.emplace_back(pattern);
  }
  http.Post(prove_route, [&s](const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& read) {
    prove(s, req, res, read);
  });
  // Before any of a request's body is read (cpp-httplib 0.11 reads a POST's body into memory, however
  // long, for a route that takes no reader): a request is refused unless it is POST on the proof route
  // or GET (or HEAD, which cpp-httplib answers with GET's handler) on another (404: no route, 405:
  // another method), then unless it has the token (every route but GET and HEAD /healthz).
  http.set_pre_routing_handler([&s, prove_path = std::regex(prove_route), get_paths = std::move(get_paths)](
                                   const httplib::Request& req, httplib::Response& res) {
    const bool proof = std::regex_match(req.path, prove_path);
    const auto matches = [&](const std::regex& path) { return std::regex_match(req.path, path); };
    if (!proof && std::none_of(get_paths.begin(), get_paths.end(), matches)) {
      reply_error(res, 404, "no such endpoint: " + req.method + " " + req.path);
      return httplib::Server::HandlerResponse::Handled;
    }
    const std::string method = proof ? "POST" : "GET";
    if (req.method != method && (proof || req.method != "HEAD")) {
      reply_error(res, 405, req.path + " takes " + method + ", not " + req.method);
      res.set_header("Allow", proof ? method : "GET, HEAD");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (s.token.empty() || req.path == "/healthz" ||
        same_secret(req.get_header_value("Authorization"), "Bearer " + s.token))
      return httplib::Server::HandlerResponse::Unhandled;
    s.metrics.count(Outcome::unauthorized);
    reply_error(res, 401, "this server asks for a token: Authorization: Bearer TOKEN");
    res.set_header("WWW-Authenticate", "Bearer");
    return httplib::Server::HandlerResponse::Handled;
  });
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {  // cpp-httplib's own errors
    if (!res.body.empty()) return;
    reply_error(res, res.status, "the request could not be read (HTTP " + std::to_string(res.status) + ")");
  });
  http.set_exception_handler([&s](const httplib::Request&, httplib::Response& res, std::exception_ptr e) {
    std::string what = "unexpected error";
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      what += std::string(": ") + x.what();
    } catch (...) {
    }
    s.metrics.count(Outcome::failed);
    reply_error(res, 500, what);
  });
}

}  // namespace zkforge::serve
