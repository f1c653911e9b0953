#include "src/properties/lattice_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "numerics/ball.hpp"
#include "numerics/box_branch_and_bound.hpp"
#include "src/properties/property_box.hpp"
#include "src/spec/exact_text.hpp"

namespace attnverify {

using GiNaC::numeric;

namespace {

constexpr std::size_t kPerAxis = 9;

// x rounded to 6 significant digits as an exact rational
numeric six_digits(double x) {
  if (x == 0 || !std::isfinite(x)) return 0;
  const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(x)))) - 5;
  const long mantissa = std::lround(x / std::pow(10.0, exponent));
  const numeric scale = numeric(10).power(std::abs(exponent));
  return exponent >= 0 ? numeric(mantissa) * scale : numeric(mantissa) / scale;
}

std::string integer_text(const numeric& k) {
  std::ostringstream os;
  os << k;
  return os.str();
}

NamedValues named(const std::vector<std::string>& names, const GridPoint& p) {
  NamedValues out;
  for (std::size_t k = 0; k < names.size() && k < p.size(); ++k) out.emplace_back(names[k], exact_text(p[k]));
  return out;
}

}  // namespace

std::vector<numeric> lattice_axis(const numeric& lo, const numeric& hi, bool integer) {
  if (integer) {
    const numeric first = num::ceil_of(lo), last = num::floor_of(hi);
    std::vector<numeric> out;
    if (first > last) return out;
    for (const numeric& x : lattice_axis(first, last)) {
      numeric k = num::floor_of(x + numeric(1, 2));
      if (k < first) k = first;
      if (k > last) k = last;
      if (out.empty() || k > out.back()) out.push_back(k);
    }
    return out;
  }
  if (lo == hi) return {lo};
  std::vector<numeric> out{lo};
  const double a = lo.to_double(), b = hi.to_double();
  const bool logarithmic = lo.is_positive() && b >= 100 * a;
  for (std::size_t k = 1; k + 1 < kPerAxis; ++k) {
    const double t = static_cast<double>(k) / (kPerAxis - 1);
    const numeric x = six_digits(logarithmic ? a * std::pow(b / a, t) : a + (b - a) * t);
    if (x > out.back() && x < hi) out.push_back(x);
  }
  out.push_back(hi);
  return out;
}

