// How many threads a run can use. `--threads N` accepts 1 to 1024, but a machine under a
// memory limit (ulimit -v) may refuse to create that many: libgomp then prints "Thread
// creation failed" and ends the process with exit 1, which reads as "unexpected verdict"
// (docs/history.md, issue 27: L6). usable_threads creates the threads once before the
// work, as the OpenMP team will, and falls back to the number it could create.
#pragma once

#include <string>

namespace attnverify {

struct ThreadCount {
  unsigned threads = 0;  ///< what the run uses (0: OpenMP's default, all cores)
  std::string warning;   ///< non-empty when fewer than requested could be created
};

/// `requested` threads (0: the default, not probed) if that many can be created and
/// run at once, else the largest count found by halving, with a warning that says so.
/// Never throws.
ThreadCount usable_threads(unsigned requested);

}  // namespace attnverify
