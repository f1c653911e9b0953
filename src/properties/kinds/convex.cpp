// The property kind `convex`: S convex in the parameter p over a box (docs/spec-format.md,
// "Properties"), i.e. for every a < m < b of p's range, the other parameters fixed in the box,
//   G(a, m, b) = (b - m) S(a) + (m - a) S(b) - (b - a) S(m) >= 0      (S below its chords).
// How it is decided:
//   proof      where S's closed form has no switch (relu, step, abs: S is then C^2 in p, so
//              convexity on the interval is d^2 S/dp^2 >= 0 on it), d^2 S/dp^2 >= 0 certified on
//              the box by Arb branch-and-bound (src/properties/box_proof.hpp): "certified on a
//              stated box". An integer p (a sequence's n) is certified on the real interval, which
//              implies the discrete convexity S_(n-1) + S_(n+1) >= 2 S_n.
//   refutation a triple a < m < b of p's values at a lattice line over the box (9 values per
//              axis, src/properties/lattice_checks.hpp) whose ball of G lies below 0, S in balls
//              at the exact points (the closed form by ball arithmetic, else the variant's
//              certified route, PropertyTarget::certified_value): a certified counterexample.
//              Where branch-and-bound finds a point with d^2 S/dp^2 < 0, triples around it with
//              shrinking spacing are tried first.
//   evidence   every consecutive triple of every lattice line with G's ball above 0 and no
//              proof: numeric evidence at those points; otherwise inconclusive.
// Convex means not necessarily strictly: an S linear in p is convex.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "numerics/ball.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/box_branch_and_bound.hpp"
#include "numerics/precision.hpp"
#include "proofs/symbols.hpp"
#include "src/properties/box_proof.hpp"
#include "src/properties/exact_values.hpp"
#include "src/properties/lattice_checks.hpp"
#include "src/properties/property_box.hpp"
#include "src/properties/property_checks.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/property_kind.hpp"
#include "src/spec/toml_reader.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

/// Halvings of the spacing tried around a point where d^2 S/dp^2 < 0 was found (a real axis).
constexpr int kRefinements = 160;

struct ConvexCheck : PropertyCheckData {
  std::string parameter;
  ParameterRanges over;
};

/// S at an exact point as a ball, or why there is none.
using BallOfS = std::function<CertifiedValue(const std::vector<numeric>&)>;

/// G(a, m, b) for the points a, m, b (equal but in p) as a ball; nullopt without a ball of S.
std::optional<num::Ball> chord_gap(const BallOfS& S, const std::vector<numeric>& a, const std::vector<numeric>& m,
                                   const std::vector<numeric>& b, std::size_t axis, slong bits) {
  const CertifiedValue sa = S(a), sm = S(m), sb = S(b);
  if (!sa.ball || !sm.ball || !sb.ball) return std::nullopt;
  const num::Ball wa = num::Ball::from_numeric(b[axis] - m[axis], bits);
  const num::Ball wb = num::Ball::from_numeric(m[axis] - a[axis], bits);
  const num::Ball wm = num::Ball::from_numeric(b[axis] - a[axis], bits);
  num::Ball x, y, g;
  arb_mul(x.get(), wa.get(), sa.ball->get(), bits);
  arb_mul(y.get(), wb.get(), sb.ball->get(), bits);
  arb_add(g.get(), x.get(), y.get(), bits);
  arb_mul(x.get(), wm.get(), sm.ball->get(), bits);
  arb_sub(g.get(), g.get(), x.get(), bits);
  if (!g.finite()) return std::nullopt;
  return g;
}

PropertyOutcome counterexample(const std::vector<std::string>& names, const std::vector<numeric>& a,
                               const std::vector<numeric>& m, const std::vector<numeric>& b, std::size_t axis,
                               const num::Ball& gap, const std::string& how) {
  PropertyOutcome out;
  out.verdict = Verdict::Disagree;
  out.certified = true;
  out.method = how;
  out.point = exact_point_values(names, m);
  const std::string& p = names[axis];
  out.values = {{p + "_a", exact_text(a[axis])}, {p + "_b", exact_text(b[axis])}, {"chord_gap", ball_text(gap)}};
  out.evidence = {EvidenceLevel::CertifiedCounterexample,
                  fmt::format("S at {} lies above the chord of S between {} = {} and {} = {}: (b - m) S(a) + (m - a) "
                              "S(b) - (b - a) S(m) in {} < 0",
                              describe_point(out.point), p, exact_text(a[axis]), p, exact_text(b[axis]),
                              ball_text(gap))};
  out.finding = fmt::format("S is not convex in {}: at {} it lies above its chord from {} = {} to {} = {} "
                            "(chord gap {} < 0, certified by balls).",
                            p, describe_point(out.point), p, exact_text(a[axis]), p, exact_text(b[axis]),
                            ball_text(gap));
  return out;
}

