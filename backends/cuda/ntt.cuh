// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's NTT: kernels and host orchestration, instantiated in ntt_instances.cu.
//
// Radix-2 butterflies, several levels per kernel launch: a pass loads tiles of 2^10 elements into
// shared memory, runs up to 10 levels on them and writes them back, so a transform of 2^24 reads
// and writes the array three times (ntt_passes). Twiddles come from a table of omega^i per device
// and root convention, built once (ntt_twiddle_table); a tile reads the ones it needs into shared
// memory once.
//   - natural input: Gentleman-Sande (decimation in frequency), levels of half-size n/2 down to 1,
//     which leaves the output bit-reversed;
//   - bit-reversed input: Cooley-Tukey (decimation in time), half-sizes 1 up to n/2, natural output.
// NN and RR add one out-of-place bit-reversal permutation. A forward coset multiplies coefficient j
// by g^j before the transform; an inverse multiplies coefficient j by g^-j / n after it (g = 1
// without a coset), at j's position in the order the data is in. Powers are made on the device by
// threads that each start one run of kPowerRun consecutive powers with a square-and-multiply.
#pragma once

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backends/cuda/runtime.cuh"
#include "zkforge/ntt/cuda.hpp"
#include "zkforge/ntt/domain.hpp"

namespace zkforge::cuda {

inline constexpr unsigned kNttBlock = 256;
inline constexpr std::size_t kPowerRun = 64;
// Tiles of 2^10 elements (32 KiB of 256-bit values in shared memory, and as much for their
// twiddles), rows of 2^3 consecutive elements (256 bytes) when the rows are strided.
inline constexpr unsigned kNttTileLog = 10;
inline constexpr unsigned kNttTileColumnsLog = 3;
inline constexpr unsigned kNttTileThreads = 256;

// out[i] = scale * base^i for i < count.
template <class F>
__global__ void ntt_powers(F* out, std::size_t count, F base, F scale) {
  const std::size_t start = thread_index() * kPowerRun;
  if (start >= count) return;
  F p = scale * base.pow(BigInt<1>::from_u64(start));
  const std::size_t end = start + kPowerRun < count ? start + kPowerRun : count;
  for (std::size_t i = start; i < end; ++i) {
    out[i] = p;
    p = p * base;
  }
}

__device__ ZKF_INLINE std::size_t bit_reverse(std::size_t i, unsigned log_n) {
  return log_n == 0 ? 0 : static_cast<std::size_t>(__brevll(static_cast<unsigned long long>(i)) >> (64 - log_n));
}

// x[position of j] *= powers[j]: position j in natural order, bitrev(j) in bit-reversed order.
template <class F>
__global__ void ntt_scale(F* x, const F* powers, std::size_t n, unsigned log_n, bool reversed) {
  const std::size_t j = thread_index();
  if (j >= n) return;
  const std::size_t at = reversed ? bit_reverse(j, log_n) : j;
  x[at] = x[at] * powers[j];
}

template <class F>
__global__ void ntt_bit_reverse(F* out, const F* in, std::size_t n, unsigned log_n) {
  const std::size_t i = thread_index();
  if (i < n) out[bit_reverse(i, log_n)] = in[i];
}

// The twiddle omega_K^i, or omega_K^-i for the inverse, from the table of omega_K^i (i < 2^(K-1)):
// omega^-i = omega^(2^K - i) = -omega^(2^(K-1) - i) for i > 0.
template <class F>
__device__ ZKF_INLINE F ntt_twiddle(const F* table, std::size_t i, unsigned log_table, bool inverse) {
  if (!inverse) return table[i];
  if (i == 0) return F::one();
  return -table[(std::size_t{1} << (log_table - 1)) - i];
}

// A tile of the levels s .. s + levels - 1 (butterflies of half-size 2^l between elements that differ
// in bit l). Element index bits: [0, s) the column, [s, s + levels) the row, above it the group.
// A thread block takes one group and 2^log_c consecutive columns (log_c <= s): 2^(levels + log_c)
// elements, read with 2^log_c consecutive ones per row, transformed in shared memory, written back.
// The butterfly of (i, i + 2^l) uses omega_n^(j 2^(log_n - 1 - l)), j = i mod 2^l, which is table
// entry j << (log_table - 1 - l) of the table of omega_K, K = log_table >= log_n. At level t of the
// tile, j is (the row's low t bits) << s | column: 2^t rows' worth times 2^log_c columns, fewer than
// 2^(levels + log_c) over all levels. They are read from the table once per tile into shared memory
// beside the elements, at offset (2^t - 1) 2^log_c for level t.
template <class F, bool kDecimateInTime>
__global__ void __launch_bounds__(kNttTileThreads) ntt_tile(F* x, const F* table, unsigned log_table, unsigned s,
                                                            unsigned levels, unsigned log_c, bool inverse) {
  extern __shared__ __align__(16) unsigned char ntt_shared[];
  const unsigned size = 1u << (levels + log_c), column_mask = (1u << log_c) - 1;
  F* tile = reinterpret_cast<F*>(ntt_shared);
  F* twiddles = tile + size;
  const unsigned log_chunks = s - log_c;
  const std::size_t group = blockIdx.x >> log_chunks;
  const std::size_t column0 = static_cast<std::size_t>(blockIdx.x & ((1u << log_chunks) - 1)) << log_c;
  const std::size_t base = (group << (s + levels)) | column0;
  for (unsigned e = threadIdx.x; e < size; e += blockDim.x)
    tile[e] = x[base + (static_cast<std::size_t>(e >> log_c) << s) + (e & column_mask)];
  for (unsigned e = threadIdx.x; e < size - (1u << log_c); e += blockDim.x) {
    const unsigned u = (e >> log_c) + 1, t = 31 - __clz(u), row = u - (1u << t);
    const std::size_t j = (static_cast<std::size_t>(row) << s) | (column0 + (e & column_mask));
    twiddles[e] = ntt_twiddle(table, j << (log_table - 1 - (s + t)), log_table, inverse);
  }
  __syncthreads();
  for (unsigned step = 0; step < levels; ++step) {
    const unsigned t = kDecimateInTime ? step : levels - 1 - step, below = (1u << t) - 1;
    const F* level_twiddles = twiddles + (static_cast<std::size_t>(below) << log_c);
    for (unsigned b = threadIdx.x; b < size / 2; b += blockDim.x) {
      const unsigned c = b & column_mask, r = b >> log_c;
      const unsigned r0 = ((r >> t) << (t + 1)) | (r & below);
      const unsigned e0 = (r0 << log_c) | c, e1 = ((r0 | (1u << t)) << log_c) | c;
      const F w = level_twiddles[((r0 & below) << log_c) | c];
      const F u = tile[e0];
      if (kDecimateInTime) {
        const F v = tile[e1] * w;
        tile[e0] = u + v;
        tile[e1] = u - v;
      } else {
        const F v = tile[e1];
        tile[e0] = u + v;
        tile[e1] = (u - v) * w;
      }
    }
    __syncthreads();
  }
  for (unsigned e = threadIdx.x; e < size; e += blockDim.x)
    x[base + (static_cast<std::size_t>(e >> log_c) << s) + (e & column_mask)] = tile[e];
}

// One pass: the levels s .. s + levels - 1, in tiles of 2^log_c columns.
struct NttPass {
  unsigned s, levels, log_c;
};

// The passes of a transform of size 2^log_n, lowest levels first: the bottom kNttTileLog levels in
// tiles of consecutive elements, then kNttTileLog - kNttTileColumnsLog levels at a time with
// 2^kNttTileColumnsLog columns per row.
inline std::vector<NttPass> ntt_passes(unsigned log_n) {
  std::vector<NttPass> passes;
  for (unsigned s = 0; s < log_n;) {
    const unsigned log_c = s == 0 ? 0 : std::min(kNttTileColumnsLog, s);
    const unsigned levels = std::min(kNttTileLog - log_c, log_n - s);
    passes.push_back({s, levels, log_c});
    s += levels;
  }
  return passes;
}

template <class F, bool kDecimateInTime>
void ntt_run_pass(const NttPass& p, F* x, const F* table, unsigned log_table, unsigned log_n, bool inverse,
                  gpu::Stream stream) {
  const std::size_t tiles = std::size_t{1} << (log_n - p.levels - p.log_c);
  const std::size_t shared = 2 * (std::size_t{1} << (p.levels + p.log_c)) * sizeof(F);  // elements and twiddles
  // Above the default 48 KiB of dynamic shared memory: allowed per function and device, so per launch.
  gpu::check(ZKF_GPU(FuncSetAttribute)(reinterpret_cast<const void*>(&ntt_tile<F, kDecimateInTime>),
                                       ZKF_GPU(FuncAttributeMaxDynamicSharedMemorySize), static_cast<int>(shared)),
             "FuncSetAttribute (NTT tile shared memory)");
  ntt_tile<F, kDecimateInTime><<<static_cast<unsigned>(tiles), kNttTileThreads, shared, stream>>>(
      x, table, log_table, p.s, p.levels, p.log_c, inverse);
  check_launch(kDecimateInTime ? "ntt_tile (DIT)" : "ntt_tile (DIF)");
}

template <class F>
void make_powers(Buffer<F>& out, std::size_t count, const F& base, const F& scale, gpu::Stream s) {
  ntt_powers<F><<<blocks_for((count + kPowerRun - 1) / kPowerRun, kNttBlock), kNttBlock, 0, s>>>(out.data(), count,
                                                                                                   base, scale);
  check_launch("ntt_powers");
}

// The tables of omega_K^i (i < 2^(K-1)) of one device, per root convention, K the largest size
// asked for so far; a smaller transform reads every 2^(K-k)-th entry. A table is built once on the
// device and kept for the life of the process, in the tables' own synchronous resource (so that
// the memory policies' accounting sees only the calls' memory); a larger one is added beside it (a
// call in flight may still read the old), so the tables take less than twice the largest one's
// memory: 2^(K-1) elements.
template <class F>
struct NttTwiddleTables {
  struct Table {
    unsigned log_size;
    Buffer<F> powers;
  };
  std::mutex mutex;
  SynchronousDevice memory;
  std::vector<std::unique_ptr<Table>> by_convention[2];
};

template <class F>
const typename NttTwiddleTables<F>::Table& ntt_twiddle_table(const Session& s, unsigned log_n, RootConvention c) {
  NttTwiddleTables<F>& cache = per_device<NttTwiddleTables<F>>(s.device);
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto& tables = cache.by_convention[c == RootConvention::snarkjs ? 0 : 1];
  if (!tables.empty() && tables.back()->log_size >= log_n) return *tables.back();
  const std::size_t count = std::size_t{1} << (log_n - 1);
  auto table = std::make_unique<typename NttTwiddleTables<F>::Table>(typename NttTwiddleTables<F>::Table{
      log_n, Buffer<F>(cache.memory, count, gpu::Stream{})});
  make_powers(table->powers, count, Domain<F>(log_n, c).omega(), F::one(), s.stream);
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "NTT twiddle table");
  tables.push_back(std::move(table));
  return *tables.back();
}

