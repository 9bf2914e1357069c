// SPDX-License-Identifier: Apache-2.0
// zkforge's side of zkforge-http: the subcommands it runs, where it lies, and the exec.
#include "http_program.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "bundled_data.hpp"

namespace zkforge::cli {

bool http_command(int argc, char** argv) {
  if (argc < 2) return false;
  const std::string command = argv[1];
  return command == "serve" || command == "client";
}

int exec_http_program(char** argv) {
  std::error_code ec;
  const std::filesystem::path folder = program_folder(ec);
  if (ec) {  // never a program found through the working directory
    fmt::print(stderr, "zkforge: {} runs in zkforge-http beside this program, which cannot be found without "
                       "/proc/self/exe: {}\n", argv[1], ec.message());
    return 3;
  }
  const std::string program = (folder / ZKFORGE_HTTP_FROM_BIN).lexically_normal().string();
  ::execv(program.c_str(), argv);
  fmt::print(stderr, "zkforge: {} runs in {}, which could not be started: {}\n", argv[1], program, std::strerror(errno));
  return 3;
}

void add_http_commands_to_help(CLI::App& app) {
  app.add_subcommand("serve", kServeDescription);
  app.add_subcommand("client", kClientDescription);
}

}  // namespace zkforge::cli