/// Triples around `centre` along `axis` with spacing width/2^k, inside [lo, hi]: the first whose
/// gap is certainly negative.
std::optional<PropertyOutcome> refute_near(const BallOfS& S, const std::vector<std::string>& names,
                                           const std::vector<numeric>& centre, std::size_t axis, numeric lo,
                                           numeric hi, bool integer, slong bits, const std::string& how) {
  // an integer axis (a sequence's n): the triple's points are integers of the range, so that the
  // chord is one of the sequence's; the nearest triples (spacing 1) first
  if (integer) {
    lo = num::ceil_of(lo), hi = num::floor_of(hi);
    for (const numeric& m0 : {num::floor_of(centre[axis]), num::floor_of(centre[axis]) + 1}) {
      if (lo + 1 > hi - 1) break;
      std::vector<numeric> a = centre, m = centre, b = centre;
      m[axis] = std::clamp(m0, lo + 1, hi - 1);
      a[axis] = m[axis] - 1;
      b[axis] = m[axis] + 1;
      if (const auto gap = chord_gap(S, a, m, b, axis, bits); gap && gap->negative())
        return counterexample(names, a, m, b, axis, *gap, how);
    }
    return std::nullopt;
  }
  // a real axis: triples centred as near the point as the range allows, of spacing (hi - lo)/4
  // halved down to 2^-kRefinements of it (a second derivative certified negative at an interior
  // point makes a small enough chord lie below S)
  numeric h = (hi - lo) / 4;
  for (int k = 0; k < kRefinements && h > 0; ++k, h /= 2) {
    if (lo + h > hi - h) break;
    std::vector<numeric> a = centre, m = centre, b = centre;
    m[axis] = std::clamp(centre[axis], lo + h, hi - h);
    a[axis] = m[axis] - h;
    b[axis] = m[axis] + h;
    if (const auto gap = chord_gap(S, a, m, b, axis, bits); gap && gap->negative())
      return counterexample(names, a, m, b, axis, *gap, how);
  }
  return std::nullopt;
}

/// The chord test at every consecutive triple of every lattice line in p: a counterexample, or
/// agree as numeric evidence when every gap is certainly >= 0, else inconclusive.
PropertyOutcome chord_test_on_lattice(const BallOfS& S, const std::vector<std::string>& names,
                                      const std::vector<std::pair<numeric, numeric>>& ranges,
                                      const std::vector<bool>& integer_axes, std::size_t axis, slong bits,
                                      const std::string& how) {
  std::vector<std::vector<numeric>> axes;
  for (std::size_t j = 0; j < ranges.size(); ++j)
    axes.push_back(lattice_axis(ranges[j].first, ranges[j].second, integer_axes[j]));
  std::size_t lines = 1, tested = 0, open = 0;
  for (std::size_t j = 0; j < axes.size(); ++j)
    if (j != axis) lines *= axes[j].size();
  const std::vector<numeric>& along = axes[axis];
  std::string why_open;
  for (std::size_t line = 0; line < lines; ++line) {
    std::vector<numeric> base(axes.size());
    std::size_t rest = line;
    for (std::size_t j = 0; j < axes.size(); ++j) {
      if (j == axis) continue;
      base[j] = axes[j][rest % axes[j].size()];
      rest /= axes[j].size();
    }
    for (std::size_t k = 1; k + 1 < along.size(); ++k) {
      std::vector<numeric> a = base, m = base, b = base;
      a[axis] = along[k - 1], m[axis] = along[k], b[axis] = along[k + 1];
      ++tested;
      const auto gap = chord_gap(S, a, m, b, axis, bits);
      if (gap && gap->negative()) return counterexample(names, a, m, b, axis, *gap, how);
      if (!gap || !gap->nonnegative()) {
        ++open;
        if (why_open.empty())
          why_open = gap ? "the chord gap's ball holds 0 at " + describe_point(exact_point_values(names, m))
                         : "no ball of S at a point of the triple around " + describe_point(exact_point_values(names, m));
      }
    }
  }
  PropertyOutcome out;
  out.method = how;
  const std::string box = named_box_text(names, ranges);
  if (tested == 0) {
    out.finding = "the lattice has fewer than 3 values of " + names[axis] + " in the box: not decided.";
  } else if (open == 0) {
    out.verdict = Verdict::Agree;
    out.evidence = {EvidenceLevel::NumericEvidence,
                    fmt::format("S lies below its chords at the {} consecutive triples of lattice points in {} over {}",
                                tested, names[axis], box)};
    out.finding = fmt::format("No proof of convexity; S lies below its chord at all {} consecutive triples of a "
                              "9-per-axis lattice over {} (certified at those points; numeric evidence for the box).",
                              tested, box);
  } else {
    out.finding = fmt::format("{} of {} chord tests on the lattice over {} are undecided ({}): not decided.", open,
                              tested, box, why_open);
  }
  return out;
}

