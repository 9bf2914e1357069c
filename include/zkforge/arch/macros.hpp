// SPDX-License-Identifier: Apache-2.0
// Function qualifiers shared by host and device code: the only place that knows which compiler is at work.
#pragma once

#if defined(__HIPCC__)
#include <hip/hip_runtime.h>  // under HIP, __host__, __device__ and __forceinline__ are macros of its headers
#endif

// ZKF_NOINLINE keeps a rare branch out of line, so that its code does not crowd a hot loop's.
#if defined(__CUDACC__) || defined(__HIPCC__)
#define ZKF_HD __host__ __device__
#define ZKF_INLINE __forceinline__
#define ZKF_NOINLINE __noinline__
#else
#define ZKF_HD
#define ZKF_INLINE inline __attribute__((always_inline))
#define ZKF_NOINLINE __attribute__((noinline))
#endif

#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define ZKF_DEVICE_PASS 1
#else
#define ZKF_DEVICE_PASS 0
#endif

// Asks for full unrolling of the next loop (fixed-trip limb loops).
#if defined(__clang__) || defined(__CUDACC__)
#define ZKF_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define ZKF_UNROLL _Pragma("GCC unroll 16")
#else
#define ZKF_UNROLL
#endif
