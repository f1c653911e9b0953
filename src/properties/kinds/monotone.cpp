// The property kind `monotone`: S increasing or decreasing in p over a box. Symbolic when
// dS/dp is identically 0 (then not strictly monotone) or its sign is certified on the box by Arb
// branch-and-bound (d log S/dp as written and in normal form, then dS/dp; over t = beta/gamma where
// S is a function of it, src/properties/ratio_reduction.hpp); a pair of points whose balls of S
// are disjoint and in the wrong order is a certified counterexample; else the derivative's sign on
// a 41 x 41 grid (numeric evidence). Without a closed form, the lattice of certified balls
// (src/properties/lattice_checks.hpp).

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <set>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/box_branch_and_bound.hpp"
#include "numerics/compiled_expression.hpp"
#include "numerics/counterexample_search.hpp"
#include "numerics/extremum_search.hpp"
#include "numerics/limit_extrapolation.hpp"
#include "proofs/canonical_form.hpp"
#include "proofs/definedness.hpp"
#include "proofs/half_line_sign.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/limits.hpp"
#include "proofs/norm_ratio.hpp"
#include "proofs/positivity.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "src/properties/box_proof.hpp"
#include "src/properties/exact_values.hpp"
#include "src/properties/kink_pieces.hpp"
#include "src/properties/lattice_checks.hpp"
#include "src/properties/property_box.hpp"
#include "src/properties/property_checks.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/properties/ratio_reduction.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/property_kind.hpp"
#include "src/spec/toml_reader.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/claim_points.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;
using num::Real;

