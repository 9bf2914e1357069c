// SPDX-License-Identifier: Apache-2.0
// The CPU thread pool: every task runs once, errors reach the caller, nested calls do not deadlock,
// calls from several threads at once share it and each makes progress, a waiting caller's tasks run
// on the workers alone, and a caller whose tasks are all taken runs a waiting caller's tasks while it
// waits, never those of another caller's call; a pool whose threads cannot all start throws.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <mutex>
#include <set>
#include <fstream>
#include <system_error>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"

using zkforge::ThreadPool;

namespace {

// Waits until `flag` is set, 10 s at most; when the time runs out, sets `gave_up` (a task that would
// have waited forever) and returns.
void wait_for(const std::atomic<bool>& flag, std::atomic<bool>& gave_up) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() > deadline) {
      gave_up.store(true);
      return;
    }
    std::this_thread::yield();
  }
}

}  // namespace

TEST_CASE("thread pool runs every task exactly once, for any thread count", "[backend][threads]") {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    ThreadPool pool(threads);
    CHECK(pool.size() == threads);
    for (std::size_t tasks : {0u, 1u, 2u, 7u, 1000u}) {
      std::vector<std::atomic<int>> hits(tasks);
      pool.run(tasks, [&](std::size_t i) { hits[i].fetch_add(1); });
      for (std::size_t i = 0; i < tasks; ++i) CHECK(hits[i].load() == 1);
    }
  }
}

TEST_CASE("parallel_for covers 0 .. n-1 with disjoint chunks", "[backend][threads]") {
  ThreadPool pool(3);
  for (std::size_t n : {0u, 1u, 5u, 4096u, 100003u}) {
    std::vector<std::atomic<int>> hits(n);
    pool.parallel_for(n, [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) hits[i].fetch_add(1);
    }, 16);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) wrong += hits[i].load() != 1;
    CHECK(wrong == 0);
  }
}

TEST_CASE("a task's exception reaches the caller and the pool stays usable", "[backend][threads]") {
  ThreadPool pool(2);
  CHECK_THROWS_AS(pool.run(100, [](std::size_t i) { if (i == 57) throw std::runtime_error("task 57"); }),
                  std::runtime_error);
  std::atomic<int> count{0};
  pool.run(10, [&](std::size_t) { count.fetch_add(1); });
  CHECK(count.load() == 10);
}

TEST_CASE("a run inside a task runs serially instead of deadlocking", "[backend][threads]") {
  ThreadPool pool(2);
  std::atomic<int> inner{0};
  pool.run(4, [&](std::size_t) { pool.run(5, [&](std::size_t) { inner.fetch_add(1); }); });
  CHECK(inner.load() == 20);
}

TEST_CASE("calls from several threads at once each run every task once", "[backend][threads]") {
  ThreadPool pool(3);
  constexpr int kCallers = 4, kRuns = 50;
  std::vector<int> wrong(kCallers, 0);
  std::vector<std::thread> callers;
  for (int c = 0; c < kCallers; ++c)
    callers.emplace_back([&, c] {
      for (int r = 0; r < kRuns; ++r) {
        const std::size_t tasks = 1 + static_cast<std::size_t>((c * 37 + r * 11) % 200);
        std::vector<std::atomic<int>> hits(tasks);
        pool.run(tasks, [&](std::size_t i) { hits[i].fetch_add(1); });
        for (std::size_t i = 0; i < tasks; ++i) wrong[c] += hits[i].load() != 1;
      }
    });
  for (auto& t : callers) t.join();
  for (int c = 0; c < kCallers; ++c) CHECK(wrong[c] == 0);
}

// With every worker inside a call that waits for a second call, the second call's own thread runs
// its tasks: the calls do not wait for one another (one call at a time would wait here forever).
TEST_CASE("a call runs while another holds every worker", "[backend][threads]") {
  ThreadPool pool(2);
  std::atomic<bool> second_done{false};
  std::atomic<int> waiting{0}, gave_up{0};
  std::thread first([&] {
    pool.run(2, [&](std::size_t) {
      waiting.fetch_add(1);
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
      while (!second_done.load()) {
        if (std::chrono::steady_clock::now() > deadline) {
          gave_up.fetch_add(1);
          return;
        }
        std::this_thread::yield();
      }
    });
  });
  while (waiting.load() < 2) std::this_thread::yield();
  std::atomic<int> count{0};
  pool.run(10, [&](std::size_t) { count.fetch_add(1); });
  second_done.store(true);
  first.join();
  CHECK(count.load() == 10);
  CHECK(gave_up.load() == 0);
}

