#include "proofs/range_enclosure.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "proofs/activations.hpp"
#include "proofs/erf.hpp"
#include "proofs/primitive_function.hpp"
#include "proofs/relu.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// One end of an interval: its value and whether it is attained.
struct End {
  double value;
  bool open;
};

// A computed lower end, rounded down: moved ends are open (the exact end lies inside).
// `exact`: v is the exact result (an error-free sum or product, a function's exact value
// or limit), kept as it is. A computed 0 that is not exact may be an underflow of a value
// of either sign, so it moves to the smallest subnormal; a lower end of +inf is an
// overflow of a finite value, so it becomes the largest double (and -inf likewise for an
// upper end): a range never claims more than the exact value allows.
End lower(double v, bool open, bool exact = false) {
  if (std::isnan(v)) return {-kInf, true};
  if (v == kInf) return {std::numeric_limits<double>::max(), true};
  if (v == -kInf || exact) return {v, open || std::isinf(v)};
  if (v == 0) return {-std::numeric_limits<double>::denorm_min(), true};
  return {std::nextafter(std::nextafter(v, -kInf), -kInf), true};
}
End upper(double v, bool open, bool exact = false) {
  if (std::isnan(v)) return {kInf, true};
  if (v == -kInf) return {-std::numeric_limits<double>::max(), true};
  if (v == kInf || exact) return {v, open || std::isinf(v)};
  if (v == 0) return {std::numeric_limits<double>::denorm_min(), true};
  return {std::nextafter(std::nextafter(v, kInf), kInf), true};
}

// a + b is exact in double (Knuth's TwoSum error term is 0)
bool exact_sum(double a, double b) {
  if (!std::isfinite(a) || !std::isfinite(b)) return false;
  const double s = a + b, bb = s - a;
  return (a - (s - bb)) + (b - bb) == 0;
}
// a * b is exact in double (the fused multiply-add residual is 0)
bool exact_product(double a, double b) {
  if (!std::isfinite(a) || !std::isfinite(b)) return false;
  const double p = a * b;
  return std::isfinite(p) && std::fma(a, b, -p) == 0;
}

Range make(End lo, End hi) {
  if (lo.value > hi.value) return Range::whole();  // rounding trouble: claim nothing
  return {lo.value, hi.value, lo.open || std::isinf(lo.value), hi.open || std::isinf(hi.value)};
}

// An exact number, enclosed without passing a wrong sign through double.
Range number(const numeric& v) {
  if (!v.is_real()) return Range::whole();
  if (v.is_zero()) return Range::point(0);
  // exactly representable: an integer below 2^53, or such an integer over a power of 2
  const numeric den = v.denom(), num = abs(v.numer());
  if (v.is_rational() && num < numeric(1L << 53) && den <= numeric(1L << 30) &&
      (den.is_integer() && den.to_long() > 0) && (den.to_long() & (den.to_long() - 1)) == 0)
    return Range::point(v.to_double());
  const double d = v.to_double();
  Range r = make(lower(d, false), upper(d, false));
  if (v.is_positive() && r.lo <= 0) r.lo = 0, r.lo_open = true;
  if (v.is_negative() && r.hi >= 0) r.hi = 0, r.hi_open = true;
  return r;
}

Range add_ranges(const Range& a, const Range& b) {
  return make(lower(a.lo + b.lo, a.lo_open || b.lo_open, exact_sum(a.lo, b.lo)),
              upper(a.hi + b.hi, a.hi_open || b.hi_open, exact_sum(a.hi, b.hi)));
}

Range negate(const Range& a) { return {-a.hi, -a.lo, a.hi_open, a.lo_open}; }

// product of two ends; 0 * inf = 0 (the limit of products of finite values)
End end_product(double a, bool a_open, double b, bool b_open) {
  if (a == 0 || b == 0) {
    // the product 0 is attained when the zero end is attained
    const bool a_zero_closed = a == 0 && !a_open, b_zero_closed = b == 0 && !b_open;
    return {0, !(a_zero_closed || b_zero_closed) && (a_open || b_open)};
  }
  return {a * b, a_open || b_open};
}

bool end_product_exact(double a, double b) { return a == 0 || b == 0 || exact_product(a, b); }

Range multiply(const Range& a, const Range& b) {
  const End c[4] = {end_product(a.lo, a.lo_open, b.lo, b.lo_open), end_product(a.lo, a.lo_open, b.hi, b.hi_open),
                    end_product(a.hi, a.hi_open, b.lo, b.lo_open), end_product(a.hi, a.hi_open, b.hi, b.hi_open)};
  const bool exact[4] = {end_product_exact(a.lo, b.lo), end_product_exact(a.lo, b.hi), end_product_exact(a.hi, b.lo),
                         end_product_exact(a.hi, b.hi)};
  double lo = kInf, hi = -kInf;
  for (const End& e : c) {
    if (std::isnan(e.value)) return Range::whole();
    lo = std::min(lo, e.value);
    hi = std::max(hi, e.value);
  }
  bool lo_open = true, hi_open = true;  // attained when some extreme candidate is attained
  bool lo_exact = true, hi_exact = true;
  for (int k = 0; k < 4; ++k) {
    const End& e = c[k];
    if (e.value == lo && !e.open) lo_open = false;
    if (e.value == hi && !e.open) hi_open = false;
    if (e.value == lo && !exact[k]) lo_exact = false;
    if (e.value == hi && !exact[k]) hi_exact = false;
  }
  return make(lower(lo, lo_open, lo_exact), upper(hi, hi_open, hi_exact));
}

