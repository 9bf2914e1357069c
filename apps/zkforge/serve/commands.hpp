// SPDX-License-Identifier: Apache-2.0
// The `serve`, `client prove` and `client load` subcommands: their options on the program's CLI::App.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>

#include "client.hpp"
#include "serve.hpp"

namespace zkforge::serve {

class ServeCommands {
 public:
  explicit ServeCommands(CLI::App& app);
  // The exit code of the subcommand parsed, where it is one of these; throws as it does.
  std::optional<int> run() const;

 private:
  ServeOptions serve_;
  ClientProveOptions prove_;
  LoadOptions load_;
  CLI::App* serve_cmd_ = nullptr;
  CLI::App* prove_cmd_ = nullptr;
  CLI::App* load_cmd_ = nullptr;
};

}  // namespace zkforge::serve
