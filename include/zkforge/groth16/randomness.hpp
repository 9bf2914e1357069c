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

// A source of random bytes with getrandom(2)'s contract: bytes written, or -1 with errno set.
using RandomFill = ssize_t (*)(void* buffer, std::size_t size, unsigned flags);

// A 64-bit uniform random bit generator over getrandom(2) (or, in tests, a RandomFill of theirs).
// A failed read is Error(random_source) naming errno; an interrupted one is retried.
class OsRandom {
 public:
  using result_type = std::uint64_t;
  explicit OsRandom(RandomFill fill = ::getrandom) : fill_(fill) {}
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() {
    result_type v = 0;
    auto* p = reinterpret_cast<unsigned char*>(&v);
    std::size_t got = 0;
    while (got < sizeof v) {
      const ssize_t n = fill_(p + got, sizeof v - got, 0);
      if (n < 0) {
        if (errno == EINTR) continue;
        throw Error(Errc::random_source, std::string("getrandom failed: ") + std::strerror(errno));
      }
      got += static_cast<std::size_t>(n);
    }
    return v;
  }

 private:
  RandomFill fill_;
};

template <class Fr>
Blinding<Fr> draw_blinding() {
  OsRandom rng;
  return Blinding<Fr>{Fr::random(rng), Fr::random(rng)};
}

}  // namespace zkforge::groth16
