// Progress of a long phase with an estimate of the time left, for the terminal (issue 46: a
// 10 000-point grid printed nothing for 41 of its 44 s). A phase of `total` items reports
// through the run's Progress at most every `interval` seconds (and not before the first interval
// has passed, so short phases stay quiet):
//   "[exp] quadrature: 4000/10000 grid points, 12 s, about 18 s left"
// The time left is elapsed * (total - done) / done, an extrapolation at the phase's mean rate so
// far (an estimate, not a bound: points differ in cost).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

#include "src/spec/kind.hpp"

namespace attnverify {

class ProgressMeter {
 public:
  /// `what`: the phase and its items, e.g. "[exp] quadrature: {done}/{total} grid points" is made
  /// from prefix "[exp] quadrature" and items "grid points".
  ProgressMeter(const Progress& progress, std::string prefix, std::string items, std::size_t total,
                double interval_seconds = 3.0);
  /// `done` of the total finished: reports when the interval has passed since the last report.
  /// Call from one thread only (the Progress callback is not thread-safe); may throw what the
  /// callback throws (an interrupt).
  void update(std::size_t done);

 private:
  const Progress& progress_;
  std::string prefix_, items_;
  std::size_t total_;
  double interval_;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace attnverify
