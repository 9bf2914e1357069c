// SPDX-License-Identifier: Apache-2.0
// zkforge/c/base.h: status names, the version, curve names, point sizes and the backends built.
#include "backends.hpp"
#include "engines.hpp"
#include "guard.hpp"
#include "zkforge/curve/curve_id.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/version.h"

using namespace zkforge;
using namespace zkforge::capi;

extern "C" {

const char* zkforge_status_name(zkforge_status status) {
  if (status == ZKFORGE_OK) return "ok";
  for (int i = 0; i <= static_cast<int>(Errc::io_error); ++i)
    if (status_of(static_cast<Errc>(i)) == status) return errc_name(static_cast<Errc>(i));
  return status == ZKFORGE_ERROR_INTERNAL ? "internal error" : "unknown status";
}

const char* zkforge_version(void) { return ZKFORGE_VERSION_STRING; }

zkforge_status zkforge_curve_from_name(const char* name, zkforge_curve* curve, zkforge_error* error) {
  return guarded(error, [&] {
    require(name, "the curve name");
    require(curve, "the curve out-pointer");
    *curve = curve_from_name(name) == CurveId::bn254 ? ZKFORGE_CURVE_BN254 : ZKFORGE_CURVE_BLS12_381;
  });
}

uint64_t zkforge_point_bytes(zkforge_curve curve, zkforge_group group) {
  if (group != ZKFORGE_G1 && group != ZKFORGE_G2) return 0;
  if (curve != ZKFORGE_CURVE_BN254 && curve != ZKFORGE_CURVE_BLS12_381) return 0;
  return with_engine(curve, [&](auto e) -> uint64_t {
    using E = decltype(e);
    return group == ZKFORGE_G1 ? snarkjs::kPointBytes<typename E::G1> : snarkjs::kPointBytes<typename E::G2>;
  });
}

const char* zkforge_backends(void) { return built_backends(); }

}  // extern "C"
