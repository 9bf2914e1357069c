// SPDX-License-Identifier: Apache-2.0
// `zkforge info`: version, the backends built into this binary, and the devices it sees with their memory.
#pragma once

namespace zkforge::cli {

int run_info();

}  // namespace zkforge::cli
