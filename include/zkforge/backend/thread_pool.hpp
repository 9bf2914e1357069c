// SPDX-License-Identifier: Apache-2.0
// ThreadPool: the CPU backend's one threading mechanism, a fork-join pool on std::thread.
//
// run(tasks, f) calls f(i) for every i < tasks on the pool's workers and the calling thread and
// returns when all are done; the first exception thrown by a task is rethrown in the caller. A
// call from inside a task runs serially (no nested parallelism, no deadlock). Calls from several
// threads at once share the workers: a worker takes the tasks of the oldest call that has tasks
// left, so that two jobs started side by side (the prover's G1 and G2 MSMs) keep every core busy
// until both are done, and each caller works on its own call's tasks — except a thread marked a
// WaitingCaller, which only waits: its calls run on the workers alone, so that a job started beside
// another from a thread of its own adds no runnable thread to the pool's (no core oversubscribed).
// A caller whose tasks are all taken runs a waiting caller's tasks, one at a time, until the workers
// finish its own (the core it holds does not idle at the end of each call); so a waiting caller's
// tasks must not wait for anything another caller does after its call returns. Other calls' tasks
// it leaves to the workers: they may wait for the caller itself (a flag it sets, a lock it holds).
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace zkforge {

// The most threads a caller's count may ask a pool for (the CLI's --threads, the C interface's
// options): more is a typing error, not a machine.
inline constexpr unsigned kMaxPoolThreads = 1024;

class ThreadPool {
 public:
  // threads = 0: all hardware threads. The caller counts as one of them.
  // A thread that cannot be started (std::system_error) ends the workers started before it, then the
  // error is rethrown.
  explicit ThreadPool(unsigned threads = 0) {
    const unsigned n = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
    try {
      for (unsigned i = 1; i < n; ++i) workers_.emplace_back([this] { work(); });
    } catch (...) {
      stop_workers();
      throw;
    }
  }
  ~ThreadPool() { stop_workers(); }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1; }

  // While one lives on a thread, that thread's calls leave their tasks to the workers (a pool without
  // workers still runs them on the caller).
  class WaitingCaller {
   public:
    WaitingCaller() : was_(waiting_caller()) { waiting_caller() = true; }
    ~WaitingCaller() { waiting_caller() = was_; }
    WaitingCaller(const WaitingCaller&) = delete;
    WaitingCaller& operator=(const WaitingCaller&) = delete;

   private:
    bool was_;
  };

  // True on a thread that is running one of a pool's tasks: its calls run serially, and work it
  // hands to another thread must not wait for the pool's workers (they may all be in such tasks).
  static bool in_task() { return inside_task(); }

  template <class F>
  void run(std::size_t tasks, F&& f) {
    if (tasks == 0) return;
    if (workers_.empty() || inside_task() || (tasks == 1 && !waiting_caller())) {
      for (std::size_t i = 0; i < tasks; ++i) f(i);
      return;
    }
    Job job(std::ref(f), tasks, waiting_caller());
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(&job);
    }
    wake_.notify_all();
    if (job.helpable) done_.notify_all();  // callers waiting for their workers may help with it
    const bool helps = !waiting_caller();
    if (helps) execute(job);
    std::unique_lock<std::mutex> lock(mutex_);
    while (job.finished != job.tasks || job.active != 0) {
      Job* other = helps ? open_job(true) : nullptr;
      if (other == nullptr) {
        done_.wait(lock);
        continue;
      }
      ++other->active;
      lock.unlock();
      execute(*other, 1);
      lock.lock();
      if (--other->active == 0 && other->finished == other->tasks) done_.notify_all();
    }
    jobs_.erase(std::find(jobs_.begin(), jobs_.end(), &job));
    if (job.error) std::rethrow_exception(job.error);
  }
  // f(begin, end) over [0, n) in about 4 chunks per thread, none smaller than min_chunk.
  template <class F>
  void parallel_for(std::size_t n, F&& f, std::size_t min_chunk = 1) {
    if (n == 0) return;
    const std::size_t chunks = std::max<std::size_t>(1, std::min<std::size_t>(4 * size(), n / std::max<std::size_t>(min_chunk, 1)));
    const std::size_t step = (n + chunks - 1) / chunks;
    run((n + step - 1) / step, [&](std::size_t c) { f(c * step, std::min(n, (c + 1) * step)); });
  }

 private:
  struct Job {
    Job(std::function<void(std::size_t)> f, std::size_t n, bool from_waiting_caller)
        : fn(std::move(f)), tasks(n), helpable(from_waiting_caller) {}
    std::function<void(std::size_t)> fn;
    std::size_t tasks;
    bool helpable;  // a waiting caller's: other callers may run its tasks
    std::atomic<std::size_t> next{0};
    std::size_t finished = 0;  // guarded by mutex_
    unsigned active = 0;       // workers inside the job, guarded by mutex_
    std::exception_ptr error;  // guarded by mutex_
  };
  static bool& waiting_caller() {
    thread_local bool waiting = false;
    return waiting;
  }
  static bool& inside_task() {
    thread_local bool inside = false;
    return inside;
  }

  // Runs the job's tasks not yet taken, at most `limit` of them.
  void execute(Job& job, std::size_t limit = SIZE_MAX) {
    std::size_t done_here = 0;
    std::exception_ptr error;
    inside_task() = true;
    for (std::size_t i; done_here < limit && (i = job.next.fetch_add(1)) < job.tasks; ++done_here) {
      try {
        job.fn(i);
      } catch (...) {
        if (!error) error = std::current_exception();
      }
    }
    inside_task() = false;
    std::lock_guard<std::mutex> lock(mutex_);
    job.finished += done_here;
    if (error && !job.error) job.error = error;
    if (job.finished == job.tasks) done_.notify_all();
  }

  // The oldest job with tasks not yet taken (of a waiting caller's, for `helpable_only`), or nullptr;
  // mutex_ held.
  Job* open_job(bool helpable_only = false) const {
    for (Job* job : jobs_)
      if (job->next.load() < job->tasks && (job->helpable || !helpable_only)) return job;
    return nullptr;
  }
  void work() {
    for (;;) {
      Job* job = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || (job = open_job()) != nullptr; });
        if (stop_) return;
        ++job->active;
      }
      execute(*job);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--job->active == 0 && job->finished == job->tasks) done_.notify_all();
    }
  }
  void stop_workers() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::vector<Job*> jobs_;  // the calls in progress, oldest first
  bool stop_ = false;
};

