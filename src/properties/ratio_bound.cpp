#include "src/properties/ratio_bound.hpp"

#include <fmt/format.h>

#include <cmath>

#include "numerics/box_branch_and_bound.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/polynomial_sign.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "proofs/range_enclosure.hpp"
#include "src/properties/ratio_reduction.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;

std::optional<RatioGap> ratio_gap(const ex& S, const std::vector<ex>& symbols, const ex& c, bool below) {
  if (symbols.size() != 2 || !sym::has_no_symbol(c)) return std::nullopt;
  try {
    const std::vector<num::BoxAxis> both_sides{{-1, 1}, {1, 2}};  // beta of both signs: the whole domain
    const std::optional<RatioReduction> in_t = reduce_to_ratio(S, symbols[0], symbols[1], both_sides);
    if (!in_t) return std::nullopt;
    return RatioGap{in_t->t, in_t->S_t, GiNaC::normal(GiNaC::pow(below ? c / in_t->S_t : in_t->S_t / c, 2) - 1), c,
                    below};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<RatioBound> bound_in_ratio(const RatioGap& g) {
  try {
    const GiNaC::symbol& t = GiNaC::ex_to<GiNaC::symbol>(g.t);
    if (sym::sign_on_real_line(g.below ? g.c : g.S_t, t) != sym::LineSign::Positive) return std::nullopt;
    const sym::LineSign sign = sym::sign_on_real_line(g.gap, t);
    if (sign != sym::LineSign::Positive && sign != sym::LineSign::Nonnegative) return std::nullopt;
    RatioBound out;
    out.strict = sign == sym::LineSign::Positive;
    if (!out.strict) try {
        out.touching = sym::real_roots(GiNaC::numer(g.gap).expand(), t);
      } catch (const std::exception&) {  // roots not located exactly: the bound still holds
      }
    out.how = fmt::format(
        " With S(beta, gamma) = S_t(t), t = beta/gamma (proved), ({})^2 - 1 = {} is {} 0 for every real t, and {} > 0 "
        "(signs of polynomials with rational coefficients on the real line by Sturm's theorem), so {} on the whole "
        "domain.",
        g.below ? "bound/S_t" : "S_t/bound", sym::to_text(g.gap), out.strict ? ">" : ">=",
        g.below ? "the bound" : "S_t = " + sym::to_text(g.S_t),
        out.strict ? (g.below ? "S < bound" : "S > bound") : (g.below ? "S <= bound" : "S >= bound"));
    return out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<std::vector<numeric>> ratio_violation_point(const RatioGap& g) {
  try {
    const ex fraction = g.gap.numer_denom();
    const std::optional<numeric> at =
        sym::point_with_sign(GiNaC::expand(fraction.op(0) * fraction.op(1)), GiNaC::ex_to<GiNaC::symbol>(g.t), -1);
    if (!at) return std::nullopt;
    return std::vector<numeric>{*at, numeric(1)};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<std::pair<ex, ex>> box_point_with_ratio(const ex& t,
                                                      const std::vector<std::pair<numeric, numeric>>& box) {
  if (box.size() != 2 || !box[1].first.is_positive()) return std::nullopt;
  try {
    const sym::Range r = sym::enclose(t, {});
    if (!std::isfinite(r.lo) || !std::isfinite(r.hi)) return std::nullopt;
    const double t_mid = (r.lo + r.hi) / 2;
    // gamma's range keeping t gamma in [beta_lo, beta_hi], in doubles: only to choose a candidate
    double lo = box[1].first.to_double(), hi = box[1].second.to_double();
    if (t_mid > 0) {
      lo = std::max(lo, box[0].first.to_double() / t_mid);
      hi = std::min(hi, box[0].second.to_double() / t_mid);
    } else if (t_mid < 0) {
      lo = std::max(lo, box[0].second.to_double() / t_mid);
      hi = std::min(hi, box[0].first.to_double() / t_mid);
    }
    if (!(lo <= hi)) return std::nullopt;
    // candidates: the box's gamma ends, then rationals with small denominators near the middle
    std::vector<numeric> candidates{box[1].first, box[1].second};
    for (const long q : {1L, 2L, 4L, 8L, 10L, 100L, 1024L})
      candidates.push_back(numeric(std::lround((lo + hi) / 2 * q), q));
    for (const numeric& gamma : candidates) {
      if (gamma < box[1].first || gamma > box[1].second || !gamma.is_positive()) continue;
      const ex beta = GiNaC::expand(t * gamma);
      const bool inside = sym::enclose(beta - box[0].first, {}).nonnegative() &&
                          sym::enclose(box[0].second - beta, {}).nonnegative();
      if (inside) return std::pair<ex, ex>{beta, gamma};
    }
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

}  // namespace attnverify
