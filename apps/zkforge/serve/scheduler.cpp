// SPDX-License-Identifier: Apache-2.0
// The scheduler's queue, its workers and the batch window.
#include "scheduler.hpp"

#include <algorithm>
#include <cmath>
#include <new>

#include "zkforge/error.hpp"

namespace zkforge::serve {

Scheduler::Scheduler(const Config& config, Metrics& metrics)
    : config_(config),
      metrics_(metrics),
      proofs_(new std::atomic<std::uint64_t>[config.slots]()),
      failures_(new std::atomic<std::uint64_t>[config.slots]()) {
  for (std::size_t i = 0; i < config_.slots * config_.workers_per_slot; ++i)
    workers_.emplace_back([this, slot = i % config_.slots] { work(slot); });
}

Scheduler::~Scheduler() {
  close();
  join();
}

std::pair<Scheduler::Admission, Scheduler::Place> Scheduler::reserve(Priority p) {
  const std::lock_guard<std::mutex> lock(mutex_);  // places are taken one at a time, given back at any time
  if (closed_) return {Admission::closed, Place()};
  if (places_[0].load() + places_[1].load() >= config_.capacity) return {Admission::full, Place()};
  places_[static_cast<int>(p)].fetch_add(1);
  return {Admission::placed, Place(this, p)};
}

bool Scheduler::submit(Place place, const std::shared_ptr<Job>& job) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return false;
    place.scheduler_ = nullptr;  // the job's now: given back when it leaves the queued state
    queues_[static_cast<int>(job->priority)].push_back(job);
  }
  wake_.notify_all();
  return true;
}

void Scheduler::withdraw(const std::shared_ptr<Job>& job) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto& queue = queues_[static_cast<int>(job->priority)];
    queue.erase(std::remove(queue.begin(), queue.end(), job), queue.end());
  }
  const std::lock_guard<std::mutex> lock(job->mutex);
  if (job->state == Job::State::queued) {  // also a job held in a batch window
    job->state = Job::State::withdrawn;
    leave(job->priority);
  }
}

void Scheduler::close() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
  }
  wake_.notify_all();
}

void Scheduler::join() {
  for (auto& w : workers_)
    if (w.joinable()) w.join();
}

unsigned Scheduler::retry_after_seconds() const {
  const double mean_ms = mean_prove_ms_.load();
  const double ahead = static_cast<double>(queued(Priority::deadline) + queued(Priority::batch) + in_flight());
  const double seconds = ahead * (mean_ms > 0 ? mean_ms : 1000) / 1000 / static_cast<double>(workers_.size());
  return static_cast<unsigned>(std::max(1.0, std::ceil(seconds)));
}

std::vector<std::shared_ptr<Job>> Scheduler::take(std::unique_lock<std::mutex>& lock) {
  auto& deadline = queues_[static_cast<int>(Priority::deadline)];
  auto& batch = queues_[static_cast<int>(Priority::batch)];
  wake_.wait(lock, [&] { return closed_ || !deadline.empty() || !batch.empty(); });
  std::vector<std::shared_ptr<Job>> group;
  if (deadline.empty() && batch.empty()) return group;  // closed and empty
  auto& from = deadline.empty() ? batch : deadline;
  group.push_back(from.front());
  from.pop_front();
  if (group.front()->priority == Priority::deadline || config_.batch_window.count() == 0) return group;
  // The batch window: more jobs of this key, until the window ends, the group is full, or deadline work waits.
  const ServedKey* key = &group.front()->key;
  const auto window_end = Clock::now() + config_.batch_window;
  auto gather = [&] {
    for (auto it = batch.begin(); it != batch.end() && group.size() < config_.batch_max;) {
      if (&(*it)->key == key) {
        group.push_back(*it);
        it = batch.erase(it);
      } else {
        ++it;
      }
    }
  };
  for (;;) {
    gather();
    if (group.size() >= config_.batch_max || closed_ || !deadline.empty()) break;
    if (wake_.wait_until(lock, window_end) == std::cv_status::timeout) {
      gather();
      break;
    }
  }
  return group;
}

void Scheduler::work(std::size_t slot) {
  for (;;) {
    std::vector<std::shared_ptr<Job>> group;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      group = take(lock);
    }
    if (group.empty()) return;
    for (const auto& job : group) prove(*job, slot, group.size());
    wake_.notify_all();
  }
}

void Scheduler::prove(Job& job, std::size_t slot, std::size_t batch) {
  {
    const std::lock_guard<std::mutex> lock(job.mutex);
    if (job.state != Job::State::queued) return;  // withdrawn
    leave(job.priority);
    if (job.deadline && Clock::now() >= *job.deadline) {
      job.state = Job::State::withdrawn;  // its connection answers 504
      return;
    }
    job.state = Job::State::proving;
    job.queue_ms = ms_since(job.queued_at);
    job.slot = slot;
    job.batch = batch;
  }
  metrics_.observe(Phase::queue, job.queue_ms);
  ++in_flight_;
  groth16::PhaseTimings phases;
  std::string error;
  try {
    if (job.fault.hold.count() > 0) std::this_thread::sleep_for(job.fault.hold);
    if (job.fault.fail)
      throw Error(Errc::device_error, "a device error injected by X-Zkforge-Fault (ZKFORGE_SERVE_FAULTS=1)");
    job.work->prove(slot, phases);
  } catch (const Error& e) {
    error = e.what();
  } catch (const std::bad_alloc&) {
    error = "out of memory: an allocation of the proof could not be served";
  } catch (const std::exception& e) {
    error = std::string("unexpected error: ") + e.what();
  }
  --in_flight_;
  if (error.empty()) {
    proofs_[slot].fetch_add(1);
    metrics_.observe(phases);
    const double mean = mean_prove_ms_.load();
    mean_prove_ms_.store(mean > 0 ? 0.9 * mean + 0.1 * phases.wall : phases.wall);
  } else {
    failures_[slot].fetch_add(1);
  }
  {
    const std::lock_guard<std::mutex> lock(job.mutex);
    job.phases = phases;
    job.error = error;
    job.state = error.empty() ? Job::State::proved : Job::State::failed;
  }
  job.changed.notify_all();
}

}  // namespace zkforge::serve
