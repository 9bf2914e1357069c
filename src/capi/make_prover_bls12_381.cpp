// SPDX-License-Identifier: Apache-2.0
// make_prover for bls12_381's engine (make_prover.hpp), in a translation unit of its own.
#include "make_prover.hpp"

namespace zkforge::capi {

template std::unique_ptr<ProverImpl<bls12_381::Engine>> make_prover(SharedKey<bls12_381::Engine>, const zkforge_prover_options&);

}  // namespace zkforge::capi
