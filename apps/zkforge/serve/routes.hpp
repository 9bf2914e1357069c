// SPDX-License-Identifier: Apache-2.0
// The HTTP API of `zkforge serve` (docs/serve.md) over the state its handlers share.
#pragma once

#include <httplib.h>

#include <atomic>
#include <map>
#include <memory>
#include <string>

#include "devices.hpp"
#include "metrics.hpp"
#include "scheduler.hpp"
#include "served_key.hpp"

namespace zkforge::serve {

struct Service {
  Devices devices;
  MemoryPolicy policy = MemoryPolicy::pooled;
  std::map<std::string, std::unique_ptr<ServedKey>> keys;
  std::string token;    // empty: no token asked for
  bool faults = false;  // ZKFORGE_SERVE_FAULTS=1: X-Zkforge-Fault is honoured (tests only)
  Metrics metrics;
  std::unique_ptr<Scheduler> scheduler;
  std::atomic<bool> draining{false};
};

// POST /v1/prove/{key}, GET /v1/keys, GET /v1/keys/{key}/verification_key, GET /healthz, GET /metrics;
// any other method or path refused, and the token checked on every route but GET /healthz, before a
// request's body is read.
void add_routes(httplib::Server& http, Service& service);

}  // namespace zkforge::serve
