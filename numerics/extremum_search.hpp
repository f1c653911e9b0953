// Minimum (or maximum) of a function of one or two parameters over a box, at
// working precision: a grid search followed by golden-section refinement
// (docs/history.md, issue 4: "a grid search with refinement at working precision").
//
//   - each axis gets 41 grid values, geometrically spaced when lo > 0 and
//     hi/lo >= 100, else evenly spaced;
//   - the best grid point is refined by 3 rounds of coordinate-wise golden-section
//     search, each over the bracket between the grid neighbours (in log coordinates
//     for geometric axes), 90 steps each: the bracket shrinks by 0.618^90 ~ 1e-19;
//   - `value_change` is the change of the best value in the last round: an estimate
//     (not a bound) of how settled the value is.
// Points where the function throws EvaluationError are skipped. This is numeric
// evidence on the box only; behaviour outside the box is not examined.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "numerics/precision.hpp"

namespace attnverify::num {

struct SearchAxis {
  Real lo, hi;
};

/// Grid coordinates u in [0, 1]^dims of the search grid: kGridPoints per axis, every
/// combination, the first axis fastest (dims is 1 or 2; empty otherwise).
inline constexpr int kGridPoints = 41;
std::vector<std::vector<Real>> grid_coordinates(std::size_t dims);

/// The parameter value at grid coordinate u of an axis: geometric when lo > 0 and
/// hi/lo >= 100, else linear.
Real axis_value(const SearchAxis& axis, const Real& u);

struct ExtremumResult {
  bool found = false;
  std::vector<Real> argument;  ///< the best point
  Real value;                  ///< f there
  Real value_change;           ///< |change of the best value| in the last refinement round
  std::size_t evaluations = 0;
};

/// `f` is evaluated under the caller's precision. `maximise` flips the search.
ExtremumResult search_extremum(const std::function<Real(const std::vector<Real>&)>& f,
                               const std::vector<SearchAxis>& box, bool maximise);

}  // namespace attnverify::num
