// SPDX-License-Identifier: Apache-2.0
// The scheduler of `zkforge serve`: a bounded queue of proof jobs in two priority classes, workers
// that each prove on one device, and an optional batch window that groups jobs of one key.
//
// The bound counts places: a request takes one before its body is read (a full queue refuses it
// unread), its job keeps it while queued or held in a batch window, and it is given back when the job
// is taken to be proved or dropped, or when the request ends without a job.
//
// A job's body is parsed and checked on its connection's thread before it is queued, so that this
// CPU work overlaps the proofs under way; its proof is verified and written on that thread after.
// The workers only prove. The deadline class is taken before the batch class; within a class, first
// come first served. With a batch window, a worker that takes a batch-class job waits up to the window
// for more jobs of the same key (up to batch_max), then proves them one after another on the key's
// resident prover (Prover::prove_batch takes a, b, c computed by the caller, entry (b), so the window
// groups; it saves no work). Deadline-class jobs are never held for a window.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "metrics.hpp"
#include "served_key.hpp"
#include "zkforge/backend/stopwatch.hpp"

namespace zkforge::serve {

enum class Priority { deadline, batch };

// Test hooks (X-Zkforge-Fault), honoured only when the server was started with ZKFORGE_SERVE_FAULTS=1:
// hold the device for a while before proving, or fail as a device error would.
struct Fault {
  std::chrono::milliseconds hold{0};
  bool fail = false;
};

// One request's proof, shared by its connection's thread (which waits on it) and the scheduler.
struct Job {
  enum class State { queued, proving, proved, failed, withdrawn };

  Job(const ServedKey& key, std::unique_ptr<Work> work, Priority priority, std::optional<Clock::time_point> deadline,
      Fault fault)
      : key(key), work(std::move(work)), priority(priority), deadline(deadline), fault(fault) {}

  const ServedKey& key;
  const std::unique_ptr<Work> work;
  const Priority priority;
  const std::optional<Clock::time_point> deadline;
  const Fault fault;
  const Clock::time_point queued_at = Clock::now();

  // Written by the scheduler under `mutex`; `changed` is notified when `state` leaves proving.
  std::mutex mutex;
  std::condition_variable changed;
  State state = State::queued;
  std::string error;  // failed: the cause
  groth16::PhaseTimings phases;
  double queue_ms = 0;
  std::size_t slot = 0, batch = 1;  // the device slot that proved it, and the size of its group
};

class Scheduler {
 public:
  struct Config {
    std::size_t capacity = 32;         // queued jobs, both classes together
    std::size_t slots = 1;             // devices
    std::size_t workers_per_slot = 1;  // proofs in flight per device
    std::chrono::milliseconds batch_window{0};
    std::size_t batch_max = 8;
  };

  enum class Admission { placed, full, closed };

  // A request's place in the queue, from reserve to submit; given back if destroyed before submit.
  class Place {
   public:
    Place() = default;
    Place(Place&& other) noexcept : scheduler_(std::exchange(other.scheduler_, nullptr)), priority_(other.priority_) {}
    Place& operator=(Place&&) = delete;
    ~Place() {
      if (scheduler_ != nullptr) scheduler_->leave(priority_);
    }

   private:
    friend class Scheduler;
    Place(Scheduler* scheduler, Priority priority) : scheduler_(scheduler), priority_(priority) {}
    Scheduler* scheduler_ = nullptr;
    Priority priority_ = Priority::batch;
  };

  Scheduler(const Config& config, Metrics& metrics);
  ~Scheduler();
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  // A place of class p for a request whose body is still to be read (placed), or why there is none.
  std::pair<Admission, Place> reserve(Priority p);
  // Queues the job in its request's place (of the job's class); false once closed.
  bool submit(Place place, const std::shared_ptr<Job>& job);
  // Takes back a job not yet being proved (its client left, or its deadline passed): it will not be
  // proved. A job being proved finishes, and nobody reads its result.
  void withdraw(const std::shared_ptr<Job>& job);
  // No job is taken after this; the workers prove what is queued, then stop (join waits for them).
  void close();
  void join();

  // Places held in class p: requests being read and checked, and jobs waiting for a worker.
  std::size_t queued(Priority p) const { return places_[static_cast<int>(p)].load(); }
  std::size_t in_flight() const { return in_flight_.load(); }
  std::size_t capacity() const { return config_.capacity; }
  std::uint64_t proofs(std::size_t slot) const { return proofs_[slot].load(); }
  std::uint64_t failures(std::size_t slot) const { return failures_[slot].load(); }
  // Whole seconds for Retry-After: the work ahead at the mean proof time, over the workers; at least 1.
  unsigned retry_after_seconds() const;

 private:
  void work(std::size_t slot);
  // The next group of jobs to prove, or none once closed and empty.
  std::vector<std::shared_ptr<Job>> take(std::unique_lock<std::mutex>& lock);
  void prove(Job& job, std::size_t slot, std::size_t batch);
  void leave(Priority p) { places_[static_cast<int>(p)].fetch_sub(1); }

  Config config_;
  Metrics& metrics_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Job>> queues_[2];  // by Priority; a batch window's jobs are out of them
  std::atomic<std::size_t> places_[2] = {};      // by Priority
  bool closed_ = false;
  std::atomic<std::size_t> in_flight_{0};
  std::atomic<double> mean_prove_ms_{0};
  std::unique_ptr<std::atomic<std::uint64_t>[]> proofs_, failures_;
  std::vector<std::thread> workers_;
};

}  // namespace zkforge::serve
