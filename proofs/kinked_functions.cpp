#include "proofs/kinked_functions.hpp"

#include <stdexcept>
#include <string>

#include "proofs/printing.hpp"
#include "proofs/relu.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// The value of a real constant at GiNaC's current Digits, or an error naming `where`.
numeric real_constant(const ex& e, const std::string& where) {
  ex value;
  try {
    value = e.evalf();
  } catch (const std::exception& err) {  // CLN overflow or underflow of an absurd constant
    throw std::invalid_argument(where + ": '" + to_text(e) + "' cannot be evaluated (" + err.what() + ")");
  }
  if (!is_exactly_a<numeric>(value) || !ex_to<numeric>(value).is_real())
    throw std::invalid_argument(where + ": '" + to_text(e) + "' must be a real constant");
  return ex_to<numeric>(value);
}

}  // namespace

ex max_of(const ex& a, const ex& b) { return b + relu(a - b); }

ex min_of(const ex& a, const ex& b) { return a - relu(a - b); }

ex clip(const ex& u, const ex& lower, const ex& upper) {
  const numeric lo = real_constant(lower, "clip(u, lo, hi)");
  const numeric hi = real_constant(upper, "clip(u, lo, hi)");
  if (!(lo < hi))
    throw std::invalid_argument("clip(u, lo, hi): needs lo < hi, got lo = " + to_text(lower) +
                                ", hi = " + to_text(upper));
  return lower + relu(u - lower) - relu(u - upper);
}

ex leaky_relu(const ex& u, const ex& slope) {
  real_constant(slope, "leaky_relu(u, slope)");
  return relu(u) - slope * relu(-u);
}

ex elu(const ex& u, const ex& scale) {
  real_constant(scale, "elu(u, alpha)");
  return relu(u) + scale * (exp(u) - 1) * step(-u);
}

ex default_leaky_slope() { return numeric(1, 100); }

ex piecewise(const std::vector<ex>& arguments, const symbol& x) {
  if (arguments.size() < 3 || arguments.size() % 2 == 0)
    throw std::invalid_argument("piecewise(f0, b1, f1, ..., bk, fk) takes an odd number (>= 3) of arguments, got " +
                                std::to_string(arguments.size()));
  std::vector<ex> breakpoints, values;
  for (std::size_t k = 0; k < arguments.size(); ++k) (k % 2 == 0 ? values : breakpoints).push_back(arguments[k]);
  for (std::size_t k = 0; k < breakpoints.size(); ++k) {
    const numeric b = real_constant(breakpoints[k], "piecewise: breakpoint " + std::to_string(k + 1));
    if (k > 0 && !(real_constant(breakpoints[k - 1], "piecewise") < b))
      throw std::invalid_argument("piecewise: breakpoints must increase, but " + to_text(breakpoints[k - 1]) +
                                  " >= " + to_text(breakpoints[k]));
  }
  ex out = values.front() * step(breakpoints.front() - x);
  for (std::size_t j = 1; j < breakpoints.size(); ++j)
    out += values[j] * step(x - breakpoints[j - 1]) * step(breakpoints[j] - x);
  out += values.back() * step(x - breakpoints.back());
  return out;
}

}  // namespace attnverify::sym