PropertyOutcome decide_on_lattice(const std::vector<std::string>& names,
                                 const std::vector<std::pair<numeric, numeric>>& ranges, LatticeRelation relation,
                                 const numeric& threshold, std::size_t axis,
                                 const std::function<CertifiedValue(const GridPoint&)>& S, unsigned digits,
                                 const std::vector<bool>& integer_axes) {
  PropertyOutcome out;
  const std::string box = named_box_text(names, ranges);
  std::vector<std::vector<numeric>> axes;
  for (std::size_t k = 0; k < ranges.size(); ++k)
    axes.push_back(lattice_axis(ranges[k].first, ranges[k].second, k < integer_axes.size() && integer_axes[k]));
  // every lattice point, in order (the last axis fastest)
  std::vector<GridPoint> points{GridPoint{}};
  for (const auto& values : axes) {
    std::vector<GridPoint> next;
    for (const GridPoint& p : points)
      for (const numeric& v : values) {
        GridPoint q = p;
        q.push_back(v);
        next.push_back(q);
      }
    points = next;
  }
  out.method = fmt::format("certified balls of S from the numeric route at the {} points of a lattice over {} (no "
                           "closed form used)",
                           points.size(), box);
  // a route that fails at a few points fails at most (each failure can take seconds): the rest
  // are not computed, which leaves the relation everywhere undecided
  std::map<GridPoint, CertifiedValue> balls;
  std::size_t without = 0;
  for (const GridPoint& p : points) {
    if (without >= kMaxPointsWithoutBall) {
      balls.emplace(p, CertifiedValue{std::nullopt, fmt::format("not computed: the route gave none at {} points "
                                                                "already",
                                                                without)});
      continue;
    }
    CertifiedValue v = S(p);
    if (!v.ball || !v.ball->finite()) ++without;
    balls.emplace(p, std::move(v));
  }
  const auto shown = [&](const num::Ball& b) { return b.midpoint_text(digits); };
  std::string undecided;
  const auto note_undecided = [&](const GridPoint& p, const std::string& why) {
    if (undecided.empty()) undecided = "at " + describe_point(named(names, p)) + " " + why;
  };

  if (relation == LatticeRelation::GreaterThan || relation == LatticeRelation::LessThan) {
    const bool above = relation == LatticeRelation::GreaterThan;
    const std::string rel = std::string(above ? "S > " : "S < ") + exact_text(threshold);
    // t = p/q as the quotient of two exact integers: a ball that contains it
    num::Ball t, numerator, denominator;
    arb_set_str(numerator.get(), integer_text(threshold.numer()).c_str(), 4096);
    arb_set_str(denominator.get(), integer_text(threshold.denom()).c_str(), 4096);
    arb_div(t.get(), numerator.get(), denominator.get(), 4096);
    for (const GridPoint& p : points) {
      const CertifiedValue& v = balls.at(p);
      if (!v.ball || !v.ball->finite()) {
        note_undecided(p, "the numeric route gives no certified ball (" + v.not_certified + ")");
        continue;
      }
      const bool holds = above ? arb_gt(v.ball->get(), t.get()) : arb_lt(v.ball->get(), t.get());
      const bool fails = above ? arb_le(v.ball->get(), t.get()) : arb_ge(v.ball->get(), t.get());
      if (fails) {
        out.verdict = Verdict::Disagree;
        out.certified = true;
        out.point = named(names, p);
        out.values = {{"S", shown(*v.ball)}};
        out.finding = "At " + describe_point(out.point) + " S = " + v.ball->midpoint_text(12) + ", not " +
                      (above ? "above " : "below ") + exact_text(threshold) +
                      " (certified: the numeric route's ball of S lies wholly on the wrong side).";
        out.evidence = {EvidenceLevel::CertifiedCounterexample,
                        "S " + std::string(above ? "<= " : ">= ") + exact_text(threshold) + " at " +
                            describe_point(out.point)};
        return out;
      }
      if (!holds) note_undecided(p, "the ball of S contains " + exact_text(threshold));
    }
    if (!undecided.empty()) {
      out.finding = "Not decided on the lattice: " + undecided + ".";
      out.evidence = {EvidenceLevel::Undecided, ""};
      return out;
    }
    out.verdict = Verdict::Agree;
    out.finding = fmt::format("{} at all {} lattice points of {}, each certified by its ball (numeric evidence: "
                              "nothing is shown between the points; no closed form used).",
                              rel, points.size(), box);
    out.evidence = {EvidenceLevel::NumericEvidence,
                    fmt::format("{} at the {} points of a lattice over {}", rel, points.size(), box)};
    return out;
  }

  // monotone in names[axis]: neighbours along each lattice line in that axis
  const bool increasing = relation == LatticeRelation::Increasing;
  const std::string direction = increasing ? "increasing" : "decreasing";
  std::size_t pairs = 0;
  for (const GridPoint& p : points) {
    // p's neighbour in the axis, if p is not the line's last point
    const std::vector<numeric>& line = axes[axis];
    const auto at = std::find(line.begin(), line.end(), p[axis]);
    if (at == line.end() || at + 1 == line.end()) continue;
    GridPoint q = p;
    q[axis] = *(at + 1);
    const CertifiedValue &a = balls.at(p), &b = balls.at(q);
    if (!a.ball || !b.ball || !a.ball->finite() || !b.ball->finite()) {
      note_undecided(!a.ball || !a.ball->finite() ? p : q, "the numeric route gives no certified ball (" +
                                                                 (a.ball ? b.not_certified : a.not_certified) + ")");
      continue;
    }
    ++pairs;
    const bool in_order = increasing ? arb_lt(a.ball->get(), b.ball->get()) : arb_gt(a.ball->get(), b.ball->get());
    const bool reversed = increasing ? arb_gt(a.ball->get(), b.ball->get()) : arb_lt(a.ball->get(), b.ball->get());
    if (reversed) {
      out.verdict = Verdict::Disagree;
      out.certified = true;
      out.point = named(names, p);
      out.values = {{"S", shown(*a.ball)}, {"S_next", shown(*b.ball)}};
      out.finding = "S is not " + direction + " in " + names[axis] + ": S = " + a.ball->midpoint_text(12) + " at " +
                    describe_point(named(names, p)) + " but " + b.ball->midpoint_text(12) + " at " +
                    describe_point(named(names, q)) + " (certified: the two balls are disjoint).";
      out.evidence = {EvidenceLevel::CertifiedCounterexample,
                      "S(" + describe_point(named(names, p)) + ") " + (increasing ? "> " : "< ") + "S(" +
                          describe_point(named(names, q)) + ")"};
      return out;
    }
    if (!in_order) note_undecided(p, "the balls of S there and at the next point overlap");
  }
  if (!undecided.empty() || pairs == 0) {
    out.finding = "Not decided on the lattice: " +
                  (undecided.empty() ? std::string("the box has no two points along ") + names[axis] : undecided) + ".";
    out.evidence = {EvidenceLevel::Undecided, ""};
    return out;
  }
  out.verdict = Verdict::Agree;
  out.finding = fmt::format("S is {} in {} between every two neighbouring points of a {}-point lattice over {} "
                            "({} pairs, each certified by disjoint balls; numeric evidence: nothing is shown "
                            "between the points; no closed form used).",
                            direction, names[axis], points.size(), box, pairs);
  out.evidence = {EvidenceLevel::NumericEvidence,
                  fmt::format("S {} in {} between neighbouring points of a lattice over {}", direction, names[axis],
                              box)};
  return out;
}

std::optional<PropertyOutcome> check_on_lattice(const Spec& spec, const ParameterRanges& over,
                                                LatticeRelation relation, const numeric& threshold,
                                                const std::string& parameter, const PropertyTarget& target,
                                                const RunOptions& options) {
  if (!target.certified_value) return std::nullopt;
  const auto names = spec.property_parameters();
  std::size_t axis = 0;
  if (relation == LatticeRelation::Increasing || relation == LatticeRelation::Decreasing) {
    const auto at = std::find(names.begin(), names.end(), parameter);
    if (at == names.end()) return std::nullopt;
    axis = static_cast<std::size_t>(at - names.begin());
  }
  std::vector<bool> integer_axes;  // a sequence's n: integers only
  for (const GiNaC::ex& x : parameter_symbols(spec)) integer_axes.push_back(is_integer_parameter(x));
  std::vector<std::pair<numeric, numeric>> ranges;
  box_of(spec, over, ranges);
  if (ranges.size() != names.size())
    return not_decided("the box does not give a range of every parameter (" + joined_names(names) +
                       "): not decided.");
  if (const std::string outside = box_outside_domain(spec, names, ranges); !outside.empty())
    return not_decided(outside + ": not decided.");
  return decide_on_lattice(names, ranges, relation, threshold, axis, target.certified_value, options.digits,
                           integer_axes);
}

}  // namespace attnverify
