#include "numerics/sign_changes.hpp"

#include <cmath>

#include "numerics/precision.hpp"
#include "numerics/compiled_expression.hpp"
#include "numerics/double_expression.hpp"
#include "proofs/mpfr_bridge.hpp"

namespace attnverify::num {

namespace {

int sign(double v) { return v > 0 ? 1 : (v < 0 ? -1 : 0); }

}  // namespace

std::vector<GiNaC::numeric> locate_sign_changes(const GiNaC::ex& f, const GiNaC::symbol& x, double lower, double upper,
                                                double step, unsigned digits) {
  const DoubleExpression f_double(f, x);
  const unsigned working = static_cast<unsigned>(Precision{digits}.resolution());
  const CompiledExpression f_mpfr(f, {x}, working);
  const auto n = static_cast<long>(std::ceil((upper - lower) / step));
  std::vector<GiNaC::numeric> out;
  int previous_sign = 0;
  double previous_x = lower;
  for (long k = 0; k <= n; ++k) {
    const double xk = lower + static_cast<double>(k) * step;
    const double value = f_double(xk);
    if (!std::isfinite(value)) {
      previous_sign = 0;
      continue;
    }
    const int s = sign(value);
    if (s == 0) continue;  // a zero at a scan point is bracketed by its neighbours
    if (previous_sign != 0 && s != previous_sign) {
      ScopedPrecision scope(working);
      Real a = previous_x, b = xk;
      const Real width = pow(Real(10), -static_cast<int>(Precision{digits}.guarded()));
      std::vector<Real> point(1);
      while (b - a > width) {
        point[0] = (a + b) / 2;
        const Real m = f_mpfr.evaluate_unchecked(point);
        if (m == 0) {
          a = b = point[0];
          break;
        }
        ((m > 0) == (previous_sign > 0) ? a : b) = point[0];
      }
      const Real root = (a + b) / 2;
      out.push_back(GiNaC::ex_to<GiNaC::numeric>(sym::detail::mpfr_to_numeric(root.backend().data(), Precision{digits}.guarded())));
    }
    previous_sign = s;
    previous_x = xk;
  }
  return out;
}

}  // namespace attnverify::num
