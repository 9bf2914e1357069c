// SPDX-License-Identifier: Apache-2.0
// Hexadecimal strings to and from byte vectors, for test vectors.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zkforge::test {

inline std::vector<std::uint8_t> bytes_from_hex(const std::string& h) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(static_cast<std::uint8_t>(std::stoul(h.substr(i, 2), nullptr, 16)));
  return out;
}

template <class Bytes>
std::string hex_from_bytes(const Bytes& b) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (std::uint8_t c : b) {
    s += digits[c >> 4];
    s += digits[c & 15];
  }
  return s;
}

}  // namespace zkforge::test
