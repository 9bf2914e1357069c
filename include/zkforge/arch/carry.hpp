// SPDX-License-Identifier: Apache-2.0
// 64-bit limb primitives with carries (add, subtract, multiply-accumulate) for the multi-precision code.
//
// Each primitive returns the low word and passes the high part back through a reference. The
// portable form uses unsigned __int128, which g++, clang, nvcc (>= 11.5) and hipcc all lower to
// the machine's wide multiply; an intrinsic form for one target belongs here and nowhere else.
#pragma once

#include <cstdint>

#if defined(__x86_64__) && !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#include <x86intrin.h>
#define ZKF_X86_CARRY 1
#endif

#include "zkforge/arch/macros.hpp"

namespace zkforge::arch {

__extension__ typedef unsigned __int128 u128;  // __extension__: a GNU type, accepted by every compiler zkforge targets

// a + b + carry; carry in {0,1} in and out.
ZKF_HD constexpr ZKF_INLINE std::uint64_t adc(std::uint64_t a, std::uint64_t b, std::uint64_t& carry) {
#if defined(ZKF_X86_CARRY)
  if (!__builtin_is_constant_evaluated()) {
    unsigned long long r = 0;
    carry = _addcarry_u64(static_cast<unsigned char>(carry), a, b, &r);
    return r;
  }
#endif
  const u128 t = static_cast<u128>(a) + b + carry;
  carry = static_cast<std::uint64_t>(t >> 64);
  return static_cast<std::uint64_t>(t);
}

// a - b - borrow; borrow in {0,1} in and out.
ZKF_HD constexpr ZKF_INLINE std::uint64_t sbb(std::uint64_t a, std::uint64_t b, std::uint64_t& borrow) {
#if defined(ZKF_X86_CARRY)
  if (!__builtin_is_constant_evaluated()) {
    unsigned long long r = 0;
    borrow = _subborrow_u64(static_cast<unsigned char>(borrow), a, b, &r);
    return r;
  }
#endif
  const u128 t = static_cast<u128>(a) - b - borrow;
  borrow = static_cast<std::uint64_t>(t >> 127);
  return static_cast<std::uint64_t>(t);
}

// a + b*c + carry; the result fits in 128 bits for any 64-bit inputs.
ZKF_HD constexpr ZKF_INLINE std::uint64_t mac(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                               std::uint64_t& carry) {
  const u128 t = static_cast<u128>(b) * c + a + carry;
  carry = static_cast<std::uint64_t>(t >> 64);
  return static_cast<std::uint64_t>(t);
}

}  // namespace zkforge::arch
