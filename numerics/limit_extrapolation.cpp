#include "numerics/limit_extrapolation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "numerics/precision.hpp"
#include "numerics/compiled_expression.hpp"

namespace attnverify::num {

LimitEstimate extrapolate_limit(const std::function<Real(int)>& f, bool to_zero, const Real& claimed, unsigned digits,
                                bool negative) {
  LimitEstimate out;
  const Real tol = pow(Real(10), -static_cast<int>(Precision{digits}.required())) * (abs(claimed) > 1 ? abs(claimed) : Real(1));
  std::vector<Real> values, distance;
  std::vector<int> exponents;
  std::string stopped;  // why the sequence ended before k = 40
  for (int k = 1; k <= 40; ++k) {
    Real value;
    try {
      value = f(to_zero ? -k : k);
    } catch (const EvaluationError& err) {
      stopped = fmt::format("at parameter = {}{}: {}", to_zero ? "10^-" : negative ? "-10^" : "10^", k, err.what());
      break;
    }
    values.push_back(value);
    distance.push_back(abs(Real(value - claimed)));
    exponents.push_back(k);
  }
  if (values.empty()) {
    out.summary = "the function could not be evaluated near the limit point" +
                  (stopped.empty() ? std::string() : " (the first point, " + stopped + ")");
    return out;
  }
  const std::size_t n = values.size();
  out.last_value = values.back();
  out.last_exponent = exponents.back();
  const char* var = to_zero ? "10^-" : negative ? "-10^" : "10^";
  // reached: within tol from some k on
  std::size_t first = n;
  for (std::size_t k = n; k-- > 0;) {
    if (distance[k] > tol) break;
    first = k;
  }
  auto local_rate = [&](std::size_t k) {  // decades of |f - L| per decade of t, from k-1 to k
    return (log10(distance[k - 1]) - log10(distance[k])).convert_to<double>();
  };
  // rates r[0], r[1], r[2] (oldest first) settling: the last change within `within` of the last
  // rate, and each change at least twice the next, of one sign (a rate converging geometrically,
  // as with a correction of the next order: the declines of the differences for weights i^(1/2)
  // are 0.854, 0.958, 0.987 over n = 10..10^5, each change a third of the one before)
  const auto settling = [](const std::vector<double>& r, double within) {
    if (r.size() < 3) return false;
    const double c1 = r[2] - r[1], c2 = r[1] - r[0];
    return std::abs(c1) <= within * std::abs(r[2]) && (c1 == 0 || (c1 > 0) == (c2 > 0)) &&
           std::abs(c2) >= 2 * std::abs(c1);
  };
  if (first < n) {
    out.outcome = LimitOutcome::Reached;
    out.reached_exponent = exponents[first];
    std::string rate;
    if (first >= 2 && distance[first - 1] > 0 && distance[first - 2] > 0) {
      out.rate = local_rate(first - 1);
      rate = fmt::format("; before that |S - L| fell by {:.3g} decades per decade", out.rate);
    }
    // a value that is 0 in MPFR is below its smallest positive number (about 10^(-1.4e18)),
    // not 0: S > 0 at every point of the domain, it only underflows
    const std::string last = out.last_value == 0 ? "S underflows MPFR's range, below 10^(-1.4e18)"
                                                 : "S = " + to_decimal(out.last_value, 6);
    out.summary = fmt::format("|S - L| <= 10^-{} from parameter = {}{} on (last point {}{}: {}){}", Precision{digits}.required(), var,
                              exponents[first], var, out.last_exponent, last, rate);
    return out;
  }
  if (n >= 3 && abs(Real(values[n - 1] - values[n - 2])) <= tol && abs(Real(values[n - 2] - values[n - 3])) <= tol) {
    out.outcome = LimitOutcome::SettledElsewhere;
    out.summary = fmt::format("the values settle at {} (parameter = {}{}), {} away from the claimed limit",
                              to_decimal(out.last_value, 20), var, out.last_exponent, to_decimal(distance.back(), 6));
    return out;
  }
  if (n >= 4) {
    // the differences of successive values as a power law: the values converge, and where the
    // claimed limit is far beyond what is left of the change, to another value (issue 42, L9).
    // The last 4 values, as for the power law below: 3 differences, their 2 declines stable to 1%
    // (with 5 values, as a sequence's exact sums to n = 10^5 give, the first decline also took
    // n = 10, where S_n = sqrt(3 (n + 1)/(2 (2n + 1))) is not yet a power law, and a false limit
    // 1/sqrt2 of weights a_i = i was left undecided: the probe of 2026-11-29)
    // With a fifth value, three declines that settle (settling above, within 10%) also count, the
    // rest then taken at the smaller of the last two declines (weights i^(1/2): a false limit 19/20
    // was left undecided, the probe of 2026-11-29)
    std::vector<Real> step;
    for (std::size_t k = n - 3; k < n; ++k) step.push_back(abs(Real(values[k] - values[k - 1])));
    const Real earlier = n >= 5 ? abs(Real(values[n - 4] - values[n - 5])) : Real(0);
    if (std::all_of(step.begin(), step.end(), [](const Real& d) { return d > 0; })) {
      const auto decline = [&](std::size_t k) { return (log10(step[k - 1]) - log10(step[k])).convert_to<double>(); };
      const double q1 = decline(2), q2 = decline(1);
      const bool stable = std::abs(q1 - q2) <= 0.01 * std::abs(q1);
      const bool settles =
          earlier > 0 && settling({(log10(earlier) - log10(step[0])).convert_to<double>(), q2, q1}, 0.1);
      const double q = stable ? q1 : std::min(q1, q2);
      if ((stable || settles) && q > 0.05) {
        const Real r = pow(Real(10), -q);
        const Real rest = step.back() * r / (1 - r);  // about what the values still move
        if (distance.back() > 1000 * rest && distance.back() > tol) {
          out.outcome = LimitOutcome::ConvergesElsewhere;
          out.rate = q;
          const double shown = std::max(3.0, std::min<double>(digits, std::floor(log10(abs(out.last_value) / rest).convert_to<double>())));
          out.summary = fmt::format(
              "the values converge to about {} (their differences fall by {:.3g} decades per decade; at parameter = "
              "{}{} what is left of the change is about {}), {} away from the claimed limit",
              to_decimal(out.last_value, static_cast<unsigned>(shown)), q, var, out.last_exponent,
              to_decimal(rest, 3), to_decimal(distance.back(), 6));
          return out;
        }
      }
    }
  }
  if (n >= 4) {
    const double p1 = local_rate(n - 1), p2 = local_rate(n - 2), p3 = local_rate(n - 3);
    const bool stable = std::abs(p1 - p2) <= 0.01 * std::abs(p1) && std::abs(p2 - p3) <= 0.01 * std::abs(p1);
    // (an exponent that only settles is no reason to agree: with weights i^(1/2), limits 10^-8
    // beside the true one settled as well as the true one, the attack of 2026-11-29; such a claim
    // is left undecided, and only "elsewhere" above uses settling)
    out.rate = p1;
    // the power law resolves the limit to about 1% of the last distance (a claim off by less
    // bends the local exponent by less than the 1% it is held to): it agrees only where that is
    // within working precision. Slower convergence is undecided, whatever the rate (weights
    // i^sqrt(2), a limit 10^-9 off, agreed at n = 10^5 where |S - L| was 10^-5: the attack of
    // 2026-11-29)
    const Real resolved = pow(Real(10), -static_cast<int>(digits) + 10) * (abs(claimed) > 1 ? abs(claimed) : Real(1));
    if (stable && p1 > 0.05 && distance.back() > resolved) {
      out.summary = fmt::format(
          "the values approach the claimed limit as |S - L| ~ C t^{:.4g}, but at parameter = {}{} they are still "
          "|S - L| = {} from it, and a limit within about 1% of that from the claim would look the same (not "
          "resolved at working precision)",
          p1, var, out.last_exponent, to_decimal(distance.back(), 6));
      return out;
    }
    if (stable && p1 > 0.05) {
      out.outcome = LimitOutcome::PowerLaw;
      out.summary = fmt::format(
          "|S - L| ~ C t^{:.4g} (local exponent stable over the last 3 decades; at parameter = {}{}, "
          "|S - L| = {})",
          p1, var, out.last_exponent, to_decimal(distance.back(), 6));
      return out;
    }
  }
  // (said of the claimed limit: the same values may show a stable rate towards another claim, as
  // a sibling check of the same run reports; the probe of 2026-11-29 found the old wording misleading)
  out.summary = fmt::format(
      "no convergence pattern towards the claimed limit up to parameter = {}{} (S = {}, |S - L| = {}), and the "
      "values are not shown to converge at least 1000 times farther from it than what is left of their change",
      var, out.last_exponent, to_decimal(out.last_value, 10), to_decimal(distance.back(), 6));
  return out;
}

}  // namespace attnverify::num
