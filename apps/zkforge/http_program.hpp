// SPDX-License-Identifier: Apache-2.0
// `zkforge serve` and `zkforge client` run in a second program, zkforge-http (in libexec/zkforge of
// the install prefix), the only one linked with the HTTP library: loading it and the OpenSSL under it
// takes ~5 ms of every process that links them (docs/perf.md), a tenth of a small proof. zkforge
// replaces itself by zkforge-http, with the same arguments, when the subcommand is one of these.
#pragma once

#include <CLI/CLI.hpp>

namespace zkforge::cli {

inline constexpr const char* kServeDescription =
    "a proving service over HTTP: keys read once and kept resident, a queue, a worker per device (docs/serve.md)";
inline constexpr const char* kClientDescription = "requests to a running zkforge serve";

// True when the subcommand argv names is one of zkforge-http's.
bool http_command(int argc, char** argv);

// Replaces this process by zkforge-http with the same arguments; returns only when it cannot be
// started, with exit code 3 after a message naming it.
int exec_http_program(char** argv);

// serve and client as entries of this program's --help (zkforge-http parses their options).
void add_http_commands_to_help(CLI::App& app);

}  // namespace zkforge::cli
