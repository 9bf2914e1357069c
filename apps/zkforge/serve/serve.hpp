// SPDX-License-Identifier: Apache-2.0
// `zkforge serve`: a proving service over HTTP that keeps its keys resident (docs/serve.md).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace zkforge::serve {

struct ServeOptions {
  std::vector<std::string> keys;  // NAME=PATH, one per key
  std::string backend = "cpu";
  std::string devices = "all";    // GPUs: all, or indices 0,1,..
  std::string memory = "pooled";  // the provers' memory policy
  std::string listen = "127.0.0.1:8080";
  std::string token_file;        // when set, every request but /healthz needs "Authorization: Bearer TOKEN"
  std::string port_file;         // when set, the port listened on is written there once bound
  std::size_t queue = 32;        // queued requests before 429
  unsigned batch_window_ms = 0;  // 0: no batch window
  std::size_t batch_max = 8;
  unsigned pipeline = 1;   // workers (proofs in flight) per device
  unsigned threads = 0;    // the provers' CPU threads (0 = all cores)
  bool check_key = false;  // every key point's subgroup checked when the key is read
};

// Loads the keys, listens, and serves until SIGTERM or SIGINT, then finishes what it took and returns
// 0; throws zkforge::Error for a key, a device or an address that cannot be used.
int run_serve(const ServeOptions& options);

}  // namespace zkforge::serve