// The process-wide pool of the CPU backend for a thread count (0 = all cores), made on first use.
// The count of cores is read once: the C library reads it from /sys on every call.
inline ThreadPool& cpu_pool(unsigned threads = 0) {
  static std::mutex mutex;
  static std::vector<std::unique_ptr<ThreadPool>> pools;
  static const unsigned all_cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned n = threads != 0 ? threads : all_cores;
  std::lock_guard<std::mutex> lock(mutex);
  for (auto& p : pools)
    if (p->size() == n) return *p;
  pools.push_back(std::make_unique<ThreadPool>(n));
  return *pools.back();
}

// least = min(least, value), from any thread: the parallel searches' least offset found so far.
inline void atomic_min(std::atomic<std::size_t>& least, std::size_t value) {
  std::size_t seen = least.load();
  while (value < seen && !least.compare_exchange_weak(seen, value)) {
  }
}

// The least i < n with bad(i), or n: in parallel on the CPU pool, each range stopping at the first it
// finds or once a lower one is known (the input checks that name the first bad value: the witness,
// a key's matrix entries, an MSM's canonical scalars).
template <class Bad>
std::size_t first_where(std::size_t n, const Bad& bad) {
  std::atomic<std::size_t> first{n};
  cpu_pool(0).parallel_for(n, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi && i < first.load(std::memory_order_relaxed); ++i)
      if (bad(i)) {
        atomic_min(first, i);
        return;
      }
  }, std::size_t{1} << 16);
  return first.load();
}

}  // namespace zkforge
