// SPDX-License-Identifier: Apache-2.0
// Montgomery product for 4- and 6-word moduli in x86-64 assembly with BMI2 (mulx) and ADX (adcx/adox).
//
// The algorithm is CIOS, as montgomery::mul, one row per word b[i] of b:
//   t += a * b[i];  m = t[0] * inv mod 2^64;  t = (t + m * p) / 2^64.
// Each half of a row is one mulx per word of a (or p) feeding two independent carry chains: adox adds
// the low halves of the products into t[j] through OF, adcx adds the high halves into t[j+1]
// through CF. mulx leaves the flags alone, so both chains run in parallel. t lives in N+1 registers
// and the division by 2^64 is a renaming of them, done here by rotating the operand names from row
// to row. With p < 2^(64N-1), t stays below 2p, so one conditional subtraction (sub/sbb, then cmovnc)
// gives the reduced result.
//
// The caller checks has_bmi2_adx() before calling mont_mul: the assembler accepts the instructions
// whatever -march says, so nothing here needs -mbmi2 -madx.
#pragma once

#if defined(__x86_64__) && !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)

#include <cstddef>
#include <cstdint>

#include "zkforge/arch/macros.hpp"

#if defined(__clang__)
#include <cpuid.h>
#endif

#define ZKF_HAVE_X86_64_MONT 1

namespace zkforge::arch::x86_64 {

// True when the running CPU executes mulx (BMI2) and adcx/adox (ADX).
inline bool detect_bmi2_adx() {
#if defined(__clang__)
  // clang before 16 rejects "adx" in __builtin_cpu_supports: read CPUID leaf 7 (EBX bit 8 = BMI2, bit 19 = ADX).
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) return false;
  return (ebx & (1u << 8)) != 0 && (ebx & (1u << 19)) != 0;
#else
  __builtin_cpu_init();  // the check runs from a static initializer, maybe before libgcc's own
  return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx");
#endif
}

// The answer of detect_bmi2_adx(), read once at start-up: a plain load on the hot path. Code that
// runs in a static initializer before this one sees false and takes the portable path, which is
// correct, only slower.
inline const bool g_has_bmi2_adx = detect_bmi2_adx();
inline bool has_bmi2_adx() { return g_has_bmi2_adx; }

// Assembly fragments. Operands: a, b, p (word pointers), inv (in memory), lo and hi (scratch), %rdx
// (the implicit mulx multiplier), t0..tN (the accumulator). The macro arguments name the accumulator
// registers in row order: logical t[j] is the operand passed in position j. The asm reads a, b and p
// through the pointers and declares "memory": array "m" operands would each want an address
// register, and at -O0 the 13 registers that the 6-word product holds leave none.

// One word of either half of a row: lo:hi = rdx * src[off/8]; t_j += lo (OF chain); t_j1 += hi (CF chain).
#define ZKF_X64_MULADD(off, src, tj, tj1)          \
  "mulxq " #off "(%[" #src "]), %[lo], %[hi]\n\t" \
  "adoxq %[lo], %[" #tj "]\n\t"                    \
  "adcxq %[hi], %[" #tj1 "]\n\t"

// Second half of a row: m = t0 * inv; t += m * p. t0 becomes zero and drops out; being zero, it
// is the register through which the last OF goes into t_top.
#define ZKF_X64_REDUCE4(t0, t1, t2, t3, t4) \
  "movq %[" #t0 "], %%rdx\n\t"              \
  "imulq %[inv], %%rdx\n\t"                 \
  "xorl %k[lo], %k[lo]\n\t"                 \
  ZKF_X64_MULADD(0, p, t0, t1)              \
  ZKF_X64_MULADD(8, p, t1, t2)              \
  ZKF_X64_MULADD(16, p, t2, t3)             \
  ZKF_X64_MULADD(24, p, t3, t4)             \
  "adoxq %[" #t0 "], %[" #t4 "]\n\t"

#define ZKF_X64_REDUCE6(t0, t1, t2, t3, t4, t5, t6) \
  "movq %[" #t0 "], %%rdx\n\t"                      \
  "imulq %[inv], %%rdx\n\t"                         \
  "xorl %k[lo], %k[lo]\n\t"                         \
  ZKF_X64_MULADD(0, p, t0, t1)                      \
  ZKF_X64_MULADD(8, p, t1, t2)                      \
  ZKF_X64_MULADD(16, p, t2, t3)                     \
  ZKF_X64_MULADD(24, p, t3, t4)                     \
  ZKF_X64_MULADD(32, p, t4, t5)                     \
  ZKF_X64_MULADD(40, p, t5, t6)                     \
  "adoxq %[" #t0 "], %[" #t6 "]\n\t"

