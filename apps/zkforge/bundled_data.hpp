// SPDX-License-Identifier: Apache-2.0
// Where the snarkjs files bundled with zkforge (the demo's keys, witnesses and proofs) are.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

namespace zkforge::cli {

// The folder of this executable, from /proc/self/exe; `ec` set where that cannot be read.
std::filesystem::path program_folder(std::error_code& ec);

// share/zkforge of the install prefix, found from this executable's own path (/proc/self/exe), so an
// installed zkforge needs nothing of the source tree; the build tree lays its copies out the same way.
std::string bundled_data_dir();

}  // namespace zkforge::cli
