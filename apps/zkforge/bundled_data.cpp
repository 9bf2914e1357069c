// SPDX-License-Identifier: Apache-2.0
// Where this program and the snarkjs files bundled with zkforge are: ZKFORGE_DATA_FROM_BIN beside
// the executable.
#include "bundled_data.hpp"

#include <filesystem>
#include <system_error>

namespace zkforge::cli {

std::filesystem::path program_folder(std::error_code& ec) {
  return std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
}

std::string bundled_data_dir() {
  std::error_code ec;
  const std::filesystem::path folder = program_folder(ec);
  // Without /proc the folder is taken from the working directory; the readers then name the path they missed.
  const std::filesystem::path bin = ec ? std::filesystem::path(".") : folder;
  return (bin / ZKFORGE_DATA_FROM_BIN).lexically_normal().string();
}

}  // namespace zkforge::cli