// First half of a later row: t += a * b[boff/8]. t_top is zero (the t0 dropped by the last
// reduction): it first adds OF into the high half of the last product, then receives that half and CF.
#define ZKF_X64_ROW4(boff, t0, t1, t2, t3, t4)  \
  "movq " #boff "(%[b]), %%rdx\n\t"             \
  "xorl %k[lo], %k[lo]\n\t"                     \
  ZKF_X64_MULADD(0, a, t0, t1)                  \
  ZKF_X64_MULADD(8, a, t1, t2)                  \
  ZKF_X64_MULADD(16, a, t2, t3)                 \
  "mulxq 24(%[a]), %[lo], %[hi]\n\t"           \
  "adoxq %[lo], %[" #t3 "]\n\t"                 \
  "adoxq %[" #t4 "], %[hi]\n\t"                 \
  "adcxq %[hi], %[" #t4 "]\n\t"                 \
  ZKF_X64_REDUCE4(t0, t1, t2, t3, t4)

#define ZKF_X64_ROW6(boff, t0, t1, t2, t3, t4, t5, t6) \
  "movq " #boff "(%[b]), %%rdx\n\t"                    \
  "xorl %k[lo], %k[lo]\n\t"                            \
  ZKF_X64_MULADD(0, a, t0, t1)                         \
  ZKF_X64_MULADD(8, a, t1, t2)                         \
  ZKF_X64_MULADD(16, a, t2, t3)                        \
  ZKF_X64_MULADD(24, a, t3, t4)                        \
  ZKF_X64_MULADD(32, a, t4, t5)                        \
  "mulxq 40(%[a]), %[lo], %[hi]\n\t"                  \
  "adoxq %[lo], %[" #t5 "]\n\t"                        \
  "adoxq %[" #t6 "], %[hi]\n\t"                        \
  "adcxq %[hi], %[" #t6 "]\n\t"                        \
  ZKF_X64_REDUCE6(t0, t1, t2, t3, t4, t5, t6)

// Defined for N = 4 and N = 6 only.
template <std::size_t N>
void mont_mul(std::uint64_t r[N], const std::uint64_t a[N], const std::uint64_t b[N], const std::uint64_t p[N],
              std::uint64_t inv) = delete;

// r = a * b * 2^-256 mod p, for a, b < p < 2^255 and inv = -p^-1 mod 2^64. r may alias a or b.
template <>
ZKF_INLINE void mont_mul<4>(std::uint64_t r[4], const std::uint64_t a[4], const std::uint64_t b[4],
                        const std::uint64_t p[4], std::uint64_t inv) {
  std::uint64_t t0, t1, t2, t3, t4, lo, hi, d;
  const std::uint64_t* pa = a;
  const std::uint64_t* pb = b;
  const std::uint64_t* pp = p;
  __asm__(
      // Row 0: t = a * b[0] with one carry chain, then the reduction.
      "movq (%[b]), %%rdx\n\t"
      "mulxq (%[a]), %[t0], %[t1]\n\t"
      "mulxq 8(%[a]), %[lo], %[t2]\n\t"
      "addq %[lo], %[t1]\n\t"
      "mulxq 16(%[a]), %[lo], %[t3]\n\t"
      "adcq %[lo], %[t2]\n\t"
      "mulxq 24(%[a]), %[lo], %[t4]\n\t"
      "adcq %[lo], %[t3]\n\t"
      "adcq $0, %[t4]\n\t"
      ZKF_X64_REDUCE4(t0, t1, t2, t3, t4)
      ZKF_X64_ROW4(8, t1, t2, t3, t4, t0)
      ZKF_X64_ROW4(16, t2, t3, t4, t0, t1)
      ZKF_X64_ROW4(24, t3, t4, t0, t1, t2)
      // t = (t4, t0, t1, t2) < 2p: subtract p into the spare registers and keep the difference if no borrow.
      "movq %[t4], %[lo]\n\t"
      "subq (%[p]), %[lo]\n\t"
      "movq %[t0], %[hi]\n\t"
      "sbbq 8(%[p]), %[hi]\n\t"
      "movq %[t1], %q[a]\n\t"
      "sbbq 16(%[p]), %q[a]\n\t"
      "movq %[t2], %q[b]\n\t"
      "sbbq 24(%[p]), %q[b]\n\t"
      "cmovncq %[lo], %[t4]\n\t"
      "cmovncq %[hi], %[t0]\n\t"
      "cmovncq %q[a], %[t1]\n\t"
      "cmovncq %q[b], %[t2]\n\t"
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [lo] "=&r"(lo),
        [hi] "=&r"(hi), "=&d"(d), [a] "+r"(pa), [b] "+r"(pb), [p] "+r"(pp)
      : [inv] "m"(inv)
      : "cc", "memory");
  r[0] = t4;
  r[1] = t0;
  r[2] = t1;
  r[3] = t2;
}

