#include "proofs/entropy_laplace.hpp"

#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>

#include <stdexcept>

#include "proofs/printing.hpp"
#include "proofs/scoped_digits.hpp"

namespace attnverify::sym {

using namespace GiNaC;

LaplaceEntropySlope derive_laplace_entropy_slope() {
  LaplaceEntropySlope s;
  const realsymbol c("c");
  s.exponent = s.lambda * c + log(1 - pow(c, 2)) / 2;
  // g'(c) = 0: the numerator of the normalised derivative is a polynomial in c
  const ex stationary = numer(normal(s.exponent.diff(c)));
  if (!stationary.is_polynomial(c) || stationary.degree(c) != 2)
    throw std::runtime_error("Laplace entropy slope: g'(c) = 0 is not a quadratic in c: " + to_text(stationary));
  const ex a = stationary.coeff(c, 2), b = stationary.coeff(c, 1), k = stationary.coeff(c, 0);
  const ex discriminant = expand(b * b - 4 * a * k);
  const ex roots[2] = {(-b + sqrt(discriminant)) / (2 * a), (-b - sqrt(discriminant)) / (2 * a)};
  // the maximiser is the root in (0, 1) for lambda > 0; test at lambda = 1 and 1/3
  int chosen = -1;
  for (int r = 0; r < 2; ++r) {
    bool inside = true;
    for (const ex& probe : {ex(1), ex(numeric(1, 3))}) {
      const ex v = evalf(roots[r].subs(s.lambda == probe));
      inside = inside && is_a<numeric>(v) && ex_to<numeric>(v).is_real() && v > 0 && v < 1;
    }
    if (inside) {
      if (chosen >= 0) throw std::runtime_error("Laplace entropy slope: both roots of g'(c) = 0 lie in (0, 1)");
      chosen = r;
    }
  }
  if (chosen < 0) throw std::runtime_error("Laplace entropy slope: no root of g'(c) = 0 lies in (0, 1)");
  s.peak = normal(roots[chosen]);
  // G / d -> g(c*) - lambda c* = log(1 - c*^2) / 2, so C = -(g(c*) - lambda c*) / lambda
  s.coefficient = -(s.exponent.subs(c == s.peak) - s.lambda * s.peak) / s.lambda;
  s.coefficient = s.coefficient.expand();
  s.derivation = "g(c) = " + to_text(s.exponent) + "; g'(c) = 0 <=> " + to_text(stationary) +
                 " = 0; c* = " + to_text(s.peak) + "; C(lambda) = " + to_text(s.coefficient);
  return s;
}

double laplace_coefficient(const LaplaceEntropySlope& slope, double lambda) {
  if (!(lambda > 0)) throw std::invalid_argument("laplace_coefficient: lambda must be positive");
  ScopedDigits digits(20);
  const ex v = evalf(slope.coefficient.subs(slope.lambda == numeric(lambda)));
  if (!is_a<numeric>(v) || !ex_to<numeric>(v).is_real())
    throw std::runtime_error("laplace_coefficient: C(lambda) did not evaluate to a real number");
  return ex_to<numeric>(v).to_double();
}

CoefficientBand laplace_coefficient_band(const LaplaceEntropySlope& slope, double target, double half_width) {
  constexpr double kLow = 1e-3, kHigh = 1e3;
  const auto C = [&](double lambda) { return laplace_coefficient(slope, lambda); };
  const auto [peak, negative_max] =
      boost::math::tools::brent_find_minima([&](double l) { return -C(l); }, kLow, kHigh, 40);
  CoefficientBand band{peak, -negative_max, {}, {}};
  // lambda in [a, b] with C(lambda) = level, C - level changing sign on [a, b]
  const auto crossing = [&](double level, double a, double b) {
    std::uintmax_t iterations = 200;
    const auto [lo, hi] = boost::math::tools::toms748_solve([&](double l) { return C(l) - level; }, a, b,
                                                            boost::math::tools::eps_tolerance<double>(40), iterations);
    return (lo + hi) / 2;
  };
  if (band.peak >= target) band.roots = {crossing(target, kLow, peak), crossing(target, peak, kHigh)};
  const double floor = target - half_width, ceiling = target + half_width;
  if (band.peak < floor) return band;
  const double left = crossing(floor, kLow, peak), right = crossing(floor, peak, kHigh);
  if (band.peak <= ceiling)
    band.intervals = {{left, right}};
  else
    band.intervals = {{left, crossing(ceiling, left, peak)}, {crossing(ceiling, peak, right), right}};
  return band;
}

}  // namespace attnverify::sym