// The transform of x (n elements on s.device), enqueued on s.stream; on return the stream may still
// be running it.
template <class F>
void ntt_on_device(Session& s, F* x, std::size_t n, const NttConfig<F>& config) {
  unsigned log_n = 0;
  while ((std::size_t{1} << log_n) < n) ++log_n;
  const bool inverse = config.direction == NttDirection::inverse;
  const bool in_reversed = config.order == NttOrder::RN || config.order == NttOrder::RR;
  const bool out_reversed = config.order == NttOrder::NR || config.order == NttOrder::RR;
  const Domain<F> domain(log_n, config.convention);
  const unsigned n_blocks = blocks_for(n, kNttBlock);

  if (!inverse && config.coset) {
    Buffer<F> powers(s.pool, n, s.stream);
    make_powers(powers, n, *config.coset, F::one(), s.stream);
    ntt_scale<F><<<n_blocks, kNttBlock, 0, s.stream>>>(x, powers.data(), n, log_n, in_reversed);
    check_launch("ntt_scale");
  }

  if (n > 1) {
    const auto& table = ntt_twiddle_table<F>(s, log_n, config.convention);
    const std::vector<NttPass> passes = ntt_passes(log_n);
    Buffer<F> scratch(s.pool, config.order == NttOrder::NN || config.order == NttOrder::RR ? n : 0, s.stream);
    auto permute = [&] {
      ntt_bit_reverse<F><<<n_blocks, kNttBlock, 0, s.stream>>>(scratch.data(), x, n, log_n);
      check_launch("ntt_bit_reverse");
      gpu::check(ZKF_GPU(MemcpyAsync)(x, scratch.data(), n * sizeof(F), ZKF_GPU(MemcpyDeviceToDevice), s.stream),
                 "MemcpyAsync (NTT permutation)");
    };
    if (!in_reversed) {
      for (auto p = passes.rbegin(); p != passes.rend(); ++p)
        ntt_run_pass<F, false>(*p, x, table.powers.data(), table.log_size, log_n, inverse, s.stream);
      if (!out_reversed) permute();
    } else {
      for (const NttPass& p : passes)
        ntt_run_pass<F, true>(p, x, table.powers.data(), table.log_size, log_n, inverse, s.stream);
      if (out_reversed) permute();
    }
  }

  if (inverse) {
    Buffer<F> powers(s.pool, n, s.stream);
    make_powers(powers, n, config.coset ? config.coset->inverse() : F::one(), domain.n_inv(), s.stream);
    ntt_scale<F><<<n_blocks, kNttBlock, 0, s.stream>>>(x, powers.data(), n, log_n, out_reversed);
    check_launch("ntt_scale");
  }
}

}  // namespace zkforge::cuda

