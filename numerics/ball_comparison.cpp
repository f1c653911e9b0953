#include "numerics/ball_comparison.hpp"

#include <fmt/format.h>

#include "numerics/precision.hpp"
#include <cmath>

namespace attnverify::num {

namespace {

// -log10 |mid d| for the report, capped
double midpoint_digits(const Ball& d, double cap) {
  if (!d.finite()) return 0;
  Ball a;
  arb_abs(a.get(), d.get());
  arb_get_mid_arb(a.get(), a.get());
  if (arb_is_zero(a.get())) return cap;
  arb_log_base_ui(a.get(), a.get(), 10, 64);
  const double v = -arf_get_d(arb_midref(a.get()), ARF_RND_NEAR);
  return std::isfinite(v) ? std::min(v, cap) : cap;
}

}  // namespace

Ball agreement_tolerance(unsigned working_digits) {
  Ball tol;
  arb_set_ui(tol.get(), 10);
  fmpz_t e;
  fmpz_init_set_si(e, -(static_cast<slong>(working_digits) - 5));
  arb_pow_fmpz(tol.get(), tol.get(), e, 128);
  fmpz_clear(e);
  return tol;
}

BallVerdict compare_balls(const Ball& claim, const Ball& reference, unsigned working_digits, slong bits) {
  BallVerdict out;
  const Ball tol = agreement_tolerance(working_digits);
  arb_sub(out.relative_difference.get(), claim.get(), reference.get(), bits);
  arb_div(out.relative_difference.get(), out.relative_difference.get(), reference.get(), bits);
  Ball magnitude;
  arb_abs(magnitude.get(), out.relative_difference.get());
  const bool finite = out.relative_difference.finite();
  if (finite && arb_gt(magnitude.get(), tol.get()))  // every point of |d| > tol
    out.outcome = PointOutcome::Disagree;
  else if (finite && arb_le(magnitude.get(), tol.get()))  // every point of |d| <= tol
    out.outcome = PointOutcome::Agree;
  out.digits =
      out.outcome == PointOutcome::Undecided ? 0 : midpoint_digits(out.relative_difference, Precision{working_digits}.guarded());
  return out;
}

PointComparison compare_at_point(const BallExpression& claim, const BallExpression& reference,
                                 const std::vector<GiNaC::numeric>& point, unsigned working_digits,
                                 slong ceiling_bits) {
  PointComparison out;
  const double accuracy = Precision{working_digits}.comparison_target();
  slong bits = std::min(Precision{working_digits}.ball_bits(), ceiling_bits);
  while (true) {
    out.bits = bits;
    out.claim = claim(point, bits);
    out.reference = reference(point, bits);
    const BallVerdict v = compare_balls(out.claim, out.reference, working_digits, bits);
    out.relative_difference = v.relative_difference;
    const bool accurate =
        out.claim.relative_accuracy_digits() >= accuracy && out.reference.relative_accuracy_digits() >= accuracy;
    if (v.outcome == PointOutcome::Disagree ||
        (v.outcome == PointOutcome::Agree && (accurate || bits >= ceiling_bits))) {
      out.outcome = v.outcome;
      out.digits = v.digits;
      return out;
    }
    if (bits >= ceiling_bits) {
      out.outcome = PointOutcome::Undecided;
      out.digits = 0;
      const char* which =
          !out.reference.finite() || out.reference.contains_zero() ? "the reference value" : "the claim";
      out.reason = fmt::format(
          "{} could not be enclosed closely enough at {} bits of working precision (the "
          "ceiling): a cancellation or a magnitude beyond reach",
          which, bits);
      return out;
    }
    bits = std::min(2 * bits, ceiling_bits);
  }
}

}  // namespace attnverify::num
