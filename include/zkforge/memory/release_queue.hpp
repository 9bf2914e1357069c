// SPDX-License-Identifier: Apache-2.0
// A bounded background queue of releases: the thread that frees memory hands the work (and its
// byte count) to one worker thread and goes on. The queue holds at most `capacity` releases; a full
// queue makes the caller wait (back-pressure) instead of growing. flush() returns once every
// release handed in before it has run; the destructor flushes, then stops the worker.
//
// This is the remedy for supra_seal C2's destructor stall (SEED-NOTES.md): tens of gigabytes of
// vectors freed at the end of a GPU phase cost seconds on the critical path; freed here they cost
// a queue push.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace zkforge::memory {

class ReleaseQueue {
 public:
  explicit ReleaseQueue(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity), worker_([this] { work(); }) {}
  ~ReleaseQueue() {
    flush();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    worker_.join();
  }
  ReleaseQueue(const ReleaseQueue&) = delete;
  ReleaseQueue& operator=(const ReleaseQueue&) = delete;

  // Queues `release` (which frees `bytes`); waits while the queue is full.
  void push(std::function<void()> release, std::size_t bytes) {
    std::unique_lock<std::mutex> lock(mutex_);
    room_.wait(lock, [&] { return queue_.size() < capacity_; });
    queue_.emplace_back(std::move(release), bytes);
    pending_bytes_ += bytes;
    ++pushed_;
    wake_.notify_one();
  }

  // Waits until every release pushed so far has run.
  void flush() {
    std::unique_lock<std::mutex> lock(mutex_);
    const std::size_t target = pushed_;
    done_.wait(lock, [&] { return completed_ >= target; });
  }

  std::size_t pending_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return pending_bytes_;
  }
  std::size_t capacity() const { return capacity_; }

 private:
  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stop_ and nothing left
      auto [release, bytes] = std::move(queue_.front());
      queue_.pop_front();
      room_.notify_one();
      lock.unlock();
      release();  // a release that throws would end the process: policies catch inside
      lock.lock();
      pending_bytes_ -= bytes;
      ++completed_;
      done_.notify_all();
    }
  }

  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, room_, done_;
  std::deque<std::pair<std::function<void()>, std::size_t>> queue_;
  std::size_t pending_bytes_ = 0, pushed_ = 0, completed_ = 0;
  bool stop_ = false;
  std::thread worker_;  // last: it starts after the members it uses
};

}  // namespace zkforge::memory
