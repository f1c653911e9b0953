// Adversarial search for a counterexample: maximises an objective (for claims, the
// relative difference log10 |claim - S| / |S|) over a box of parameters much larger
// than the fixed point set, with derivative-free optimisers from NLopt (S. G.
// Johnson, "The NLopt nonlinear-optimization package", https://github.com/stevengj/nlopt):
//
//   1. the caller's start points (the fixed and random claim points, the points beside
//      the claim's kinks and singularities), a lattice of 7 points per axis over the
//      region, corners included, and 160 points of a Halton sequence (bases 2, 3, 5, ...),
//      so that a difference confined to a narrow band of the region is met where the
//      objective elsewhere is flat: in the transformed coordinates, a band of width w (of
//      the unit interval) on one axis holds about 160 w of them (a relative bump of 1e-30
//      on beta in [34, 46] holds 6; one of width 0.015 at beta = 0.7 none);
//   2. DIRECT-L, a deterministic global search (Gablonsky & Kelley, J. Global Optim. 21
//      (2001) 27-37), over the whole region;
//   3. Subplex, a local search (Rowan, PhD thesis, U. Texas 1990), from the best
//      distinct points found so far.
// Every algorithm is deterministic, so a run is reproducible. The result is the list of
// the best points, for the caller to re-check rigorously: the search itself proves
// nothing, and an objective value is only as good as the evaluation behind it.
//
// Axes are searched in transformed coordinates so that the region's scales are covered
// evenly: linear; log10 (gamma in [1e-3, 100], n in [1, 1e7]); signed log
// (beta in [-50, 50]: sign(w)(51^|w| - 1)); and log of the distance to 1 (lambda in
// [1e-6, 1 - 1e-9]). Integer axes are rounded after the transform.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace attnverify::num {

enum class AxisScale { Linear, Log10, SignedLog, LogDistanceToOne };

struct RegionAxis {
  std::string name;
  double lo = 0, hi = 1;  ///< in the natural variable
  AxisScale scale = AxisScale::Linear;
  bool integer = false;
};

struct SearchRegion {
  std::vector<RegionAxis> axes;
  /// "beta in [-50, 50], gamma in [0.001, 100]"
  std::string describe() const;
};

struct SearchBudget {
  std::size_t global_evaluations = 150;  ///< DIRECT-L
  std::size_t local_starts = 4;          ///< Subplex runs
  std::size_t local_evaluations = 50;    ///< per Subplex run
};

struct Candidate {
  std::vector<double> x;  ///< natural coordinates (integers already rounded)
  double objective = 0;
};

struct SearchOutcome {
  std::vector<Candidate> best;  ///< the highest objective values, distinct points, descending
  std::size_t evaluations = 0;  ///< objective evaluations in all
};

/// Maximises `objective` (natural coordinates in, a finite number out; return a very
/// low value where it cannot be evaluated) over `region`. Returns at most `keep` points.
SearchOutcome maximise_over(const SearchRegion& region,
                            const std::function<double(const std::vector<double>&)>& objective,
                            const std::vector<std::vector<double>>& starts, const SearchBudget& budget = {},
                            std::size_t keep = 8);

}  // namespace attnverify::num
