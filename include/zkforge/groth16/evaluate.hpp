// SPDX-License-Identifier: Apache-2.0
// Phase evaluate (entry (a) of the prover): the witness in Montgomery form, a = A·w and b = B·w on
// the domain from the key's matrices, and c = a ∘ b, as snarkjs defines them.
//
// The matrices are rearranged by row once, when the prover is made (ConstraintRows: one thread then
// sums a block of rows with no shared writes). EvaluateBackend<Backend, Fr> is the phase's dispatch
// point: every backend evaluates on the host's threads for now (a GPU's evaluation of resident
// matrices may specialise it), into buffers of the proof's memory policy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"
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

// The phase's dispatch point (see the file comment).
template <class Backend, class Fr>
struct EvaluateBackend {
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

}  // namespace zkforge::groth16