Range reciprocal(const Range& a) {
  if (!a.nonzero()) return Range::whole();
  // a of one strict sign: 1/a is decreasing there; 1/(+-0 open) = +-inf
  auto inv = [](double v) { return v == 0 ? kInf : 1 / v; };
  if (a.positive()) {
    // 1/inf = 0 is the exact limit (open); 1/a > 0 however 1/a.hi rounds
    End lo = a.hi == kInf ? End{0, true} : lower(1 / a.hi, a.hi_open);
    if (lo.value < 0) lo = {0, true};
    return make(lo, upper(inv(a.lo), a.lo_open));
  }
  const Range p = reciprocal(negate(a));
  return negate(p);
}

// f(v) is exact as computed: a limit at an infinite end, or a computed 0 at v = 0 or 1
// (for the functions here 0 is then the exact value: erf, tanh, sinh and powers vanish at
// 0, log at 1; none is 0 at 0 or 1 otherwise)
template <typename F>
bool exact_image(F f, double v) {
  return std::isinf(v) || ((v == 0 || v == 1) && f(v) == 0);
}

// A library function's value (exp, erfc, pow, ...) is not correctly rounded: glibc's erfc is off
// by up to 2.4 ulp, beyond the 2 ulp that lower() and upper() allow for a rounding. Its ends move
// out by a relative 2^-40 (about 4096 ulp) first (an enclosure of softplus(31) left the true value
// out and decided the sign of softplus(31) - 31 - 2e-14 wrongly: the attack of 2026-11-29).
End lower_image(double v, bool open, bool exact) {
  if (exact || !std::isfinite(v)) return lower(v, open, exact);
  return lower(v - std::ldexp(std::abs(v), -40), open);
}
End upper_image(double v, bool open, bool exact) {
  if (exact || !std::isfinite(v)) return upper(v, open, exact);
  return upper(v + std::ldexp(std::abs(v), -40), open);
}

// image of a nondecreasing function
template <typename F>
Range increasing(const Range& a, F f) {
  return make(lower_image(f(a.lo), a.lo_open, exact_image(f, a.lo)), upper_image(f(a.hi), a.hi_open, exact_image(f, a.hi)));
}

// image of a nonincreasing function
template <typename F>
Range decreasing(const Range& a, F f) {
  return make(lower_image(f(a.hi), a.hi_open, exact_image(f, a.hi)), upper_image(f(a.lo), a.lo_open, exact_image(f, a.lo)));
}

Range abs_of(const Range& a) {
  if (a.nonnegative()) return a;
  if (a.nonpositive()) return negate(a);
  const bool lo_bigger = -a.lo > a.hi || (-a.lo == a.hi && !a.lo_open);
  return {0, lo_bigger ? -a.lo : a.hi, false, lo_bigger ? a.lo_open : a.hi_open};
}

Range integer_power(const Range& a, long k) {
  if (k == 0) return Range::point(1);
  if (k < 0) return reciprocal(integer_power(a, -k));
  auto p = [k](double v) { return std::pow(v, static_cast<double>(k)); };
  if (k % 2 == 1) return increasing(a, p);
  return increasing(abs_of(a), p);  // even power: of |a|
}

Range exp_of(const Range& a) {
  Range r = increasing(a, [](double v) { return std::exp(v); });
  if (a.hi == 0) r.hi = 1, r.hi_open = a.hi_open;  // exp(0) = 1 exactly
  if (a.lo == 0) r.lo = 1, r.lo_open = a.lo_open;
  if (r.lo <= 0) r.lo = 0, r.lo_open = true;  // exp > 0 everywhere
  return r;
}

Range log_of(const Range& a) {
  if (!a.positive()) return Range::whole();
  return increasing(a, [](double v) { return v == 0 ? -kInf : std::log(v); });
}

// a^e for a > 0 and a real exponent range: exp(e log a)
Range real_power(const Range& a, const Range& e) {
  if (!a.positive()) return Range::whole();
  return exp_of(multiply(e, log_of(a)));
}

Range clamp_open(Range r, double lo, double hi) {  // the function's range is (lo, hi)
  if (r.lo <= lo) r.lo = lo, r.lo_open = true;
  if (r.hi >= hi) r.hi = hi, r.hi_open = true;
  return r;
}

