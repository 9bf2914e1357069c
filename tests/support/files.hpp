// SPDX-License-Identifier: Apache-2.0
// Files for the tests of readers and writers: a file's bytes, and temporary files and folders that
// remove themselves.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "support/seed.hpp"

namespace zkforge::test {

// A file of tests/data/groth16/ (snarkjs' and circom's own files: "bn128/chain.zkey"), for the test
// programs built with ZKFORGE_TESTS_DIR.
inline std::string groth16_data(const std::string& file) {
  return std::string(ZKFORGE_TESTS_DIR) + "/data/groth16/" + file;
}

inline std::vector<std::uint8_t> bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// A fresh name in the temporary folder, unique within the run.
inline std::string temp_name(const std::string& suffix) {
  static int counter = 0;
  return (std::filesystem::temp_directory_path() /
          ("zkforge-test-" + std::to_string(seed()) + "-" + std::to_string(counter++) + suffix))
      .string();
}

// A file of the given bytes in the temporary folder, removed at the end of the scope.
struct TempFile {
  std::string path = temp_name(".bin");
  explicit TempFile(const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() { std::filesystem::remove(path); }
};

// An empty folder in the temporary folder, removed with its contents at the end of the scope.
struct TempFolder {
  std::filesystem::path path = temp_name("");
  TempFolder() { std::filesystem::create_directories(path); }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  ~TempFolder() { std::filesystem::remove_all(path); }
};

}  // namespace zkforge::test
