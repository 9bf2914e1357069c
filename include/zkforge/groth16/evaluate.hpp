// SPDX-License-Identifier: Apache-2.0
// Phase evaluate (entry (a) of the prover): a = A·w and b = B·w on the domain from the key's
// matrices, and c = a ∘ b, as snarkjs defines them. EvaluateBackend<Backend, Fr> is the phase's
// dispatch point:
//   - the CPU's (below): the matrices rearranged by row once, when the prover is made (ConstraintRows:
//     one thread sums a block of rows with no shared writes), the witness taken to Montgomery form, all
//     on the host's threads into buffers of the proof's memory policy;
//   - a GPU's (backends/cuda/evaluate.cuh): the matrices resident on the device (DeviceMatrix: the
//     entries sorted by row, uploaded once with the key's bases), a, b and c computed from the witness
//     already on the device for the MSMs and left there for the quotient; nothing crosses the bus.
//     Threads take equal runs of entries, not rows, so that a row costs what its entries cost however
//     long it is; a row split across runs is summed from their partial sums in a second pass.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "zkforge/backend/tags.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"
#include "zkforge/gpu/device_array.hpp"
#include "zkforge/groth16/proving_key.hpp"
#include "zkforge/memory/host_memory.hpp"

namespace zkforge::groth16 {

// One matrix by row: the entries of row i are [begin[i], begin[i + 1]).
template <class Fr>
struct ConstraintRows {
  std::vector<std::size_t> begin;
  std::vector<std::uint32_t> signal;
  AlignedVector<Fr> value;

  ConstraintRows() = default;
  ConstraintRows(HostSpan<const MatrixEntry<Fr>> entries, std::size_t rows) : begin(rows + 1, 0) {
    for (const auto& e : entries) ++begin[e.constraint + 1];
    for (std::size_t i = 0; i < rows; ++i) begin[i + 1] += begin[i];
    signal.resize(entries.size);
    value.resize(entries.size);
    std::vector<std::size_t> next(begin.begin(), begin.end() - 1);
    for (const auto& e : entries) {
      const std::size_t k = next[e.constraint]++;
      signal[k] = e.signal;
      value[k] = e.value;
    }
  }
};

// The evaluations of one proof, owned: the witness w in Montgomery form, a, b and c.
template <class Fr>
struct Evaluations {
  HostVector<Fr> w, a, b, c;
};

// The phase's dispatch point (see the file comment). The primary template only fails to compile, readably.
template <class Backend, class Fr, class = void>
struct EvaluateBackend {
  static_assert(backend_lacks_primitive_v<Backend>, "this backend has no evaluate (no EvaluateBackend specialisation)");
};

template <class Fr>
struct EvaluateBackend<Cpu, Fr> {
  static Evaluations<Fr> run(const ConstraintRows<Fr>& a_rows, const ConstraintRows<Fr>& b_rows,
                             HostSpan<const typename Fr::Int> witness, std::size_t n, unsigned threads,
                             HostResource& host) {
    ThreadPool& pool = cpu_pool(threads);
    auto vector = [&](std::size_t size) { return HostVector<Fr>(size, HostAllocator<Fr>(host)); };
    Evaluations<Fr> e{vector(witness.size), {}, {}, vector(n)};
    pool.parallel_for(witness.size, [&](std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) Fr::from_int(witness[i], e.w[i]);
    }, 4096);
    auto product = [&](const ConstraintRows<Fr>& rows) {
      HostVector<Fr> out = vector(n);
      pool.parallel_for(n, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t row = lo; row < hi; ++row) {
          Fr acc = Fr::zero();
          for (std::size_t k = rows.begin[row]; k < rows.begin[row + 1]; ++k) acc += rows.value[k] * e.w[rows.signal[k]];
          out[row] = acc;
        }
      }, 1024);
      return out;
    };
    e.a = product(a_rows);
    e.b = product(b_rows);
    pool.parallel_for(n, [&](std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) e.c[i] = e.a[i] * e.b[i];
    }, 4096);
    return e;
  }
};

// One matrix of the key resident on a GPU: its entries sorted by row, each value multiplied by the
// Montgomery radix R, so that one Montgomery product with a canonical witness value gives the
// product in Montgomery form.
template <class B, class Fr>
struct DeviceMatrix {
  std::size_t rows = 0;
  DeviceArray<B, MatrixEntry<Fr>> entries;
  // The rows evaluate clears before it writes the others: from here to the end, the rows after the
  // last with entries (the domain's padding) when every row before them has one, else all.
  std::size_t empty_from = 0;
};

// GPU tags (Cuda, Hip): defined in backends/cuda/evaluate.cuh.
template <class B, class Fr>
struct EvaluateBackend<B, Fr, if_gpu<B>> {
  using Int = typename Fr::Int;
  // A matrix of `rows` rows (its entries in any order, rows < `rows`) made resident on `device`.
  static DeviceMatrix<B, Fr> upload(HostSpan<const MatrixEntry<Fr>> entries, std::size_t rows, MemoryPolicy memory,
                                    int device);
  // a = A·w, b = B·w and c = a ∘ b, each of the matrices' rows, from the canonical witness w; every
  // span on the matrices' device; finished on return.
  static void run(const DeviceMatrix<B, Fr>& a_matrix, const DeviceMatrix<B, Fr>& b_matrix,
                  DeviceSpan<B, const Int> witness, DeviceSpan<B, Fr> a, DeviceSpan<B, Fr> b, DeviceSpan<B, Fr> c,
                  MemoryPolicy memory);
};

#define ZKFORGE_GPU_EVALUATE_INSTANCES(prefix, B)              \
  prefix template struct EvaluateBackend<B, bls12_381::Fr>;    \
  prefix template struct EvaluateBackend<B, bn254::Fr>;

ZKFORGE_GPU_EVALUATE_INSTANCES(extern, Cuda)
ZKFORGE_GPU_EVALUATE_INSTANCES(extern, Hip)

}  // namespace zkforge::groth16
