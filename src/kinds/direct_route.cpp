#include "src/kinds/direct_route.hpp"

#include "numerics/adaptive_evaluation.hpp"

namespace attnverify {

NumericOutcome direct_S(const GiNaC::numeric& mean_abs, const GiNaC::numeric& mean_square, unsigned digits) {
  NumericOutcome out;
  const num::Evaluation e =
      num::AdaptiveEvaluator(GiNaC::ex(mean_abs) / GiNaC::sqrt(GiNaC::ex(mean_square)), {}, digits)({});
  if (!e.converged) {
    out.failure = "the direct computation did not converge";
    return out;
  }
  out.ok = true;
  out.value = e.value;
  out.error_digits = static_cast<double>(num::Precision{digits}.guarded());
  return out;
}

std::optional<num::Ball> direct_S_ball(const GiNaC::numeric& mean_abs, const GiNaC::numeric& mean_square,
                                       unsigned digits) {
  try {
    const num::Ball b =
        closed_form_ball(num::BallExpression(GiNaC::ex(mean_abs) / GiNaC::sqrt(GiNaC::ex(mean_square)), {}), {}, digits);
    if (b.finite()) return b;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

void check_closed_vs_direct(const Spec& spec, const ClaimDomain& domain, const GiNaC::ex& closed,
                            const DirectRoute& direct, const std::string& method, unsigned digits,
                            std::vector<CheckRecord>& records, const DirectBall& ball) {
  for (const ClaimPoint& p : domain.points) {
    CheckRecord r;
    r.variant = spec.name;
    r.check = CheckKind::ClosedVsDirect;
    r.point = p.where;
    r.method = method;
    const GiNaC::ex closed_here = closed.subs(p.substitution);
    judge_closed_vs_numeric(r, num::AdaptiveEvaluator(closed_here, {}, digits)({}), direct(p.index), digits);
    CertifiedOutcome balls;
    if (!ball) {
      balls.failure = "the closed form and the direct route's S are compared as MPFR values at working precision, "
                      "without balls";
    } else {
      try {
        balls.numeric = ball(p.index);
        balls.closed = closed_form_ball(num::BallExpression(closed_here, {}), {}, digits);
      } catch (const std::exception& err) {
        balls.closed.reset();
        balls.failure = std::string("no ball evaluation (") + err.what() + ")";
      }
      if (!balls.numeric && balls.failure.empty()) balls.failure = "the direct route gives no ball here";
    }
    certify_closed_vs_numeric(r, balls, digits, "the direct computation");
    records.push_back(std::move(r));
  }
}

PointWitness direct_witness(const DirectRoute& direct) {
  return [direct](const ClaimPoint& p) -> std::optional<std::pair<num::Real, double>> {
    const NumericOutcome o = direct(p.index);
    if (!o.ok) return std::nullopt;
    return std::make_pair(o.value, o.error_digits);
  };
}

}  // namespace attnverify
