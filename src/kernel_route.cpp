#include "src/kernel_route.hpp"

#include <algorithm>
#include <cmath>

#include "numerics/sign_changes.hpp"

#include "proofs/scoped_digits.hpp"
#include "proofs/symbols.hpp"

namespace attnverify {

using num::Real;

namespace {
std::vector<GiNaC::numeric> numeric_kinks(const std::vector<GiNaC::ex>& kinks) {
  std::vector<GiNaC::numeric> out;
  for (const auto& k : kinks) {
    GiNaC::ex value = k;
    if (!GiNaC::is_exactly_a<GiNaC::numeric>(value)) {
      // irrational kink (e.g. a root with sqrt): 60 extra digits are ample for a split point
      const sym::ScopedDigits digits(120);
      value = k.evalf();
    }
    out.push_back(GiNaC::ex_to<GiNaC::numeric>(value));
  }
  return out;
}

// Where the engine found no closed form it did not locate the sign changes of f
// either (gelu, silu: at 0): find them numerically over |x| <= 1000, which holds
// every abscissa the grid's quadrature needs for |beta| + 15 gamma <= 1000.
std::vector<GiNaC::numeric> kinks_of_abs(const sym::KernelDerivation& derivation, unsigned digits) {
  std::vector<GiNaC::numeric> kinks = numeric_kinks(derivation.kinks_abs);
  if (derivation.status == sym::KernelDerivation::Status::Derived) return kinks;
  for (const auto& root : num::locate_sign_changes(derivation.f, sym::symbols().x, -1000, 1000, 1.0 / 64, digits + num::kGuardDigits))
    if (std::none_of(kinks.begin(), kinks.end(), [&](const GiNaC::numeric& k) { return abs(k - root) < GiNaC::numeric(1, 1000000); }))
      kinks.push_back(root);
  std::sort(kinks.begin(), kinks.end(), [](const GiNaC::numeric& a, const GiNaC::numeric& b) { return a < b; });
  return kinks;
}

}  // namespace

KernelRoute::KernelRoute(const sym::KernelDerivation& derivation, unsigned digits)
    : digits_(digits),
      quadrature_(digits),
      f_(derivation.f, {sym::symbols().x}, digits + num::kGuardDigits),
      kinks_abs_(kinks_of_abs(derivation, digits)),
      kinks_square_(numeric_kinks(derivation.kinks_square)) {}

NumericS KernelRoute::operator()(const GridPoint& point) const {
  num::ScopedPrecision scope(quadrature_.internal_digits());
  NumericS out;
  const Real beta = num::to_real(point[0]), gamma = num::to_real(point[1]);
  std::vector<Real> kinks_abs, kinks_square;
  for (const auto& k : kinks_abs_) kinks_abs.push_back(num::to_real(k));
  for (const auto& k : kinks_square_) kinks_square.push_back(num::to_real(k));
  std::vector<Real> x(1);
  const auto abs_f = [&](const Real& v) -> Real {
    x[0] = v;
    return abs(f_.evaluate_unchecked(x));
  };
  const auto f_squared = [&](const Real& v) -> Real {
    x[0] = v;
    const Real y = f_.evaluate_unchecked(x);
    return y * y;
  };
  const num::QuadratureResult a = quadrature_.expectation(abs_f, beta, gamma, kinks_abs);
  const num::QuadratureResult b = quadrature_.expectation(f_squared, beta, gamma, kinks_square);
  out.evaluations = a.evaluations + b.evaluations;
  if (!a.ok || !b.ok) {
    out.failure = "quadrature failed: " + (a.ok ? b.failure : a.failure);
    return out;
  }
  if (b.value <= 0) {
    out.failure = "E f(X)^2 is not positive at this point";
    return out;
  }
  out.mean_abs = a.value;
  out.mean_square = b.value;
  out.S = a.value / sqrt(b.value);
  // relative error of S <= rel(E|f|) + rel(E f^2)/2
  const double cap = quadrature_.internal_digits();
  const double ea = a.relative_error_digits(cap), eb = b.relative_error_digits(cap);
  out.error_digits = -std::log10(std::pow(10.0, -ea) + 0.5 * std::pow(10.0, -eb));
  out.ok = true;
  return out;
}

}  // namespace attnverify
