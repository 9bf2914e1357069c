// SPDX-License-Identifier: Apache-2.0
// Phase evaluate on a GPU (groth16/evaluate.hpp's EvaluateBackend for this translation unit's tag):
// a = A·w, b = B·w and c = a ∘ b from the witness on the device and the key's matrices resident there.
//
// A matrix is uploaded once as its entries sorted by row (the key's order when it is sorted, else a
// counting sort on the host first), and each value is then multiplied by R on the device, so that the
// Montgomery product of an entry with a canonical witness value is the term in Montgomery form — the
// witness the MSMs read serves evaluate as it is. A product is two kernels over tiles of kTile
// entries, one entry a thread, so that rows of any length (empty, one entry, a public input's, a row as
// long as the matrix) cost what their entries cost:
//   row_sums    each thread multiplies its entry's value by its witness value into the block's shared
//               memory (the entries' loads coalesced, every gather of the witness in flight at once);
//               the thread of a row's first entry in the tile sums the row's terms there. A row whole
//               in the tile is written to the output; the tile's first and last rows, when they go on
//               past it, to the tile's two partial sums;
//   row_carries the tile where a split row starts adds the partial sums of the tiles it goes on into.
// Every row with entries is written whole; the rows without are cleared first (DeviceMatrix::
// empty_from: where every row has entries, none is).
#pragma once

#include <algorithm>
#include <atomic>
#include <string>
#include <type_traits>
#include <vector>

#include "backends/cuda/runtime.cuh"
#include "backends/cuda/session.cuh"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/groth16/evaluate.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

inline constexpr unsigned kTile = 128;  // matrix entries per block of row_sums, one a thread
inline constexpr unsigned kEvaluateBlock = 128;

// value <- value · R (R the Montgomery radix, `radix` in Montgomery form), for every entry.
template <class F>
__global__ void scale_entries(groth16::MatrixEntry<F>* entries, std::size_t count, F radix) {
  const std::size_t i = thread_index();
  if (i < count) entries[i].value = entries[i].value * radix;
}

// See the file comment. out has been cleared; first and last hold one partial sum per tile.
template <class F>
__global__ void __launch_bounds__(kTile)
    row_sums(const groth16::MatrixEntry<F>* entries, std::size_t count, const typename F::Int* w, F* out, F* first,
             F* last) {
  static_assert(sizeof(F) % sizeof(uint4) == 0, "a field element is whole 16-byte words");
  constexpr unsigned kWords = sizeof(F) / sizeof(uint4);
  __shared__ uint4 terms[kTile * kWords];  // words: no field element is constructed per thread
  __shared__ std::uint32_t rows[kTile];
  const std::size_t lo = std::size_t{blockIdx.x} * kTile;
  const unsigned size = count - lo < kTile ? static_cast<unsigned>(count - lo) : kTile;
  const unsigned t = threadIdx.x;
  if (t < size) {
    const groth16::MatrixEntry<F> e = entries[lo + t];
    const F term = e.value * F::from_montgomery_unchecked(w[e.signal]);
    memcpy(&terms[t * kWords], &term, sizeof(F));
    rows[t] = e.constraint;
  }
  __syncthreads();
  if (t >= size) return;
  const std::uint32_t row = rows[t];
  if (t > 0 && rows[t - 1] == row) return;  // not the row's first entry in the tile
  F sum;
  memcpy(&sum, &terms[t * kWords], sizeof(F));
  unsigned end = t + 1;
  for (; end < size && rows[end] == row; ++end) {
    F term;
    memcpy(&term, &terms[end * kWords], sizeof(F));
    sum += term;
  }
  // Inside the tile a row starts and ends where its entries do; only the tile's ends look outside it.
  const bool starts = t > 0 || lo == 0 || entries[lo - 1].constraint != row;
  const bool ends = end < size || lo + end == count || entries[lo + end].constraint != row;
  if (starts && ends) {
    out[row] = sum;
  } else {
    if (t == 0) first[blockIdx.x] = sum;
    if (end == size) last[blockIdx.x] = sum;
  }
}

// See the file comment: the tile whose last segment starts a row that goes on past it sums that row.
template <class F>
__global__ void row_carries(const groth16::MatrixEntry<F>* entries, std::size_t count, std::size_t tiles, F* out,
                            const F* first, const F* last) {
  const std::size_t tile = thread_index();
  if (tile >= tiles) return;
  const std::size_t lo = tile * kTile, hi = lo + kTile < count ? lo + kTile : count;
  if (hi == count) return;
  const std::uint32_t row = entries[hi - 1].constraint;
  if (entries[hi].constraint != row) return;                                            // it ends in this tile
  if (entries[lo].constraint == row && lo > 0 && entries[lo - 1].constraint == row) return;  // started before
  F sum = last[tile];
  for (std::size_t next = tile + 1; next < tiles; ++next) {
    sum += first[next];
    const std::size_t next_hi = (next + 1) * kTile < count ? (next + 1) * kTile : count;
    if (entries[next_hi - 1].constraint != row || next_hi == count || entries[next_hi].constraint != row) break;
  }
  out[row] = sum;
}

template <class F>
__global__ void pointwise_product(F* c, const F* a, const F* b, std::size_t n) {
  const std::size_t i = thread_index();
  if (i < n) c[i] = a[i] * b[i];
}

