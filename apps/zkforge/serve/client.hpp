// SPDX-License-Identifier: Apache-2.0
// `zkforge client prove` and `zkforge client load`: a proof from a running `zkforge serve`, and a
// bounded load test of one over loopback; and the connection both use.
#pragma once

#include <httplib.h>

#include <string>

namespace zkforge::serve {

struct ClientOptions {
  std::string server = "http://127.0.0.1:8080";
  std::string token_file;
  std::string priority;      // deadline or batch; empty: the server's default
  unsigned deadline_ms = 0;  // 0: none
  unsigned timeout_s = 600;  // the whole command's limit
};

struct ClientProveOptions {
  ClientOptions client;
  std::string key, wtns, proof, pub;
  bool timings = false;  // print the server's timings
};

struct LoadOptions {
  ClientOptions client;
  std::string key, wtns;
  std::string verification_key;  // a verification_key.json; empty: the server's (GET /v1/keys/KEY/verification_key)
  unsigned clients = 8, requests = 50;  // requests per client
  double rate = 0;                      // requests per second, all clients together; 0: each sends when answered
  unsigned verify_every = 10;
  double rss_flat_percent = 0;  // > 0: fail unless the server's RSS over the run's last half varies by at most this
  // > 0: fail unless the GPUs' memory in use peaks in the run's last half at most this far above its first half's peak
  double device_flat_percent = 0;
  bool json = false;
};

// A server's URL, checked, with the token to send and the command's time limit.
class Connection {
 public:
  explicit Connection(const ClientOptions& options);

  const std::string& url() const { return url_.text; }
  bool loopback() const { return url_.loopback; }
  // POST /v1/prove/KEY with a witness body; GET of a path. Error(io_error) if there is no answer.
  httplib::Result prove(const std::string& key, const std::string& witness) const;
  httplib::Result get(const std::string& path) const;

 private:
  struct Url {
    std::string text;
    bool loopback = false;  // 127.0.0.0/8, ::1 or localhost
  };
  static Url checked_url(const std::string& url);

  Url url_;
  httplib::Headers headers_;
  mutable httplib::Client client_;
};

// The server's message in an error answer ({"error": ...}), or its body.
std::string answer_message(const httplib::Response& res);

// The answer, or Error naming the status and the server's message (invalid_argument for a 4xx,
// io_error for anything else), or what kept the answer from coming.
const httplib::Response& expect_ok(const httplib::Result& result, const std::string& what);

int run_client_prove(const ClientProveOptions& options);
int run_client_load(const LoadOptions& options);

}  // namespace zkforge::serve
