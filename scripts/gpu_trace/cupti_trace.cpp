// SPDX-License-Identifier: Apache-2.0
// A CUDA injection library (CUDA_INJECTION64_PATH) that writes a process's GPU timeline to the file
// $ZKF_TRACE_OUT through CUPTI's activity API: one line per kernel, copy and memset (K / M / S, start
// and end in ns, stream) and per runtime call that took over 20 us or (de)allocates or registers
// memory (R). Measurement only: scripts/gpu_trace.sh builds and runs it, gpu_trace/proofs.py reads it.
#include <cupti.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace {

FILE* out = nullptr;
std::mutex mutex;

void CUPTIAPI requested(std::uint8_t** buffer, std::size_t* size, std::size_t* max_records) {
  *size = std::size_t{8} << 20;
  *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(8, *size));
  *max_records = 0;
}

void CUPTIAPI completed(CUcontext, std::uint32_t, std::uint8_t* buffer, std::size_t, std::size_t valid) {
  const std::lock_guard<std::mutex> lock(mutex);
  CUpti_Activity* r = nullptr;
  while (cuptiActivityGetNextRecord(buffer, valid, &r) == CUPTI_SUCCESS) {
    if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
      const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(r);
      std::fprintf(out, "K %llu %llu %u %u %s\n", static_cast<unsigned long long>(k->start),
                   static_cast<unsigned long long>(k->end), k->streamId, k->gridX * k->gridY * k->gridZ, k->name);
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(r);
      std::fprintf(out, "M %llu %llu %u %llu %d\n", static_cast<unsigned long long>(m->start),
                   static_cast<unsigned long long>(m->end), m->streamId, static_cast<unsigned long long>(m->bytes),
                   static_cast<int>(m->copyKind));
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(r);
      std::fprintf(out, "S %llu %llu %u %llu\n", static_cast<unsigned long long>(m->start),
                   static_cast<unsigned long long>(m->end), m->streamId, static_cast<unsigned long long>(m->bytes));
    } else if (r->kind == CUPTI_ACTIVITY_KIND_RUNTIME) {
      const auto* a = reinterpret_cast<const CUpti_ActivityAPI*>(r);
      const char* name = nullptr;
      cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, a->cbid, &name);
      const bool memory = name != nullptr && (std::strstr(name, "alloc") || std::strstr(name, "Free") ||
                                              std::strstr(name, "Register"));
      if (name != nullptr && (a->end - a->start > 20000 || memory))
        std::fprintf(out, "R %llu %llu %u %s\n", static_cast<unsigned long long>(a->start),
                     static_cast<unsigned long long>(a->end), a->threadId, name);
    }
  }
  std::free(buffer);
}

void flush() {
  cuptiActivityFlushAll(1);
  if (out != nullptr) std::fflush(out);
}

}  // namespace

extern "C" int InitializeInjection() {
  const char* path = std::getenv("ZKF_TRACE_OUT");
  out = std::fopen(path != nullptr ? path : "gpu_trace.txt", "w");
  if (out == nullptr) return 0;
  cuptiActivityRegisterCallbacks(requested, completed);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME);
  cuptiActivityFlushPeriod(200);
  std::atexit(flush);
  return 1;
}