TEST_CASE("a waiting caller's tasks run on the workers, or on the caller when there are none", "[backend][threads]") {
  for (unsigned threads : {1u, 3u}) {
    ThreadPool pool(threads);
    std::mutex mutex;
    std::set<std::thread::id> ran_on;
    std::thread::id caller;
    std::thread guest([&] {
      caller = std::this_thread::get_id();
      const ThreadPool::WaitingCaller waits;
      for (std::size_t tasks : {1u, 2u, 50u})
        pool.run(tasks, [&](std::size_t) {
          std::lock_guard<std::mutex> lock(mutex);
          ran_on.insert(std::this_thread::get_id());
        });
    });
    guest.join();
    INFO(threads << " threads");
    CHECK(ran_on.count(caller) == (threads == 1 ? 1u : 0u));
    CHECK(!ran_on.empty());
  }
}

// One worker; call A's second task, on the worker, waits for call B's only task, which B's caller (a
// waiting caller) leaves to the workers: A's caller, its own task done, must run it while it waits.
TEST_CASE("a caller whose tasks are all taken runs a waiting caller's tasks while it waits", "[backend][threads]") {
  ThreadPool pool(2);
  std::atomic<bool> worker_started{false}, released{false}, gave_up{false};
  std::thread::id a_caller, b_ran_on;
  std::thread a([&] {
    a_caller = std::this_thread::get_id();
    pool.run(2, [&](std::size_t) {
      if (std::this_thread::get_id() == a_caller) {
        wait_for(worker_started, gave_up);  // the other task is the worker's
      } else {
        worker_started.store(true);
        wait_for(released, gave_up);
      }
    });
  });
  wait_for(worker_started, gave_up);
  {
    const ThreadPool::WaitingCaller waits;
    pool.run(1, [&](std::size_t) {
      b_ran_on = std::this_thread::get_id();
      released.store(true);
    });
  }
  a.join();
  CHECK_FALSE(gave_up.load());
  CHECK(b_ran_on == a_caller);
}

// Two workers. Call B's caller (not a waiting caller) finishes its own task while a worker still runs
// B's other; meanwhile call A's three tasks wait for a flag that B's caller sets once its call returns.
// B's caller must not take A's third task while it waits (it would wait for itself).
TEST_CASE("a caller does not run the tasks of a call that is not a waiting caller's", "[backend][threads]") {
  ThreadPool pool(3);
  std::atomic<bool> a_started{false}, b_returned{false}, gave_up{false};
  std::thread::id b_caller;
  std::thread b([&] {
    b_caller = std::this_thread::get_id();
    pool.run(2, [&](std::size_t) {
      if (std::this_thread::get_id() == b_caller) {
        wait_for(a_started, gave_up);
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
      }
    });
    b_returned.store(true);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // B's tasks taken
  pool.run(3, [&](std::size_t) {
    a_started.store(true);
    wait_for(b_returned, gave_up);
  });
  b.join();
  CHECK_FALSE(gave_up.load());
}

TEST_CASE("a pool whose threads cannot all start ends those that did and throws", "[backend][threads]") {
  // In a child process whose address space leaves room for a few threads' stacks: the constructor must
  // throw std::system_error (exit 0), not end the process (std::terminate) nor hang (SIGALRM at 30 s).
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    alarm(30);
    std::size_t pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    rlimit limit{};
    getrlimit(RLIMIT_AS, &limit);
    limit.rlim_cur = pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) + (std::size_t{64} << 20);
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(4);
    try {
      ThreadPool pool(4096);
      _exit(2);
    } catch (const std::system_error&) {
      _exit(0);
    } catch (...) {
      _exit(3);
    }
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  INFO("the child's wait status " << status);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