PropertyOutcome check_convex(const Spec& spec, const ConvexCheck& c, const PropertyTarget& target,
                             const RunOptions& options) {
  const auto names = spec.property_parameters();
  const auto symbols = parameter_symbols(spec);
  const auto at = std::find(names.begin(), names.end(), c.parameter);
  const std::size_t axis = static_cast<std::size_t>(at - names.begin());
  std::vector<std::pair<numeric, numeric>> ranges;
  box_of(spec, c.over, ranges);
  if (ranges.size() != names.size())
    return not_decided("the box does not give a range of every parameter (" + joined_names(names) +
                       "): not decided.");
  if (const std::string outside = box_outside_domain(spec, names, ranges); !outside.empty())
    return not_decided(outside + ": not decided.");
  if (ranges[axis].first == ranges[axis].second)
    return not_decided("the box holds one value of " + c.parameter + " only, where convexity in it says nothing: "
                       "not decided.");
  std::vector<bool> integer_axes;
  for (const ex& x : symbols) integer_axes.push_back(is_integer_parameter(x));
  const slong bits = static_cast<slong>(num::Precision{options.digits}.ball_bits()) + 64;
  const std::string box_text = named_box_text(names, ranges);

  if (target.S.is_zero()) {  // no closed form: chords of the certified route's balls
    if (!target.certified_value) return without_closed_form(target);
    const BallOfS S = [&](const std::vector<numeric>& p) { return target.certified_value(p); };
    return chord_test_on_lattice(S, names, ranges, integer_axes, axis, bits,
                                 "chords of certified balls of S from the numeric route on a lattice (no closed "
                                 "form used)");
  }

  std::optional<num::BallExpression> compiled;
  try {
    compiled.emplace(target.S, symbols);
  } catch (const std::exception& err) {
    return not_decided(std::string("S is not evaluable in ball arithmetic (") + err.what() + "): not decided.");
  }
  const BallOfS S = [&](const std::vector<numeric>& p) {
    CertifiedValue v;
    try {
      num::Ball b = (*compiled)(p, bits);
      if (b.finite()) v.ball = std::move(b);
      else v.not_certified = "S's ball is not finite there";
    } catch (const std::exception& err) {
      v.not_certified = err.what();
    }
    return v;
  };
  const std::string chords = "chords of S's closed form in ball arithmetic";
  // the proof: d^2 S/dp^2 >= 0 on the box, where S is C^2 (no switch in its closed form)
  std::string not_proved;
  if (compiled->switch_count() > 0) {
    not_proved = "S's closed form has a switch (relu, step or abs), so d^2 S/dp^2 does not decide its convexity";
  } else if (tree_size(target.S, kMaxGradientNodes) >= kMaxGradientNodes) {
    not_proved = "S is too large for a symbolic second derivative";
  } else {
    const GiNaC::symbol& p = GiNaC::ex_to<GiNaC::symbol>(symbols[axis]);
    const ex second = target.S.diff(p, 2);
    const num::BoxResult r =
        certify_on_box(second, symbols, exact_box(ranges, symbols.size()), num::Relation::Nonnegative, kBoxBudget,
                       symbols[axis]);
    if (r.outcome == num::BoxOutcome::Proved) {
      PropertyOutcome out;
      out.verdict = Verdict::Agree;
      out.method = certified_on(box_text);
      out.evidence = {EvidenceLevel::CertifiedOnBox,
                      fmt::format("S is convex in {} on {} (d^2 S/d{}^2 >= 0 there)", c.parameter, box_text,
                                  c.parameter)};
      out.finding = fmt::format("d^2 S/d{0}^2 >= 0 on {1}, certified by Arb branch-and-bound in {2} sub-boxes: S is "
                                "convex in {0} there (S has no switch, so it is C^2).",
                                c.parameter, box_text, r.boxes);
      return out;
    }
    if (r.outcome == num::BoxOutcome::Counterexample && r.point.size() == symbols.size()) {
      if (auto refuted = refute_near(S, names, r.point, axis, ranges[axis].first, ranges[axis].second,
                                     integer_axes[axis], bits, chords + " around a point where d^2 S/dp^2 < 0"))
        return *refuted;
      // no chord certified below S there: a certified d^2 S/dp^2 < 0 of a C^2 function still
      // refutes convexity in a real parameter (S lies above its tangent's chords near the point);
      // at a real n it says nothing of the sequence's integers, so the check is left undecided,
      // never agree (the lattice's chords could miss the dip)
      const std::string at = describe_point(exact_point_values(names, r.point));
      const std::string ball = ball_text(r.value);
      if (integer_axes[axis])
        return not_decided(fmt::format("d^2 S/d{0}^2 < 0 at {1} (certified: {2}), between integers of {0}, and no "
                                       "chord of the sequence there is certified above S: not decided.",
                                       c.parameter, at, ball));
      PropertyOutcome out;
      out.verdict = Verdict::Disagree;
      out.certified = true;
      out.method = certified_on(box_text);
      out.point = exact_point_values(names, r.point);
      out.values = {{"d2S_dp2", ball}};
      out.evidence = {EvidenceLevel::CertifiedCounterexample,
                      fmt::format("d^2 S/d{}^2 < 0 at {} (a ball {}), S being C^2 there (no switch), so S is not "
                                  "convex in {} near it",
                                  c.parameter, at, ball, c.parameter)};
      out.finding = fmt::format("S is not convex in {0}: d^2 S/d{0}^2 < 0 at {1}, certified by its ball {2}, and S "
                                "has no switch, so it is C^2 and lies above its chords near that point.",
                                c.parameter, at, ball);
      return out;
    }
    not_proved = r.outcome == num::BoxOutcome::Counterexample
                     ? "d^2 S/d" + c.parameter + "^2 < 0 at " + describe_point(exact_point_values(names, r.point)) +
                           " (certified), but no chord there was certified above S"
                     : "branch-and-bound left d^2 S/d" + c.parameter + "^2 >= 0 undecided (" + r.reason + ")";
  }
  PropertyOutcome out = chord_test_on_lattice(S, names, ranges, integer_axes, axis, bits, chords);
  if (out.verdict != Verdict::Disagree) out.finding += " Not proved: " + not_proved + ".";
  return out;
}

class Convex final : public PropertyKind {
 public:
  std::string name() const override { return "convex"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader& reader,
                                                const std::vector<std::string>& parameters) const override {
    auto c = std::make_shared<ConvexCheck>();
    c->parameter = read_property_parameter(reader, "parameter", parameters);
    c->over = read_property_over(reader, parameters);
    return c;
  }
  PropertyInput input() const override { return PropertyInput::DerivedS; }
  std::optional<ParameterRanges> box(const PropertyCheck& check) const override {
    return check_data<ConvexCheck>(check).over;
  }
  PropertyOutcome check(const Spec& spec, const PropertyCheck& check, const PropertyTarget& target,
                        const RunOptions& options) const override {
    return check_convex(spec, check_data<ConvexCheck>(check), target, options);
  }
};

}  // namespace

std::shared_ptr<const PropertyKind> convex_property() { return std::make_shared<Convex>(); }

}  // namespace attnverify
