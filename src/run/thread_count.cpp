#include "src/run/thread_count.hpp"

#include <fmt/format.h>

#include <condition_variable>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

namespace attnverify {

namespace {

// Whether `count` threads (besides this one) can exist at once: each allocates and waits
// until all are started, as the members of an OpenMP team do; their stacks are the
// pthread default, which is also libgomp's. A margin of half the count is kept, for the
// memory the checks themselves take.
bool can_start(unsigned count) {
  std::mutex mutex;
  std::condition_variable go;
  bool release = false;
  std::vector<std::thread> team;
  bool ok = true;
  try {
    team.reserve(count);
    for (unsigned k = 0; k < count; ++k)
      team.emplace_back([&] {
        // an allocation, as every team member makes one: glibc gives each thread that
        // allocates an arena of its own (64 MB of address space), which counts against
        // a memory limit as much as the stack does
        std::vector<char> scratch(1 << 16, 1);
        std::unique_lock<std::mutex> lock(mutex);
        go.wait(lock, [&] { return release; });
      });
  } catch (const std::system_error&) {
    ok = false;
  } catch (const std::bad_alloc&) {
    ok = false;
  }
  {
    const std::lock_guard<std::mutex> lock(mutex);
    release = true;
  }
  go.notify_all();
  for (std::thread& t : team) t.join();
  return ok;
}

}  // namespace

ThreadCount usable_threads(unsigned requested) {
  if (requested <= 1) return {requested, ""};
  unsigned count = requested;
  while (count > 1 && !can_start(count + count / 2)) count /= 2;
  if (count == requested) return {requested, ""};
  return {count, fmt::format("only {} of the {} threads asked for could be created on this machine (a memory or "
                             "process limit); the run uses {} (its results do not depend on the thread count)",
                             count, requested, count)};
}

}  // namespace attnverify
