// SPDX-License-Identifier: Apache-2.0
// The CPU thread pool: every task runs once, errors reach the caller, nested calls do not deadlock.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "zkforge/backend/thread_pool.hpp"

using zkforge::ThreadPool;

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