namespace zkforge {

template <class F>
void NttBackend<gpu::Backend, F>::run(HostSpan<F> data, const NttConfig<F>& config) {
  const int device = cuda::current_device();
  gpu::OwnedStream stream;
  cuda::Session s{device, stream.get(), cuda::device_pool(device), cuda::sm_count(device)};
  const std::size_t n = data.size;
  cuda::Buffer<F> x(s.pool, n, s.stream);
  cuda::upload_bytes(device, x.data(), data.data, n * sizeof(F), s.stream);
  cuda::ntt_on_device(s, x.data(), n, config);
  gpu::check(ZKF_GPU(MemcpyAsync)(data.data, x.data(), n * sizeof(F), ZKF_GPU(MemcpyDeviceToHost), s.stream),
             "MemcpyAsync (NTT result)");
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "NTT kernels");
}

template <class F>
void NttBackend<gpu::Backend, F>::run(DeviceSpan<F> data, const NttConfig<F>& config) {
  const cuda::DeviceGuard guard(data.device);
  gpu::OwnedStream stream;
  cuda::Session s{data.device, stream.get(), cuda::device_pool(data.device), cuda::sm_count(data.device)};
  cuda::ntt_on_device(s, data.data, data.size, config);
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "NTT kernels");
}

}  // namespace zkforge
