// SPDX-License-Identifier: Apache-2.0
// The token of --token-file, read alike by `zkforge serve` and `zkforge client`.
#pragma once

#include <cctype>
#include <string>

#include "zkforge/error.hpp"
#include "zkforge/io/input_file.hpp"

namespace zkforge::serve {

// The file's one token (a final newline allowed); Error naming the file if it holds none, or spaces.
inline std::string read_token_file(const std::string& path) {
  std::string token = io::InputFile(path).read_all("the token");
  while (!token.empty() && std::isspace(static_cast<unsigned char>(token.back()))) token.pop_back();
  if (token.empty() || token.find_first_of(" \t\r\n") != std::string::npos)
    throw Error(Errc::invalid_argument, path + ": the token file must hold one token, without spaces");
  return token;
}

}  // namespace zkforge::serve
