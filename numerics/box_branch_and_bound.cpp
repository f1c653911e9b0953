#include "numerics/box_branch_and_bound.hpp"

#include <algorithm>
#include <optional>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace attnverify::num {

namespace {

using GiNaC::numeric;

/// Balls start at kStartBits and gain kBitsPerHalving per halving of the narrowest axis,
/// up to kMaxBits.
constexpr slong kStartBits = 128;
constexpr slong kBitsPerHalving = 2;
constexpr slong kMaxBits = 1024;
/// A sub-box whose split axis has shrunk to 2^-kMaxHalvings of its range is not split further.
constexpr int kMaxHalvings = 200;
/// An axis with 0 < lo and hi/lo above kGeometricRatio is split at the geometric mean.
constexpr double kGeometricRatio = 8;
/// The smear rule is overridden when its axis is narrower than 1/kMaxAspect of the widest
/// (relative to the whole box): a wide, overestimated gradient must not starve an axis.
constexpr double kMaxAspect = 64;

struct SubBox {
  std::vector<BoxAxis> axes;
  int halvings = 0;  ///< of the axis split most often
};

// The exact dyadic rational nearest to x (53 bits).
numeric dyadic(double x) {
  int exponent = 0;
  const double mantissa = std::frexp(x, &exponent);
  const long long integer = std::llround(std::ldexp(mantissa, 53));
  return numeric(integer) * numeric(2).power(exponent - 53);
}

bool geometric(const BoxAxis& a) {
  return a.lo.is_positive() && (a.hi / a.lo).to_double() > kGeometricRatio;
}

// The axis's share of the original range: on a log scale for a geometric axis.
double relative_width(const BoxAxis& a, const BoxAxis& whole) {
  if (a.lo == a.hi || whole.lo == whole.hi) return 0;
  if (geometric(whole) && a.lo.is_positive())
    return std::log((a.hi / a.lo).to_double()) / std::log((whole.hi / whole.lo).to_double());
  return ((a.hi - a.lo) / (whole.hi - whole.lo)).to_double();
}

numeric split_point(const BoxAxis& a) {
  if (geometric(a)) {
    const numeric m = dyadic(std::sqrt(a.lo.to_double()) * std::sqrt(a.hi.to_double()));
    if (a.lo < m && m < a.hi) return m;
  }
  return (a.lo + a.hi) / 2;
}

bool inside(const Ball& b, Relation relation) {
  return b.finite() && (relation == Relation::Positive ? b.positive() : b.nonnegative());
}

// The ball lies in the complement of the claimed half-line: f <= 0 (for > 0) or f < 0.
bool outside(const Ball& b, Relation relation) {
  return b.finite() && (relation == Relation::Positive ? b.nonpositive() : b.negative());
}

// The centre of a sub-box; on an integer axis (whose ends are integers, cut_to_integers) the
// integer at or below the middle.
std::vector<numeric> centre_of(const std::vector<BoxAxis>& box, const std::vector<bool>& integer_axes = {}) {
  std::vector<numeric> c;
  c.reserve(box.size());
  for (std::size_t j = 0; j < box.size(); ++j) {
    const numeric middle = (box[j].lo + box[j].hi) / 2;
    c.push_back(j < integer_axes.size() && integer_axes[j] ? floor_of(middle) : middle);
  }
  return c;
}

// Cuts each integer axis of a sub-box to [ceil lo, floor hi]; false when one holds no integer
// (the sub-box has no point of the claim).
bool cut_to_integers(std::vector<BoxAxis>& axes, const std::vector<bool>& integer_axes) {
  for (std::size_t j = 0; j < axes.size() && j < integer_axes.size(); ++j) {
    if (!integer_axes[j]) continue;
    axes[j].lo = ceil_of(axes[j].lo);
    axes[j].hi = floor_of(axes[j].hi);
    if (axes[j].lo > axes[j].hi) return false;
  }
  return true;
}

// The balls of df/dx_j over the sub-box `balls`; an exact 0 for an axis fixed to a face.
std::vector<Ball> gradient_balls(const BoxFunction& fn, const std::vector<BoxAxis>& axes,
                                 const std::vector<Ball>& balls, slong bits) {
  std::vector<Ball> slopes(axes.size());
  for (std::size_t j = 0; j < axes.size(); ++j)
    if (axes[j].lo != axes[j].hi) slopes[j] = fn.gradient[j]->evaluate(balls, bits);
  return slopes;
}

bool has_jump(const BallExpression& f) {
  for (const Instruction& ins : f.program().code)
    if (is_jump(ins)) return true;
  return false;
}

// Every relu, step and abs argument's ball of one strict sign (the signs BallExpression::evaluate
// writes): then f equals its branch form on the sub-box, smooth wherever that form is.
bool kinks_keep_their_signs(const std::vector<int>& signs) {
  return std::none_of(signs.begin(), signs.end(), [](int s) { return s == 0; });
}

// The Taylor test at a vanishing face: f(x) = (x_j - v)^k / k! * f^(k)(xi) with xi between
// v and x_j (f^(1..k-1) vanish on x_j = v), so f has the sign of (x_j - v)^k times the
// ball of f^(k) over the sub-box stretched along x_j to v. On the face itself f = 0, which
// settles >= 0 but never > 0.
bool settled_by_vanishing_face(const BallExpression& f, const VanishingFace& face, const std::vector<BoxAxis>& whole,
                               const std::vector<BoxAxis>& axes, const std::vector<Ball>& balls, Relation relation,
                               slong bits) {
  const numeric v = face.upper ? whole[face.axis].hi : whole[face.axis].lo;
  const BoxAxis& a = axes[face.axis];
  const bool touches_face = face.upper ? a.hi == v : a.lo == v;
  if (relation == Relation::Positive && touches_face) return false;
  std::vector<Ball> stretched = balls;
  stretched[face.axis] = axis_ball(face.upper ? BoxAxis{a.lo, v} : BoxAxis{v, a.hi}, bits);
  std::vector<int> f_signs, d_signs;
  Ball d = face.derivative->evaluate(stretched, bits, &d_signs);
  if (!d.finite()) return false;
  // f itself finite on the stretched sub-box as well (the remainder's segment), and k times
  // differentiable there: every kink's argument of one sign on it (f equals its branch form)
  if (!f.evaluate(stretched, bits, &f_signs).finite()) return false;
  if (!kinks_keep_their_signs(f_signs) || !kinks_keep_their_signs(d_signs)) return false;
  if (face.upper && face.order % 2 == 1) arb_neg(d.get(), d.get());  // (x_j - v)^k < 0 for odd k
  return relation == Relation::Positive ? d.positive() : d.nonnegative();
}

}  // namespace