// r = a * b * 2^-384 mod p, for a, b < p < 2^383 and inv = -p^-1 mod 2^64. r may alias a or b.
template <>
ZKF_INLINE void mont_mul<6>(std::uint64_t r[6], const std::uint64_t a[6], const std::uint64_t b[6],
                        const std::uint64_t p[6], std::uint64_t inv) {
  std::uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, d;
  const std::uint64_t* pa = a;
  const std::uint64_t* pb = b;
  const std::uint64_t* pp = p;
  __asm__(
      // Row 0: t = a * b[0] with one carry chain, then the reduction.
      "movq (%[b]), %%rdx\n\t"
      "mulxq (%[a]), %[t0], %[t1]\n\t"
      "mulxq 8(%[a]), %[lo], %[t2]\n\t"
      "addq %[lo], %[t1]\n\t"
      "mulxq 16(%[a]), %[lo], %[t3]\n\t"
      "adcq %[lo], %[t2]\n\t"
      "mulxq 24(%[a]), %[lo], %[t4]\n\t"
      "adcq %[lo], %[t3]\n\t"
      "mulxq 32(%[a]), %[lo], %[t5]\n\t"
      "adcq %[lo], %[t4]\n\t"
      "mulxq 40(%[a]), %[lo], %[t6]\n\t"
      "adcq %[lo], %[t5]\n\t"
      "adcq $0, %[t6]\n\t"
      ZKF_X64_REDUCE6(t0, t1, t2, t3, t4, t5, t6)
      ZKF_X64_ROW6(8, t1, t2, t3, t4, t5, t6, t0)
      ZKF_X64_ROW6(16, t2, t3, t4, t5, t6, t0, t1)
      ZKF_X64_ROW6(24, t3, t4, t5, t6, t0, t1, t2)
      ZKF_X64_ROW6(32, t4, t5, t6, t0, t1, t2, t3)
      ZKF_X64_ROW6(40, t5, t6, t0, t1, t2, t3, t4)
      // t = (t6, t0, t1, t2, t3, t4) < 2p: subtract p into the spare registers and keep the difference
      // if no borrow.
      "movq %[t6], %[lo]\n\t"
      "subq (%[p]), %[lo]\n\t"
      "movq %[t0], %[hi]\n\t"
      "sbbq 8(%[p]), %[hi]\n\t"
      "movq %[t1], %q[a]\n\t"
      "sbbq 16(%[p]), %q[a]\n\t"
      "movq %[t2], %q[b]\n\t"
      "sbbq 24(%[p]), %q[b]\n\t"
      "movq %[t3], %%rdx\n\t"
      "sbbq 32(%[p]), %%rdx\n\t"
      "movq %[t4], %[t5]\n\t"
      "sbbq 40(%[p]), %[t5]\n\t"
      "cmovncq %[lo], %[t6]\n\t"
      "cmovncq %[hi], %[t0]\n\t"
      "cmovncq %q[a], %[t1]\n\t"
      "cmovncq %q[b], %[t2]\n\t"
      "cmovncq %%rdx, %[t3]\n\t"
      "cmovncq %[t5], %[t4]\n\t"
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
        [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d), [a] "+r"(pa), [b] "+r"(pb), [p] "+r"(pp)
      : [inv] "m"(inv)
      : "cc", "memory");
  r[0] = t6;
  r[1] = t0;
  r[2] = t1;
  r[3] = t2;
  r[4] = t3;
  r[5] = t4;
}

#undef ZKF_X64_ROW6
#undef ZKF_X64_ROW4
#undef ZKF_X64_REDUCE6
#undef ZKF_X64_REDUCE4
#undef ZKF_X64_MULADD

}  // namespace zkforge::arch::x86_64

#endif
