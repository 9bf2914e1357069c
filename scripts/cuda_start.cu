// SPDX-License-Identifier: Apache-2.0
// How long a bare CUDA process takes on this host: start the runtime (and optionally hold memory like a
// one-shot 2^20 proof does), then exit. argv[1]: 0 = context only, 1 = + 512 MiB device + 256 MiB pinned
// host memory and one copy; argv[2] = 1: free everything and destroy the context before exit.
// Build: nvcc -O2 -arch=sm_90 -cudart static -o cuda_start scripts/cuda_start.cu, then time each
// `./cuda_start MODE CLEAN` as a process (docs/perf.md, "The floor of a one-shot GPU process").
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <cuda_runtime.h>
int main(int argc, char** argv) {
  const int mode = argc > 1 ? std::atoi(argv[1]) : 0, clean = argc > 2 ? std::atoi(argv[2]) : 0;
  auto t0 = std::chrono::steady_clock::now();
  if (cudaFree(0) != cudaSuccess) return 1;
  auto t1 = std::chrono::steady_clock::now();
  void *d = nullptr, *h = nullptr;
  if (mode == 1) {
    cudaMalloc(&d, 512u << 20);
    cudaMallocHost(&h, 256u << 20);
    cudaMemcpy(d, h, 256u << 20, cudaMemcpyHostToDevice);
  }
  auto t2 = std::chrono::steady_clock::now();
  if (clean) { cudaFree(d); cudaFreeHost(h); cudaDeviceReset(); }
  auto t3 = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  std::fprintf(stderr, "init %.1f ms, memory %.1f ms, cleanup %.1f ms\n", ms(t0, t1), ms(t1, t2), ms(t2, t3));
  return 0;
}