namespace {

/// Monotonicity: sub-boxes per candidate (d log S/dp as written and in normal form, then
/// dS/dp in normal form).
constexpr std::size_t kMonotoneBoxBudget = 2000;

enum class Direction { Increasing, Decreasing };

const char* direction_name(Direction d) { return d == Direction::Increasing ? "increasing" : "decreasing"; }

struct MonotoneCheck : PropertyCheckData {
  std::string parameter;
  Direction direction = Direction::Increasing;
  ParameterRanges over;
};

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
// S(base, exponent) as S_u(base, u) with u = exponent |log base|, base^(k exponent) = e^(-k u), for a
// base in (0, 1); nullopt when a power of the base or the exponent remains.
std::optional<ex> power_atom_in_u(const ex& S, const PropertyTarget::PowerAtom& atom) {
  const auto& s = sym::symbols();
  const ex base = s.by_name(atom.base), exponent = s.by_name(atom.exponent);
  const GiNaC::symbol& u = s.power_u;
  ex S_u;
  try {
    // base^k with k depending on the exponent -> e^(k log base); other powers of the base stay
    struct ToExp : GiNaC::map_function {
      ex base, exponent;
      ex operator()(const ex& e) override {
        if (GiNaC::is_a<GiNaC::power>(e) && e.op(0).is_equal(base) && e.op(1).has(exponent))
          return GiNaC::exp(e.op(1).map(*this) * GiNaC::log(base));
        return e.map(*this);
      }
    } to_exp;
    to_exp.base = base;
    to_exp.exponent = exponent;
    S_u = to_exp(S).subs(exponent == u / (-GiNaC::log(base)));
    if (S_u.has(exponent)) return std::nullopt;
    // every power of the base is gone: no log(base) left inside an exponential
    for (auto it = S_u.preorder_begin(); it != S_u.preorder_end(); ++it)
      if (GiNaC::is_the_function<GiNaC::exp_SERIAL>(*it) && it->op(0).has(GiNaC::log(base))) return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return S_u;
}

// A monotonicity in the exponent of S's powers (sequences: n in lambda^n) as one in
// u = exponent |log base| (issue 44, the reduction to x = lambda^n): with base^(k e) = e^(-k u) and
// e = u/(-log base), S(base, e) = S_u(base, u), and dS/de = -log(base) dS_u/du has the sign of
// dS_u/du for a base in (0, 1). The box's image is inside base in [lo, hi] x u in
// [e_lo |log hi|, e_hi |log lo|] (ends rounded outwards), so a sign certified there holds on the box
// for every real exponent, and so at its integers. nullopt when the reduction does not apply (the
// box reaches base = 1 or 0, or a power of the base remains).
struct PowerReduction {
  ex S_u;          ///< S in (base, u)
  ex base, u;      ///< the symbols, in the box's order
  std::vector<num::BoxAxis> box;
  std::string text;  ///< "u = n |log lambda| in [..] (lambda^n = e^(-u))"
};

std::optional<PowerReduction> reduce_power_atom(const ex& S, const PropertyTarget::PowerAtom& atom,
                                                const std::vector<std::string>& names,
                                                const std::vector<std::pair<numeric, numeric>>& ranges) {
  const auto at = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  const std::size_t b = at(atom.base), e = at(atom.exponent);
  if (names.size() != 2 || ranges.size() != 2 || b >= 2 || e >= 2 || b == e) return std::nullopt;
  const numeric lo = ranges[b].first, hi = ranges[b].second, e_lo = ranges[e].first, e_hi = ranges[e].second;
  if (!(lo > 0 && hi < 1 && e_lo > 0)) return std::nullopt;
  const auto& s = sym::symbols();
  const ex base = s.by_name(atom.base);
  const GiNaC::symbol& u = s.power_u;
  const std::optional<ex> in_u = power_atom_in_u(S, atom);
  if (!in_u) return std::nullopt;
  const ex S_u = *in_u;
  // u's range, rounded outwards: |log hi| e_lo from below, |log lo| e_hi from above (doubles with
  // a relative margin of 1e-9, far beyond log's rounding)
  const double scale = std::ldexp(1.0, 30);
  const double u_lo = -std::log(hi.to_double()) * e_lo.to_double() * (1 - 1e-9);
  const double u_hi = -std::log(lo.to_double()) * e_hi.to_double() * (1 + 1e-9);
  if (!(u_lo > 0) || !std::isfinite(u_hi)) return std::nullopt;
  PowerReduction out;
  out.S_u = S_u;
  out.base = base;
  out.u = u;
  out.box = {{lo, hi}, {numeric(static_cast<long>(std::floor(u_lo * scale)), static_cast<long>(scale)),
                        numeric(static_cast<long>(std::ceil(u_hi))) + 1}};
  out.text = fmt::format("u = {} |log {}| in {} ({}^{} = e^(-u))", atom.exponent, atom.base,
                         num::box_text({out.box[1]}), atom.base, atom.exponent);
  return out;
}

// The strict sign of e at every base in (0, 1), u > 0, where e is a product of powers of factors
// each in the base alone (the positivity prover on (0, 1)) or in u alone
// (proofs/half_line_sign.hpp); nullopt when not shown.
std::optional<int> sign_on_unit_times_half_line(const ex& e, const ex& base, const GiNaC::symbol& u) {
  if (GiNaC::is_exactly_a<numeric>(e)) {
    const numeric& v = GiNaC::ex_to<numeric>(e);
    if (!v.is_real() || v.is_zero()) return std::nullopt;
    return v.is_positive() ? 1 : -1;
  }
  if (GiNaC::is_exactly_a<GiNaC::mul>(e)) {
    int sign = 1;
    for (const ex& f : e) {
      const std::optional<int> s = sign_on_unit_times_half_line(f, base, u);
      if (!s) return std::nullopt;
      sign *= *s;
    }
    return sign;
  }
  if (GiNaC::is_exactly_a<GiNaC::power>(e) && GiNaC::is_exactly_a<numeric>(e.op(1))) {
    const numeric& k = GiNaC::ex_to<numeric>(e.op(1));
    const std::optional<int> s = sign_on_unit_times_half_line(e.op(0), base, u);
    if (!s || !k.is_rational()) return std::nullopt;
    if (k.is_integer()) return k.is_even() ? 1 : *s;
    return *s > 0 ? std::optional<int>(1) : std::nullopt;  // a root of a negative number is not real
  }
  if (!e.has(u)) {
    sym::ParameterDomain unit;
    unit.variables = {{base, sym::Range{0, 1, true, true}, false, {numeric(1, 2), numeric(1, 10), numeric(9, 10)}}};
    unit.description = "0 < base < 1";
    try {
      if (sym::provably_positive_on(e, unit)) return 1;
      if (sym::provably_positive_on(-e, unit)) return -1;
    } catch (const std::exception&) {
    }
    return std::nullopt;
  }
  if (!e.has(base)) return sym::sign_on_positive_half_line(e, u);
  return std::nullopt;
}

// Monotonicity in the exponent on the whole domain (issue 44, Su2023-Q-decay): with S(base, n) =
// S_u(base, u), u = n |log base| > 0 for a base in (0, 1) and any real n > 0, dS/dn = |log base|
// dS_u/du, and dS_u/du = S_u d(log S_u)/du. Where S_u > 0 is shown, d(log S_u)/du depends on u
// alone and has a strict sign at every u > 0, S is strictly monotone in n at every base in (0, 1);
// at base = 1 (the face form: the decay sequence's S = 1) its derivative in n must be manifestly
// of the claimed sign, or 0. Returns how, or nullopt.
std::optional<std::string> monotone_on_whole_domain(const PropertyTarget& target, bool decreasing) {
  const PropertyTarget::PowerAtom& atom = *target.power_atom;
  const std::optional<ex> S_u = power_atom_in_u(target.S, atom);
  if (!S_u || tree_size(*S_u, kMaxGradientNodes) >= kMaxGradientNodes) return std::nullopt;
  const auto& s = sym::symbols();
  const ex base = s.by_name(atom.base), exponent = s.by_name(atom.exponent);
  const GiNaC::symbol& u = s.power_u;
  if (sign_on_unit_times_half_line(*S_u, base, u) != std::optional<int>(1)) return std::nullopt;
  const ex slope = normal_or_same(log_expanded(*S_u).diff(u));
  if (slope.has(base) || slope.has(exponent)) return std::nullopt;
  const std::optional<int> sign = sym::sign_on_positive_half_line(slope, u);
  if (sign != std::optional<int>(decreasing ? -1 : 1)) return std::nullopt;
  std::string face;
  if (target.face_form && target.face_form->parameter == atom.base && target.face_form->value == 1) {
    const ex d = target.face_form->S.diff(GiNaC::ex_to<GiNaC::symbol>(exponent));
    const bool holds = sym::is_identically_zero(d) || sym::is_manifestly_nonnegative(decreasing ? ex(-d) : d);
    if (!holds) return std::nullopt;
    face = fmt::format("; at {} = 1, S = {} ({})", atom.base, sym::to_text(target.face_form->S),
                       sym::is_identically_zero(d) ? "constant in " + atom.exponent
                                                   : "its derivative in " + atom.exponent + " manifestly of that sign");
  }
  return fmt::format("d(log S)/du = {} is {} at every u = {} |log {}| > 0 (by derivatives from u = 0), S > 0, and "
                     "dS/d{} = |log {}| dS/du{}",
                     sym::to_text(slope), decreasing ? "< 0" : "> 0", atom.exponent, atom.base, atom.exponent,
                     atom.base, face);
}

PropertyOutcome check_monotone(const Spec& spec, const MonotoneCheck& c, const PropertyTarget& target,
                               const RunOptions& options) {
  const ex& S = target.S;
  const bool ratio_of_first_two = target.ratio_of_first_two;
  PropertyOutcome part;
  const unsigned digits = options.digits;
  const bool decreasing = c.direction == Direction::Decreasing;
  const ex p = sym::symbols().by_name(c.parameter);
  const ex derivative = S.diff(GiNaC::ex_to<GiNaC::symbol>(p));
  const bool proved =
      sym::is_manifestly_nonnegative(decreasing ? ex(-derivative) : derivative) && !derivative.is_zero();
  const auto names = spec.property_parameters();
  const auto symbols = parameter_symbols(spec);
  num::ScopedPrecision scope(num::Precision{digits}.guarded());
  std::vector<std::pair<numeric, numeric>> ranges;
  const std::vector<num::SearchAxis> box = box_of(spec, c.over, ranges);
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
  // the whole domain at once, in u = n |log lambda| (sequences: Su2023-Q-decay)
  if (!proved && target.power_atom && c.parameter == target.power_atom->exponent)
    if (const std::optional<std::string> how = monotone_on_whole_domain(target, decreasing)) {
      if (wrong > 0) {
        part.verdict = Verdict::Inconclusive;
        part.finding = "the grid and the symbolic proof contradict each other (a defect in attnverify)";
        return part;
      }
      const bool face = target.face_form && target.face_form->parameter == target.power_atom->base;
      const sym::ParameterDomain domain = property_domain(spec);
      part.verdict = Verdict::Agree;
      part.method = "symbolic";
      part.evidence = {face ? EvidenceLevel::ProvedWholeDomain : EvidenceLevel::ProvedOnSubdomain,
                       fmt::format("S is {} in {} on {}", decreasing ? "non-increasing" : "non-decreasing", c.parameter,
                                   face ? domain.description
                                        : target.power_atom->base + " in (0, 1), " + c.parameter + " >= 1")};
      part.finding = fmt::format("Proved: {}; so S is {} in {} on {} (strictly where {} < 1).", *how,
                                 decreasing ? "non-increasing" : "non-decreasing", c.parameter,
                                 face ? domain.description : target.power_atom->base + " in (0, 1)",
                                 target.power_atom->base);
      return part;
    }
  if (!proved && box.size() == symbols.size()) {
    // certified: the derivative's sign on the whole box, or two points in the wrong order
    const std::string certified_method = certified_on(named_box_text(names, ranges));
    // the sign of S's slope in p on a box (the whole box, or a piece of it cut at S's kinks, with the
    // form S takes there): the first candidate that decides, and its name in `route`
    const auto certify_slope = [&](const ex& S, const std::vector<num::BoxAxis>& ebox, std::string& route) {
      std::vector<std::pair<numeric, numeric>> box_ranges;
      for (const num::BoxAxis& a : ebox) box_ranges.emplace_back(a.lo, a.hi);
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
        bool in_power = false;  ///< in (base, u) of the power reduction
      };
      std::vector<Candidate> candidates;
      std::optional<RatioReduction> ratio;
      // (beta, gamma): the parameter is one of the two
      if (ratio_of_first_two && symbols.size() == 2) ratio = reduce_to_ratio(S, symbols[0], symbols[1], ebox);
      if (ratio && tree_size(ratio->S_t, kMaxGradientNodes) < kMaxGradientNodes) {
        const GiNaC::symbol& t = GiNaC::ex_to<GiNaC::symbol>(ratio->t);
        const bool numerator = c.parameter == names[0];  // beta; else gamma
        const ex weight = numerator ? ex(1) : ex(-ratio->t);
        const std::string of = numerator ? "S_t'(t)" : "-t S_t'(t)";
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
      // the exponent of S's powers (sequences: n in lambda^n) as u = n |log lambda|: S's derivative in
      // n has the sign of its derivative in u
      std::optional<PowerReduction> power;
      if (target.power_atom && c.parameter == target.power_atom->exponent)
        power = reduce_power_atom(S, *target.power_atom, names, box_ranges);
      if (power && tree_size(power->S_u, kMaxGradientNodes) < kMaxGradientNodes) {
        const GiNaC::symbol& u = GiNaC::ex_to<GiNaC::symbol>(power->u);
        const std::string name = "the sign of dS/du with " + power->text + ", S > 0";
        if (certify_on_box(power->S_u, {power->base, power->u}, power->box, num::Relation::Positive).outcome ==
            num::BoxOutcome::Proved) {
          const ex log_slope = log_expanded(power->S_u).diff(u);
          candidates.push_back({log_slope, name + " (certified; by its logarithmic derivative)", false, true});
          candidates.push_back({normal_or_same(log_slope), name + " (certified; by its logarithmic derivative)", false,
                                true});
        }
      }
      candidates.push_back({normal_or_same(S.diff(GiNaC::ex_to<GiNaC::symbol>(p))), "the derivative"});
      num::BoxResult r;
      for (const Candidate& candidate : candidates) {
        const ex f = decreasing ? ex(-candidate.f) : candidate.f;
        r = candidate.in_ratio ? certify_on_box(f, {ratio->t}, {ratio->range}, num::Relation::Nonnegative,
                                                kMonotoneBoxBudget)
            : candidate.in_power
                ? certify_on_box(f, {power->base, power->u}, power->box, num::Relation::Nonnegative, kMonotoneBoxBudget)
                : certify_on_box(f, symbols, ebox, num::Relation::Nonnegative, kMonotoneBoxBudget, p);
        route = candidate.name;
        // a point of (base, u) is no exact point of the box: a wrong sign there decides nothing
        if (candidate.in_power && r.outcome == num::BoxOutcome::Counterexample) {
          r.outcome = num::BoxOutcome::Undecided;
          r.reason = "dS/du has the wrong sign at a point of the reduced box, which is not an exact point of the box";
        }
        if (r.outcome == num::BoxOutcome::Counterexample && candidate.in_ratio)
          r.point = point_with_ratio(r.point[0], ebox);  // a point of the box with that t
        if (r.outcome != num::BoxOutcome::Undecided) break;
      }
      return r;
    };
    const std::vector<num::BoxAxis> ebox = exact_box(ranges, symbols.size());
    num::BoxResult r;
    std::string route;
    // on the pieces of the box cut at S's kinks, each with S's branches there
    // (src/properties/kink_pieces.hpp): non-increasing or non-decreasing in p on each closed piece
    // is so on the box, pieces along p meeting at a point of each line. Undecided there: the box whole.
    const KinkPieces cut = kink_pieces(S, symbols, ebox);
    const std::optional<PiecesOutcome> on =
        cut.changed ? certify_on_pieces(cut, [&](const KinkPiece& piece, std::string& name) {
          return certify_slope(piece.S, piece.box, name);
        })
                    : std::nullopt;
    if (on) {
      r = on->result;
      route = on->route + pieces_text(cut);
    } else {
      r = certify_slope(S, ebox, route);
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
                         fmt::format("S is not {} in {}: S at {} and at {} = {} are in the wrong order", direction_name(c.direction),
                                     c.parameter, describe_point(part.point), c.parameter,
                                     exact_text(pair->second[index_of(symbols, p)]))};
        part.values = {{"S_here", ball_text(pair->s_first)},
                       {"S_there", ball_text(pair->s_second)},
                       {c.parameter + "_there", exact_text(pair->second[index_of(symbols, p)])}};
        part.finding = fmt::format(
            "Certified counterexample: S is not {} in {}: at {} S = {}, and with {} = {} S = {} (balls that "
            "contain the exact values).",
            direction_name(c.direction), c.parameter, describe_point(part.point), ball_text(pair->s_first), c.parameter,
            exact_text(pair->second[index_of(symbols, p)]), ball_text(pair->s_second));
        return part;
      }
    }
    if (wrong == 0 && checked > 0) undecided = undecided_note(r);
  }
  if (proved) {
    part.verdict = wrong == 0 ? Verdict::Agree : Verdict::Inconclusive;
    part.method = "symbolic";
    // a closed form known to be S on the box only (PropertyTarget::S_on_box_only) proves it there
    if (wrong == 0)
      part.evidence = {target.S_on_box_only ? EvidenceLevel::ProvedOnSubdomain : EvidenceLevel::ProvedWholeDomain,
                       fmt::format("S is {} in {} {} (dS/d{} manifestly {})",
                                   decreasing ? "non-increasing" : "non-decreasing", c.parameter,
                                   target.S_on_box_only ? "on " + named_box_text(names, ranges)
                                                        : std::string("wherever it is defined"),
                                   c.parameter, sign)};
    part.finding = "dS/d" + c.parameter + " = " + sym::to_text(derivative) + " is manifestly " + sign +
                   fmt::format("; its sign confirmed at {} grid points.", checked);
  } else if (wrong > 0) {
    part.verdict = Verdict::Disagree;
    part.method = "derivative sign on a grid";
    part.evidence = {EvidenceLevel::NumericEvidence,
                     fmt::format("dS/d{} has the wrong sign at {} (a ball confirms the sign there)", c.parameter,
                                 describe_point(part.point))};
    part.finding = fmt::format("S is not {} in {}: dS/d{} has the wrong sign at {} of {} grid points, e.g. at {} ({}).",
                               direction_name(c.direction), c.parameter, c.parameter, wrong, checked, describe_point(part.point),
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


class Monotone final : public PropertyKind {
 public:
  std::string name() const override { return "monotone"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader& reader,
                                                const std::vector<std::string>& parameters) const override {
    auto c = std::make_shared<MonotoneCheck>();
    c->parameter = read_property_parameter(reader, "parameter", parameters);
    const std::string direction = reader.required_string("direction");
    if (direction != "increasing" && direction != "decreasing")
      reader.fail("direction", "must be increasing or decreasing (found '" + direction + "')");
    c->direction = direction == "increasing" ? Direction::Increasing : Direction::Decreasing;
    c->over = read_property_over(reader, parameters);
    return c;
  }
  PropertyInput input() const override { return PropertyInput::DerivedS; }
  std::optional<ParameterRanges> box(const PropertyCheck& check) const override {
    return check_data<MonotoneCheck>(check).over;
  }
  PropertyOutcome check(const Spec& spec, const PropertyCheck& check, const PropertyTarget& target,
                        const RunOptions& options) const override {
    const MonotoneCheck& c = check_data<MonotoneCheck>(check);
    if (!target.S.is_zero()) return check_monotone(spec, c, target, options);
    const LatticeRelation relation =
        c.direction == Direction::Increasing ? LatticeRelation::Increasing : LatticeRelation::Decreasing;
    if (auto lattice = check_on_lattice(spec, c.over, relation, 0, c.parameter, target, options)) return *lattice;
    return without_closed_form(target);
  }
};

}  // namespace

std::shared_ptr<const PropertyKind> monotone_property() { return std::make_shared<Monotone>(); }

}  // namespace attnverify
