// SPDX-License-Identifier: Apache-2.0
// make_prover for bn254's engine (make_prover.hpp), in a translation unit of its own.
#include "make_prover.hpp"

namespace zkforge::capi {

template std::unique_ptr<ProverImpl<bn254::Engine>> make_prover(SharedKey<bn254::Engine>, const zkforge_prover_options&);

}  // namespace zkforge::capi
