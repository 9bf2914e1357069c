// SPDX-License-Identifier: Apache-2.0
// The --backend option of the command-line program: which backends this binary holds.
#pragma once

#include <string>
#include <vector>

namespace zkforge::cli {

// Backends compiled into this binary, in the order `zkforge info` lists them.
std::vector<std::string> built_backends();

// Throws zkforge::Error(backend_unavailable) naming what to do when `name` is not built in.
void require_backend(const std::string& name);

}  // namespace zkforge::cli
