// SPDX-License-Identifier: Apache-2.0
// Everything of zkforge's host API for both curves in one include.
#pragma once

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/curve/encoding_zcash.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/error.hpp"
#include "zkforge/msm/msm.hpp"
#include "zkforge/ntt/ntt.hpp"
