// SPDX-License-Identifier: Apache-2.0
// The client's connection to a server, and `zkforge client prove`: the witness sent, the proof and
// public inputs written as `zkforge prove` writes them (both or neither).
#include "client.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "token.hpp"
#include "zkforge/error.hpp"
#include "zkforge/io/input_file.hpp"
#include "zkforge/io/output_files.hpp"
#include "zkforge/io/snarkjs_json.hpp"

namespace zkforge::serve {
// http://HOST[:PORT] or https://..., HOST a name, an IPv4 address or a bracketed IPv6 one.
Connection::Url Connection::checked_url(const std::string& url) {
  const auto bad = [&] {
    return Error(Errc::invalid_argument, "--server must be http://HOST:PORT, not '" + url + "'");
  };
  const std::size_t scheme = url.find("://");
  if (scheme == std::string::npos || (url.substr(0, scheme) != "http" && url.substr(0, scheme) != "https")) throw bad();
  std::string rest = url.substr(scheme + 3);
  if (!rest.empty() && rest.back() == '/') rest.pop_back();
  const std::size_t host_end = !rest.empty() && rest.front() == '[' ? rest.find(']') + 1 : rest.rfind(':');
  const std::string host = rest.substr(0, host_end), port = host_end > rest.size() ? "" : rest.substr(host_end);
  const bool port_ok = port.empty() || (port.size() >= 2 && port.size() <= 6 && port[0] == ':' &&
                                        port.find_first_not_of("0123456789", 1) == std::string::npos);
  if (host.empty() || host_end == 0 || !port_ok || host.find_first_of("/@?#") != std::string::npos) throw bad();
  return {url.substr(0, scheme + 3) + rest, host.rfind("127.", 0) == 0 || host == "[::1]" || host == "localhost"};
}

Connection::Connection(const ClientOptions& o) : url_(checked_url(o.server)), client_(url_.text) {
  if (!o.token_file.empty()) headers_.emplace("Authorization", "Bearer " + read_token_file(o.token_file));
  if (!o.priority.empty()) headers_.emplace("X-Priority", o.priority);
  if (o.deadline_ms != 0) headers_.emplace("X-Deadline-Ms", std::to_string(o.deadline_ms));
  client_.set_keep_alive(true);
  client_.set_tcp_nodelay(true);  // a request's header and body leave at once, not one delayed ACK apart
  client_.set_connection_timeout(std::chrono::seconds(10));
  client_.set_read_timeout(std::chrono::seconds(o.timeout_s));
  client_.set_write_timeout(std::chrono::seconds(o.timeout_s));
}

httplib::Result Connection::prove(const std::string& key, const std::string& witness) const {
  return client_.Post(("/v1/prove/" + key).c_str(), headers_, witness, "application/octet-stream");
}

httplib::Result Connection::get(const std::string& path) const { return client_.Get(path.c_str(), headers_); }

std::string answer_message(const httplib::Response& res) {
  const auto j = nlohmann::json::parse(res.body, nullptr, false);
  if (j.is_object() && j.contains("error") && j["error"].is_string()) return j["error"].get<std::string>();
  return res.body;
}

const httplib::Response& expect_ok(const httplib::Result& result, const std::string& what) {
  if (!result) throw Error(Errc::io_error, what + ": no answer (" + httplib::to_string(result.error()) + ")");
  if (result->status != 200)
    throw Error(result->status >= 400 && result->status < 500 ? Errc::invalid_argument : Errc::io_error,
                what + ": the server answered " + std::to_string(result->status) + ": " + answer_message(*result));
  return *result;
}

int run_client_prove(const ClientProveOptions& o) {
  io::refuse_overlap({o.proof, o.pub}, {o.wtns});
  const Connection server(o.client);
  const std::string witness = io::InputFile(o.wtns).read_all("the witness");
  const httplib::Response& res = expect_ok(server.prove(o.key, witness), server.url() + "/v1/prove/" + o.key);
  const nlohmann::json answer = snarkjs::parse_json(res.body, "the server's answer");
  if (!answer.contains("proof") || !answer.contains("public"))
    throw Error(Errc::malformed_file, "the server's answer holds no proof and public inputs");
  io::write_files({{o.proof, snarkjs::json_text(answer["proof"])}, {o.pub, snarkjs::json_text(answer["public"])}});
  if (o.timings && answer.contains("timings"))
    for (const auto& [phase, ms] : answer["timings"].items()) fmt::print("{:<16} {:>10.2f}\n", phase, ms.get<double>());
  return 0;
}

}  // namespace zkforge::serve
