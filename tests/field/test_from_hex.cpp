// SPDX-License-Identifier: Apache-2.0
// Hexadecimal constants at run time: a bad digit, a value too wide and a value not below p are
// zkforge::Error with their own codes, like every other bad input.
#include <catch2/catch.hpp>

#include "support/errors.hpp"
#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"

using namespace zkforge;

TEST_CASE("from_hex parses and rejects with zkforge::Error", "[field][hex]") {
  CHECK(bn254::Fr::from_hex("0x2a") == bn254::Fr::from_u64(42));
  CHECK(BigInt<1>::from_hex("ff") == BigInt<1>::from_u64(255));

  const Error digit = test::error_thrown_by([] { (void)bn254::Fr::from_hex("0xzz"); });
  CHECK(digit.code() == Errc::invalid_argument);
  CHECK(test::mentions(digit, "'z' is not a hexadecimal digit"));

  const Error wide = test::error_thrown_by([] { (void)BigInt<1>::from_hex("0x10000000000000000"); });
  CHECK(wide.code() == Errc::invalid_argument);
  CHECK(test::mentions(wide, "wider than 1 words"));

  // r itself is not below r.
  const Error big = test::error_thrown_by(
      [] { (void)bls12_381::Fr::from_hex("0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"); });
  CHECK(big.code() == Errc::not_canonical);
  CHECK(test::mentions(big, "not below the modulus"));
}
