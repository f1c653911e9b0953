#include "src/properties/property_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <set>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/box_branch_and_bound.hpp"
#include "numerics/compiled_expression.hpp"
#include "numerics/extremum_search.hpp"
#include "numerics/limit_extrapolation.hpp"
#include "numerics/sparsity_estimate.hpp"
#include "proofs/canonical_form.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/limits.hpp"
#include "proofs/norm_ratio.hpp"
#include "proofs/positivity.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "src/properties/lattice_checks.hpp"
#include "src/properties/ratio_reduction.hpp"
#include "numerics/counterexample_search.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/claim_points.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;
using num::Real;

namespace {

/// Extrema: a numeric infimum or supremum is reported as the rational p/q with
/// q <= kSnapDenominator when it lies within kSnapRelTol (relative) of it, so that a
/// claimed rational extremum (such as 1/2) can be compared exactly.
constexpr long kSnapDenominator = 12;
constexpr double kSnapRelTol = 1e-10;
/// Extrema: an optimum within kEndpointRelTol (relative to the box width + 1) of a box
/// end is the end itself, so that the range's (possibly infinite) end is reported.
constexpr double kEndpointRelTol = 1e-12;
/// Figures in findings: significant digits of a decimal shown beside an exact value.
constexpr int kShownDigits = 12;
/// Norm ratio r = ||q||_2 / ||q||_1: random points of the simplex that must stay within
/// [1/sqrt(d), 1] (a check of the derivation), and the rounding allowance of that
/// double-precision test.
constexpr int kNormRatioDraws = 10000;
constexpr double kNormRatioRoundingTol = 1e-12;
/// Branch-and-bound on a box: sub-boxes examined before the check is left to the search.
constexpr std::size_t kBoxBudget = 20000;
/// Monotonicity: sub-boxes per candidate (d log S/dp as written and in normal form, then
/// dS/dp in normal form).
constexpr std::size_t kMonotoneBoxBudget = 2000;
/// Branch-and-bound work: instructions of f and its gradient per run (about 2 s on the
/// reference machine for the erf-heavy kernels), and the fewest sub-boxes a run gets.
constexpr std::size_t kBoxWork = 2000000;
constexpr std::size_t kMinBoxes = 200;
/// Expressions (S, a derivative) with more nodes than this get no symbolic gradient, normal
/// form or logarithmic derivative: GiNaC's cost there has no bound (60 relu kinks ran out
/// of memory). Branch-and-bound still runs, without the monotonicity test.
constexpr std::size_t kMaxGradientNodes = 4000;
/// The Taylor test at a face of the box where f vanishes (numerics/box_branch_and_bound.hpp):
/// the highest order tried (dS/dbeta of an even S vanishes to order 3 on beta = 0).
constexpr int kMaxVanishingOrder = 4;

// The outcome of one check of a property.
struct Part {
  Verdict verdict = Verdict::Inconclusive;
  std::string method;
  std::string finding;  ///< one or two sentences with the figures
  NamedValues point;    ///< counterexample or the point that decides
  NamedValues values;
  std::optional<double> digits;
  bool certified = false;  ///< a disagree: its counterexample is certified by balls
  Evidence evidence;       ///< what this check established (src/verdicts/evidence.hpp)
};

std::vector<ex> parameter_symbols(const Spec& spec) {
  std::vector<ex> out;
  for (const auto& name : spec.property_parameters()) out.push_back(sym::symbols().by_name(name));
  return out;
}

// Whether two exact numbers are equal: symbolically if possible, else to P - 5 digits.
// Returns the digits of agreement (P + 10 when proved equal).
double agreement(const ex& a, const ex& b, unsigned digits) {
  if (sym::is_identically_zero(a - b)) return num::Precision{digits}.guarded();
  const num::Evaluation x = num::AdaptiveEvaluator(a, {}, digits)({});
  const num::Evaluation y = num::AdaptiveEvaluator(b, {}, digits)({});
  if (!x.converged || !y.converged) return std::numeric_limits<double>::quiet_NaN();
  num::ScopedPrecision scope(std::max(x.precision, y.precision));
  return num::digits_of_agreement(x.value, y.value, num::Precision{digits}.guarded());
}

std::string decimal(const ex& e, unsigned digits, unsigned shown) {
  const num::Evaluation v = num::AdaptiveEvaluator(e, {}, digits)({});
  if (!v.converged) return "(not evaluated: " + v.failure + ")";
  num::ScopedPrecision scope(v.precision);
  return num::to_decimal(v.value, shown);
}

// The check's `over` ranges in the order of the variant's parameters.
std::vector<num::SearchAxis> box_of(const Spec& spec, const PropertyCheck& c,
                                    std::vector<std::pair<numeric, numeric>>& ranges) {
  std::vector<num::SearchAxis> box;
  for (const auto& name : spec.property_parameters())
    for (const auto& [key, range] : c.over)
      if (key == name) {
        ranges.push_back(range);
        box.push_back({num::to_real(range.first), num::to_real(range.second)});
      }
  return box;
}

// The check's `over` ranges as an exact box in the order of the variant's parameters;
// empty when some parameter has no range (the box does not fix every coordinate).
std::vector<num::BoxAxis> exact_box(const std::vector<std::pair<numeric, numeric>>& ranges, std::size_t dims) {
  std::vector<num::BoxAxis> box;
  if (ranges.size() != dims) return box;
  for (const auto& [lo, hi] : ranges) box.push_back({lo, hi});
  return box;
}

// "beta in [-10, 10] x gamma in [0.001, 1000]": the check's box with exact ends.
std::string named_box_text(const std::vector<std::string>& names,
                           const std::vector<std::pair<numeric, numeric>>& ranges) {
  std::string text;
  for (std::size_t k = 0; k < names.size() && k < ranges.size(); ++k)
    text += (k ? " x " : "") + names[k] + " in [" + exact_text(ranges[k].first) + ", " +
            exact_text(ranges[k].second) + "]";
  return text;
}

// The method of a check decided by branch-and-bound; claim_ledger.cpp reads its prefix
// "certified on the box" as a proof on the box.
std::string certified_on(const std::string& box_text) {
  return "certified on the box " + box_text + " (Arb branch-and-bound)";
}

// Why the box leaves the variant's domain (a gamma <= 0, a lambda > 1, an snr <= 0, an r > 1;
// a range of n without an integer), or "": S and its symbols assume the domain (gamma is a
// positive symbol, so sqrt(gamma^2) = gamma), and a box outside it would be decided for a
// formula that is not the variant's S there. A parameter the domain does not name cannot be
// checked, so its box is not decided either (docs/history.md, issue 42, H4).
std::string box_outside_domain(const Spec& spec, const std::vector<std::string>& names,
                               const std::vector<std::pair<numeric, numeric>>& ranges) {
  const ClaimGeometry geometry = spec.kind->claim_geometry(spec, true);
  const sym::ParameterDomain domain = geometry.property_domain.value_or(geometry.domain);
  for (std::size_t k = 0; k < names.size() && k < ranges.size(); ++k) {
    if (std::none_of(domain.variables.begin(), domain.variables.end(), [&](const sym::DomainVariable& v) {
          return v.symbol.is_equal(sym::symbols().by_name(names[k]));
        }))
      return "the variant's domain (" + domain.description + ") gives no range of " + names[k] +
             ", so the box cannot be checked against it";
    for (const sym::DomainVariable& v : domain.variables) {
      if (!v.symbol.is_equal(sym::symbols().by_name(names[k]))) continue;
      const auto below = [&](const numeric& x) {
        if (!std::isfinite(v.range.lo)) return false;
        const numeric end(v.range.lo);
        return v.range.lo_open ? x <= end : x < end;
      };
      const auto above = [&](const numeric& x) {
        if (!std::isfinite(v.range.hi)) return false;
        const numeric end(v.range.hi);
        return v.range.hi_open ? x >= end : x > end;
      };
      if (below(ranges[k].first) || above(ranges[k].second))
        return "the box's range of " + names[k] + ", [" + exact_text(ranges[k].first) + ", " +
               exact_text(ranges[k].second) + "], leaves the variant's domain (" + domain.description + ")";
      if (v.integer && num::ceil_of(ranges[k].first) > num::floor_of(ranges[k].second))
        return "the box's range of " + names[k] + ", [" + exact_text(ranges[k].first) + ", " +
               exact_text(ranges[k].second) + "], holds no integer, so no point of the variant's domain (" +
               domain.description + ")";
    }
  }
  return "";
}

// The domain of the properties' parameters (ClaimGeometry::property_domain, else the claims'),
// and the variable of `name` in it, or null when the domain does not name it.
const sym::DomainVariable* domain_variable(const sym::ParameterDomain& domain, const std::string& name) {
  for (const sym::DomainVariable& v : domain.variables)
    if (v.symbol.is_equal(sym::symbols().by_name(name))) return &v;
  return nullptr;
}

sym::ParameterDomain property_domain(const Spec& spec) {
  const ClaimGeometry geometry = spec.kind->claim_geometry(spec, true);
  return geometry.property_domain.value_or(geometry.domain);
}

// Why a limit's fixed values or its approach leave the variant's domain, or "": each fixed
// value must be a point of its parameter's range (an integer for n), and the parameter must be
// able to tend to 0 or infinity there (r <= 1 cannot tend to infinity, n >= 1 not to 0).
std::string limit_outside_domain(const Spec& spec, const PropertyCheck& c) {
  const sym::ParameterDomain domain = property_domain(spec);
  for (const auto& [name, values] : c.at) {
    const sym::DomainVariable* v = domain_variable(domain, name);
    if (!v) return "the variant's domain (" + domain.description + ") gives no range of " + name;
    for (const numeric& x : values) {
      const bool below = std::isfinite(v->range.lo) && (v->range.lo_open ? x <= numeric(v->range.lo) : x < numeric(v->range.lo));
      const bool above = std::isfinite(v->range.hi) && (v->range.hi_open ? x >= numeric(v->range.hi) : x > numeric(v->range.hi));
      if (below || above || (v->integer && !x.is_integer()))
        return name + " = " + exact_text(x) + " is not a point of the variant's domain (" + domain.description + ")";
    }
  }
  const sym::DomainVariable* p = domain_variable(domain, c.parameter);
  if (!p) return "the variant's domain (" + domain.description + ") gives no range of " + c.parameter;
  const bool to_zero = c.to == "0";
  if (to_zero ? !(p->range.lo <= 0 && p->range.hi >= 0) || p->integer : std::isfinite(p->range.hi))
    return c.parameter + " cannot tend to " + (to_zero ? "0" : "infinity") + " in the variant's domain (" +
           domain.description + ")";
  return "";
}

// Whether a property parameter takes integer values only: a sequence's length n
// (sym::sequence_domain; the only integer parameter of any kind's properties).
bool is_integer_parameter(const ex& x) { return x.is_equal(sym::symbols().n); }

// The number of nodes of e, counted up to `cap` (then cap).
std::size_t tree_size(const ex& e, std::size_t cap) {
  std::size_t n = 0;
  for (auto it = e.preorder_begin(); it != e.preorder_end() && n < cap; ++it) ++n;
  return n;
}

std::vector<numeric> centre_of_box(const std::vector<num::BoxAxis>& box) {
  std::vector<numeric> c;
  for (const num::BoxAxis& a : box) c.push_back((a.lo + a.hi) / 2);
  return c;
}

// d = 0 identically on the hyperplane x_j = v: first the balls of d at two points of the
// box's section there must contain 0 (cheap, and it spares the symbolic zero test, whose
// normal form can take minutes, where d is plainly not 0), then the symbolic zero test.
bool vanishes_on(const ex& d, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box, std::size_t j,
                 const numeric& v) {
  try {
    std::vector<numeric> at_centre = centre_of_box(box), near_corner = at_centre;
    at_centre[j] = near_corner[j] = v;
    for (std::size_t i = 0; i < box.size(); ++i)
      if (i != j) near_corner[i] = (3 * box[i].lo + box[i].hi) / 4;
    const num::BallExpression ball(d, symbols);
    for (const auto& point : {at_centre, near_corner}) {
      const num::Ball value = ball(point, 128);
      if (value.finite() && !value.contains_zero()) return false;
    }
    return tree_size(d, kMaxGradientNodes) < kMaxGradientNodes &&
           sym::is_identically_zero(d.subs(symbols[j] == v));
  } catch (const std::exception&) {  // undefined there, or not compilable
    return false;
  }
}

// f > 0 or f >= 0 on the box by Arb branch-and-bound (numerics/box_branch_and_bound.hpp),
// with f's gradient for the monotonicity test where it compiles, and an exact zero of f
// at a point decided symbolically. Undecided (never throws) where f does not compile. On an
// integer parameter (n) only its integers count, unless f is a derivative in that parameter
// (`derivative_in`), whose sign must hold on the whole real interval.
num::BoxResult certify_on_whole_box(const ex& f, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box,
                                    num::Relation relation, std::size_t budget, const ex& derivative_in) {
  num::BoxResult undecided;
  if (box.size() != symbols.size() || box.empty()) {
    undecided.reason = "the box does not give a range for every parameter";
    return undecided;
  }
  std::optional<num::BallExpression> compiled;
  try {
    compiled.emplace(f, symbols);
  } catch (const std::exception& err) {
    undecided.reason = std::string("not evaluable in ball arithmetic: ") + err.what();
    return undecided;
  }
  std::vector<num::BallExpression> slopes;
  try {
    // a large f gets no gradient: its derivatives can be far larger (60 kinks: gigabytes)
    if (tree_size(f, kMaxGradientNodes) < kMaxGradientNodes)
      for (const ex& x : symbols) slopes.emplace_back(f.diff(GiNaC::ex_to<GiNaC::symbol>(x)), symbols);
  } catch (const std::exception&) {
    slopes.clear();  // no monotonicity test
  }
  num::BoxFunction fn;
  fn.f = &*compiled;
  for (const auto& s : slopes) fn.gradient.push_back(&s);
  // a sequence's length n is an integer: the box holds the integers of its n range only, and a
  // counterexample is a sequence (docs/history.md, issue 42, L4). Not for a derivative in n: its
  // sign at the integers says nothing of S between them, and S_n <= S_(n+1) follows from
  // dS/dn >= 0 on the whole real interval only (a dip between integers was certified increasing)
  for (const ex& x : symbols) fn.integer_axes.push_back(is_integer_parameter(x) && !x.is_equal(derivative_in));
  // exact zeros on faces, decided once per face (the same face recurs across sub-boxes)
  std::map<std::string, bool> zero_faces;
  fn.exact_zero_at = [&](const std::vector<std::optional<numeric>>& fixed) {
    GiNaC::lst face;
    std::string key;
    for (std::size_t k = 0; k < symbols.size(); ++k) {
      key += (fixed[k] ? exact_text(*fixed[k]) : std::string("*")) + ",";
      if (fixed[k]) face.append(symbols[k] == *fixed[k]);
    }
    const auto known = zero_faces.find(key);
    if (known != zero_faces.end()) return known->second;
    bool zero = false;
    try {
      zero = sym::is_identically_zero(f.subs(face));
    } catch (const std::exception&) {
    }
    return zero_faces[key] = zero;
  };
  // faces of the box where f vanishes identically to order k in the face's axis (f and
  // d^j f/dx^j, j < k, are 0 there by the symbolic zero test), for the Taylor test
  std::vector<num::BallExpression> face_derivatives;
  std::vector<num::VanishingFace> faces;
  if (compiled->switch_count() == 0 && slopes.size() == symbols.size()) {
    face_derivatives.reserve(2 * symbols.size());  // no reallocation: faces point into it
    for (std::size_t j = 0; j < symbols.size(); ++j) {
      if (box[j].lo == box[j].hi) continue;
      const GiNaC::symbol& x = GiNaC::ex_to<GiNaC::symbol>(symbols[j]);
      for (const bool upper : {false, true}) {
        const numeric v = upper ? box[j].hi : box[j].lo;
        try {
          const auto vanishes = [&](const ex& d) { return vanishes_on(d, symbols, box, j, v); };
          ex d = f;
          int order = 0;
          bool zero = vanishes(d);
          while (zero && order < kMaxVanishingOrder) {
            d = d.diff(x), ++order;
            zero = vanishes(d);
          }
          if (order == 0 || zero) continue;
          face_derivatives.emplace_back(d, symbols);
          faces.push_back({j, upper, order, &face_derivatives.back()});
        } catch (const std::exception&) {  // undefined on the face, or not compilable: no test
        }
      }
    }
  }
  fn.vanishing_faces = faces;
  // the budget in sub-boxes, cut so that one run costs at most kBoxWork instructions of
  // f and its gradient (a large derivative gets fewer sub-boxes)
  std::size_t work = compiled->program().code.size();
  for (const auto& slope : slopes) work += slope.program().code.size();
  const std::size_t boxes = std::max<std::size_t>(kMinBoxes, std::min(budget, kBoxWork / std::max<std::size_t>(work, 1)));
  const num::BoxResult out = num::certify_sign_on_box(fn, box, relation, boxes);
  return out;
}

// The same, with the box first cut at 0 on each axis whose range holds 0 inside and where f
// vanishes identically on x_j = 0 (dS/dgamma of an even S of beta/gamma is 0 on t = 0): each
// half then has that face, where the Taylor test applies. Proved when every part is; the
// first counterexample, else the first undecided part, otherwise.
num::BoxResult certify_on_box(const ex& f, const std::vector<ex>& symbols, const std::vector<num::BoxAxis>& box,
                              num::Relation relation, std::size_t budget = kBoxBudget, const ex& derivative_in = ex()) {
  if (box.size() == symbols.size())
    for (std::size_t j = 0; j < box.size(); ++j) {
      if (!(box[j].lo.is_negative() && box[j].hi.is_positive()) || !vanishes_on(f, symbols, box, j, 0)) continue;
      std::vector<num::BoxAxis> below = box, above = box;
      below[j].hi = 0;
      above[j].lo = 0;
      num::BoxResult first = certify_on_box(f, symbols, below, relation, budget, derivative_in);
      if (first.outcome != num::BoxOutcome::Proved) return first;
      num::BoxResult second = certify_on_box(f, symbols, above, relation, budget, derivative_in);
      second.boxes += first.boxes;
      second.reduced += first.reduced;
      second.by_taylor += first.by_taylor;
      return second;
    }
  return certify_on_whole_box(f, symbols, box, relation, budget, derivative_in);
}

// f > 0 or f >= 0 on the box for an f that depends on the point through S alone (`of_S`
// builds it from S): where S(beta, gamma) = S_t(beta/gamma) is proved
// (src/properties/ratio_reduction.hpp), first in one variable over t's interval, the image
// of the box (f = of_S(S_t) there, exactly), a counterexample mapped to a point of the box
// with that t; else, or when that is undecided, on the box. `route` says which.
num::BoxResult certify_function_of_S(const std::function<ex(const ex&)>& of_S, const ex& S,
                                     const std::vector<std::string>& names, const std::vector<ex>& symbols,
                                     const std::vector<num::BoxAxis>& box, num::Relation relation, std::string& route) {
  route.clear();
  if (names == std::vector<std::string>{"beta", "gamma"})
    if (const auto ratio = reduce_to_ratio(S, symbols[0], symbols[1], box)) {
      num::BoxResult r = certify_on_box(of_S(ratio->S_t), {ratio->t}, {ratio->range}, relation);
      if (r.outcome != num::BoxOutcome::Undecided) {
        if (r.outcome == num::BoxOutcome::Counterexample) r.point = point_with_ratio(r.point[0], box);
        route = ", over t = beta/gamma in " + num::box_text({ratio->range}) + " as S(beta, gamma) = S_t(t)";
        return r;
      }
    }
  return certify_on_box(of_S(S), symbols, box, relation);
}

NamedValues exact_point_values(const std::vector<std::string>& names, const std::vector<numeric>& at) {
  NamedValues out;
  for (std::size_t k = 0; k < names.size(); ++k) out.emplace_back(names[k], exact_text(at[k]));
  return out;
}

std::string ball_text(const num::Ball& b) { return "[" + b.midpoint_text(12) + " +/- " + b.radius_text() + "]"; }

// A search and a branch-and-bound certificate that contradict each other: a defect of
// attnverify, inconclusive with both findings.
Part conflict(Part part, const std::string& what) {
  part.verdict = Verdict::Inconclusive;
  part.evidence = {};
  part.finding += " But " + what + " contradicts this (a defect in attnverify).";
  return part;
}

num::Ball negated(const num::Ball& b) {
  num::Ball out;
  arb_neg(out.get(), b.get());
  return out;
}

// A dyadic rational in (x/2, x] for x > 0 (0 for x <= 0 or not finite).
numeric dyadic_below(double x) {
  if (!(x > 0) || !std::isfinite(x)) return 0;
  int exponent = 0;
  std::frexp(x, &exponent);  // x in [2^(exponent-1), 2^exponent)
  return numeric(2).power(exponent - 1);
}

// The exact value of an MPFR number, as a rational m 2^e.
numeric exact_rational(const Real& v) {
  mpz_t m;
  mpz_init(m);
  const long e = mpfr_get_z_2exp(m, v.backend().data());
  char* digits = mpz_get_str(nullptr, 10, m);
  const numeric mantissa(digits);
  void (*release)(void*, size_t);
  mp_get_memory_functions(nullptr, nullptr, &release);
  release(digits, std::strlen(digits) + 1);
  mpz_clear(m);
  return mantissa * numeric(2).power(e);
}

std::string undecided_note(const num::BoxResult& r) {
  if (r.open_box.empty()) return " Not certified (numeric evidence): " + r.reason + ".";
  return " Not certified (numeric evidence): Arb branch-and-bound left the sub-box about " + num::box_text(r.open_box, 8) +
         " undecided after " + std::to_string(r.boxes) + " sub-boxes (" + r.reason + ").";
}

// ---------------------------------------------------------------- even
Part check_even(const Spec& spec, const PropertyCheck& c, const ex& S, const RunOptions& options) {
  Part part;
  const unsigned digits = options.digits;
  // S(-p) is S only where -p is a point of the domain too: p's range must be symmetric about 0
  // (beta in R; not gamma > 0, lambda in (0, 1], snr > 0)
  const sym::ParameterDomain property_range = property_domain(spec);
  const sym::DomainVariable* range = domain_variable(property_range, c.parameter);
  if (!range || range->integer || range->range.lo != -range->range.hi || range->range.lo_open != range->range.hi_open) {
    part.method = "none";
    part.finding = "the variant's domain (" + property_range.description + ") is not symmetric in " + c.parameter +
                   ", so S(-" + c.parameter + ") is not S at a point of it: evenness in " + c.parameter +
                   " is not decided.";
    return part;
  }
  const ex p = sym::symbols().by_name(c.parameter);
  const ex mirrored = S.subs(p == -p);
  const bool proved = sym::is_identically_zero(S - mirrored);
  const ClaimDomain domain = claim_domain(spec, options.seed_for(std::nullopt));
  const auto symbols = parameter_symbols(spec);
  const num::AdaptiveEvaluator at(S, symbols, digits), at_mirror(mirrored, symbols, digits);
  double worst = std::numeric_limits<double>::infinity();
  std::string failure;
  for (const ClaimPoint& point : domain.points) {
    if (!point.rational) continue;  // a case or vector, not a point of S's parameters
    const num::Evaluation a = at(*point.rational), b = at_mirror(*point.rational);
    if (!a.converged || !b.converged) {
      failure = "S did not evaluate at " + describe_point(point.where);
      continue;
    }
    num::ScopedPrecision scope(std::max(a.precision, b.precision));
    const double agree = num::digits_of_agreement(a.value, b.value, num::Precision{digits}.guarded());
    if (agree < worst) {
      worst = agree;
      part.digits = agree;
      part.point = point.where;
      part.values = {{"S", num::to_decimal(a.value, digits)}, {"S_mirrored", num::to_decimal(b.value, digits)}};
    }
  }
  const double need = required_digits(digits);
  if (proved && worst >= need && failure.empty()) {
    part.verdict = Verdict::Agree;
    part.method = "symbolic";
    part.evidence = {EvidenceLevel::ProvedWholeDomain,
                     fmt::format("S(-{0}) = S({0}) on {1}", c.parameter, property_range.description)};
    part.finding =
        fmt::format("S(-{0}) - S({0}) simplifies to 0 (erf is odd); confirmed at {1} (worst {2:.1f} digits).",
                    c.parameter, domain.description, worst);
  } else if (!proved && worst < need && part.digits) {
    part.verdict = Verdict::Disagree;
    part.method = "numeric";
    part.evidence = {EvidenceLevel::NumericEvidence, fmt::format("S(-{0}) != S({0}) at {1} (estimated)", c.parameter,
                                                                 describe_point(part.point))};
    part.finding = fmt::format("S is not even in {}: at {} S = {} but with {} negated S = {}.", c.parameter,
                               describe_point(part.point), part.values[0].second.substr(0, 14), c.parameter,
                               part.values[1].second.substr(0, 14));
  } else if (!proved && failure.empty() && part.digits) {
    part.verdict = Verdict::Agree;
    part.method = "numeric";
    part.evidence = {EvidenceLevel::NumericEvidence, fmt::format("S(-{0}) = S({0}) to {1:.1f} digits at {2}",
                                                                 c.parameter, worst, domain.description)};
    part.finding = fmt::format("No symbolic proof; S(-{0}) = S({0}) at {1} to {2:.1f} digits (numeric evidence).",
                               c.parameter, domain.description, worst);
  } else {
    part.finding = failure.empty() ? "proof and numbers conflict (a defect in attnverify)" : failure;
  }
  return part;
}

// ---------------------------------------------------------------- limit
Part combine(const std::vector<Part>& parts);

Part check_limit(const Spec& spec, const PropertyCheck& c, const PropertyTarget& target, const RunOptions& options) {
  const unsigned digits = options.digits;
  if (const std::string outside = limit_outside_domain(spec, c); !outside.empty()) {
    Part part;
    part.method = "none";
    part.finding = outside + ": not decided.";
    return part;
  }
  const auto& s = sym::symbols();
  const ex p = s.by_name(c.parameter);
  const bool to_zero = c.to == "0";
  // every combination of the fixed values
  std::vector<std::vector<std::pair<std::string, numeric>>> combinations{{}};
  for (const auto& [name, values] : c.at) {
    std::vector<std::vector<std::pair<std::string, numeric>>> next;
    for (const auto& partial : combinations)
      for (const numeric& v : values) {
        auto extended = partial;
        extended.emplace_back(name, v);
        next.push_back(extended);
      }
    combinations = next;
  }
  std::vector<Part> parts;
  // what each agreeing part established: (the limit, where, level), grouped by limit below
  std::vector<std::tuple<std::string, NamedValues, EvidenceLevel>> established;
  for (const auto& fixed : combinations) {
    Part part;
    GiNaC::lst substitution;
    for (const auto& [name, v] : fixed) {
      substitution.append(s.by_name(name) == v);
      part.point.emplace_back(name, exact_text(v));
    }
    const NamedValues fixed_point = part.point;  // the fixed values alone, without the limit's coordinate
    part.point.emplace_back(c.parameter, to_zero ? "-> 0" : "-> infinity");
    const std::string where = describe_point(fixed_point) +
                              (fixed.empty() ? "" : ", ") + c.parameter + " -> " + (to_zero ? "0" : "infinity");
    std::optional<ex> limit;
    std::string how;
    if (target.sequence && c.parameter == "n" && !to_zero) {
      const bool at_one =
          std::any_of(fixed.begin(), fixed.end(), [](const auto& f) { return f.first == "lambda" && f.second == 1; });
      if (at_one) {
        limit = GiNaC::normal(target.sequence->S_at_lambda_one.subs(substitution));
        how = "the derived lambda = 1 case is S_n = " + sym::to_text(*limit);
        if (limit->has(s.n)) limit.reset();
      } else if (target.sequence->asymptote_derived) {
        limit = target.sequence->limit.subs(substitution);
        const ex coefficient = target.sequence->asymptote_coefficient.subs(substitution);
        how = "derived asymptote S_n ~ " + sym::to_text(coefficient) + " n^(" +
              sym::to_text(target.sequence->asymptote_power) + ")";
      }
      if (limit) part.method = "symbolic asymptotics";
    }
    // sequences at lambda = 1: S's form there (its general form is 0/0 at lambda = 1)
    const bool fixed_at_one =
        target.sequence && std::any_of(fixed.begin(), fixed.end(), [](const auto& f) {
          return f.first == "lambda" && f.second == 1;
        });
    const ex g = (fixed_at_one ? target.sequence->S_at_lambda_one : target.S).subs(substitution);
    if (!limit) {
      if (const auto series = sym::series_limit(g, GiNaC::ex_to<GiNaC::symbol>(p),
                                                to_zero ? sym::LimitPoint::Zero : sym::LimitPoint::Infinity)) {
        part.method = "symbolic (series)";
        if (!series->finite) {
          part.verdict = Verdict::Disagree;
          part.evidence = {EvidenceLevel::SymbolicArgument,
                           "S diverges at " + where};
          part.finding = "at " + where + " S diverges (series " + series->expansion + "), not " + c.value_text + ".";
          parts.push_back(part);
          continue;
        }
        limit = series->value;
        how = "series in t = " + std::string(to_zero ? c.parameter : "1/" + c.parameter) + ": " + series->expansion;
      }
    }
    if (limit) {
      const double agree = agreement(*limit, *c.value, digits);
      part.values = {{"limit", sym::to_text(*limit)}, {"claimed", c.value_text}};
      part.digits = agree;
      // proved when the derived limit is the claimed value exactly; a limit derived exactly but
      // compared only in floating point is a symbolic argument
      const bool exactly = !std::isnan(agree) && sym::is_identically_zero(*limit - *c.value);
      const std::string at_fixed = describe_point(fixed_point);
      const std::string lim_text = "S -> " + sym::to_text(*limit) + " as " + c.parameter + " -> " +
                                   (to_zero ? "0" : "infinity") + (fixed.empty() ? "" : " at " + at_fixed);
      if (std::isnan(agree)) {
        part.finding = "at " + where + " the limit " + sym::to_text(*limit) + " could not be compared with the claim.";
      } else if (agree >= required_digits(digits)) {
        part.verdict = Verdict::Agree;
        part.evidence = {exactly ? (fixed.empty() ? EvidenceLevel::ProvedWholeDomain : EvidenceLevel::ProvedOnSubdomain)
                                 : EvidenceLevel::SymbolicArgument,
                         exactly ? lim_text
                                 : fmt::format("{}, equal to the claimed {} to {:.1f} digits", lim_text, c.value_text,
                                               agree)};
        part.finding = "at " + where + " the limit is " + sym::to_text(*limit) + " (" + how + ").";
        established.emplace_back(exactly ? sym::to_text(*limit) : sym::to_text(*limit) + " (= " + c.value_text + " to " +
                                                                      fmt::format("{:.1f}", agree) + " digits)",
                                 fixed_point, part.evidence.level);
      } else {
        part.evidence = {EvidenceLevel::SymbolicArgument,
                         fmt::format("{}, not the claimed {} ({:.1f} digits apart)", lim_text, c.value_text, agree)};
        part.verdict = Verdict::Disagree;
        const std::string exact = sym::to_text(*limit), approx = decimal(*limit, digits, kShownDigits);
        part.finding = "at " + where + " the limit is " + (exact == approx ? exact : exact + " = " + approx) +
                       ", not " + c.value_text + " (" + how + ").";
      }
      parts.push_back(part);
      continue;
    }
    // numeric extrapolation
    part.method = "numeric extrapolation";
    const num::AdaptiveEvaluator claimed_value(*c.value, {}, digits);
    const num::Evaluation L = claimed_value({});
    if (!L.converged) {
      part.finding = "the claimed limit could not be evaluated: " + L.failure;
      parts.push_back(part);
      continue;
    }
    const num::AdaptiveEvaluator along(g, {p}, digits);
    num::ScopedPrecision scope(num::Precision{digits}.guarded());
    const Real claimed = L.value;
    const num::LimitEstimate estimate = num::extrapolate_limit(
        [&](int e) {
          const num::Evaluation value = along({GiNaC::pow(numeric(10), numeric(e))});
          if (!value.converged) throw num::EvaluationError(value.failure);
          return value.value;
        },
        to_zero, claimed, digits);
    // S is positive: a last value of 0 is one that left MPFR's exponent range (or an exact 0)
    part.values = {{"last_value", estimate.last_value == 0
                                      ? std::string("0 after underflow (S > 0 there)")
                                      : num::to_decimal(estimate.last_value, kShownDigits)},
                   {"claimed", c.value_text}};
    switch (estimate.outcome) {
      case num::LimitOutcome::Reached:
      case num::LimitOutcome::PowerLaw:
        part.verdict = Verdict::Agree;
        part.evidence = {EvidenceLevel::NumericEvidence, "S -> " + c.value_text + " at " + where + " (extrapolated)"};
        established.emplace_back(c.value_text + " (extrapolated)", fixed_point,
                                 EvidenceLevel::NumericEvidence);
        part.finding = "at " + where + " S -> " + c.value_text + ": " + estimate.summary + ".";
        break;
      case num::LimitOutcome::SettledElsewhere:
      case num::LimitOutcome::ConvergesElsewhere:  // numeric evidence: the method says extrapolation
        part.verdict = Verdict::Disagree;
        part.evidence = {EvidenceLevel::NumericEvidence,
                         "S does not tend to " + c.value_text + " at " + where + " (extrapolated)"};
        part.finding = "at " + where + " " + estimate.summary + ".";
        break;
      case num::LimitOutcome::Undecided:
        part.finding = "at " + where + ": " + estimate.summary + ".";
        break;
    }
    parts.push_back(part);
  }
  Part out = combine(parts);
  if (out.verdict == Verdict::Agree && established.size() == parts.size()) {
    // one proposition per limit value, its points listed: "S -> 0 as n -> infinity at lambda = 0.5, 0.9"
    std::vector<std::pair<std::string, std::vector<NamedValues>>> by_limit;  // limit, points
    EvidenceLevel level = EvidenceLevel::ProvedWholeDomain;
    for (const auto& entry : established) {  // a tuple, not a structured binding: clang cannot capture those
      const std::string& lim = std::get<0>(entry);
      level = weakest(level, std::get<2>(entry));
      auto it = std::find_if(by_limit.begin(), by_limit.end(), [&lim](const auto& g) { return g.first == lim; });
      if (it == by_limit.end()) by_limit.push_back({lim, {std::get<1>(entry)}});
      else it->second.push_back(std::get<1>(entry));
    }
    std::string text;
    for (const auto& group : by_limit) {
      const std::string& lim = group.first;
      const std::vector<NamedValues>& points = group.second;
      // one fixed parameter: its values listed; else each point in full
      const bool one_name = std::all_of(points.begin(), points.end(), [&points](const NamedValues& p) {
        return p.size() == 1 && p[0].first == points.front().front().first;
      }) && !points.front().empty();
      std::string at;
      for (const NamedValues& p : points)
        at += (at.empty() ? (one_name ? p[0].first + " = " : "") : one_name ? ", " : "; ") +
              (one_name ? p[0].second : describe_point(p));
      text += (text.empty() ? "" : "; ") + ("S -> " + lim + " as " + c.parameter + " -> " + (to_zero ? "0" : "infinity")) +
              (at.empty() ? "" : " at " + at);
    }
    out.evidence = {level, text};
  }
  return out;
}

// ---------------------------------------------------------------- infimum / supremum
// The nearest rational with denominator <= kSnapDenominator within kSnapRelTol (relative), if any.
std::optional<numeric> snap(const Real& x) {
  const double v = x.convert_to<double>();
  for (long q = 1; q <= kSnapDenominator; ++q) {
    const double p = std::round(v * q);
    if (std::abs(v - p / q) <= kSnapRelTol * std::max(1.0, std::abs(v))) return numeric(static_cast<long>(p), q);
  }
  return std::nullopt;
}

// Without a closed form: an infimum's greater_than, a supremum's less_than or a monotonicity
// decided from certified balls of S on a lattice over the box (src/properties/lattice_checks.hpp);
// nullopt for the other checks, or without a numeric route for properties.
std::optional<Part> check_on_lattice(const Spec& spec, const PropertyCheck& c, const PropertyTarget& target,
                                     const RunOptions& options) {
  if (!target.certified_value) return std::nullopt;
  LatticeRelation relation;
  numeric threshold = 0;
  std::size_t axis = 0;
  const auto names = spec.property_parameters();
  if (c.kind == PropertyKind::Infimum && c.greater_than && !c.value) {
    relation = LatticeRelation::GreaterThan;
    threshold = *c.greater_than;
  } else if (c.kind == PropertyKind::Supremum && c.less_than && !c.value) {
    relation = LatticeRelation::LessThan;
    threshold = *c.less_than;
  } else if (c.kind == PropertyKind::Monotone) {
    relation = c.direction == "increasing" ? LatticeRelation::Increasing : LatticeRelation::Decreasing;
    const auto at = std::find(names.begin(), names.end(), c.parameter);
    if (at == names.end()) return std::nullopt;
    axis = static_cast<std::size_t>(at - names.begin());
  } else {
    return std::nullopt;
  }
  std::vector<bool> integer_axes;  // a sequence's n: integers only
  for (const ex& x : parameter_symbols(spec)) integer_axes.push_back(is_integer_parameter(x));
  Part part;
  std::vector<std::pair<numeric, numeric>> ranges;
  box_of(spec, c, ranges);
  if (ranges.size() != names.size()) {
    part.method = "none";
    std::string all;
    for (const std::string& n : names) all += (all.empty() ? "" : ", ") + n;
    part.finding = "the box does not give a range of every parameter (" + all + "): not decided.";
    return part;
  }
  if (const std::string outside = box_outside_domain(spec, names, ranges); !outside.empty()) {
    part.method = "none";
    part.finding = outside + ": not decided.";
    return part;
  }
  const LatticeOutcome o =
      decide_on_lattice(names, ranges, relation, threshold, axis, target.certified_value, options.digits, integer_axes);
  part.verdict = o.verdict;
  part.method = o.method;
  part.finding = o.finding;
  part.point = o.point;
  part.values = o.values;
  part.certified = o.certified;
  part.evidence = o.evidence;
  return part;
}

Part check_extremum(const Spec& spec, const PropertyCheck& c, const PropertyTarget& target, const RunOptions& options) {
  const ex& S = target.S;
  Part part;
  const unsigned digits = options.digits;
  const bool maximise = c.kind == PropertyKind::Supremum;
  const auto names = spec.property_parameters();
  const auto symbols = parameter_symbols(spec);
  num::ScopedPrecision scope(num::Precision{digits}.guarded());
  std::vector<std::pair<numeric, numeric>> ranges;
  const std::vector<num::SearchAxis> box = box_of(spec, c, ranges);
  if (ranges.size() == names.size())
    if (const std::string outside = box_outside_domain(spec, names, ranges); !outside.empty()) {
      part.method = "none";
      part.finding = outside + ": not decided.";
      return part;
    }
  const std::vector<num::BoxAxis> ebox = exact_box(ranges, symbols.size());
  // sequences: the box's face lambda = 1, where S's general form is 0/0 and S has a form of
  // its own, S1(n) (docs/history.md, issue 42, L3)
  const bool lambda_one_face = target.sequence && ranges.size() == 2 && ranges[0].second == 1;
  const ex S1 = target.sequence ? target.sequence->S_at_lambda_one : ex(0);
  const num::CompiledExpression f(S, symbols, num::Precision{digits}.guarded());
  std::optional<num::CompiledExpression> f1;
  if (lambda_one_face) f1.emplace(S1, symbols, num::Precision{digits}.guarded());
  const auto S_at = [&](const std::vector<Real>& x) { return f1 && x[0] == 1 ? (*f1)(x) : f(x); };
  num::ExtremumResult found = num::search_extremum(S_at, box, maximise);
  // n is an integer (a sequence's length): the search's best n, a real number, is moved to the
  // better of the integers beside it in the box, so the value is S of a sequence
  for (std::size_t k = 0; found.found && k < symbols.size() && k < ranges.size(); ++k) {
    if (!is_integer_parameter(symbols[k])) continue;
    std::optional<std::pair<Real, Real>> best;  // (n, S)
    for (const numeric& n : {num::floor_of(numeric(found.argument[k].convert_to<long>())),
                             num::floor_of(numeric(found.argument[k].convert_to<long>())) + 1}) {
      if (n < num::ceil_of(ranges[k].first) || n > num::floor_of(ranges[k].second)) continue;
      std::vector<Real> x = found.argument;
      x[k] = num::to_real(n);
      try {
        const Real v = S_at(x);
        if (!best || (maximise ? v > best->second : v < best->second)) best = std::make_pair(x[k], v);
      } catch (const num::EvaluationError&) {
      }
    }
    if (!best) {
      found.found = false;
      break;
    }
    found.argument[k] = best->first;
    found.value = best->second;
  }
  const std::string box_text = named_box_text(names, ranges);
  part.method =
      fmt::format("grid search + golden-section refinement at {} digits over {}", num::Precision{digits}.guarded(), box_text);
  const std::string certified_method = certified_on(box_text);
  if (!found.found) {
    part.finding = "S could not be evaluated anywhere on the box " + box_text + ".";
    return part;
  }
  // snap the argument to small rationals (or the ends of the box) and evaluate exactly
  GiNaC::lst exact_point;
  bool snapped = true;
  NamedValues where;
  for (std::size_t k = 0; k < names.size(); ++k) {
    std::optional<numeric> v = snap(found.argument[k]);
    const Real width = box[k].hi - box[k].lo;
    if (!v && abs(Real(found.argument[k] - box[k].lo)) <= kEndpointRelTol * (width + 1)) v = ranges[k].first;
    if (!v && abs(Real(found.argument[k] - box[k].hi)) <= kEndpointRelTol * (width + 1)) v = ranges[k].second;
    if (v && (*v < ranges[k].first || *v > ranges[k].second)) v.reset();
    if (v) {
      exact_point.append(symbols[k] == *v);
      where.emplace_back(names[k], exact_text(*v));
    } else {
      snapped = false;
      where.emplace_back(names[k], num::to_decimal(found.argument[k], 20));
    }
  }
  part.point = where;
  std::optional<ex> exact;
  std::string attained = describe_point(where);
  // exact when the snapped coordinates fix S (a valley along the others is fine); at
  // lambda = 1, S's form there
  const bool at_one = lambda_one_face && where[0].second == "1";
  const ex value = GiNaC::normal((at_one ? S1 : S).subs(exact_point));
  bool fixed = true;
  for (const ex& x : symbols)
    if (value.has(x)) fixed = false;
  if (fixed) {
    const num::Evaluation e = num::AdaptiveEvaluator(value, {}, digits)({});
    // accept the snapped point only if it is at least as good as the refined one
    if (e.converged) {
      num::ScopedPrecision wide(std::max(e.precision, num::Precision{digits}.guarded()));
      const Real slack = pow(Real(10), -static_cast<int>(digits) / 2) * (abs(found.value) + 1);
      if (maximise ? e.value >= found.value - slack : e.value <= found.value + slack) exact = value;
    }
    if (exact && !snapped) {
      std::string fixed_text, free_text;
      for (std::size_t k = 0; k < names.size(); ++k) {
        bool is_fixed = false;
        for (const ex& eq : exact_point)
          if (eq.lhs().is_equal(symbols[k])) is_fixed = true;
        if (is_fixed)
          fixed_text += (fixed_text.empty() ? "" : ", ") + names[k] + " = " + where[k].second;
        else
          free_text += (free_text.empty() ? "" : ", ") + names[k];
      }
      attained = fixed_text + ", for every " + free_text + " in the box (S does not depend on " + free_text + " there)";
    }
  }
  // branch-and-bound of of_S(S) on the box; for a sequence box reaching lambda = 1, on its face
  // lambda = 1 with S's form there first: a counterexample there is one of the box, and the box
  // is proved only where both parts are (S's general form is 0/0 on that face)
  const auto certify = [&](const std::function<ex(const ex&)>& of_S, num::Relation relation, std::string& via) {
    std::optional<num::BoxResult> on_face;
    if (lambda_one_face) {
      std::vector<num::BoxAxis> face = ebox;
      face[0].lo = 1;
      on_face = certify_on_box(of_S(S1), symbols, face, relation);
      if (on_face->outcome == num::BoxOutcome::Counterexample) {
        via = ", on the face lambda = 1 with S's form there, " + sym::to_text(S1);
        return *on_face;
      }
    }
    num::BoxResult r = certify_function_of_S(of_S, S, names, symbols, ebox, relation, via);
    if (on_face && r.outcome == num::BoxOutcome::Proved && on_face->outcome != num::BoxOutcome::Proved) return *on_face;
    return r;
  };
  const std::string word = maximise ? "supremum" : "infimum";
  std::string value_text;
  if (exact) {
    const std::string exact_decimal = decimal(*exact, digits, digits);
    value_text = sym::to_text(*exact) == exact_decimal ? exact_decimal : sym::to_text(*exact) + " = " + exact_decimal;
    part.values = {{word, sym::to_text(*exact)}, {"decimal", decimal(*exact, digits, digits)}};
  } else {
    // digits justified: the change in the last refinement round
    const double settled =
        found.value_change > 0
            ? std::min<double>(digits,
                               -log10(Real(found.value_change / (abs(found.value) + 1e-300))).convert_to<double>())
            : digits;
    const unsigned shown = static_cast<unsigned>(std::max(3.0, std::floor(settled)));
    value_text = num::to_decimal(found.value, shown) + fmt::format(" (about {} digits settled)", shown);
    part.values = {{word, num::to_decimal(found.value, shown)}};
  }
  // the value for a proposition: exact where the snapped point gave one, with 12 digits
  const std::string value_short =
      exact ? (sym::to_text(*exact) == decimal(*exact, digits, 12) ? decimal(*exact, digits, 12)
                                                                  : sym::to_text(*exact) + " = " + decimal(*exact, digits, 12))
            : value_text;
  const std::string base = fmt::format("The {} of S over the box is {}, attained at {} ({} evaluations).", word,
                                       value_text, attained, found.evaluations);
  const std::string& attained_text = attained;
  // what the search found, as numeric evidence (the certified outcomes below replace it)
  const std::string found_text = fmt::format("the {} of S over {} is {} at {} (search, {} evaluations)", word, box_text,
                                             value_short, attained, found.evaluations);
  part.evidence = {EvidenceLevel::NumericEvidence, found_text};
  if (c.value) {
    const double agree = exact ? agreement(*exact, *c.value, digits) : [&] {
      const num::Evaluation claimed = num::AdaptiveEvaluator(*c.value, {}, digits)({});
      num::ScopedPrecision wide(num::Precision{digits}.guarded());
      return claimed.converged ? num::digits_of_agreement(claimed.value, found.value, 2 * digits) : std::nan("");
    }();
    part.digits = agree;
    part.values.emplace_back("claimed", c.value_text);
    const double need =
        exact ? required_digits(digits) : std::max(3.0, -log10(found.value_change.convert_to<double>() + 1e-300) - 1);
    if (std::isnan(agree)) {
      part.finding = base + " The claimed value could not be evaluated.";
    } else if (agree >= need) {
      part.verdict = Verdict::Agree;
      part.finding = base + " It equals the claimed " + c.value_text + ".";
    } else {
      part.verdict = Verdict::Disagree;
      part.finding = base + " The claim says " + c.value_text + " = " + decimal(*c.value, digits, kShownDigits) + ".";
    }
    // certified: S >= v (infimum) or S <= v (supremum) on the whole box, and S = v exactly
    // where the search's snapped point attains it; or a certified point beyond v; or
    // S kept away from v by half the search's gap on the whole box
    const ex value = *c.value;
    const auto gap_of = [&](const ex& s) { return maximise ? ex(value - s) : ex(s - value); };
    const ex gap = gap_of(S);
    std::string via;
    const num::BoxResult r = certify(gap_of, num::Relation::Nonnegative, via);
    const bool attained = exact && sym::is_identically_zero(*exact - *c.value);
    if (r.outcome == num::BoxOutcome::Proved && attained) {
      if (part.verdict == Verdict::Disagree) return conflict(part, "the branch-and-bound proof");
      part.verdict = Verdict::Agree;
      part.method = certified_method;
      part.evidence = {EvidenceLevel::CertifiedOnBox,
                       fmt::format("the {} of S over {} is {} (S {} {} on the box, and S = {} exactly at {})", word,
                                   box_text, c.value_text, maximise ? "<=" : ">=", c.value_text, c.value_text,
                                   attained_text)};
      part.finding = base + fmt::format(" Certified: S {} {} at every point of the box (Arb branch-and-bound{}, {} "
                                        "sub-boxes), and S = {} exactly at {}.",
                                        maximise ? "<=" : ">=", c.value_text, via, r.boxes, c.value_text, attained_text);
    } else if (r.outcome == num::BoxOutcome::Counterexample) {
      if (part.verdict == Verdict::Agree && exact) return conflict(part, "a certified counterexample");
      part.verdict = Verdict::Disagree;
      part.certified = true;
      part.method = certified_method;
      part.point = exact_point_values(names, r.point);
      part.evidence = {EvidenceLevel::CertifiedCounterexample,
                       fmt::format("S {} {} at {}, so the {} over {} is not {}", maximise ? ">" : "<", c.value_text,
                                   describe_point(part.point), word, box_text, c.value_text)};
      part.values = {{"S_minus_claimed", ball_text(r.value)}, {"claimed", c.value_text}};
      part.finding = base + fmt::format(" Certified counterexample: at {} S {} {} (the ball of S - ({}) is {}), so "
                                        "the {} is not {}.",
                                        describe_point(part.point), maximise ? ">" : "<", c.value_text,
                                        c.value_text, ball_text(maximise ? negated(r.value) : r.value), word,
                                        c.value_text);
    } else if (part.verdict == Verdict::Disagree && !attained) {
      // the search's optimum lies beyond v: prove S stays at least half that gap away
      const num::Evaluation claimed = num::AdaptiveEvaluator(*c.value, {}, digits)({});
      if (claimed.converged) {
        num::ScopedPrecision wide(num::Precision{digits}.guarded());
        const double half = std::abs(Real(found.value - claimed.value).convert_to<double>()) / 2;
        const numeric delta = dyadic_below(half);
        if (delta.is_positive()) {
          std::string away_via;
          const num::BoxResult away =
              certify([&](const ex& s) { return gap_of(s) - delta; }, num::Relation::Positive, away_via);
          if (away.outcome == num::BoxOutcome::Proved) {
            part.certified = true;
            part.method = certified_method;
            part.evidence = {EvidenceLevel::CertifiedOnBox,
                             fmt::format("S {} {} {} {} on {}, so the {} is not {}", maximise ? "<=" : ">=",
                                         c.value_text, maximise ? "-" : "+", exact_text(delta), box_text, word,
                                         c.value_text)};
            part.finding += fmt::format(" Certified: S {} {} {} {} at every point of the box (Arb branch-and-bound{}, "
                                        "{} sub-boxes), so the {} is not {}.",
                                        maximise ? "<=" : ">=", c.value_text, maximise ? "-" : "+", exact_text(delta),
                                        away_via, away.boxes, word, c.value_text);
          }
        }
      }
    }
    if (!is_certified_level(part.evidence.level)) part.finding += undecided_note(r);
    return part;
  }
  const numeric threshold = maximise ? *c.less_than : *c.greater_than;
  const Real margin =
      maximise ? Real(num::to_real(threshold) - found.value) : Real(found.value - num::to_real(threshold));
  const Real tolerance = pow(Real(10), -static_cast<int>(required_digits(digits))) * (abs(found.value) + 1);
  part.values.emplace_back(maximise ? "less_than" : "greater_than", exact_text(threshold));
  if (margin > tolerance) {
    part.verdict = Verdict::Agree;
    part.finding = base + " It is " + (maximise ? "below " : "above ") + exact_text(threshold) + ", as claimed.";
  } else if (margin < -tolerance) {
    part.verdict = Verdict::Disagree;
    part.finding = base + " The claim says it is " + (maximise ? "below " : "above ") + exact_text(threshold) + ".";
  } else {
    part.finding =
        base + " It equals " + exact_text(threshold) + " to working precision: the strict claim is undecided.";
  }
  // certified: S > t (infimum) or S < t (supremum) at every point of the box, or a point
  // where the ball of S certainly is on the wrong side
  const auto gap_of = [&](const ex& s) { return maximise ? ex(threshold - s) : ex(s - threshold); };
  std::string via;
  const num::BoxResult r = certify(gap_of, num::Relation::Positive, via);
  if (r.outcome == num::BoxOutcome::Proved) {
    if (part.verdict == Verdict::Disagree) return conflict(part, "the branch-and-bound proof");
    part.verdict = Verdict::Agree;
    part.method = certified_method;
    // the box is compact and each of its finitely many sub-boxes has S - t bounded away from 0,
    // so the infimum (supremum) over the box is beyond t; its value is the search's, not certified
    part.evidence = {EvidenceLevel::CertifiedOnBox,
                     fmt::format("S {} {} at every point of {} (its {}, about {} by a search, is numeric)",
                                 maximise ? "<" : ">", exact_text(threshold), box_text, word,
                                 num::to_decimal(found.value, 6))};
    part.finding = base + fmt::format(" Certified: S {} {} at every point of the box (Arb branch-and-bound{}, {} "
                                      "sub-boxes, {} reduced to a face by the monotonicity test).",
                                      maximise ? "<" : ">", exact_text(threshold), via, r.boxes, r.reduced);
  } else if (r.outcome == num::BoxOutcome::Counterexample) {
    if (part.verdict == Verdict::Agree) return conflict(part, "a certified counterexample");
    part.verdict = Verdict::Disagree;
    part.certified = true;
    part.method = certified_method;
    part.point = exact_point_values(names, r.point);
    part.evidence = {EvidenceLevel::CertifiedCounterexample,
                     fmt::format("S {} {} at {}", maximise ? ">=" : "<=", exact_text(threshold), describe_point(part.point))};
    part.values = {{maximise ? "threshold_minus_S" : "S_minus_threshold", ball_text(r.value)},
                   {maximise ? "less_than" : "greater_than", exact_text(threshold)}};
    part.finding = base + fmt::format(" Certified counterexample: at {} the ball of {} is {}, so S is not {} {} there.",
                                      describe_point(part.point), maximise ? "t - S" : "S - t", ball_text(r.value),
                                      maximise ? "below" : "above", exact_text(threshold));
  } else {
    part.finding += undecided_note(r);
  }
  return part;
}

// GiNaC's normal form (one fraction, common factors cancelled): a difference of close
// terms such as 1/x - x/(r^2 + x^2) becomes r^2/(x (r^2 + x^2)), which balls enclose
// without cancellation. The expression itself when normal fails.
ex normal_or_same(const ex& e) {
  if (tree_size(e, kMaxGradientNodes) >= kMaxGradientNodes) return e;
  try {
    return GiNaC::normal(e);
  } catch (const std::exception&) {
    return e;
  }
}

// log S written as a sum: log(a b) = log a + log b, log(a^c) = c log a, log(e^a) = a.
// Only its derivative is used: d/dp of the sum is sum of g'/g = S'/S wherever no factor
// g is 0, whatever the factors' signs (d log|g| = g'/g), so no sign is assumed here.
ex log_expanded(const ex& e) {
  if (GiNaC::is_a<GiNaC::mul>(e)) {
    ex sum = 0;
    for (const ex& factor : e) sum += log_expanded(factor);
    return sum;
  }
  if (GiNaC::is_a<GiNaC::power>(e)) {
    if (!GiNaC::is_a<GiNaC::numeric>(e.op(0))) return e.op(1) * log_expanded(e.op(0));
    // c^p: p log c for c > 0 (log_expanded(c) would drop it as a constant)
    return GiNaC::ex_to<GiNaC::numeric>(e.op(0)).is_positive() ? e.op(1) * GiNaC::log(e.op(0)) : GiNaC::log(e);
  }
  if (GiNaC::is_exactly_a<GiNaC::function>(e) && GiNaC::ex_to<GiNaC::function>(e).get_name() == "exp")
    return e.op(0);
  if (GiNaC::is_a<GiNaC::numeric>(e)) return 0;
  return GiNaC::log(e);
}

std::size_t index_of(const std::vector<ex>& symbols, const ex& p) {
  for (std::size_t k = 0; k < symbols.size(); ++k)
    if (symbols[k].is_equal(p)) return k;
  return 0;
}

struct OrderedPair {
  std::vector<numeric> first, second;  ///< second = first with the parameter increased
  num::Ball s_first, s_second;
};

// Near a point where the derivative has the wrong sign: two points x < x' in the
// parameter (the others fixed, both in the box) whose balls of S are certainly in the
// wrong order (S(x) > S(x') for an increasing claim). Steps 2^-4 ... 2^-60 of the
// parameter's range, forward and backward; for an integer parameter (a sequence's n) the
// steps 1, 2, 4, ... from the integer at or below x, whose other coordinates must be
// points of the domain too (an integer n: branch-and-bound's counterexamples are).
std::optional<OrderedPair> ordered_pair_against(const ex& S, const std::vector<ex>& symbols,
                                                const std::vector<numeric>& at, const std::vector<num::BoxAxis>& box,
                                                std::size_t k, bool decreasing) {
  try {
    const num::BallExpression value(S, symbols);
    constexpr slong bits = 256;
    const numeric width = box[k].hi - box[k].lo;
    const bool integer = is_integer_parameter(symbols[k]);
    for (std::size_t j = 0; j < at.size(); ++j)
      if (is_integer_parameter(symbols[j]) && j != k && !at[j].is_integer()) return std::nullopt;
    const numeric from = integer ? num::floor_of(at[k]) : at[k];
    for (int e = integer ? 0 : 4; e <= 60; e += 4) {
      const numeric h = integer ? numeric(1 << (e / 4)) : width * numeric(2).power(-e);
      if (integer && e > 16) break;  // steps 1 .. 16
      for (const int direction : {1, -1}) {
        std::vector<numeric> a = at, b = at;
        a[k] = b[k] = from;
        if (direction == 1) b[k] = from + h;
        else a[k] = from - h;
        if (a[k] < box[k].lo || b[k] > box[k].hi) continue;
        const num::Ball sa = value(a, bits), sb = value(b, bits);
        num::Ball diff;
        arb_sub(diff.get(), sb.get(), sa.get(), bits);  // S(x') - S(x)
        if (diff.finite() && (decreasing ? diff.positive() : diff.negative())) return OrderedPair{a, b, sa, sb};
      }
    }
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// ---------------------------------------------------------------- monotone
Part check_monotone(const Spec& spec, const PropertyCheck& c, const ex& S, const RunOptions& options) {
  Part part;
  const unsigned digits = options.digits;
  const bool decreasing = c.direction == "decreasing";
  const ex p = sym::symbols().by_name(c.parameter);
  const ex derivative = S.diff(GiNaC::ex_to<GiNaC::symbol>(p));
  const bool proved =
      sym::is_manifestly_nonnegative(decreasing ? ex(-derivative) : derivative) && !derivative.is_zero();
  const auto names = spec.property_parameters();
  const auto symbols = parameter_symbols(spec);
  num::ScopedPrecision scope(num::Precision{digits}.guarded());
  std::vector<std::pair<numeric, numeric>> ranges;
  const std::vector<num::SearchAxis> box = box_of(spec, c, ranges);
  if (ranges.size() == names.size())
    if (const std::string outside = box_outside_domain(spec, names, ranges); !outside.empty()) {
      part.method = "none";
      part.finding = outside + ": not decided.";
      return part;
    }
  if (tree_size(derivative, kMaxGradientNodes) < kMaxGradientNodes && sym::is_identically_zero(derivative)) {
    part.method = "symbolic";
    part.finding = "dS/d" + c.parameter + " = 0 identically: S does not depend on " + c.parameter +
                   ", so it is neither increasing nor decreasing in it (not decided).";
    return part;
  }
  const num::CompiledExpression dS(derivative, symbols, num::Precision{digits}.guarded());
  // a wrong sign counts only when a ball confirms it: a derivative that is exactly 0 at a
  // point (dS/dgamma on beta = 0 for an S of beta/gamma) evaluates to rounding noise of
  // either sign, 10^-60, which is no evidence against the claim
  std::optional<num::BallExpression> dS_ball;
  try {
    dS_ball.emplace(derivative, symbols);
  } catch (const std::exception&) {
  }
  const auto sign_confirmed = [&](const std::vector<Real>& x) {
    if (!dS_ball) return true;
    constexpr unsigned kPointDigits = 40;
    constexpr slong kBits = 256;
    std::vector<num::Ball> point;
    for (const Real& v : x) point.push_back(num::Ball::from_text(num::to_decimal(v, kPointDigits), "0", kPointDigits, kBits));
    const num::Ball b = dS_ball->evaluate(point, kBits);
    return b.finite() && (decreasing ? b.positive() : b.negative());
  };
  std::size_t checked = 0, wrong = 0, noise = 0, between_integers = 0;
  std::string undecided;
  Real worst;
  const std::vector<num::BoxAxis> grid_box = exact_box(ranges, symbols.size());
  const bool integer_parameter = is_integer_parameter(p);
  for (const std::vector<Real>& u : num::grid_coordinates(box.size())) {  // the extremum search's grid
    std::vector<Real> x;
    for (std::size_t j = 0; j < box.size(); ++j) {
      x.push_back(num::axis_value(box[j], u[j]));
      // a sequence's n: the integer nearest the grid value, inside the box (a point of the domain)
      if (j < ranges.size() && is_integer_parameter(symbols[j]))
        x[j] = num::to_real(std::clamp(num::floor_of(numeric(Real(x[j] + Real(0.5)).convert_to<long>())),
                                       num::ceil_of(ranges[j].first), num::floor_of(ranges[j].second)));
    }
    Real value;
    try {
      value = dS(x);
    } catch (const num::EvaluationError&) {
      continue;
    }
    ++checked;
    if (!(decreasing ? value > 0 : value < 0)) continue;
    if (!sign_confirmed(x)) {
      ++noise;
      continue;
    }
    // in an integer parameter, dS/dn of the formula says nothing of S_n at the integers: the
    // wrong sign counts only where two integers n < n' are certainly in the wrong order
    if (integer_parameter) {
      std::vector<numeric> at;
      for (const Real& v : x) at.push_back(exact_rational(v));
      if (grid_box.size() != symbols.size() ||
          !ordered_pair_against(S, symbols, at, grid_box, index_of(symbols, p), decreasing)) {
        ++between_integers;
        continue;
      }
    }
    if (wrong++ == 0 || abs(value) > abs(worst)) {
      worst = value;
      part.point.clear();
      for (std::size_t j = 0; j < names.size(); ++j)
        part.point.emplace_back(names[j], num::to_decimal(x[j], kShownDigits));
      part.values = {{"dS/d" + c.parameter, num::to_decimal(value, kShownDigits)}};
    }
  }
  const std::string sign = decreasing ? "<= 0" : ">= 0";
  if (!proved && box.size() == symbols.size()) {
    // certified: the derivative's sign on the whole box, or two points in the wrong order
    const std::string certified_method = certified_on(named_box_text(names, ranges));
    const std::vector<num::BoxAxis> ebox = exact_box(ranges, symbols.size());
    // candidates in turn, each with its own budget: for S > 0 on the box (certified first),
    // the logarithmic derivative, which has the sign of dS/dp and is a sum of simple terms;
    // then the derivative itself; each as written and in GiNaC's normal form. Where S
    // depends on t = beta/gamma alone (src/properties/ratio_reduction.hpp), the same in t
    // first: dS/dbeta = S_t'(t)/gamma and dS/dgamma = -t S_t'(t)/gamma have the signs of
    // S_t'(t) and -t S_t'(t) on t's interval, the image of the box.
    struct Candidate {
      ex f;
      std::string name;
      bool in_ratio = false;
    };
    std::vector<Candidate> candidates;
    std::optional<RatioReduction> ratio;
    if ((c.parameter == "beta" || c.parameter == "gamma") && names == std::vector<std::string>{"beta", "gamma"})
      ratio = reduce_to_ratio(S, symbols[0], symbols[1], ebox);
    if (ratio && tree_size(ratio->S_t, kMaxGradientNodes) < kMaxGradientNodes) {
      const GiNaC::symbol& t = GiNaC::ex_to<GiNaC::symbol>(ratio->t);
      const ex weight = c.parameter == "beta" ? ex(1) : ex(-ratio->t);
      const std::string of = c.parameter == "beta" ? "S_t'(t)" : "-t S_t'(t)";
      if (certify_on_box(ratio->S_t, {ratio->t}, {ratio->range}, num::Relation::Positive).outcome ==
          num::BoxOutcome::Proved) {
        const ex log_slope = weight * log_expanded(ratio->S_t).diff(t);
        const std::string name = "the sign of " + of + " with S(beta, gamma) = S_t(t), t = beta/gamma in " +
                                 num::box_text({ratio->range}) + " (S_t > 0 there, certified; by its logarithmic derivative)";
        candidates.push_back({log_slope, name, true});
        candidates.push_back({normal_or_same(log_slope), name, true});
      }
      candidates.push_back({normal_or_same(weight * ratio->S_t.diff(t)),
                            "the sign of " + of + " with S(beta, gamma) = S_t(t), t = beta/gamma in " +
                                num::box_text({ratio->range}),
                            true});
    }
    if (tree_size(S, kMaxGradientNodes) < kMaxGradientNodes &&
        certify_on_box(S, symbols, ebox, num::Relation::Positive).outcome == num::BoxOutcome::Proved) {
      const ex log_slope = log_expanded(S).diff(GiNaC::ex_to<GiNaC::symbol>(p));
      const std::string name = "d(log S)/d" + c.parameter + " (S > 0 on the box, certified)";
      candidates.push_back({log_slope, name});
      candidates.push_back({normal_or_same(log_slope), name});
    }
    candidates.push_back({normal_or_same(derivative), "the derivative"});
    num::BoxResult r;
    std::string route;
    for (const Candidate& candidate : candidates) {
      const ex f = decreasing ? ex(-candidate.f) : candidate.f;
      r = candidate.in_ratio
              ? certify_on_box(f, {ratio->t}, {ratio->range}, num::Relation::Nonnegative, kMonotoneBoxBudget)
              : certify_on_box(f, symbols, ebox, num::Relation::Nonnegative, kMonotoneBoxBudget, p);
      route = candidate.name;
      if (r.outcome == num::BoxOutcome::Counterexample && candidate.in_ratio)
        r.point = point_with_ratio(r.point[0], ebox);  // a point of the box with that t
      if (r.outcome != num::BoxOutcome::Undecided) break;
    }
    if (r.outcome == num::BoxOutcome::Proved) {
      if (wrong > 0) {
        part.verdict = Verdict::Inconclusive;
        part.finding = "the grid and the branch-and-bound proof contradict each other (a defect in attnverify)";
        return part;
      }
      part.verdict = Verdict::Agree;
      part.method = certified_method;
      part.evidence = {EvidenceLevel::CertifiedOnBox,
                       fmt::format("S is {} in {} on {}", decreasing ? "non-increasing" : "non-decreasing",
                                   c.parameter, named_box_text(names, ranges))};
      part.finding = fmt::format(
          "Certified: dS/d{} {} at every point of the box (Arb branch-and-bound on {}, {} sub-boxes, {} "
          "reduced to a face by the monotonicity test{}), so S is {} in {} there.",
          c.parameter, sign, route, r.boxes, r.reduced,
          r.by_taylor ? fmt::format(", {} settled by Taylor's theorem at a face where it vanishes", r.by_taylor) : "",
          decreasing ? "non-increasing" : "non-decreasing", c.parameter);
      return part;
    }
    if (r.outcome == num::BoxOutcome::Counterexample) {
      if (const auto pair = ordered_pair_against(S, symbols, r.point, ebox, index_of(symbols, p), decreasing)) {
        part.verdict = Verdict::Disagree;
        part.certified = true;
        part.method = certified_method;
        part.point = exact_point_values(names, pair->first);
        part.evidence = {EvidenceLevel::CertifiedCounterexample,
                         fmt::format("S is not {} in {}: S at {} and at {} = {} are in the wrong order", c.direction,
                                     c.parameter, describe_point(part.point), c.parameter,
                                     exact_text(pair->second[index_of(symbols, p)]))};
        part.values = {{"S_here", ball_text(pair->s_first)},
                       {"S_there", ball_text(pair->s_second)},
                       {c.parameter + "_there", exact_text(pair->second[index_of(symbols, p)])}};
        part.finding = fmt::format(
            "Certified counterexample: S is not {} in {}: at {} S = {}, and with {} = {} S = {} (balls that "
            "contain the exact values).",
            c.direction, c.parameter, describe_point(part.point), ball_text(pair->s_first), c.parameter,
            exact_text(pair->second[index_of(symbols, p)]), ball_text(pair->s_second));
        return part;
      }
    }
    if (wrong == 0 && checked > 0) undecided = undecided_note(r);
  }
  if (proved) {
    part.verdict = wrong == 0 ? Verdict::Agree : Verdict::Inconclusive;
    part.method = "symbolic";
    if (wrong == 0)
      part.evidence = {EvidenceLevel::ProvedWholeDomain,
                       fmt::format("S is {} in {} wherever it is defined (dS/d{} manifestly {})",
                                   decreasing ? "non-increasing" : "non-decreasing", c.parameter, c.parameter, sign)};
    part.finding = "dS/d" + c.parameter + " = " + sym::to_text(derivative) + " is manifestly " + sign +
                   fmt::format("; its sign confirmed at {} grid points.", checked);
  } else if (wrong > 0) {
    part.verdict = Verdict::Disagree;
    part.method = "derivative sign on a grid";
    part.evidence = {EvidenceLevel::NumericEvidence,
                     fmt::format("dS/d{} has the wrong sign at {} (a ball confirms the sign there)", c.parameter,
                                 describe_point(part.point))};
    part.finding = fmt::format("S is not {} in {}: dS/d{} has the wrong sign at {} of {} grid points, e.g. at {} ({}).",
                               c.direction, c.parameter, c.parameter, wrong, checked, describe_point(part.point),
                               part.values[0].second);
  } else if (between_integers > 0) {
    // the formula's derivative has the wrong sign, yet no two integers show it: undecided
    part.method = "derivative sign on a grid";
    part.finding = fmt::format(
        "At {} of {} grid points the formula's dS/d{} has the wrong sign, but no two integers {} < {}' near them are "
        "certainly in the wrong order, and S is a sequence only at integer {}: not decided.{}",
        between_integers, checked, c.parameter, c.parameter, c.parameter, c.parameter, undecided);
  } else if (checked > 0) {
    part.verdict = Verdict::Agree;
    part.method = "derivative sign on a grid";
    part.evidence = {EvidenceLevel::NumericEvidence,
                     fmt::format("dS/d{} {} at {} points of a grid over {}", c.parameter, sign, checked,
                                 named_box_text(names, ranges))};
    part.finding =
        fmt::format("dS/d{} {} at all {} points of a {}-point-per-axis grid over the box{} (numeric evidence).",
                    c.parameter, sign, checked, num::kGridPoints,
                    noise ? fmt::format(" ({} of them of the other sign only by rounding: a ball there contains 0)",
                                        noise)
                          : std::string()) +
        undecided;
  } else {
    part.finding = "the derivative could not be evaluated on the box";
  }
  return part;
}

// ---------------------------------------------------------------- bound
// Whether the relation of a bound holds at lambda = 1 for every n (sequences), decided from
// S's lambda = 1 form S1(n) and the bound there, symbolically in n (docs/history.md, issue 42,
// H1): the domain (0, 1] holds lambda = 1, where S's general form is 0/0.
struct AtLambdaOne {
  enum class State { Holds, Fails, Undefined, Undecided } state = State::Undecided;
  std::string text;  ///< what was shown, a sentence
  NamedValues point;
  NamedValues values;
};

AtLambdaOne bound_at_lambda_one(const PropertyCheck& c, const ex& S1, unsigned digits) {
  const auto& s = sym::symbols();
  const bool below = c.relation[0] == '<', strict = c.relation.size() == 1;
  AtLambdaOne out;
  ex B1;
  try {
    B1 = c.bound.subs(s.lambda == 1);
  } catch (const std::exception&) {
    out.state = AtLambdaOne::State::Undefined;
    out.point = {{"lambda", "1"}, {"n", "1"}};
    out.text = "At lambda = 1, a point of the domain (0, 1], the bound is not defined (a divisor vanishes), so the "
               "relation does not hold there; a statement made for lambda in (0, 1) says so with "
               "lambda = \"(0, 1)\".";
    return out;
  }
  const ex gap = below ? ex(B1 - S1) : ex(S1 - B1);  // > 0 (>= 0) is the relation
  if (sym::is_identically_zero(gap)) {
    out.state = strict ? AtLambdaOne::State::Fails : AtLambdaOne::State::Holds;
    out.text = "At lambda = 1, S = " + sym::to_text(S1) + " (S's form there) and the bound " + sym::to_text(B1) +
               " are identically equal in n, so the " + (strict ? "strict relation fails" : "relation holds") +
               " there for every n (proved: the zero test of their difference).";
    if (strict) {
      out.point = {{"lambda", "1"}, {"n", "1"}};
      const ex at1 = S1.subs(s.n == 1);
      out.values = {{"S", decimal(at1, digits, digits)}, {"bound", decimal(B1.subs(s.n == 1), digits, digits)}};
    }
    return out;
  }
  // (bound/S1)^2 - 1 > 0 (S1/bound for >) and the bound > 0 (S1 > 0) for n > 0 (a possymbol)
  try {
    const ex r = GiNaC::normal(GiNaC::pow(below ? B1 / S1 : S1 / B1, 2));
    if (sym::is_provably_positive(r - 1, {}) && sym::is_provably_positive_with_roots(below ? B1 : S1, {})) {
      out.state = AtLambdaOne::State::Holds;
      out.text = std::string("At lambda = 1, ") + (below ? "(bound/S)^2" : "(S/bound)^2") + " = " + sym::to_text(r) +
                 " with S's form there, S = " + sym::to_text(S1) + ", and (ratio - 1) > 0 and " +
                 (below ? "the bound" : "S") + " > 0 for every n > 0 by the positivity prover.";
      return out;
    }
  } catch (const std::exception&) {
  }
  // not proved for every n: an n in [1, 64] where S's and the bound's exact values there break the
  // relation is a counterexample (exact rational arithmetic, no rounding)
  for (long n = 1; n <= 64; ++n) {
    ex at_n;
    try {
      at_n = GiNaC::normal(gap.subs(s.n == n));
    } catch (const std::exception&) {
      continue;
    }
    if (!GiNaC::is_a<numeric>(at_n) || !GiNaC::ex_to<numeric>(at_n).is_rational()) continue;
    const numeric g = GiNaC::ex_to<numeric>(at_n);
    if (g.is_positive() || (!strict && g.is_zero())) continue;
    out.state = AtLambdaOne::State::Fails;
    out.point = {{"lambda", "1"}, {"n", std::to_string(n)}};
    out.values = {{"S", decimal(S1.subs(s.n == n), digits, digits)}, {"bound", decimal(B1.subs(s.n == n), digits, digits)}};
    out.text = fmt::format("At lambda = 1 and n = {}, S = {} (S's form there) and the bound is {}, exactly, so the "
                           "relation fails there.",
                           n, sym::to_text(S1.subs(s.n == n)), sym::to_text(B1.subs(s.n == n)));
    return out;
  }
  out.text = "At lambda = 1 the relation between S = " + sym::to_text(S1) + " (S's form there) and the bound " +
             sym::to_text(B1) + " is not proved for every n.";
  return out;
}

// A point as a record names it, each coordinate exact: {"snr": "1/2", "r": "1"}.
NamedValues named_by(const std::vector<ex>& symbols, const std::vector<numeric>& point) {
  NamedValues out;
  for (std::size_t k = 0; k < point.size() && k < symbols.size(); ++k)
    out.emplace_back(sym::to_text(symbols[k]), exact_text(point[k]));
  return out;
}

// Points of a properties' domain whose parameters are not the claims' (feature maps: snr > 0,
// r in (0, 1]): every combination of small rationals and powers of ten in each range.
std::vector<ClaimPoint> property_lattice(const sym::ParameterDomain& domain) {
  const std::vector<numeric> candidates{numeric(-100), numeric(-10), numeric(-2),     numeric(-1),
                                        numeric(-1, 2), numeric(0),    numeric(1, 100), numeric(1, 10),
                                        numeric(1, 4), numeric(1, 2), numeric(3, 4),   numeric(1),
                                        numeric(2),    numeric(10),   numeric(100)};
  std::vector<std::vector<numeric>> lattice{{}};
  for (std::size_t k = 0; k < domain.variables.size(); ++k) {
    std::vector<std::vector<numeric>> next;
    for (const auto& prefix : lattice)
      for (const numeric& v : candidates) {
        auto p = prefix;
        p.push_back(v);
        next.push_back(std::move(p));
      }
    lattice = std::move(next);
  }
  std::vector<ClaimPoint> out;
  for (const auto& p : lattice) {
    if (!domain.contains(p)) continue;
    out.push_back({named_by(domain.symbols(), p), {}, p});
  }
  return out;
}

// Points beyond the claim point set where a bound is checked too (issue 42, round 6: a bound
// false only at n = 4..9, or on beta in [0.31, 0.39], agreed at the claim points): for
// sequences every n in [1, 64] at lambda in {1/10, 1/2, 9/10, 99/100, 1}; and the best points of
// a counterexample search (numerics/counterexample_search.hpp) of the relation's relative
// violation, (S - bound)/|S| for < (the reverse for >), over the claims' search region. The
// search's values are estimates; its points are judged below like every other. Returns the
// words for the finding ("" when nothing was added).
std::string bound_search_points(const Spec& spec, const PropertyCheck& c, const ClaimGeometry& geometry,
                                const std::vector<ex>& symbols, const num::AdaptiveEvaluator& value,
                                const num::AdaptiveEvaluator& bound, std::vector<ClaimPoint>& points) {
  const bool sequence = geometry.lambda_powers_in_unit_interval;
  const bool below = c.relation[0] == '<';
  std::size_t scanned = 0;
  if (sequence && symbols.size() == 2)
    for (const numeric& lambda : {numeric(1, 10), numeric(1, 2), numeric(9, 10), numeric(99, 100), numeric(1)})
      for (long n = 1; n <= 64; ++n) {
        const GridPoint g{lambda, numeric(n)};
        points.push_back({spec.named_point(g), {}, g});
        ++scanned;
      }
  // the search box of the properties' parameters: the claims' where they are the claims'
  const std::optional<num::SearchRegion>& property_region =
      geometry.property_domain ? geometry.property_region : geometry.region;
  const sym::ParameterDomain& domain = geometry.property_domain.value_or(geometry.domain);
  // at and beside the bound's switches (the zeros of its step, abs and relu arguments): a bound
  // may fail at one point only (step(0) = 1/2; round 8 of the attack)
  std::size_t kinks = 0;
  try {
    if (domain.variables.size() == symbols.size())
      for (const std::vector<numeric>& p : sym::kink_points(c.bound, domain)) {
        if (!domain.contains(p)) continue;
        points.push_back({named_by(symbols, p), {}, p});
        ++kinks;
      }
  } catch (const std::exception&) {
  }
  const std::string kink_text = kinks ? fmt::format("{} points at and beside the bound's switches, ", kinks) : "";
  if (!property_region || property_region->axes.size() != symbols.size()) return "";
  for (std::size_t k = 0; k < symbols.size(); ++k)
    if (property_region->axes[k].name != sym::to_text(symbols[k])) return "";
  const num::SearchRegion& region = *property_region;
  std::vector<std::vector<double>> starts;
  for (const ClaimPoint& p : points)
    if (p.rational && (!sequence || (*p.rational)[0] != 1)) {
      std::vector<double> x;
      for (const numeric& v : *p.rational) x.push_back(v.to_double());
      starts.push_back(std::move(x));
    }
  constexpr double kUnevaluated = -1e300;
  const num::SearchOutcome outcome = num::maximise_over(
      region,
      [&](const std::vector<double>& x) {
        const GridPoint p = exact_search_point(region, x);
        if (!domain.contains(p)) return kUnevaluated;
        try {
          const num::Evaluation a = value(p), b = bound(p);
          if (!a.converged || !b.converged) return kUnevaluated;
          num::ScopedPrecision scope(std::max(a.precision, b.precision));
          const Real violation = (below ? Real(a.value - b.value) : Real(b.value - a.value)) / abs(a.value);
          const double v = violation.convert_to<double>();
          return std::isfinite(v) ? v : kUnevaluated;
        } catch (const std::exception&) {
          return kUnevaluated;
        }
      },
      starts);
  std::size_t kept = 0;
  for (const num::Candidate& candidate : outcome.best) {
    if (candidate.objective <= kUnevaluated) break;
    const GridPoint g = exact_search_point(region, candidate.x);
    if (!domain.contains(g)) continue;
    points.push_back({named_by(symbols, g), {}, g});  // in the properties' parameters (feature maps: snr, r)
    ++kept;
  }
  return fmt::format(" (beyond the {}: {}{}{} best point{} of a search of {} evaluations over {})",
                     geometry.property_domain ? "lattice of the domain" : "claim point set and the grid",
                     scanned ? "n = 1, ..., 64 at 5 values of lambda, " : "", kink_text.empty() && !scanned ? "the " : kink_text + "and the ",
                     kept, kept == 1 ? "" : "s", outcome.evaluations, region.describe());
}

Part check_bound(const Spec& spec, const PropertyCheck& c, const PropertyTarget& target, const RunOptions& options) {
  const ex& S = target.S;
  Part part;
  const unsigned digits = options.digits;
  part.method = "numeric at the claim point set, the grid and a counterexample search";
  const auto& s = sym::symbols();
  const auto symbols = parameter_symbols(spec);
  const ClaimGeometry geometry = spec.kind->claim_geometry(spec, true);
  const bool sequence = geometry.lambda_powers_in_unit_interval;
  // sequences: lambda = 1 is a point of the domain, with a form of S of its own (S1, in n),
  // unless the statement is made on lambda in (0, 1)
  const bool with_one = sequence && !c.excludes_lambda_one && target.sequence;
  const ex S1 = with_one ? target.sequence->S_at_lambda_one : ex(0);
  const num::AdaptiveEvaluator value(S, symbols, digits), bound(c.bound, symbols, digits);
  std::optional<num::AdaptiveEvaluator> value_at_one;
  if (with_one) value_at_one.emplace(S1, symbols, digits);
  // the points: the claim point set and the grid where the properties' parameters are the claims'
  // (kernels, sequences); else (feature maps: snr, r) a lattice over the properties' domain
  // (issue 42, round 7: a feature map's claim points are its cases, not points of (snr, r))
  std::vector<ClaimPoint> points;
  if (geometry.property_domain) {
    points = property_lattice(*geometry.property_domain);
    part.method = "numeric on a lattice of the domain and a counterexample search";
  } else {
    points = claim_domain(spec, options.seed_for(std::nullopt)).points;
    for (const GridPoint& g : spec.grid) points.push_back({spec.named_point(g), {}, g});
  }
  points.erase(std::remove_if(points.begin(), points.end(),
                              [&](const ClaimPoint& p) { return !p.rational || p.rational->size() != symbols.size(); }),
               points.end());
  const bool below = c.relation[0] == '<';
  const std::string searched = bound_search_points(spec, c, geometry, symbols, value, bound, points);
  Real smallest;
  bool any = false, smallest_resolved = false;
  std::size_t violations = 0, checked = 0, unresolved = 0, at_one = 0;
  std::string failure;
  // where the bound is defined, as written (a divisor GiNaC cancelled still counts): each
  // condition proved on the statement's range, or a point of it where one fails, where the
  // relation cannot hold (issue 42: a bound 0/0 at lambda = 1 was proved)
  sym::ParameterDomain range = geometry.property_domain.value_or(geometry.domain);  // feature maps: (snr, r)
  if (sequence && c.excludes_lambda_one)
    for (sym::DomainVariable& v : range.variables)
      if (v.symbol.is_equal(s.lambda)) v.range.hi_open = true;
  bool bound_defined = true;
  std::string bound_undefined;
  for (const sym::Condition& condition : c.bound_conditions) {
    if (condition.kind == sym::ConditionKind::Continuous) continue;  // a jump is no gap in definedness
    sym::ConditionAnalysis a;
    try {
      a = sym::analyse_condition(condition, range);
    } catch (const std::exception&) {
    }
    if (a.status == sym::ConditionStatus::Holds) continue;
    bound_defined = false;
    if (bound_undefined.empty()) bound_undefined = condition.describe();
    // a point of the range where it fails: rational, or irrational (beta = 1/sqrt(2), pi) as the
    // analysis found it exactly (its decimal then lies strictly inside the range's rational ends)
    const auto inside = [&](const std::vector<ex>& point) {
      const sym::SymbolRanges ranges = range.ranges();
      for (std::size_t k = 0; k < point.size(); ++k) {
        const ex v = GiNaC::evalf(point[k]);
        if (!GiNaC::is_a<numeric>(v) || !GiNaC::ex_to<numeric>(v).is_real()) return false;
        const double x = GiNaC::ex_to<numeric>(v).to_double();
        const auto r = ranges.find(symbols[k]);
        if (r != ranges.end() && (x < r->second.lo || x > r->second.hi)) return false;
      }
      return true;
    };
    if (a.status != sym::ConditionStatus::Violated) continue;
    const bool rational = !a.point.empty() && range.contains(a.point);
    if (!rational && !(a.point.empty() && a.exact_point.size() == symbols.size() && inside(a.exact_point))) continue;
    part.verdict = Verdict::Disagree;
    part.method = "definedness";
    if (rational)
      part.point = named_by(symbols, a.point);
    else
      for (std::size_t k = 0; k < a.exact_point.size(); ++k)
        part.point.emplace_back(sym::to_text(symbols[k]), sym::to_text(a.exact_point[k]));
    part.evidence = {EvidenceLevel::SymbolicArgument,
                     fmt::format("the bound is not defined at {} ({} fails, decided exactly), a point of {}",
                                 describe_point(part.point), condition.describe(), range.description)};
    part.finding = fmt::format(
        "The bound is not defined at {} ({} fails: {}), a point of {}, so S {} bound does not hold there{}.",
        describe_point(part.point), condition.describe(), a.how, range.description, c.relation,
        rational && sequence && !c.excludes_lambda_one && a.point[0] == 1
            ? "; a statement made for lambda in (0, 1) says so with lambda = \"(0, 1)\""
            : "");
    return part;
  }
  for (const ClaimPoint& p : points) {
    const bool one = sequence && (*p.rational)[0] == 1;
    if (one && !with_one) continue;  // outside the statement's range (or no lambda = 1 form)
    const num::Evaluation a = one ? (*value_at_one)(*p.rational) : value(*p.rational), b = bound(*p.rational);
    if (!b.converged && b.not_finite) {
      // where the bound is undefined (log 0, 1/0) its conditions, analysed above, say so; a value
      // MPFR cannot hold is no such point: exp(exp(exp(10))) is finite, beyond MPFR's exponent
      // range (a false definedness disagree found in review of issue 42), so the point is not
      // evaluated, and the relation is not decided there
      failure = "the bound is not finite in MPFR at " + describe_point(p.where) +
                " (beyond its exponent range: its definedness is decided by its conditions, not there)";
      continue;
    }
    if (!a.converged || !b.converged) {
      failure = "S or the bound did not evaluate at " + describe_point(p.where);
      continue;
    }
    ++checked;
    at_one += one;
    num::ScopedPrecision scope(std::max(a.precision, b.precision));
    Real margin = (below ? Real(b.value - a.value) : Real(a.value - b.value)) / abs(a.value);
    const Real tolerance = pow(Real(10), -static_cast<int>(required_digits(digits)));
    const bool fails = margin < -tolerance;
    if (fails) ++violations;
    if (abs(margin) <= tolerance) {  // equal at working precision: the rest is rounding noise, which
      ++unresolved;                  // varies with GiNaC's term order from run to run
      margin = 0;
    }
    // the point shown: the first violation, else the smallest margin that is resolved (an
    // unresolved one only while no other is), as "S and the bound are equal" shows nothing
    const bool resolved = margin != 0;
    if (!any || (fails && violations == 1) ||
        (violations == 0 && (resolved != smallest_resolved ? resolved : margin < smallest))) {
      smallest = margin;
      smallest_resolved = resolved;
      any = true;
      part.point = p.where;
      // a margin within the tolerance was set to 0 above: it is not resolved, not 0
      part.values = {{"smallest relative margin",
                      margin == 0 ? std::string("not resolved (below the working tolerance)") : num::to_decimal(margin, 3)},
                     {"S", num::to_decimal(a.value, digits)},
                     {"bound", num::to_decimal(b.value, digits)}};
    }
  }
  // symbolic on lambda in (0, 1) (or the kernel's and feature map's whole domain): (bound/S)^2
  // - 1 > 0 and bound > 0 give S < bound (S/bound and S > 0 for S > bound), each sign by the
  // positivity prover (proofs/positivity.hpp); lambda^n is atomized for sequences
  // (atomize_symbolic_powers): an atom in (0, 1), as lambda in (0, 1), n > 0. lambda = 1 is
  // settled apart, from S's form there (bound_at_lambda_one).
  std::string ratio, ratio_value;
  bool proved_open = false;
  try {
    ex r = GiNaC::pow(below ? c.bound / S : S / c.bound, 2);
    std::vector<ex> unit;
    GiNaC::exmap atoms;
    // r > 1 gives |bound| > |S|; the bound > 0 (for S < bound) or S > 0 (for S > bound)
    // then gives the claim, so that side's sign is proved too
    ex side = below ? c.bound : S;
    if (sequence) {
      r = sym::atomize_symbolic_powers(r, atoms);
      side = sym::atomize_symbolic_powers(side, atoms);
      unit = {s.lambda};
      for (const auto& [atom, power] : atoms)  // lambda^n in (0, 1) for lambda in (0, 1), n > 0
        if (power.op(0).is_equal(s.lambda) && power.op(1).info(GiNaC::info_flags::positive)) unit.push_back(atom);
    }
    r = GiNaC::normal(r);
    if (!sequence || !r.has(s.lambda) || !r.has(s.n)) {
      // (ratio - 1) > 0 gives the strict relation, and so the non-strict one too
      proved_open = sym::is_provably_positive(r - 1, unit) && sym::is_provably_positive_with_roots(side, unit);
      if (proved_open) ratio_value = sym::to_text(r.subs(atoms));
      ratio =
          std::string(" Symbolically (") + (below ? "bound/S" : "S/bound") + ")^2 = " + sym::to_text(r.subs(atoms)) +
          (proved_open ? ", and (ratio - 1) > 0 and " + std::string(below ? "the bound" : "S") +
                             " > 0 by the positivity prover" +
                             std::string(sequence ? " for 0 < lambda < 1 (so 0 < lambda^n < 1)" : " on the domain") +
                             ", so " + std::string(below ? "bound > |S| >= S" : "S > |bound| >= bound") + " there"
                       : "") +
          ".";
    }
  } catch (const std::exception&) {
    // the symbolic proof is an extra: without it the numeric verdict stands, and the
    // finding does not claim a proof (proved stays false, ratio empty)
  }
  // lambda = 1, for every n
  const AtLambdaOne one = with_one ? bound_at_lambda_one(c, S1, digits) : AtLambdaOne{};
  if (with_one) ratio += " " + one.text;
  if (with_one && (one.state == AtLambdaOne::State::Fails || one.state == AtLambdaOne::State::Undefined)) {
    // proved false (or meaningless) at lambda = 1, a point of the domain, for every n
    part.verdict = Verdict::Disagree;
    part.method = one.state == AtLambdaOne::State::Undefined ? "definedness" : "symbolic";
    part.certified = one.state == AtLambdaOne::State::Fails;  // an exact identity, not a rounding
    part.point = one.point;
    part.evidence = {one.state == AtLambdaOne::State::Undefined ? EvidenceLevel::SymbolicArgument
                                                                : EvidenceLevel::CertifiedCounterexample,
                     fmt::format("S {} bound {} at lambda = 1 (S's form there, exactly)", c.relation,
                                 one.state == AtLambdaOne::State::Undefined ? "is undefined" : "fails")};
    if (!one.values.empty()) part.values = one.values;
    part.finding = fmt::format("S {} bound fails at lambda = 1.{}", c.relation, ratio);
    return part;
  }
  const bool proved = proved_open && bound_defined && (!with_one || one.state == AtLambdaOne::State::Holds);
  if (proved_open && !bound_defined)
    ratio += " (No proof: the bound's definedness on the domain is not proved.)";
  // what the proof covers: the domain, or the statement's range lambda in (0, 1)
  const std::string proved_where = sequence && c.excludes_lambda_one ? "Proved on lambda in (0, 1), the statement's range."
                                                                     : "Proved on the whole domain.";
  if (!any) {
    part.finding = failure.empty() ? "no point could be evaluated" : failure;
    return part;
  }
  num::ScopedPrecision scope(digits);
  const std::string one_count = at_one ? fmt::format(" ({} of them at lambda = 1, with S's form there)", at_one) : "";
  if (violations > 0) {
    part.verdict = Verdict::Disagree;
    part.evidence = {EvidenceLevel::NumericEvidence, fmt::format("S {} bound fails at {} (estimated, {} of {} points)",
                                                                 c.relation, describe_point(part.point), violations,
                                                                 checked)};
    part.finding = fmt::format("S {} bound fails at {} of {} points{}, e.g. at {} (S = {}, bound = {}).{}", c.relation,
                               violations, checked, one_count, describe_point(part.point),
                               num::rounded_decimal(part.values[1].second, 12), num::rounded_decimal(part.values[2].second, 12), ratio);
  } else if (proved) {
    part.verdict = Verdict::Agree;
    // what decides: the proved ratio, then the numbers at the point shown
    // (sequences: the ratio of S's general form, proved for 0 < lambda < 1; lambda = 1 apart)
    part.values.insert(part.values.begin(),
                       {std::string(below ? "bound_over_S_squared" : "S_over_bound_squared") +
                            (sequence ? "_for_lambda_below_1" : ""),
                        ratio_value});
    // a proof on the statement's range lambda in (0, 1), or on the whole domain
    part.method = sequence && c.excludes_lambda_one ? "symbolic on lambda in (0, 1)" : "symbolic";
    part.evidence = {sequence && c.excludes_lambda_one ? EvidenceLevel::ProvedOnSubdomain : EvidenceLevel::ProvedWholeDomain,
                     sequence && c.excludes_lambda_one
                         ? fmt::format("S {} bound for lambda in (0, 1) and every n, the statement's range", c.relation)
                         : fmt::format("S {} bound on {}", c.relation, range.description)};
    // a point where S and the bound agree to working precision does not show the relation
    // numerically: only the others are counted for it (the proof covers them all)
    part.finding = unresolved == 0
                       ? fmt::format("{}{} Numerically S {} bound at all {} points{}.", proved_where, ratio, c.relation,
                                     checked, one_count)
                       : fmt::format(
                             "{}{} Numerically S {} bound at {} of {} points{}; at the other {} S and the bound "
                             "agree to working precision (margin below 10^-{}), so there the numbers cannot show "
                             "the relation, which the proof covers.",
                             proved_where, ratio, c.relation, checked - unresolved, checked, one_count, unresolved,
                             static_cast<int>(required_digits(digits)));
  } else if (!failure.empty()) {
    part.finding = failure;
  } else if (!bound_defined) {
    // no agree on an assumption not checked: where the bound is not defined the relation fails
    part.finding = fmt::format(
        "No point of the {} checked{} breaks S {} bound, but the bound's definedness on {} is not proved ({} is "
        "not shown there), and where it is not defined the relation does not hold.",
        checked, one_count, c.relation, range.description, bound_undefined);
  } else if (unresolved > 0) {
    part.finding = fmt::format(
        "No symbolic proof, and at {} of {} points{} S and the bound are equal at working precision, so the "
        "relation is undecided there.{}",
        unresolved, checked, one_count, ratio);
  } else {
    part.verdict = Verdict::Agree;
    part.evidence = {EvidenceLevel::NumericEvidence,
                     fmt::format("S {} bound at {} points{}{}", c.relation, checked, one_count, searched)};
    part.finding = fmt::format("S {} bound at all {} points{}{}; the smallest relative margin is {} at {}.{}",
                               c.relation, checked, one_count, searched,
                               smallest == 0 ? std::string("below the working tolerance (not resolved)")
                                             : num::to_decimal(smallest, 4),
                               describe_point(part.point), ratio);
  }
  return part;
}

// ---------------------------------------------------------------- norm ratio
// Rational ends beside r's range [1/sqrt(d), 1]: `inside` at or above 1/sqrt(d), `outside` at or
// below it (2^-30 from it, with a margin for the double's rounding).
numeric r_end_beside(unsigned d, bool inside) {
  const double x = 1 / std::sqrt(static_cast<double>(d)), scale = std::ldexp(1.0, 30);
  return numeric(static_cast<long>(inside ? std::ceil(x * scale) + 2 : std::floor(x * scale) - 2), 1L << 30);
}

// Why Q(r, d) at this d is not shown continuous on [r_out, 1], or "" when it is: each of its
// conditions as written (proofs/definedness.hpp) is proved there, a step's argument non-zero.
std::string quantity_discontinuity(const PropertyCheck& c, unsigned d, const numeric& r_out) {
  const auto& s = sym::symbols();
  sym::ParameterDomain interval;
  sym::DomainVariable r;
  r.symbol = s.r;
  r.range = sym::Range{std::nextafter(r_out.to_double(), 0.0), 1.0, false, false};
  interval.variables.push_back(r);
  interval.description = "r in [" + exact_text(r_out) + ", 1]";
  for (sym::Condition condition : c.quantity_conditions) {
    condition.expression = condition.expression.subs(s.d == d);
    if (condition.kind == sym::ConditionKind::Continuous) condition.kind = sym::ConditionKind::NonZero;
    sym::ConditionStatus status = sym::ConditionStatus::Unknown;
    try {
      status = sym::analyse_condition(condition, interval).status;
    } catch (const std::exception&) {
    }
    if (status != sym::ConditionStatus::Holds)
      return fmt::format("the quantity is not shown continuous on {} ({} is not proved there), so dQ/dr's sign "
                         "does not give its monotonicity",
                         interval.description, condition.describe());
  }
  return "";
}

// The range of a quantity Q(r, d) of r = ||y||_2/||y||_1, y in R^d (y != 0). r's own extremes,
// 1/sqrt(d) at the centre of the simplex and 1 at e_1, are exact (Lagrange + convexity,
// proofs/norm_ratio.hpp), and r takes every value between (the simplex is connected). Q's
// range is [Q(1/sqrt(d)), Q(1)] (or reversed) only when Q is monotone in r on [1/sqrt(d), 1]:
// that is certified by Arb branch-and-bound of dQ/dr's sign, else nothing is claimed of the
// ends (docs/history.md, issue 42, H3: 33 samples missed a dip and a pole). Without the
// certificate, a claimed extreme is still refuted by a point r of the range where Q is
// certainly beyond it (branch-and-bound of the claimed inequality); otherwise undecided.
Part check_norm_ratio(const PropertyCheck& c, const RunOptions& options) {
  Part part;
  const unsigned digits = options.digits;
  const auto& s = sym::symbols();
  const std::string proved_method =
      "symbolic (Lagrange + convexity, the quantity monotone in r certified by Arb branch-and-bound)";
  std::mt19937_64 rng(options.seed_for(std::nullopt));
  std::exponential_distribution<double> exponential(1.0);
  std::string checked;
  auto point_text = [](const std::vector<ex>& y) {
    std::string out = "(";
    for (std::size_t i = 0; i < y.size() && i < 4; ++i) out += (i ? ", " : "") + sym::to_text(y[i]);
    return out + (y.size() > 4 ? ", ...)" : ")");
  };
  for (unsigned d : c.dimensions) {
    const sym::NormRatioExtremes e = sym::norm_ratio_extremes(d);
    const ex Q = c.quantity.subs(s.d == d);
    // random points on the simplex (Dirichlet(1,...,1)): r stays within the derived extremes (a
    // check of the derivation; the verdict does not rest on it)
    double seen_min = 1e300, seen_max = 0;
    for (int k = 0; k < kNormRatioDraws; ++k) {
      double l1 = 0, l2 = 0;
      for (unsigned i = 0; i < d; ++i) {
        const double y = exponential(rng);
        l1 += y;
        l2 += y * y;
      }
      const double r = std::sqrt(l2) / l1;
      seen_min = std::min(seen_min, r);
      seen_max = std::max(seen_max, r);
    }
    const double r_min = 1 / std::sqrt(static_cast<double>(d));
    if (seen_min < r_min * (1 - kNormRatioRoundingTol) || seen_max > 1 + kNormRatioRoundingTol) {
      part.verdict = Verdict::Inconclusive;
      part.finding = fmt::format("d = {}: a random point fell outside the derived extremes (a defect in attnverify)", d);
      return part;
    }
    // Q monotone in r on [r_out, 1] (r_out <= 1/sqrt(d), a wider interval): increasing first,
    // unless Q(1) < Q(1/sqrt(d)) says it is the other way
    const ex dQ = Q.diff(s.r);
    const ex at_min = GiNaC::normal(Q.subs(s.r == e.minimum)), at_max = GiNaC::normal(Q.subs(s.r == e.maximum));
    bool prefer_increasing = true;
    try {
      const num::Ball low = num::BallExpression(at_min, {})({}, 128), high = num::BallExpression(at_max, {})({}, 128);
      num::Ball rise;
      arb_sub(rise.get(), high.get(), low.get(), 128);
      prefer_increasing = !rise.negative();
    } catch (const std::exception&) {
    }
    const numeric r_out = r_end_beside(d, false);
    std::optional<bool> increasing;
    // dQ/dr >= 0 gives Q monotone only where Q is continuous (a step's jump has derivative 0
    // on either side: issue 42, round 6): every condition of Q as written is proved on [r_out, 1],
    // and every step argument there is non-zero
    std::string not_monotone = quantity_discontinuity(c, d, r_out);
    const bool continuous = not_monotone.empty();
    for (const bool up : {prefer_increasing, !prefer_increasing}) {
      if (!continuous) break;  // no derivative certificate
      const num::BoxResult m = certify_on_box(up ? dQ : ex(-dQ), {s.r}, {{r_out, numeric(1)}}, num::Relation::Nonnegative);
      if (m.outcome == num::BoxOutcome::Proved) {
        increasing = up;
        break;
      }
      not_monotone += std::string(not_monotone.empty() ? "" : "; ") + (up ? "increasing: " : "decreasing: ") +
                      (m.outcome == num::BoxOutcome::Counterexample
                           ? fmt::format("dQ/dr {} 0 at r = {}", up ? "<" : ">", exact_text(m.point[0]))
                           : m.reason);
    }
    if (increasing) {
      const ex q_max = *increasing ? at_max : at_min, q_min = *increasing ? at_min : at_max;
      const auto& argmax = *increasing ? e.maximiser : e.minimiser;
      const auto& argmin = *increasing ? e.minimiser : e.maximiser;
      for (const auto& [claimed, text, computed, arg, word] :
           {std::tuple{c.maximum, c.maximum_text, q_max, argmax, "maximum"},
            std::tuple{c.minimum, c.minimum_text, q_min, argmin, "minimum"}}) {
        if (!claimed) continue;
        const ex claim_at_d = claimed->subs(s.d == d);
        const double agree = agreement(computed, claim_at_d, digits);
        // the extreme is exact: the claim holds only if it is that value exactly (a claimed
        // 1 + 10^-47, or a 28-digit decimal of 1/sqrt(2), agreed at working precision once:
        // found in the attack on issue 43's change); otherwise the difference's ball decides
        bool equal = false;
        try {
          equal = sym::is_identically_zero(computed - claim_at_d);
        } catch (const std::exception&) {
        }
        bool apart = false;
        if (!equal) {
          try {
            const num::BallExpression difference(computed - claim_at_d, {});
            for (const slong bits : {256, 1024, 4096, 16384}) {
              const num::Ball b = difference({}, bits);
              if (b.finite() && !b.contains_zero()) {
                apart = true;
                break;
              }
            }
          } catch (const std::exception&) {
          }
        }
        if (!equal && !apart) {
          part.verdict = Verdict::Inconclusive;
          part.finding = fmt::format(
              "d = {}: the {} of {} is {} exactly; the claimed {} agrees with it to {:.1f} digits, but neither their "
              "equality is proved nor a difference shown by ball arithmetic up to 16384 bits: not decided.",
              d, word, c.quantity_text, sym::to_text(computed), text, std::isnan(agree) ? 0.0 : agree);
          return part;
        }
        if (!equal) {
          // the extremes are exact and the monotonicity certified: the claimed value is proved wrong
          part.verdict = Verdict::Disagree;
          part.certified = true;
          part.method = proved_method;
          part.point = {{"d", std::to_string(d)}, {"y", point_text(arg)}};
          part.values = {{word, sym::to_text(computed)},
                         {"claimed", text},
                         {"claimed_at_d", decimal(claim_at_d, digits, kShownDigits)}};
          part.digits = std::isnan(agree) ? 0 : agree;
          // the exact value, and its decimal only when the two differ as text ("1 = 1" said nothing)
          const std::string exact = sym::to_text(computed), approx = decimal(computed, digits, 6);
          // a symbolic argument (the extremes of r by Lagrange and convexity, exact), with one
          // certified step (Q monotone in r): no point where balls of the two sides are disjoint
          part.evidence = {EvidenceLevel::SymbolicArgument,
                           fmt::format("at d = {} the {} of {} over the simplex is {}, not {} (r's extremes by "
                                       "Lagrange and convexity; Q {} in r, certified)",
                                       d, word, c.quantity_text, exact, text,
                                       *increasing ? "increasing" : "decreasing")};
          part.finding = fmt::format(
              "d = {}: the {} of {} is {}, attained at y = {} ({}; the quantity is {} in r, certified; random "
              "points: r in [{:.6f}, {:.6f}]); the claim says {} = {}.",
              d, word, c.quantity_text, exact == approx ? exact : exact + " = " + approx, point_text(arg), e.argument,
              *increasing ? "increasing" : "decreasing", seen_min, seen_max, text, decimal(claim_at_d, digits, 6));
          return part;
        }
      }
      checked += (checked.empty() ? "" : ", ") +
                 fmt::format("d = {}: [{}, {}]", d, sym::to_text(q_min), sym::to_text(q_max));
      continue;
    }
    // not certified monotone: a claimed extreme is refuted where Q is certainly beyond it at a
    // point of r's range [1/sqrt(d), 1] (r_in >= 1/sqrt(d): every r there is attained)
    const numeric r_in = r_end_beside(d, true);
    for (const auto& [claimed, text, word] : {std::tuple{c.maximum, c.maximum_text, "maximum"},
                                              std::tuple{c.minimum, c.minimum_text, "minimum"}}) {
      if (!claimed) continue;
      const ex claim_at_d = claimed->subs(s.d == d);
      const bool is_max = std::string(word) == "maximum";
      const num::BoxResult beyond = certify_on_box(is_max ? ex(claim_at_d - Q) : ex(Q - claim_at_d), {s.r},
                                                   {{r_in, numeric(1)}}, num::Relation::Nonnegative);
      if (beyond.outcome != num::BoxOutcome::Counterexample) continue;
      part.verdict = Verdict::Disagree;
      part.certified = true;
      part.method = certified_on("r in [" + exact_text(r_in) + ", 1]");
      part.point = {{"d", std::to_string(d)}, {"r", exact_text(beyond.point[0])}};
      part.evidence = {EvidenceLevel::CertifiedCounterexample,
                       fmt::format("at d = {}, r = {} (a value of r some y attains) {} is {} {}, so its {} is not {}", d,
                                   exact_text(beyond.point[0]), c.quantity_text, is_max ? "above" : "below", text,
                                   word, text)};
      part.values = {{is_max ? "claimed_minus_Q" : "Q_minus_claimed", ball_text(beyond.value)},
                     {"claimed", text},
                     {"claimed_at_d", decimal(claim_at_d, digits, kShownDigits)}};
      part.finding = fmt::format(
          "d = {}: at r = {}, a value of r = ||y||_2/||y||_1 that some y attains (r takes every value in [1/sqrt(d), 1] "
          "on the connected simplex), the ball of {} is {}, so the {} of {} is not {}. (Q is not certified monotone "
          "in r: {}.)",
          d, exact_text(beyond.point[0]), is_max ? "claimed - Q" : "Q - claimed", ball_text(beyond.value), word,
          c.quantity_text, text, not_monotone);
      return part;
    }
    part.verdict = Verdict::Inconclusive;
    part.method = "none";
    part.finding = fmt::format(
        "d = {}: the quantity's monotonicity in r on [1/sqrt(d), 1] is not certified ({}), so its extremes need not "
        "be its values at r's extremes; no point of the range was found beyond a claimed extreme either: not "
        "decided.",
        d, not_monotone);
    return part;
  }
  part.verdict = Verdict::Agree;
  part.method = proved_method;
  {
    std::string dimensions;
    for (unsigned d : c.dimensions) dimensions += (dimensions.empty() ? "" : ", ") + std::to_string(d);
    // proved at each listed d, not for every d
    const std::string what = c.minimum && c.maximum ? "the range of " + c.quantity_text + " over the simplex is [" +
                                                          c.minimum_text + ", " + c.maximum_text + "]"
                             : c.maximum ? "the maximum of " + c.quantity_text + " over the simplex is " + c.maximum_text
                                         : "the minimum of " + c.quantity_text + " over the simplex is " + c.minimum_text;
    part.evidence = {EvidenceLevel::ProvedOnSubdomain, what + " at d in {" + dimensions + "} only"};
  }
  part.finding = "The range of " + c.quantity_text + " is " + checked +
                 ", as claimed (maximiser of r: y = e_1; minimiser: y = (1, ..., 1)/d); the quantity's monotonicity in "
                 "r is certified for every d.";
  return part;
}

Part combine(const std::vector<Part>& parts) {
  Part out;
  out.verdict = Verdict::Agree;
  std::set<std::string> methods;
  for (const Part& p : parts) {
    if (!p.method.empty() && methods.insert(p.method).second) out.method += (out.method.empty() ? "" : "; ") + p.method;
    out.finding += (out.finding.empty() ? "" : " ") + p.finding;
    if (p.verdict == Verdict::Disagree && out.verdict != Verdict::Disagree) {
      out.verdict = Verdict::Disagree;
      out.point = p.point;
      out.values = p.values;
      out.digits = p.digits;
      out.certified = p.certified;
      out.evidence = p.evidence;
    } else if (p.verdict != Verdict::Agree && out.verdict == Verdict::Agree) {
      out.verdict = Verdict::Inconclusive;
    }
  }
  // all agree: the conjunction of what each established; inconclusive: nothing established
  if (out.verdict == Verdict::Agree) {
    std::vector<Evidence> established;
    for (const Part& p : parts) established.push_back(p.evidence);
    out.evidence = conjunction(established);
  }
  if (out.verdict != Verdict::Disagree && !parts.empty()) {
    out.point = parts.front().point;
    out.values = parts.front().values;
    out.digits = parts.front().digits;
  }
  return out;
}

}  // namespace

CheckRecord check_property(const Spec& spec, const Property& property, const PropertyTarget& target,
                           const RunOptions& options) {
  {
    CheckRecord record;
    record.variant = spec.name;
    record.check = CheckKind::Property;
    record.claim = property.id;
    record.expected = property.expected;
    std::vector<Part> parts;
    for (const PropertyCheck& c : property.checks) {
      const bool needs_S = c.kind != PropertyKind::NormRatio && c.kind != PropertyKind::Sampled;
      if (needs_S && target.S.is_zero()) {
        if (std::optional<Part> lattice = check_on_lattice(spec, c, target, options)) {
          parts.push_back(*lattice);
          continue;
        }
        Part part;
        part.method = "none";
        part.finding = "no closed form to examine (" + target.no_closed_form_reason + ")" +
                       (target.certified_value ? "; without one, the numeric route decides only infimum and supremum "
                                                 "bounds (greater_than, less_than) and monotonicity on a box"
                                               : "");
        parts.push_back(part);
        continue;
      }
      try {
        switch (c.kind) {
          case PropertyKind::Even:
            parts.push_back(check_even(spec, c, target.S, options));
            break;
          case PropertyKind::Limit:
            parts.push_back(check_limit(spec, c, target, options));
            break;
          case PropertyKind::Infimum:
          case PropertyKind::Supremum:
            parts.push_back(check_extremum(spec, c, target, options));
            break;
          case PropertyKind::Monotone:
            parts.push_back(check_monotone(spec, c, target.S, options));
            break;
          case PropertyKind::Bound:
            parts.push_back(check_bound(spec, c, target, options));
            break;
          case PropertyKind::NormRatio:
            parts.push_back(check_norm_ratio(c, options));
            break;
          case PropertyKind::Sampled: {
            Part pending;
            pending.method = "sampled";
            pending.finding = "decided from the sampled checks after the multiple-comparison correction";
            parts.push_back(pending);
            break;
          }
        }
      } catch (const std::exception& err) {
        // GiNaC's own wording names its internals ("power::eval(): division by zero"): the
        // reader gets what happened, that an expression is undefined at a point the check needs
        std::string what = err.what();
        if (const auto at = what.find("(): "); at != std::string::npos && what.find("::") < at)
          what = "an expression of the check is not defined at a point it needs (" + what.substr(at + 4) + ")";
        Part failed;
        failed.method = to_string(c.kind);
        failed.finding = std::string("the ") + to_string(c.kind) + " check failed: " + what;
        parts.push_back(failed);
      }
    }
    const Part all = combine(parts);
    record.verdict = all.verdict;
    record.method = all.method;
    record.detail = all.finding;
    record.point = all.point;
    record.values = all.values;
    record.digits = all.digits;
    record.certified = all.certified;
    record.evidence = all.evidence;
    return record;
  }
}

void check_properties(const Spec& spec, const PropertyTarget& target, const RunOptions& options, VariantResult& result,
                      const Progress& progress) {
  for (const Property& property : spec.properties) {
    progress(fmt::format("[{}] property {}", spec.name, property.id));
    result.records.push_back(check_property(spec, property, target, options));
  }
}

void judge_sampled_properties(VariantResult& result) {
  for (const Property& property : result.spec.properties) {
    if (std::none_of(property.checks.begin(), property.checks.end(),
                     [](const PropertyCheck& c) { return c.kind == PropertyKind::Sampled; }))
      continue;
    CheckRecord* record = nullptr;
    for (auto& r : result.records)
      if (r.check == CheckKind::Property && r.claim == property.id) record = &r;
    if (!record) continue;
    std::size_t count = 0, agree = 0, disagree = 0, invalid = 0;
    double max_z = 0;
    const CheckRecord* worst = nullptr;
    std::set<unsigned> dims;
    unsigned long largest_n = 0;
    for (const auto& r : result.records) {
      if (r.check != CheckKind::Sampled) continue;
      // a check whose CLT interval is not trustworthy at its n is not a test (sampled_checks.hpp)
      if (r.clt_invalid()) {
        ++invalid;
        continue;
      }
      ++count;
      if (r.verdict == Verdict::Agree) ++agree;
      if (r.verdict == Verdict::Disagree) ++disagree;
      if (r.d) dims.insert(*r.d);
      if (r.n) largest_n = std::max(largest_n, *r.n);
      if (r.z && std::abs(*r.z) >= max_z) {
        max_z = std::abs(*r.z);
        worst = &r;
      }
    }
    std::string dim_text;
    for (unsigned d : dims) dim_text += (dim_text.empty() ? "" : ", ") + std::to_string(d);
    // what the route drew: real d-dimensional weights, or (a kernel under another score law)
    // scalar scores, which test S's definition but not the reduction from weights (Su2023 eq. 4)
    const std::string population = result.spec.kind->sampled_population(result.spec);
    const bool weights = population.rfind("real d-dimensional", 0) == 0;
    record->method = weights ? "sampled (Monte Carlo over d-dimensional q and k, Holm-corrected)"
                             : "sampled (Monte Carlo over " + population + ", Holm-corrected)";
    if (worst) {
      record->point = worst->point;
      record->point.emplace_back("d", std::to_string(*worst->d));
      record->point.emplace_back("n", std::to_string(*worst->n));
      record->values = worst->values;
    }
    record->values.insert(record->values.begin(), {"max |z|", fmt::format("{:.2f}", max_z)});
    const std::string figures =
        fmt::format("{} sampled checks, d in {{{}}}, n up to {}; largest |z| = {:.2f}{}", count, dim_text, largest_n,
                    max_z,
                    invalid ? fmt::format("; {} more are not valid tests at their n (the CLT interval's skewness "
                                          "exceeds {}) and are left out",
                                          invalid, num::kMaxCltSkewness)
                            : std::string());
    record->evidence = {};
    if (count == 0) {
      record->verdict = Verdict::Inconclusive;
      record->detail = invalid ? fmt::format("none of the {} sampled checks is a valid test at its n (the CLT interval's skewness exceeds {})", invalid, num::kMaxCltSkewness) : std::string("no sampled checks ran");
    } else if (disagree > 0) {
      record->verdict = Verdict::Disagree;
      record->detail = fmt::format("{} of {}: {} is contradicted by Monte Carlo over {}.", disagree, figures,
                                   weights ? "the scalar reduction" : "S", population);
      record->evidence = {EvidenceLevel::Statistical,
                          fmt::format("Monte Carlo over {} differs significantly from {} in {} of {} sampled checks "
                                      "(Holm)",
                                      population, weights ? "the scalar reduction S(beta, gamma)" : "S", disagree,
                                      count)};
    } else if (agree == count) {
      record->verdict = Verdict::Agree;
      record->evidence = {EvidenceLevel::Statistical,
                          fmt::format("no significant difference between Monte Carlo over {} and {} in {} sampled "
                                      "checks (Holm)",
                                      population, weights ? "the scalar reduction S(beta, gamma)" : "S", count)};
      record->detail = "All " + figures + ": Monte Carlo over " + population +
                       (weights ? " agrees with the scalar reduction S(beta, gamma)"
                                : " agrees with S(beta, gamma) (the scores themselves are drawn, so this tests S's "
                                  "definition, not the reduction from d-dimensional weights)") +
                       " within its confidence interval.";
    } else {
      record->verdict = Verdict::Inconclusive;
      record->detail = fmt::format("{} of {} agree, none disagree ({}).", agree, count, figures);
    }
  }
}

}  // namespace attnverify
