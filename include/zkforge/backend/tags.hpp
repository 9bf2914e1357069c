// SPDX-License-Identifier: Apache-2.0
// Backend tags: data-only types that select where an algorithm runs. Front ends are written once
// and dispatch on these; a backend provides each primitive by specialisation.
#pragma once

namespace zkforge {

struct Cpu {};
struct Cuda {};
struct Hip {};

// False for every type that is not a backend tag; used by front ends' static_asserts.
template <class T>
inline constexpr bool is_backend_v = false;
template <>
inline constexpr bool is_backend_v<Cpu> = true;
template <>
inline constexpr bool is_backend_v<Cuda> = true;
template <>
inline constexpr bool is_backend_v<Hip> = true;

// The primary template of a backend primitive: a readable compile-time error where a backend
// lacks the specialisation.
template <class Backend>
inline constexpr bool backend_lacks_primitive_v = false;

}  // namespace zkforge
