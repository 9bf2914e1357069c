// SPDX-License-Identifier: Apache-2.0
// The --backend option of the command-line program: which backends this binary holds.
#include "backend_choice.hpp"

#include <algorithm>

#include "zkforge/error.hpp"

namespace zkforge::cli {

std::vector<std::string> built_backends() {
  std::vector<std::string> v = {"cpu"};
  if (ZKFORGE_WITH_CUDA) v.push_back("cuda");
  if (ZKFORGE_WITH_HIP) v.push_back("hip");
  return v;
}

void require_backend(const std::string& name) {
  const auto built = built_backends();
  if (std::find(built.begin(), built.end(), name) != built.end()) return;
  const std::string option =
      name == "hip" ? "-DZKFORGE_HIP=ON for AMD GPUs or -DZKFORGE_HIP_NVIDIA=ON" : "-DZKFORGE_CUDA=ON";
  throw Error(Errc::backend_unavailable,
              "backend '" + name + "' is not built into this zkforge (rebuild with " + option + ")");
}

}  // namespace zkforge::cli
