#include "numerics/counterexample_search.hpp"

#include <fmt/format.h>
#include <nlopt.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>

namespace attnverify::num {

namespace {

// natural coordinate -> [0, 1] and back
double to_unit(const RegionAxis& a, double x) {
  double u = 0;
  switch (a.scale) {
    case AxisScale::Linear:
      u = (x - a.lo) / (a.hi - a.lo);
      break;
    case AxisScale::Log10:
      u = (std::log10(x) - std::log10(a.lo)) / (std::log10(a.hi) - std::log10(a.lo));
      break;
    case AxisScale::SignedLog: {
      const double L = std::log10(std::max(std::fabs(a.lo), std::fabs(a.hi)) + 1);
      const double w = (x < 0 ? -1 : 1) * std::log10(std::fabs(x) + 1) / L;
      u = (w + 1) / 2;
      break;
    }
    case AxisScale::LogDistanceToOne: {
      const double p = std::log10(1 - a.lo), q = std::log10(1 - a.hi);
      u = (std::log10(std::max(1 - x, 1e-300)) - p) / (q - p);
      break;
    }
  }
  return std::clamp(std::isfinite(u) ? u : 0.0, 0.0, 1.0);
}

double from_unit(const RegionAxis& a, double u) {
  u = std::clamp(u, 0.0, 1.0);
  double x = 0;
  switch (a.scale) {
    case AxisScale::Linear:
      x = a.lo + u * (a.hi - a.lo);
      break;
    case AxisScale::Log10:
      x = std::pow(10.0, std::log10(a.lo) + u * (std::log10(a.hi) - std::log10(a.lo)));
      break;
    case AxisScale::SignedLog: {
      const double L = std::log10(std::max(std::fabs(a.lo), std::fabs(a.hi)) + 1);
      const double w = 2 * u - 1;
      x = (w < 0 ? -1 : 1) * (std::pow(10.0, std::fabs(w) * L) - 1);
      break;
    }
    case AxisScale::LogDistanceToOne: {
      const double p = std::log10(1 - a.lo), q = std::log10(1 - a.hi);
      x = 1 - std::pow(10.0, p + u * (q - p));
      break;
    }
  }
  x = std::clamp(x, a.lo, a.hi);
  return a.integer ? std::round(x) : x;
}

std::string number(double v) { return fmt::format("{:.10g}", v); }

}  // namespace

std::string SearchRegion::describe() const {
  std::string out;
  for (const RegionAxis& a : axes)
    out += (out.empty() ? "" : ", ") + a.name + (a.integer ? " = " : " in [") + number(a.lo) +
           (a.integer ? ".." : ", ") + number(a.hi) + (a.integer ? "" : "]");
  return out;
}

SearchOutcome maximise_over(const SearchRegion& region,
                            const std::function<double(const std::vector<double>&)>& objective,
                            const std::vector<std::vector<double>>& starts, const SearchBudget& budget,
                            std::size_t keep) {
  const std::size_t k = region.axes.size();
  SearchOutcome out;
  std::map<std::vector<double>, double> seen;  // natural point -> objective (every evaluation)
  auto natural = [&](const std::vector<double>& u) {
    std::vector<double> x(k);
    for (std::size_t j = 0; j < k; ++j) x[j] = from_unit(region.axes[j], u[j]);
    return x;
  };
  auto evaluate = [&](const std::vector<double>& x) {
    const auto it = seen.find(x);
    if (it != seen.end()) return it->second;
    ++out.evaluations;
    double f = objective(x);
    if (!std::isfinite(f)) f = -1e300;
    seen[x] = f;
    return f;
  };
  auto unit_of = [&](const std::vector<double>& x) {
    std::vector<double> u(k);
    for (std::size_t j = 0; j < k; ++j) u[j] = to_unit(region.axes[j], x[j]);
    return u;
  };

  // 1. the caller's points and the lattice
  for (const auto& x : starts)
    if (x.size() == k) evaluate(natural(unit_of(x)));
  constexpr int kLattice = 7;
  std::vector<std::size_t> index(k, 0);
  while (true) {
    std::vector<double> u(k);
    for (std::size_t j = 0; j < k; ++j) u[j] = static_cast<double>(index[j]) / (kLattice - 1);
    evaluate(natural(u));
    std::size_t j = 0;
    while (j < k && ++index[j] == kLattice) index[j++] = 0;
    if (j == k) break;
  }

  // a Halton sequence (radical inverses in the first primes), skipping its first point
  // (the centre, already in the lattice)
  constexpr int kHaltonPoints = 160;
  constexpr int kPrimes[] = {2, 3, 5, 7, 11, 13, 17, 19};
  if (k <= std::size(kPrimes))
    for (int i = 1; i <= kHaltonPoints; ++i) {
      std::vector<double> u(k);
      for (std::size_t j = 0; j < k; ++j) {
        double f = 1, r = 0;
        for (int n = i; n > 0; n /= kPrimes[j]) {
          f /= kPrimes[j];
          r += f * (n % kPrimes[j]);
        }
        u[j] = r;
      }
      evaluate(natural(u));
    }

  // NLopt calls back with unit coordinates
  struct Context {
    const std::function<double(const std::vector<double>&)>* f;
  };
  auto run = [&](nlopt::algorithm algorithm, std::vector<double> u0, std::size_t evaluations, double step) {
    if (evaluations == 0) return;
    nlopt::opt opt(algorithm, static_cast<unsigned>(k));
    opt.set_lower_bounds(std::vector<double>(k, 0.0));
    opt.set_upper_bounds(std::vector<double>(k, 1.0));
    opt.set_maxeval(static_cast<int>(evaluations));
    if (step > 0) opt.set_initial_step(step);
    const std::function<double(const std::vector<double>&)> on_unit = [&](const std::vector<double>& u) {
      return evaluate(natural(u));
    };
    Context context{&on_unit};
    opt.set_max_objective([](const std::vector<double>& u, std::vector<double>&,
                             void* data) { return (*static_cast<Context*>(data)->f)(u); },
                          &context);
    double value = 0;
    try {
      opt.optimize(u0, value);
    } catch (const std::exception&) {  // NLopt's roundoff_limited / forced stop: keep what was evaluated
    }
  };

  // 2. global
  run(nlopt::GN_DIRECT_L, std::vector<double>(k, 0.5), budget.global_evaluations, 0);

  // 3. local, from the best distinct points so far
  std::vector<std::pair<double, std::vector<double>>> ranked;
  for (const auto& [x, f] : seen) ranked.emplace_back(f, x);
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::size_t runs = 0;
  for (std::size_t r = 0; r < ranked.size() && runs < budget.local_starts; ++r) {
    if (ranked[r].first <= -1e299) break;
    run(nlopt::LN_SBPLX, unit_of(ranked[r].second), budget.local_evaluations, 0.05);
    ++runs;
  }

  ranked.clear();
  for (const auto& [x, f] : seen) ranked.emplace_back(f, x);
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t r = 0; r < ranked.size() && out.best.size() < keep; ++r)
    out.best.push_back({ranked[r].second, ranked[r].first});
  return out;
}

}  // namespace attnverify::num