Range function_range(const std::string& name, const Range& a, const ex& argument, const SymbolRanges& ranges) {
  if (name == "exp") return exp_of(a);
  if (name == "log") return log_of(a);
  if (name == "erf") return clamp_open(increasing(a, [](double v) { return std::erf(v); }), -1, 1);
  if (name == "erfc") return clamp_open(decreasing(a, [](double v) { return std::erfc(v); }), 0, 2);
  if (name == "tanh") return clamp_open(increasing(a, [](double v) { return std::tanh(v); }), -1, 1);
  if (name == "sinh") return increasing(a, [](double v) { return std::sinh(v); });
  if (name == "cosh") {  // even, increasing in |a|, >= 1
    Range r = increasing(abs_of(a), [](double v) { return std::cosh(v); });
    if (r.lo < 1) r.lo = 1, r.lo_open = false;
    return r;
  }
  if (name == "abs") return abs_of(a);
  if (name == "relu") {
    if (a.nonnegative()) return a;
    if (a.nonpositive()) return Range::point(0);
    return {0, a.hi, false, a.hi_open};
  }
  if (name == "step") {
    if (a.positive()) return Range::point(1);
    if (a.negative()) return Range::point(0);
    if (a.nonnegative()) return {0.5, 1, false, false};
    if (a.nonpositive()) return {0, 0.5, false, false};
    return {0, 1, false, false};
  }
  if (name == "sigmoid") return clamp_open(increasing(a, [](double v) { return 1 / (1 + std::exp(-v)); }), 0, 1);
  if (name == "softplus") {
    // log(1 + e^v) = v + log1p(e^-v) for v > 0, without dropping e^-v (it was v for v > 30)
    Range r = increasing(a, [](double v) { return v > 0 ? v + std::log1p(std::exp(-v)) : std::log1p(std::exp(v)); });
    if (r.lo <= 0) r.lo = 0, r.lo_open = true;
    return r;
  }
  if (const auto definition = activation_definition(name, argument)) return enclose(*definition, ranges);
  if (const PrimitiveFunction* f = find_primitive(name); f && f->bound) {  // |f(u)| <= bound
    // an integer bound (sin, cos: 1) is kept exact, so that 1 + cos(u) >= 0 is seen
    const bool exact = is_exactly_a<numeric>(*f->bound) && ex_to<numeric>(*f->bound).is_integer() &&
                       abs(ex_to<numeric>(*f->bound)) < numeric(1L << 52);
    const double b = exact ? ex_to<numeric>(*f->bound).to_double() : enclose(*f->bound, ranges).hi;
    return make(lower(-b, false, exact), upper(b, false, exact));
  }
  return Range::whole();
}

}  // namespace

Range enclose(const ex& e, const SymbolRanges& ranges) {
  if (is_exactly_a<numeric>(e)) return number(ex_to<numeric>(e));
  if (is_a<symbol>(e)) {
    const auto it = ranges.find(e);
    return it == ranges.end() ? Range::whole() : it->second;
  }
  if (is_a<constant>(e)) {
    if (e.is_equal(Pi)) return make(lower(M_PI, false), upper(M_PI, false));
    return Range::whole();
  }
  if (is_exactly_a<add>(e)) {
    Range sum = Range::point(0);
    for (const ex& term : e) sum = add_ranges(sum, enclose(term, ranges));
    return sum;
  }
  if (is_exactly_a<mul>(e)) {
    Range product = Range::point(1);
    for (const ex& factor : e) product = multiply(product, enclose(factor, ranges));
    return product;
  }
  if (is_exactly_a<power>(e)) {
    const Range base = enclose(e.op(0), ranges);
    const ex exponent = e.op(1);
    if (is_exactly_a<numeric>(exponent)) {
      const numeric k = ex_to<numeric>(exponent);
      if (k.is_integer())
        return k.is_zero() ? Range::point(1)
                           : (abs(k) > 1000 ? (base.positive() ? real_power(base, number(k)) : Range::whole())
                                            : integer_power(base, k.to_long()));
      if (!k.is_real()) return Range::whole();
      // a principal root: defined (real) for base >= 0 only
      if (!base.nonnegative()) return Range::whole();
      if (k.is_positive()) {
        if (base.positive()) return real_power(base, number(k));
        const double p = k.to_double();  // base in [0, ...]: 0^p = 0
        return make({0, base.lo_open}, upper_image(std::isinf(base.hi) ? kInf : std::pow(base.hi, p), base.hi_open, false));
      }
      return real_power(base, number(k));
    }
    return real_power(base, enclose(exponent, ranges));
  }
  if (is_a<function>(e) && e.nops() == 1) {
    const std::string name = ex_to<function>(e).get_name();
    return function_range(name, enclose(e.op(0), ranges), e.op(0), ranges);
  }
  return Range::whole();
}

}  // namespace attnverify::sym
