// SPDX-License-Identifier: Apache-2.0
// The host-memory policies' contracts: accounting; pooled reuse, cap and trim; the release queue's
// deferred frees always happen, flush waits for all, a full queue applies back-pressure; concurrent
// allocation and release under the deferred policy loses nothing.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "zkforge/memory/host_memory.hpp"
#include "zkforge/memory/release_queue.hpp"

using namespace zkforge;
using namespace std::chrono_literals;

namespace {

// An upstream resource whose frees wait for a gate: makes a release slow on purpose.
class GatedHost final : public HostResource {
 public:
  void* allocate(std::size_t bytes) override { return inner_.allocate(bytes); }
  void deallocate(void* p, std::size_t bytes) override {
    std::unique_lock<std::mutex> lock(mutex_);
    open_cv_.wait(lock, [&] { return open_; });
    lock.unlock();
    inner_.deallocate(p, bytes);
    ++freed;
  }
  MemoryStats stats() const override { return inner_.stats(); }
  void open() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      open_ = true;
    }
    open_cv_.notify_all();
  }
  std::atomic<int> freed{0};

 private:
  SynchronousHost inner_;
  std::mutex mutex_;
  std::condition_variable open_cv_;
  bool open_ = false;
};

}  // namespace

TEST_CASE("synchronous host memory counts live and peak bytes", "[memory]") {
  SynchronousHost r;
  void* a = r.allocate(1000);
  void* b = r.allocate(3000);
  CHECK(r.stats().live_bytes == 4000);
  r.deallocate(a, 1000);
  CHECK(r.stats().live_bytes == 3000);
  CHECK(r.stats().peak_bytes == 4000);
  r.deallocate(b, 3000);
  CHECK(r.stats().live_bytes == 0);
  CHECK(reinterpret_cast<std::uintptr_t>(b) % 64 == 0);
}

TEST_CASE("pooled host memory reuses blocks, keeps at most its cap idle and trims", "[memory]") {
  PooledHost r(std::size_t{1} << 20);
  void* a = r.allocate(100000);
  r.deallocate(a, 100000);
  CHECK(r.stats().idle_bytes >= 100000);
  void* b = r.allocate(90000);  // fits the idle block: the same memory comes back
  CHECK(b == a);
  CHECK(r.stats().idle_bytes == 0);
  void* big = r.allocate(std::size_t{2} << 20);
  r.deallocate(big, std::size_t{2} << 20);  // over the cap: freed, not kept
  CHECK(r.stats().idle_bytes == 0);
  r.deallocate(b, 90000);
  CHECK(r.stats().idle_bytes > 0);
  r.trim();
  CHECK(r.stats().idle_bytes == 0);
  CHECK(r.stats().live_bytes == 0);
}

TEST_CASE("deferred host frees always happen and flush waits for all of them", "[memory]") {
  GatedHost upstream;
  DeferredHost r(8, &upstream);
  const std::size_t big = DeferredHost::kDeferFrom;
  std::vector<void*> blocks;
  for (int i = 0; i < 4; ++i) blocks.push_back(r.allocate(big));
  for (void* p : blocks) r.deallocate(p, big);  // returns at once: the upstream's frees are gated
  CHECK(r.stats().live_bytes == 0);
  CHECK(r.stats().pending_bytes >= 3 * big);  // the worker may hold one
  CHECK(upstream.freed == 0);
  auto flushed = std::async(std::launch::async, [&] { r.flush(); });
  CHECK(flushed.wait_for(50ms) == std::future_status::timeout);  // flush waits for the gated frees
  upstream.open();
  flushed.get();
  CHECK(upstream.freed == 4);
  CHECK(r.stats().pending_bytes == 0);
  CHECK(upstream.stats().live_bytes == 0);

  void* small = r.allocate(100);  // below kDeferFrom: freed in place
  r.deallocate(small, 100);
  CHECK(upstream.freed == 5);
}

TEST_CASE("a full release queue applies back-pressure instead of growing", "[memory]") {
  std::mutex gate;
  std::unique_lock<std::mutex> closed(gate);
  std::atomic<int> ran{0};
  memory::ReleaseQueue q(2);
  auto slow = [&] {
    const std::lock_guard<std::mutex> wait_for_gate(gate);
    ++ran;
  };
  q.push(slow, 1);  // taken by the worker, which blocks on the gate
  std::this_thread::sleep_for(20ms);
  q.push(slow, 1);
  q.push(slow, 1);  // the queue now holds its capacity
  auto blocked = std::async(std::launch::async, [&] { q.push(slow, 1); });
  CHECK(blocked.wait_for(50ms) == std::future_status::timeout);
  closed.unlock();
  blocked.get();
  q.flush();
  CHECK(ran == 4);
  CHECK(q.pending_bytes() == 0);
}

TEST_CASE("concurrent allocation and deferred release lose nothing", "[memory]") {
  DeferredHost r(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        const std::size_t bytes = (i % 3 == 0) ? DeferredHost::kDeferFrom + 64 * i : 64 * (i + 1);
        auto* p = static_cast<unsigned char*>(r.allocate(bytes));
        p[0] = 1;
        p[bytes - 1] = 2;
        r.deallocate(p, bytes);
      }
    });
  }
  for (auto& t : threads) t.join();
  r.flush();
  CHECK(r.stats().live_bytes == 0);
  CHECK(r.stats().pending_bytes == 0);
}

TEST_CASE("HostVector takes its memory from the resource and gives it back", "[memory]") {
  PooledHost r;
  {
    HostVector<std::uint64_t> v(1000, 7, HostAllocator<std::uint64_t>(r));
    CHECK(r.stats().live_bytes == 8000);
    HostVector<std::uint64_t> w;
    w = std::move(v);  // the resource moves with the data
    CHECK(w.get_allocator().resource() == &r);
  }
  CHECK(r.stats().live_bytes == 0);
  CHECK(r.stats().peak_bytes == 8000);
}
