#include "numerics/extremum_search.hpp"

#include "numerics/compiled_expression.hpp"

namespace attnverify::num {

namespace {

constexpr int kRounds = 3;
constexpr int kGoldenSteps = 90;

bool geometric(const SearchAxis& a) { return a.lo > 0 && a.hi / a.lo >= 100; }

}  // namespace

Real axis_value(const SearchAxis& a, const Real& u) {
  if (a.hi == a.lo) return a.lo;
  if (geometric(a)) return a.lo * pow(Real(a.hi / a.lo), u);
  return a.lo + (a.hi - a.lo) * u;
}

std::vector<std::vector<Real>> grid_coordinates(std::size_t dims) {
  std::vector<std::vector<Real>> out;
  if (dims == 0 || dims > 2) return out;
  const int total = dims == 1 ? kGridPoints : kGridPoints * kGridPoints;
  for (int k = 0; k < total; ++k) {
    std::vector<Real> u(dims);
    int rest = k;
    for (std::size_t j = 0; j < dims; ++j) {
      u[j] = Real(rest % kGridPoints) / (kGridPoints - 1);
      rest /= kGridPoints;
    }
    out.push_back(std::move(u));
  }
  return out;
}

ExtremumResult search_extremum(const std::function<Real(const std::vector<Real>&)>& f,
                               const std::vector<SearchAxis>& box, bool maximise) {
  ExtremumResult out;
  const std::size_t dims = box.size();
  auto score = [&](const std::vector<Real>& u, Real& value) {
    std::vector<Real> x(dims);
    for (std::size_t k = 0; k < dims; ++k) x[k] = axis_value(box[k], u[k]);
    ++out.evaluations;
    try {
      value = f(x);
    } catch (const EvaluationError&) {
      return false;
    }
    if (maximise) value = -value;
    return true;
  };
  // grid
  std::vector<Real> best_u;
  Real best;
  for (const std::vector<Real>& u : grid_coordinates(dims)) {
    Real value;
    if (score(u, value) && (best_u.empty() || value < best)) {
      best = value;
      best_u = u;
    }
  }
  if (best_u.empty()) return out;
  // golden-section refinement, coordinate by coordinate
  const Real ratio = (sqrt(Real(5)) - 1) / 2;
  const Real cell = Real(1) / (kGridPoints - 1);
  Real previous = best;
  for (int round = 0; round < kRounds; ++round) {
    previous = best;
    for (std::size_t j = 0; j < dims; ++j) {
      Real a = best_u[j] - cell, b = best_u[j] + cell;
      if (a < 0) a = 0;
      if (b > 1) b = 1;
      auto value_at = [&](const Real& u, Real& value) {
        std::vector<Real> point = best_u;
        point[j] = u;
        return score(point, value);
      };
      Real c = b - ratio * (b - a), d = a + ratio * (b - a), fc, fd;
      bool okc = value_at(c, fc), okd = value_at(d, fd);
      for (int step = 0; step < kGoldenSteps; ++step) {
        if (okc && (!okd || fc <= fd)) {
          b = d;
          d = c;
          fd = fc;
          okd = okc;
          c = b - ratio * (b - a);
          okc = value_at(c, fc);
        } else {
          a = c;
          c = d;
          fc = fd;
          okc = okd;
          d = a + ratio * (b - a);
          okd = value_at(d, fd);
        }
      }
      // the ends of the box are candidates too (an extremum on the boundary)
      for (const Real& u : {a, b, Real((a + b) / 2)}) {
        Real value;
        if (value_at(u, value) && value < best) {
          best = value;
          best_u[j] = u;
        }
      }
    }
    out.value_change = abs(Real(best - previous));
  }
  out.found = true;
  out.argument.resize(dims);
  for (std::size_t k = 0; k < dims; ++k) out.argument[k] = axis_value(box[k], best_u[k]);
  out.value = maximise ? Real(-best) : best;
  return out;
}

}  // namespace attnverify::num