// out <- matrix · w, enqueued on s.stream.
template <class F>
void matrix_product(Session& s, const groth16::DeviceMatrix<Backend, F>& matrix, const typename F::Int* w, F* out) {
  if (matrix.empty_from < matrix.rows)
    check(ZKF_GPU(MemsetAsync)(out + matrix.empty_from, 0, (matrix.rows - matrix.empty_from) * sizeof(F), s.stream),
          "MemsetAsync (evaluate)");
  const std::size_t count = matrix.entries.size();
  if (count == 0) return;
  const std::size_t tiles = (count + kTile - 1) / kTile;
  Buffer<F> first(s.pool, tiles, s.stream), last(s.pool, tiles, s.stream);
  const groth16::MatrixEntry<F>* entries = matrix.entries.span(count).data;
  row_sums<F><<<blocks_for(count, kTile), kTile, 0, s.stream>>>(entries, count, w, out, first.data(), last.data());
  check_launch("row_sums");
  row_carries<F><<<blocks_for(tiles, kEvaluateBlock), kEvaluateBlock, 0, s.stream>>>(entries, count, tiles, out,
                                                                                     first.data(), last.data());
  check_launch("row_carries");
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu

namespace zkforge::groth16 {

template <class B, class F>
DeviceMatrix<B, F> EvaluateBackend<B, F, if_gpu<B>>::upload(HostSpan<const MatrixEntry<F>> entries, std::size_t rows,
                                                            MemoryPolicy memory, int device) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  ThreadPool& pool = cpu_pool(0);
  std::atomic<bool> sorted{true};
  pool.parallel_for(entries.size > 0 ? entries.size - 1 : 0, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i)
      if (entries[i + 1].constraint < entries[i].constraint) {
        sorted = false;
        return;
      }
  }, std::size_t{1} << 16);
  std::vector<MatrixEntry<F>> by_row;
  if (!sorted) {
    std::vector<std::size_t> next(rows + 1, 0);
    for (const MatrixEntry<F>& e : entries) ++next[e.constraint + 1];
    for (std::size_t i = 0; i < rows; ++i) next[i + 1] += next[i];
    by_row.resize(entries.size);
    for (const MatrixEntry<F>& e : entries) by_row[next[e.constraint]++] = e;
    entries = HostSpan<const MatrixEntry<F>>(by_row.data(), by_row.size());
  }
  DeviceMatrix<B, F> m{rows, DeviceArray<B, MatrixEntry<F>>(memory, device, entries.size), 0};
  m.entries.upload(entries);
  std::atomic<std::size_t> starts{0};  // rows with entries: where an entry's row differs from the one before
  pool.parallel_for(entries.size, [&](std::size_t lo, std::size_t hi) {
    std::size_t here = 0;
    for (std::size_t i = lo; i < hi; ++i) here += i == 0 || entries[i].constraint != entries[i - 1].constraint;
    starts += here;
  }, std::size_t{1} << 16);
  const std::size_t after_last = entries.size == 0 ? 0 : std::size_t{entries[entries.size - 1].constraint} + 1;
  m.empty_from = starts == after_last ? after_last : 0;
  if (entries.size > 0) {
    const gpu::DeviceGuard guard(device);
    gpu::OwnedStream stream;
    const F radix = F::from_montgomery_unchecked(F::mont_r2());
    gpu::scale_entries<F><<<gpu::blocks_for(entries.size, gpu::kEvaluateBlock), gpu::kEvaluateBlock, 0, stream.get()>>>(
        m.entries.span().data, entries.size, radix);
    gpu::check_launch("scale_entries");
    stream.synchronize();
  }
  return m;
}

template <class B, class F>
void EvaluateBackend<B, F, if_gpu<B>>::run(const DeviceMatrix<B, F>& a_matrix, const DeviceMatrix<B, F>& b_matrix,
                                           DeviceSpan<B, const Int> witness, DeviceSpan<B, F> a, DeviceSpan<B, F> b,
                                           DeviceSpan<B, F> c, MemoryPolicy memory) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  const std::size_t n = a_matrix.rows;
  if (b_matrix.rows != n || a.size != n || b.size != n || c.size != n)
    throw Error(Errc::size_mismatch, "evaluate: A has " + std::to_string(n) + " rows, B " +
                                         std::to_string(b_matrix.rows) + ", and a, b, c hold " + std::to_string(a.size) +
                                         ", " + std::to_string(b.size) + ", " + std::to_string(c.size));
  const int device = a_matrix.entries.device();
  const int devices[] = {b_matrix.entries.device(), witness.device, a.device, b.device, c.device};
  for (int d : devices)
    if (d != device) throw Error(Errc::invalid_argument, "evaluate: the matrices, the witness and a, b, c must be on one device");
  if (n == 0) return;
  const gpu::DeviceGuard guard(device);
  gpu::OwnedStream stream;
  gpu::Session s = gpu::session_on(device, stream.get(), memory);
  gpu::matrix_product(s, a_matrix, witness.data, a.data);
  gpu::matrix_product(s, b_matrix, witness.data, b.data);
  gpu::pointwise_product<F><<<gpu::blocks_for(n, gpu::kEvaluateBlock), gpu::kEvaluateBlock, 0, s.stream>>>(c.data, a.data,
                                                                                                           b.data, n);
  gpu::check_launch("pointwise_product");
  stream.synchronize();
}

}  // namespace zkforge::groth16
