// SPDX-License-Identifier: Apache-2.0
// The --memory option of the command-line program (--backend is with_backend's, backend/linked.hpp).
#pragma once

#include <string>

#include "zkforge/error.hpp"
#include "zkforge/memory/policy.hpp"

namespace zkforge::cli {

// The policy of --memory sync|pooled|deferred.
inline MemoryPolicy memory_policy_option(const std::string& name) {
  if (const auto policy = memory_policy_from_name(name)) return *policy;
  throw Error(Errc::invalid_argument, "--memory must be sync, pooled or deferred, not '" + name + "'");
}

}  // namespace zkforge::cli
