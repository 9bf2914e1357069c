// SPDX-License-Identifier: Apache-2.0
// AlignedVector<T>: a std::vector whose elements start on a 64-byte boundary (a cache line, and the
// width of the CPU's vector lanes), for the host data that the lanes and the GPU uploads read —
// points, scalars, evaluations — when it is not drawn from a memory policy (HostVector).
#pragma once

#include <boost/align/aligned_allocator.hpp>
#include <cstddef>
#include <vector>

namespace zkforge {

inline constexpr std::size_t kHostAlignment = 64;

template <class T>
using AlignedVector = std::vector<T, boost::alignment::aligned_allocator<T, kHostAlignment>>;

}  // namespace zkforge
