// SPDX-License-Identifier: Apache-2.0
// Everything of zkforge's C++ host API in one include: fields, curves and their encodings, MSM and NTT
// front ends and their GPU declarations (msm/gpu.hpp, ntt/gpu.hpp, gpu/: defined by zkforge::cuda and
// zkforge::hip, needing no GPU compiler), pairings, Groth16 (keys, prover, verifier, C2's
// parameter-file keys), the readers and writers of snarkjs, circom and bellperson / supra_seal
// files and of compiled keys, with the version.
//
// Not here: arch/ (what the other headers use inside; its GPU runtime shim is for the GPU backends'
// own sources) and groth16/insecure_test_setup.hpp (INSECURE keys from known toxic waste, for tests
// only). tests/package/umbrella.cmake checks that this list reaches every other header.
#pragma once

#include "zkforge/version.h"
#include "zkforge/error.hpp"

#include "zkforge/backend/linked.hpp"
#include "zkforge/backend/tags.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/curve_id.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/curve/encoding_zcash.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/field/fixed_factor.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/gpu/faults.hpp"
#include "zkforge/gpu/memory.hpp"
#include "zkforge/memory/policy.hpp"
#include "zkforge/memory/process_memory.hpp"
#include "zkforge/msm/combine_windows.hpp"
#include "zkforge/msm/gpu.hpp"
#include "zkforge/msm/msm.hpp"
#include "zkforge/msm/plan.hpp"
#include "zkforge/ntt/gpu.hpp"
#include "zkforge/ntt/ntt.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/warm_up.hpp"
#include "zkforge/io/srs_key.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/compiled_key.hpp"
#include "zkforge/io/proving_key_file.hpp"
#include "zkforge/io/r1cs.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/io/supra_srs.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
