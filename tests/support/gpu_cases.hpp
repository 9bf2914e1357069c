// SPDX-License-Identifier: Apache-2.0
// The GPU tests' cases: every GPU backend linked (LinkedGpuBackends: Cuda, Hip or both) with every
// curve or field a test names, as one type list for TEMPLATE_LIST_TEST_CASE. A case is On<B, T>.
#pragma once

#include <tuple>
#include <utility>

#include "zkforge/backend/linked.hpp"

namespace zkforge::test {

template <class B, class T>
struct On {
  using Backend = B;
  using Type = T;
};

namespace gpu_cases_detail {
template <class B, class... T>
using Row = std::tuple<On<B, T>...>;
template <class Backends, class Types>
struct Product;
template <class... B, class... T>
struct Product<std::tuple<B...>, std::tuple<T...>> {
  using type = decltype(std::tuple_cat(std::declval<Row<B, T...>>()...));
};
}  // namespace gpu_cases_detail

// On<B, T> for every linked GPU backend B and every T given.
template <class... T>
using GpuCases = typename gpu_cases_detail::Product<LinkedGpuBackends, std::tuple<T...>>::type;

}  // namespace zkforge::test
