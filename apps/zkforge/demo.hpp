// SPDX-License-Identifier: Apache-2.0
// `zkforge demo`: known-answer checks of the field and curve layers and a small MSM, printed.
#pragma once

#include <cstdint>
#include <string>

#include "bundled_data.hpp"

namespace zkforge::cli {

struct DemoOptions {
  std::string backend = "cpu";
  std::uint64_t seed = 0;  // 0: draw one
  int msm_size = 64;
  std::string data_dir = bundled_data_dir();  // the snarkjs files installed with zkforge
};

// Returns the process exit code: 0 when every check held, 1 otherwise.
int run_demo(const DemoOptions& options);

}  // namespace zkforge::cli