Ball axis_ball(const BoxAxis& a, slong bits) {
  if (a.lo == a.hi) return Ball::from_numeric(a.lo, bits);
  const Ball lo = Ball::from_numeric(a.lo, bits), hi = Ball::from_numeric(a.hi, bits);
  Ball out;
  arb_union(out.get(), lo.get(), hi.get(), bits);
  return out;
}

std::vector<Ball> box_balls(const std::vector<BoxAxis>& box, slong bits) {
  std::vector<Ball> out;
  out.reserve(box.size());
  for (const BoxAxis& a : box) out.push_back(axis_ball(a, bits));
  return out;
}

BoxResult certify_sign_on_box(const BoxFunction& fn, const std::vector<BoxAxis>& box, Relation relation,
                              std::size_t max_boxes) {
  if (!fn.f || fn.f->variable_count() != box.size())
    throw std::invalid_argument("certify_sign_on_box: the box has the wrong dimension");
  for (const BoxAxis& a : box)
    if (a.lo > a.hi) throw std::invalid_argument("certify_sign_on_box: an axis with lo > hi");
  // the monotonicity test needs f continuous on the sub-box: no step (a jump), or every kink's
  // argument of one sign there; the mean value form needs f continuously differentiable there:
  // no relu, step or abs, or every kink's argument of one sign; the Taylor test, f k times
  // differentiable on the sub-box stretched to the face: likewise (settled_by_vanishing_face)
  const bool gradient = fn.gradient.size() == box.size() &&
                        std::all_of(fn.gradient.begin(), fn.gradient.end(), [](auto* g) { return g != nullptr; });
  const bool jump = has_jump(*fn.f), kinks = fn.f->switch_count() > 0;
  bool monotonicity = gradient && !jump, smooth = gradient && !kinks;
  for (const VanishingFace& face : fn.vanishing_faces)
    if (!face.derivative || face.axis >= box.size() || face.order < 1 ||
        face.derivative->variable_count() != box.size())
      throw std::invalid_argument("certify_sign_on_box: a vanishing face without its derivative or axis");
  BoxResult result;
  std::vector<SubBox> stack{{box, 0}};
  while (!stack.empty()) {
    if (result.boxes >= max_boxes) {
      result.outcome = BoxOutcome::Undecided;
      result.open_box = stack.back().axes;
      result.reason = "the budget of " + std::to_string(max_boxes) + " sub-boxes ran out";
      return result;
    }
    SubBox current = std::move(stack.back());
    stack.pop_back();
    ++result.boxes;
    if (!cut_to_integers(current.axes, fn.integer_axes)) continue;  // no point of the claim here
    const slong bits = std::min(kMaxBits, kStartBits + kBitsPerHalving * current.halvings);
    bool settled = false;
    // the sub-box's balls, and (once computed for it) its gradient balls and the value at
    // its centre: the monotonicity test, the mean value form, the centre's counterexample
    // test and the split's smear share them
    std::vector<Ball> balls, slopes;
    std::optional<Ball> at_centre;
    for (;;) {  // reduce by the monotonicity test until the sub-box settles or must be split
      balls = box_balls(current.axes, bits);
      slopes.clear();
      at_centre.reset();
      std::vector<int> signs;
      const Ball value = fn.f->evaluate(balls, bits, &signs);
      const bool branches = kinks_keep_their_signs(signs);  // f is its branch form on the sub-box
      monotonicity = gradient && (!jump || branches);
      smooth = gradient && (!kinks || branches);
      if (inside(value, relation)) {
        settled = true;
        break;
      }
      if (std::any_of(fn.vanishing_faces.begin(), fn.vanishing_faces.end(), [&](const VanishingFace& face) {
            return settled_by_vanishing_face(*fn.f, face, box, current.axes, balls, relation, bits);
          })) {
        ++result.by_taylor;
        settled = true;
        break;
      }
      const bool point = std::all_of(current.axes.begin(), current.axes.end(),
                                     [](const BoxAxis& a) { return a.lo == a.hi; });
      const bool face = std::any_of(current.axes.begin(), current.axes.end(),
                                    [](const BoxAxis& a) { return a.lo == a.hi; });
      if (face && !point && relation == Relation::Nonnegative && value.finite() && value.contains_zero() &&
          fn.exact_zero_at) {
        std::vector<std::optional<numeric>> fixed;
        for (const BoxAxis& a : current.axes) fixed.push_back(a.lo == a.hi ? std::optional<numeric>(a.lo) : std::nullopt);
        if (fn.exact_zero_at(fixed)) {
          settled = true;
          break;
        }
      }
      if (point) {
        std::vector<numeric> at;
        std::vector<std::optional<numeric>> fixed;
        for (const BoxAxis& a : current.axes) at.push_back(a.lo), fixed.push_back(a.lo);
        if (outside(value, relation)) {
          result.outcome = BoxOutcome::Counterexample;
          result.point = at;
          result.value = value;
          return result;
        }
        if (relation == Relation::Nonnegative && value.finite() && value.contains_zero() && fn.exact_zero_at &&
            fn.exact_zero_at(fixed)) {
          settled = true;
          break;
        }
        result.outcome = BoxOutcome::Undecided;
        result.open_box = current.axes;
        result.reason = value.finite() ? "f touches 0 at a point where it is not exactly 0 by a symbolic test"
                                       : "f is not defined (or not finite) at a point of the box";
        return result;
      }
      if (!monotonicity || !value.finite()) break;
      slopes = gradient_balls(fn, current.axes, balls, bits);
      const bool slopes_finite =
          std::all_of(slopes.begin(), slopes.end(), [](const Ball& g) { return g.finite(); });
      // mean value form: f(x) in f(c) + sum_j df/dx_j(box) (x_j - c_j) for every x of the
      // sub-box (f is C^1 there: no kink, f and its gradient finite on the whole sub-box)
      if (smooth && slopes_finite) {
        const std::vector<numeric> c = centre_of(current.axes);  // the real centre: a mean value form
        const Ball centre_value = (*fn.f)(c, bits);
        // the counterexample test below uses the same centre unless an axis is an integer one
        if (std::none_of(fn.integer_axes.begin(), fn.integer_axes.end(), [](bool b) { return b; }))
          at_centre = centre_value;
        Ball mean_value = centre_value;
        for (std::size_t j = 0; j < current.axes.size(); ++j) {
          if (current.axes[j].lo == current.axes[j].hi) continue;
          Ball offset;
          const Ball centre = Ball::from_numeric(c[j], bits);
          arb_sub(offset.get(), balls[j].get(), centre.get(), bits);
          arb_addmul(mean_value.get(), slopes[j].get(), offset.get(), bits);
        }
        if (inside(mean_value, relation)) {
          settled = true;
          break;
        }
      }
      bool reduced = false;
      for (std::size_t j = 0; j < current.axes.size() && !reduced; ++j) {
        if (current.axes[j].lo == current.axes[j].hi) continue;
        const Ball& slope = slopes[j];
        if (!slope.finite()) continue;
        if (slope.is_zero()) {  // f does not depend on x_j on the sub-box: any face will do
          current.axes[j].hi = current.axes[j].lo;
          reduced = true;
        } else if (slope.positive()) {
          current.axes[j].hi = current.axes[j].lo;  // the minimum is on the face x_j = lo
          reduced = true;
        } else if (slope.negative()) {
          current.axes[j].lo = current.axes[j].hi;
          reduced = true;
        }
      }
      if (!reduced) break;
      ++result.reduced;
    }
    if (settled) continue;
    // a certified counterexample at the centre?
    const std::vector<numeric> centre = centre_of(current.axes, fn.integer_axes);
    if (!at_centre) at_centre = (*fn.f)(centre, bits);
    if (outside(*at_centre, relation)) {
      result.outcome = BoxOutcome::Counterexample;
      result.point = centre;
      result.value = *at_centre;
      return result;
    }
    // split along the axis of largest smear |df/dx_j| (hi_j - lo_j) (Hansen 1992, sec. 5.8)
    // where the gradient is finite, else the widest axis relative to the whole box
    if (monotonicity && slopes.empty()) slopes = gradient_balls(fn, current.axes, balls, bits);
    std::size_t axis = 0;
    double widest = -1, smear = -1;
    for (std::size_t j = 0; j < current.axes.size(); ++j) {
      const double w = relative_width(current.axes[j], box[j]);
      widest = std::max(widest, w);
      if (!monotonicity || w == 0) continue;
      const Ball& slope = slopes[j];
      if (!slope.finite()) {
        smear = -1;
        break;
      }
      mag_t bound;
      mag_init(bound);
      arb_get_mag(bound, slope.get());
      const double s = mag_get_d(bound) * (current.axes[j].hi - current.axes[j].lo).to_double();
      mag_clear(bound);
      if (s > smear) smear = s, axis = j;
    }
    // no finite gradient, or an axis already far narrower than the widest: the widest axis
    if (smear <= 0 || relative_width(current.axes[axis], box[axis]) * kMaxAspect < widest) {
      double w_max = -1;
      for (std::size_t j = 0; j < current.axes.size(); ++j) {
        const double w = relative_width(current.axes[j], box[j]);
        if (w > w_max) w_max = w, axis = j;
      }
    }
    if (widest <= std::ldexp(1.0, -kMaxHalvings)) {
      result.outcome = BoxOutcome::Undecided;
      result.open_box = current.axes;
      result.reason = "a sub-box of relative width 2^-200 is not settled (f is 0 or undefined there)";
      return result;
    }
    const numeric m = split_point(current.axes[axis]);
    SubBox left = current, right = std::move(current);
    left.axes[axis].hi = m;
    right.axes[axis].lo = m;
    const int halvings = std::max(left.halvings, static_cast<int>(-std::log2(std::max(widest, 1e-300))) + 1);
    left.halvings = right.halvings = halvings;
    stack.push_back(std::move(right));
    stack.push_back(std::move(left));
  }
  result.outcome = BoxOutcome::Proved;
  return result;
}

numeric floor_of(const numeric& x) {
  numeric q = GiNaC::iquo(x.numer(), x.denom());  // truncated toward 0
  if (q > x) q -= 1;
  return q;
}

numeric ceil_of(const numeric& x) {
  numeric q = GiNaC::iquo(x.numer(), x.denom());
  if (q < x) q += 1;
  return q;
}

std::string box_text(const std::vector<BoxAxis>& box, int digits) {
  const auto text = [&](const numeric& v) {
    std::ostringstream s;
    if (digits > 0) {
      s.precision(digits);
      s << v.to_double();
    } else {
      s << v;
    }
    return s.str();
  };
  std::string out;
  for (std::size_t j = 0; j < box.size(); ++j)
    out += (j ? " x " : "") + std::string("[") + text(box[j].lo) + ", " + text(box[j].hi) + "]";
  return out;
}

}  // namespace attnverify::num
