#include "src/properties/optimum_at_zero.hpp"

#include <fmt/format.h>

#include <cmath>

#include "proofs/definedness.hpp"
#include "proofs/half_line_sign.hpp"
#include "proofs/symbols.hpp"
#include "src/properties/box_proof.hpp"
#include "src/properties/ratio_reduction.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;

std::optional<OptimumAtZero> optimum_at_zero_ratio(const ex& S, const std::vector<ex>& symbols,
                                                   const std::vector<num::BoxAxis>& ebox, bool maximise) {
  if (symbols.size() != 2 || ebox.size() != 2 || ebox[0].lo > 0 || ebox[0].hi < 0) return std::nullopt;
  const std::optional<RatioReduction> ratio = reduce_to_ratio(S, symbols[0], symbols[1], ebox);
  if (!ratio || tree_size(ratio->S_t, kMaxGradientNodes) >= kMaxGradientNodes) return std::nullopt;
  const GiNaC::symbol& t = GiNaC::ex_to<GiNaC::symbol>(ratio->t);
  try {
    // defined and continuous on the side(s) of t = 0 the box reaches, 0 included: every divisor,
    // radicand and step argument of one sign there
    const bool positive_side = ebox[0].hi > 0, negative_side = ebox[0].lo < 0;
    // a box on the line beta = 0 reaches neither side: nothing beyond it is stated (it was stated
    // as beta <= 0, false for abs's supremum: the attack of 2026-11-29, R2)
    if (!positive_side && !negative_side) return std::nullopt;
    const auto defined_on = [&](const ex& e, const sym::Range& range) {
      sym::ParameterDomain line;
      line.variables = {{t, range, false, {0, 1, -1, 2, numeric(1, 2)}}};
      line.description = "t on the box's side(s) of 0";
      for (const sym::Condition& condition : sym::conditions_of(e))
        if (sym::analyse_condition(condition, line).status != sym::ConditionStatus::Holds) return false;
      return true;
    };
    const sym::Range range = positive_side && negative_side ? sym::Range::whole()
                             : positive_side                ? sym::Range{0, HUGE_VAL, false, true}
                                                            : sym::Range{-HUGE_VAL, 0, true, false};
    const sym::Range from_zero{0, HUGE_VAL, false, true};
    // else on each side with S_t's relu and abs at their branches there (abs under Laplace scores:
    // a radicand in relu(t) and exponentials), which agree with S_t on the closed side, t = 0
    // included, as relu and abs are continuous (not step: its branches differ from step(0) = 1/2)
    const bool has_step = [&] {
      for (auto it = ratio->S_t.preorder_begin(); it != ratio->S_t.preorder_end(); ++it)
        if (GiNaC::is_the_function<GiNaC::step_SERIAL>(*it)) return true;
      return false;
    }();
    if (!defined_on(ratio->S_t, range) &&
        (has_step ||
         (positive_side && !defined_on(sym::branches_on_positive_half_line(ratio->S_t, t), from_zero)) ||
         (negative_side && !defined_on(sym::branches_on_positive_half_line(ratio->S_t.subs(t == -t), t), from_zero))))
      return std::nullopt;
    const ex value = GiNaC::normal(ratio->S_t.subs(t == 0));
    if (!sym::has_no_symbol(value)) return std::nullopt;
    const int away = maximise ? -1 : 1;  // the sign of d(log S_t)/d|t| that leaves S_t(0) the optimum
    // on each side, S_t's relu/step/abs of a strict sign at every t > 0 taken at their branch there
    // (relu(t) = t, relu(-t) = 0: abs under Laplace scores, whose S keeps relu(beta) from the law's split)
    const auto side_holds = [&](const ex& S_signed) {
      const ex S_side = sym::branches_on_positive_half_line(S_signed, t);
      if (sym::sign_on_positive_half_line(S_side, t) != std::optional<int>(1)) return false;
      const ex slope = GiNaC::normal(log_expanded(S_side).diff(t));
      return sym::sign_on_positive_half_line(slope, t) == std::optional<int>(away);
    };
    if (positive_side && !side_holds(ratio->S_t)) return std::nullopt;
    if (negative_side && !side_holds(ratio->S_t.subs(t == -t))) return std::nullopt;
    OptimumAtZero out;
    out.value = value;
    const bool both = positive_side && negative_side;
    out.level = both ? EvidenceLevel::ProvedWholeDomain : EvidenceLevel::ProvedOnSubdomain;
    out.region = both ? "beta in R, gamma > 0" : positive_side ? "beta >= 0, gamma > 0" : "beta <= 0, gamma > 0";
    out.how = fmt::format("S = S_t(beta/gamma) with S_t defined and continuous on {}, and {} in |t| on {} (d(log S_t)/d|t| "
                          "{} at every t != 0 there, by derivatives from t = 0)",
                          both ? "R" : positive_side ? "t >= 0" : "t <= 0", maximise ? "decreasing" : "increasing",
                          both ? "both sides of t = 0" : "that side",
                          maximise ? "< 0" : "> 0");
    return out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}


}  // namespace attnverify
