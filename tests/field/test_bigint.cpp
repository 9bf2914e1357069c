// SPDX-License-Identifier: Apache-2.0
// BigInt's tests of a value (is_zero, is_one), which the GPU's digit kernels take scalars' classes from:
// each looks at every word, not at the lowest alone.
#include <catch2/catch.hpp>

#include "zkforge/field/bigint.hpp"

using namespace zkforge;

TEST_CASE("BigInt::is_zero and is_one look at every word", "[field][bigint]") {
  using B = BigInt<4>;
  CHECK(B::zero().is_zero());
  CHECK(!B::zero().is_one());
  CHECK(B::from_u64(1).is_one());
  CHECK(!B::from_u64(1).is_zero());
  CHECK(!B::from_u64(2).is_one());
  for (std::size_t i = 1; i < 4; ++i) {
    B one_and_high = B::from_u64(1);
    one_and_high.w[i] = 1;  // 1 + 2^(64 i): its lowest word is 1
    CHECK(!one_and_high.is_one());
    B high = B::zero();
    high.w[i] = std::uint64_t{1} << 63;
    CHECK(!high.is_zero());
    CHECK(!high.is_one());
  }
  CHECK(BigInt<1>::from_u64(1).is_one());
}
