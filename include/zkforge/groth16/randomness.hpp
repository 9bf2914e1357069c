// SPDX-License-Identifier: Apache-2.0
// The prover's blinding scalars r and s, drawn from the operating system's CSPRNG (getrandom).
//
// A Groth16 proof is zero-knowledge only if r and s are secret and fresh for every proof; tests that
// compare two backends pass fixed values instead.
#pragma once

#include <sys/random.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "zkforge/error.hpp"

namespace zkforge::groth16 {

template <class Fr>
struct Blinding {
  Fr r, s;
};

// A 64-bit uniform random bit generator over getrandom(2).
class OsRandom {
 public:
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() {
    result_type v = 0;
    auto* p = reinterpret_cast<unsigned char*>(&v);
    std::size_t got = 0;
    while (got < sizeof v) {
      const ssize_t n = ::getrandom(p + got, sizeof v - got, 0);
      if (n < 0) {
        if (errno == EINTR) continue;
        throw Error(Errc::device_error, std::string("getrandom failed: ") + std::strerror(errno));
      }
      got += static_cast<std::size_t>(n);
    }
    return v;
  }
};

template <class Fr>
Blinding<Fr> draw_blinding() {
  OsRandom rng;
  return Blinding<Fr>{Fr::random(rng), Fr::random(rng)};
}

}  // namespace zkforge::groth16
