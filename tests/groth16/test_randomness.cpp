// SPDX-License-Identifier: Apache-2.0
// The blinding scalars' random source: a failed getrandom is Error(random_source) naming errno, an
// interrupted one is retried, and the real source gives distinct draws.
#include <catch2/catch.hpp>

#include <cerrno>

#include "support/errors.hpp"
#include "zkforge/groth16/randomness.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

ssize_t failing(void*, std::size_t, unsigned) {
  errno = EIO;
  return -1;
}

// Interrupted once, then one byte at a time of 0xab.
ssize_t interrupted_then_slow(void* buffer, std::size_t, unsigned) {
  static bool interrupted = false;
  if (!interrupted) {
    interrupted = true;
    errno = EINTR;
    return -1;
  }
  *static_cast<unsigned char*>(buffer) = 0xab;
  return 1;
}

}  // namespace

TEST_CASE("a failing random source is Error(random_source), not a device error", "[groth16][random]") {
  groth16::OsRandom rng(failing);
  const Error e = test::error_thrown_by([&] { (void)rng(); });
  CHECK(e.code() == Errc::random_source);
  CHECK(test::mentions(e, "getrandom failed"));
}

TEST_CASE("an interrupted random read is retried and short reads are completed", "[groth16][random]") {
  groth16::OsRandom rng(interrupted_then_slow);
  CHECK(rng() == 0xababababababababull);
}

TEST_CASE("the operating system's blinding scalars are fresh", "[groth16][random]") {
  const auto x = groth16::draw_blinding<bn254::Fr>(), y = groth16::draw_blinding<bn254::Fr>();
  CHECK(x.r != y.r);
  CHECK(x.r != x.s);
}
