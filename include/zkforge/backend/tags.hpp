// SPDX-License-Identifier: Apache-2.0
// Backend tags: data-only types that select where an algorithm runs. Front ends are written once
// and dispatch on these; a backend provides each primitive by specialisation. Cuda and Hip are the
// GPU tags: every GPU host type and function is a template over one of them (MsmContext<Cuda, C>,
// DeviceArray<Hip, T>...), so that one program can hold both GPU backends.
#pragma once

#include <type_traits>

namespace zkforge {

struct Cpu {
  static constexpr const char* name = "cpu";
};
struct Cuda {
  static constexpr const char* name = "cuda";
};
struct Hip {
  static constexpr const char* name = "hip";
};

// False for every type that is not a backend tag; used by front ends' static_asserts.
template <class T>
inline constexpr bool is_backend_v = std::is_same_v<T, Cpu> || std::is_same_v<T, Cuda> || std::is_same_v<T, Hip>;

template <class T>
inline constexpr bool is_gpu_backend_v = std::is_same_v<T, Cuda> || std::is_same_v<T, Hip>;

// The third parameter of a primitive whose specialisation serves every GPU tag (MsmBackend, NttBackend...).
template <class B>
using if_gpu = std::enable_if_t<is_gpu_backend_v<B>>;

// The primary template of a backend primitive: a readable compile-time error where a backend
// lacks the specialisation.
template <class Backend>
inline constexpr bool backend_lacks_primitive_v = false;

}  // namespace zkforge
