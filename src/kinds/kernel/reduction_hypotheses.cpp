#include "src/kinds/kernel/reduction_hypotheses.hpp"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "numerics/ball.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/gaussian_tail_bound.hpp"
#include "proofs/symbols.hpp"
#include "src/spec/exact_text.hpp"

namespace attnverify {

namespace {

constexpr slong kBits = 128;

// The upper end of a ball as a decimal that is not below it: exactly for an integer up to 10^6,
// else with 3 significant digits of 1.01 times it (rounding to nearest moves 3 digits by at most
// 0.5%), in Arb's decimal notation, which holds any exponent ("1.01e-400").
std::string upper_text(const num::Ball& b) {
  arf_t upper;
  arf_init(upper);
  arb_get_ubound_arf(upper, b.get(), 64);
  std::string out;
  if (arf_is_int(upper) && arf_cmpabs_2exp_si(upper, 20) < 0) {
    out = std::to_string(arf_get_si(upper, ARF_RND_UP));
  } else {
    num::Ball scaled;
    arb_set_arf(scaled.get(), upper);
    arb_mul_ui(scaled.get(), scaled.get(), 101, 64);
    arb_div_ui(scaled.get(), scaled.get(), 100, 64);
    char* text = arb_get_str(scaled.get(), 3, ARB_STR_NO_RADIUS);
    out = text;
    flint_free(text);
  }
  arf_clear(upper);
  return out;
}

// The ball of every x in [lo, hi] (both exact).
num::Ball interval(const GiNaC::numeric& lo, const GiNaC::numeric& hi) {
  num::Ball out;
  const num::Ball a = num::Ball::from_numeric(lo, kBits), b = num::Ball::from_numeric(hi, kBits);
  arb_union(out.get(), a.get(), b.get(), kBits);
  return out;
}

}  // namespace

PropertyTarget::GaussianKeys reduction_hypotheses(const Spec& spec) {
  PropertyTarget::GaussianKeys out;
  out.f = spec.definition_text;
  std::unique_ptr<num::BallExpression> f;
  try {
    f = std::make_unique<num::BallExpression>(spec.definition, std::vector<GiNaC::ex>{sym::symbols().x});
  } catch (const std::exception& e) {
    out.not_shown = std::string("f has no ball evaluation (") + e.what() + ")";
    return out;
  }
  const num::GrowthBoundResult growth = num::growth_bound(f->program());
  if (growth.bound && growth.bound->M.finite() && growth.bound->p.finite() && growth.bound->c.finite())
  {
    // factors that are 1 (p = 0, c = 0) are left out: "|f(x)| <= 1", "|f(x)| <= 2 (1 + |x|)^2"
    const std::string M = upper_text(growth.bound->M), p = upper_text(growth.bound->p),
                      c = upper_text(growth.bound->c);
    std::string bound = (p == "0" ? "" : p == "1" ? " (1 + |x|)" : " (1 + |x|)^" + p) + (c == "0" ? "" : c == "1" ? " e^|x|" : " e^(" + c + "|x|)");
    if (bound.empty() || M != "1") bound = " " + M + bound;
    out.growth = "|f(x)| <=" + bound;
  }
  else
    out.not_shown = "E f(X)^2 < infinity is not certified: f has no growth bound |f(x)| <= M (1 + |x|)^p e^(c|x|)" +
                    (growth.failure.empty() ? std::string() : " (" + growth.failure + ")");
  std::vector<GiNaC::numeric> centres{0, GiNaC::numeric(1, 2), GiNaC::numeric(-1, 2)};
  for (int k = 0; k <= 10; ++k) {
    centres.push_back(GiNaC::pow(GiNaC::numeric(2), GiNaC::numeric(k)));
    centres.push_back(-GiNaC::pow(GiNaC::numeric(2), GiNaC::numeric(k)));
  }
  for (const GiNaC::numeric& centre : centres) {
    const GiNaC::numeric size = abs(centre);
    const GiNaC::numeric half = size == GiNaC::numeric(1, 2) ? GiNaC::numeric(1, 8)
                                : size <= 1                 ? GiNaC::numeric(1, 4)
                                                            : size / 4;
    const GiNaC::numeric lo = centre - half, hi = centre + half;
    const num::Ball value = f->evaluate({interval(lo, hi)}, kBits);
    if (value.finite() && (value.positive() || value.negative())) {
      out.nonzero = fmt::format("f {} 0 on [{}, {}]", value.positive() ? ">" : "<", exact_text(lo), exact_text(hi));
      break;
    }
  }
  if (out.nonzero.empty())
    out.not_shown += std::string(out.not_shown.empty() ? "" : "; ") +
                     "E f(X)^2 > 0 is not certified: f is not shown non-zero on any interval tried (ball arithmetic on "
                     "intervals around 0, +-1/2, +-1, +-2, ..., +-1024)";
  return out;
}

}  // namespace attnverify
