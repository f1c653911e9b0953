// Feature-map variants given by phi (docs/history.md, issue 5; Su2023 eq. 8-9 with derived moments):
//  1. closed-form moments vs quadrature: m1 = E phi(X) and m2 = E phi(X)^2 at every
//     distinct (mu_i, sigma_i) of the cases, against double-exponential quadrature
//     (the kernel route with f = phi; phi >= 0, so E|phi| = E phi);
//  2. closed-form S (eq. 8 in the invariants, with the derived mu~, Sigma~) vs S from
//     the quadrature moments, at every case;
//  3. sampled: Monte Carlo over real d-dimensional q and keys k ~ N(mu, diag sigma^2),
//     a_j = phi(q).phi(k_j), against the closed-form S (delta-method z, Holm);
//  4. claims on the cases (eq. 9 only where the components are iid), properties.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include <map>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/precision.hpp"
#include "numerics/ball_comparison.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/feature_map_sampler.hpp"
#include "numerics/sparsity_estimate.hpp"
#include "proofs/definedness.hpp"
#include "proofs/feature_moments.hpp"
#include "proofs/derivation_cache.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/linear_attention.hpp"
#include "proofs/symbols.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/kinds/direct_route.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "src/properties/property_checks.hpp"
#include "src/verdicts/route_comparison.hpp"
#include "src/kinds/sampled_checks.hpp"
#include "src/kinds/feature_map/feature_map_kind.hpp"

namespace attnverify {

using num::Real;

namespace {

// Quadrature moments of phi at (mu, sigma) by the kernel's numeric route (Arb first, the
// double-exponential rules where it cannot serve), with the certified route's balls, computed
// once per distinct pair.
class QuadratureMoments {
 public:
  QuadratureMoments(const sym::KernelDerivation& phi, unsigned digits) : route_(phi, digits) {}
  const NumericS& operator()(const GiNaC::numeric& mu, const GiNaC::numeric& sigma) {
    const std::string key = exact_text(mu) + "|" + exact_text(sigma);
    auto it = cache_.find(key);
    if (it == cache_.end()) {
      NumericS q = route_({mu, sigma});
      q.certified = route_.certify({mu, sigma}, q);  // its own balls where Arb served, else Arb again, uncapped
      it = cache_.emplace(key, std::move(q)).first;
    }
    return it->second;
  }
  /// E|phi(X)|^k, k = 0..6, at (mu, sigma) (KernelRoute::absolute_moments), cached.
  const AbsoluteMoments& powers(const GiNaC::numeric& mu, const GiNaC::numeric& sigma) {
    const std::string key = exact_text(mu) + "|" + exact_text(sigma);
    auto it = powers_.find(key);
    if (it == powers_.end()) it = powers_.emplace(key, route_.absolute_moments({mu, sigma}, 6)).first;
    return it->second;
  }

 private:
  KernelRoute route_;
  std::map<std::string, NumericS> cache_;
  std::map<std::string, AbsoluteMoments> powers_;
};

// The balls of one moment (0: E phi read as E|phi|, 1: E phi^2, 2: the variance) from the
// closed form at the point and from the certified route.
CertifiedOutcome certified_moment(const GiNaC::ex& closed, const NumericS& q, int which, unsigned digits) {
  CertifiedOutcome out;
  if (!q.certified || !q.certified->ok) {
    out.failure = q.certified ? q.certified->failure : "no certified route";
    return out;
  }
  try {
    out.closed = closed_form_ball(num::BallExpression(closed, {}), {}, digits);
  } catch (const std::exception& err) {
    out.failure = std::string("the closed form has no ball evaluation (") + err.what() + ")";
    return out;
  }
  const slong bits = num::Precision{digits}.ball_bits();
  num::Ball value = which == 0 ? q.certified->mean_abs : q.certified->mean_square;
  if (which == 2) {
    num::Ball square;
    arb_sqr(square.get(), q.certified->mean_abs.get(), bits);
    arb_sub(value.get(), q.certified->mean_square.get(), square.get(), bits);
  }
  out.numeric = value;
  return out;
}

// A claim of a feature map whose moments have no closed form (issue 43, R3). Its identity with
// eq. 8 (eq. 9 for a claim in mu, sigma) in the invariants is proved as for any phi
// (check_claim_on_domain, with no case: the invariants are not exact numbers here); and at each
// case (the iid ones for eq. 9) it is compared with S from the certified route's balls of
// E phi(k_i) and E phi(k_i)^2: `invariants(k)` gives the balls of q~.mu~, q~^T Sigma~ q~,
// ||q~||_1, ||q~||_2, mu~, sigma~ (the last two at iid cases), `S_ball(k)` S's. A point agrees
// or disagrees by numerics/ball_comparison's rule, both sides balls; a claim that cannot be
// enclosed there (not defined, a root of a negative ball) leaves the case undecided. A merge
// cannot recompute these balls without the quadrature, so a disagreement found here is numeric
// evidence (not a certified record), and an agreement without the proof is numeric evidence.
CheckRecord claim_against_moment_balls(const Spec& spec, const Claim& claim,
                                       const sym::LinearAttentionDerivation& linear,
                                       const std::function<std::optional<std::vector<num::Ball>>(std::size_t)>& invariants,
                                       const DirectBall& S_ball, const std::string& no_closed_form, unsigned digits) {
  const auto& s = sym::symbols();
  const bool uses_mu_sigma = claim.S.has(s.mu) || claim.S.has(s.sigma);
  const std::vector<PhiCase>& cases = kind_data<FeatureMapData>(spec).phi_cases;
  if (uses_mu_sigma && std::none_of(cases.begin(), cases.end(), [](const PhiCase& c) { return c.iid(); })) {
    // as with closed-form moments (check_feature_map_claims): mu and sigma exist at iid cases only
    CheckRecord r = claim_without_derivation(spec, claim, "");
    r.detail = "the claim assumes iid components (it uses mu or sigma) but the spec has no case with iid components";
    return r;
  }
  ClaimDomain none;
  none.symbols = {s.qmu, s.qSq, s.q1, s.q2, s.mu, s.sigma};
  none.description = "no case with exact invariants (the moments of phi have no closed form: " + no_closed_form + ")";
  CheckRecord r = check_claim_on_domain(
      spec, claim, [](const GiNaC::ex& e) { return e; }, uses_mu_sigma ? linear.S_iid : linear.S_general, none, digits,
      {});
  if (r.verdict == Verdict::Disagree) return r;  // not defined on the invariants' domain
  const bool proved = r.verdict == Verdict::Agree && is_proof(r.evidence.level);
  // the cases: every one, or the iid ones for a claim in mu and sigma
  std::vector<std::size_t> at;
  for (std::size_t k = 0; k < cases.size(); ++k)
    if (!uses_mu_sigma || cases[k].iid()) at.push_back(k);
  const slong bits = num::Precision{digits}.ball_bits();
  std::size_t agreed = 0;
  double worst = 1e9;
  std::string undecided;
  std::optional<std::size_t> counterexample;
  num::Ball claim_at_counterexample, S_at_counterexample;
  std::string undefined_at;  // a case where a condition of the claim as written fails (certified)
  // the claim's conditions as written (GiNaC reads sqrt(x)/sqrt(x) as 1 and 0*sqrt(x) as 0)
  std::vector<sym::Condition> conditions = claim.conditions;
  sym::merge_conditions(conditions, sym::conditions_of(claim.S));
  try {
    const num::BallExpression value(claim.S, none.symbols);
    std::vector<std::pair<sym::Condition, num::BallExpression>> tests;
    for (const sym::Condition& c : conditions)
      if (c.kind != sym::ConditionKind::Continuous) tests.emplace_back(c, num::BallExpression(c.expression, none.symbols));
    for (const std::size_t k : at) {
      const std::string where = describe_point(phi_case_description(cases[k], k));
      const std::optional<std::vector<num::Ball>> inv = invariants(k);
      const std::optional<num::Ball> S = S_ball(k);
      if (!inv || !S) {
        if (undecided.empty()) undecided = "the certified route gives no ball of the moments at " + where;
        continue;
      }
      // a condition proved to fail: the claim is not defined here, where S is; one not decided
      // leaves the case undecided
      bool condition_undecided = false;
      for (const auto& [condition, test] : tests) {
        const num::Ball b = test.evaluate(*inv, bits);
        std::optional<bool> holds = condition_on_ball(condition, b);
        if (holds == false && !b.finite()) holds.reset();  // a failure only from a finite ball
        if (holds == false && undefined_at.empty()) undefined_at = condition.describe() + " fails at " + where;
        if (!holds.has_value()) condition_undecided = true;
      }
      if (!undefined_at.empty()) break;
      if (condition_undecided) {
        if (undecided.empty()) undecided = "a condition of the claim is not decided by balls at " + where;
        continue;
      }
      const num::Ball c = value.evaluate(*inv, bits);
      const num::BallVerdict v = num::compare_balls(c, *S, digits, bits);
      if (v.outcome == num::PointOutcome::Disagree && c.finite()) {
        if (!counterexample) {
          counterexample = k;
          claim_at_counterexample = c;
          S_at_counterexample = *S;
        }
      } else if (v.outcome == num::PointOutcome::Agree) {
        ++agreed;
        worst = std::min(worst, v.digits);
      } else if (undecided.empty()) {
        undecided = "the balls of the claim and of S (from the certified moments) do not decide at " + where +
                    (c.finite() ? "" : " (the claim has no finite ball there)");
      }
    }
  } catch (const std::exception& err) {
    if (undecided.empty()) undecided = std::string("the claim cannot be enclosed at the cases: ") + err.what();
  }
  const std::string cases_text = fmt::format("{} case{}", at.size(), at.size() == 1 ? "" : "s");
  if (!undefined_at.empty()) {
    r.verdict = Verdict::Disagree;
    r.method = "definedness (balls of the certified moments; no closed form)";
    r.values = {{"claim", "not defined"}};
    r.certified = false;
    r.enclosure.clear();
    r.evidence = {EvidenceLevel::NumericEvidence, "the claim is not defined where S is: " + undefined_at};
    r.detail = "Not equivalent: the claim as written is not defined at a case where S is (" + undefined_at +
               ", its ball from the certified moments wholly on the wrong side).";
    if (proved) {
      r.conflict = true;
      r.detail = "CONFLICT (a defect of attnverify): a symbolic proof of the identity in the invariants and a case "
                 "where the claim is not defined contradict each other. " + r.detail;
    }
    return r;
  }
  if (counterexample) {
    const NamedValues where = phi_case_description(cases[*counterexample], *counterexample);
    const auto [shown, S_shown] =
        rounded_apart(claim_at_counterexample.midpoint_text(digits), S_at_counterexample.midpoint_text(digits));
    r.verdict = Verdict::Disagree;
    r.method = "numeric (balls of the certified moments; no closed form)";
    r.point = where;
    r.values = {{"claim", claim_at_counterexample.midpoint_text(digits)},
                {"numeric_route", S_at_counterexample.midpoint_text(digits)}};
    r.certified = false;  // a merge cannot recompute the moments' balls
    r.enclosure.clear();
    r.evidence = {EvidenceLevel::NumericEvidence,
                  "claim != S at " + describe_point(where) + " (their balls, from the certified moments, are disjoint)"};
    r.detail = "Not equivalent: at " + describe_point(where) + " the claim gives " + shown + " but S is " + S_shown +
               " (the claim evaluated on balls of the invariants and S from the certified route's balls of E phi and "
               "E phi^2: the two balls are disjoint).";
    if (proved) {
      r.conflict = true;
      r.detail = "CONFLICT (a defect of attnverify): a symbolic proof of the identity in the invariants and a "
                 "disagreement at a case contradict each other. " +
                 r.detail;
    }
    return r;
  }
  const std::string cross_check =
      agreed == at.size() && !at.empty()
          ? fmt::format(" At the {} (balls of the invariants from the certified moments of phi, no closed form) the "
                        "claim agrees with S to at least {:.1f} digits.",
                        cases_text, worst)
          : fmt::format(" At the {}, against S from the certified moments of phi: {} agree; {}.", cases_text, agreed,
                        undecided.empty() ? "no case" : undecided);
  if (proved) {
    r.detail += cross_check;
    return r;
  }
  if (agreed == at.size() && !at.empty()) {
    r.verdict = Verdict::Agree;
    r.method = "numeric (balls of the certified moments; no closed form)";
    r.digits = worst;
    r.evidence = {EvidenceLevel::NumericEvidence,
                  fmt::format("claim = S to >= {:.1f} digits at the {} (balls of the certified moments)", worst,
                              cases_text)};
    r.detail = "No symbolic proof of the identity in the invariants. Evidence, not a proof:" + cross_check;
    return r;
  }
  r.verdict = Verdict::Inconclusive;
  r.method = "numeric (balls of the certified moments; no closed form)";
  r.evidence = {EvidenceLevel::Undecided, ""};
  r.detail = "No symbolic proof of the identity in the invariants, and not decided at the cases:" + cross_check;
  return r;
}

std::vector<double> to_doubles(const std::vector<GiNaC::numeric>& v) {
  std::vector<double> out;
  for (const auto& x : v) out.push_back(x.to_double());
  return out;
}

}  // namespace

VariantResult check_phi_feature_map_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const unsigned digits = options.digits;
  const auto& s = sym::symbols();
  VariantResult result;
  result.spec = spec;
  progress(fmt::format("[{}] deriving E phi(X), E phi(X)^2 for phi(x) = {}", spec.name, spec.definition_text));
  const sym::FeatureMoments& moments = sym::cached_feature_moments(spec.definition);
  const sym::LinearAttentionDerivation linear = sym::derive_linear_attention();
  result.status = moments.derived ? ClosedFormStatus::Derived : ClosedFormStatus::NoClosedForm;
  result.reason = moments.reason;
  if (moments.derived) {
    result.S = linear.S_general;
    result.forms = {{"\\tilde\\mu_i = \\mathbb{E}\\,\\phi(X)", moments.mean},
                    {"\\mathbb{E}\\,\\phi(X)^2", moments.mean_square},
                    {"S", linear.S_general},
                    {"S \\text{ (iid components)}", linear.S_iid}};
    result.notes.push_back(
        "$X = \\beta + \\gamma\\varepsilon$ stands for one key component $k_i \\sim \\mathcal N(\\mu_i, \\sigma_i^2)$: "
        "$\\tilde\\mu_i$ is the expression at $(\\beta,\\gamma) = (\\mu_i,\\sigma_i)$ and "
        "$\\tilde\\Sigma = \\operatorname{diag}(\\mathbb{E}\\phi(X)^2 - \\tilde\\mu_i^2)$, the components of "
        "$\\phi(k)$ being independent.");
  }

  // 1. moments vs quadrature at every distinct (mu_i, sigma_i)
  const sym::KernelDerivation& phi_kernel = sym::cached_kernel_derivation(spec.definition);
  QuadratureMoments quadrature(phi_kernel, digits);
  std::map<std::string, bool> seen;
  for (const PhiCase& c : kind_data<FeatureMapData>(spec).phi_cases) {
    for (std::size_t i = 0; i < c.mu.size(); ++i) {
      const std::string key = exact_text(c.mu[i]) + "|" + exact_text(c.sigma[i]);
      if (seen[key]) continue;
      seen[key] = true;
      const NumericS& q = quadrature(c.mu[i], c.sigma[i]);
      // E phi, E phi^2 and the variance (the diagonal of Sigma~); the variance's error
      // estimate loses the digits that m2 - m1^2 cancels
      const char* names[] = {"mean", "mean square", "variance"};
      for (int which = 0; which < 3; ++which) {
        CheckRecord r;
        r.variant = spec.name;
        r.check = CheckKind::ClosedVsQuadrature;
        r.point = {{"mu", exact_text(c.mu[i])}, {"sigma", exact_text(c.sigma[i])}, {"moment", names[which]}};
        r.method = q.source == NumericS::Source::Arb
                       ? "Arb enclosure of the moment (acb_calc_integrate; error bound of the pair E|phi|, E phi^2)"
                       : "double-exponential quadrature of the moment (error estimate of the pair E|phi|, E phi^2)";
        NumericOutcome outcome{q.ok, which == 0 ? q.mean_abs : q.mean_square, q.error_digits, q.failure};
        if (which == 2 && q.ok) {
          num::ScopedPrecision scope(num::Precision{digits}.guarded());
          outcome.value = q.mean_square - q.mean_abs * q.mean_abs;
          const double lost = outcome.value > 0 ? log10(Real(q.mean_square / outcome.value)).convert_to<double>() : 1e9;
          outcome.error_digits = q.error_digits - std::max(0.0, lost);
        }
        if (!moments.derived) {
          // quadrature only: its own error target still applies (as for kernels)
          const double target = required_digits(digits);
          const bool to_target = q.ok && outcome.error_digits >= target;
          r.verdict = to_target ? Verdict::NotApplicable : Verdict::Inconclusive;
          r.expected = Verdict::NotApplicable;
          if (q.ok) {
            r.values.emplace_back("numeric", num::to_decimal(outcome.value, digits));
            r.error_digits = outcome.error_digits;
          }
          r.detail = "no closed form: " + moments.reason;
          if (!to_target)
            r.detail += q.ok ? fmt::format("; the quadrature's error estimate 1e-{:.1f} misses the target 1e-{:.0f}",
                                           outcome.error_digits, target)
                             : "; the quadrature failed: " + q.failure;
          if (to_target) {
            // the moment itself certified by the route's balls, or counted apart (estimated_only)
            const CertifiedOutcome balls = certified_moment(GiNaC::ex(0), q, which, digits);
            certify_value(r, balls.numeric ? &*balls.numeric : nullptr, balls.failure, digits,
                          "Arb enclosure of the moment (acb_calc_integrate; no closed form)");
          }
        } else {
          const GiNaC::ex& closed = which == 0 ? moments.mean : which == 1 ? moments.mean_square : moments.variance;
          const GiNaC::ex closed_here = closed.subs(GiNaC::lst{s.beta == c.mu[i], s.gamma == c.sigma[i]});
          judge_closed_vs_numeric(r, num::AdaptiveEvaluator(closed_here, {}, digits)({}), outcome, digits);
          certify_closed_vs_numeric(r, certified_moment(closed_here, q, which, digits), digits,
                                    "the defining integrals (acb_calc_integrate)");
          if (which == 0 && r.verdict == Verdict::Disagree)
            r.detail += " (E phi is compared with the quadrature of E|phi|: phi must be non-negative)";
        }
        result.records.push_back(std::move(r));
      }
    }
  }

  // 2. closed-form S vs S from the quadrature moments, at every case
  const num::CompiledExpression phi_value(spec.definition, {s.x}, num::Precision{digits}.guarded());
  const DirectRoute from_quadrature = [&](std::size_t index) {
    const PhiCase& c = kind_data<FeatureMapData>(spec).phi_cases[index];
    num::ScopedPrecision scope(num::Precision{digits}.guarded());
    NumericOutcome out;
    Real qmu = 0, qSq = 0;
    double error_digits = 1e9;
    for (std::size_t i = 0; i < c.q.size(); ++i) {
      const NumericS& m = quadrature(c.mu[i], c.sigma[i]);
      if (!m.ok) {
        out.failure = m.failure;
        return out;
      }
      const Real feature = phi_value({num::to_real(c.q[i])});
      qmu += feature * m.mean_abs;
      qSq += feature * feature * (m.mean_square - m.mean_abs * m.mean_abs);
      error_digits = std::min(error_digits, m.error_digits);
    }
    out.ok = qmu > 0;
    if (!out.ok) out.failure = "q~ . mu~ is not positive";
    out.value = qmu / sqrt(qmu * qmu + qSq);
    out.error_digits = error_digits;
    return out;
  };
  const num::BallExpression phi_ball(spec.definition, {s.x});
  // the invariants as balls, from the certified route's balls of the moments and of phi(q_i)
  const auto invariants = [&](std::size_t index) -> std::optional<std::vector<num::Ball>> {
    const PhiCase& c = kind_data<FeatureMapData>(spec).phi_cases[index];
    const slong bits = num::Precision{digits}.ball_bits();
    num::Ball qmu, qSq, q1, q2, term, variance, feature;
    for (std::size_t i = 0; i < c.q.size(); ++i) {
      const NumericS& m = quadrature(c.mu[i], c.sigma[i]);
      if (!m.certified || !m.certified->ok) return std::nullopt;
      feature = phi_ball({c.q[i]}, bits);
      arb_mul(term.get(), feature.get(), m.certified->mean_abs.get(), bits);
      arb_add(qmu.get(), qmu.get(), term.get(), bits);
      arb_sqr(variance.get(), m.certified->mean_abs.get(), bits);
      arb_sub(variance.get(), m.certified->mean_square.get(), variance.get(), bits);
      arb_sqr(term.get(), feature.get(), bits);
      arb_add(q2.get(), q2.get(), term.get(), bits);
      arb_mul(term.get(), term.get(), variance.get(), bits);
      arb_add(qSq.get(), qSq.get(), term.get(), bits);
      arb_add(q1.get(), q1.get(), feature.get(), bits);
    }
    arb_sqrt(q2.get(), q2.get(), bits);
    num::Ball mu, sigma;  // iid: one component's mean and standard deviation of phi(k_i)
    if (c.iid() && !c.q.empty()) {
      const NumericS& m = quadrature(c.mu[0], c.sigma[0]);
      mu = m.certified->mean_abs;
      arb_sqr(variance.get(), mu.get(), bits);
      arb_sub(variance.get(), m.certified->mean_square.get(), variance.get(), bits);
      arb_sqrt(sigma.get(), variance.get(), bits);
    }
    return std::vector<num::Ball>{qmu, qSq, q1, q2, mu, sigma};
  };
  // the same S in ball arithmetic from the certified route's balls of E phi and E phi^2 and a
  // ball of phi(q_i), so that the comparison is certified where every moment's ball exists
  const DirectBall from_quadrature_ball = [&](std::size_t index) -> std::optional<num::Ball> {
    const std::optional<std::vector<num::Ball>> v = invariants(index);
    if (!v) return std::nullopt;
    const slong bits = num::Precision{digits}.ball_bits();
    const num::Ball &qmu = (*v)[0], &qSq = (*v)[1];
    num::Ball S;  // qmu / sqrt(qmu^2 + qSq)
    arb_sqr(S.get(), qmu.get(), bits);
    arb_add(S.get(), S.get(), qSq.get(), bits);
    arb_rsqrt(S.get(), S.get(), bits);
    arb_mul(S.get(), S.get(), qmu.get(), bits);
    if (!S.finite()) return std::nullopt;
    return S;
  };
  // the cases with their derived invariants, built once (each is a sum over d components)
  const ClaimDomain cases = claim_domain(spec, options.seed_for(std::nullopt));
  if (moments.derived)
    check_closed_vs_direct(spec, cases, linear.S_general, from_quadrature, "S from the quadrature moments of phi",
                           digits, result.records, from_quadrature_ball);

  // 3. sampled: real d-dimensional q and keys
  if (spec.sampling && moments.derived) {
    const unsigned long seed = options.seed_for(spec.sampling->seed);
    for (const ClaimPoint& p : cases.points) {
      const PhiCase& c = kind_data<FeatureMapData>(spec).phi_cases[p.index];
      const num::Evaluation closed = num::AdaptiveEvaluator(linear.S_general.subs(p.substitution), {}, digits)({});
      const num::FeatureMapSampler sampler(spec.definition, s.x, to_doubles(c.q), to_doubles(c.mu), to_doubles(c.sigma),
                                           seed ^ num::splitmix64(p.index));
      // the population moments of a = sum_i phi(q_i) phi(k_i) (independent components, phi >= 0) for
      // the CLT interval's check (src/kinds/sampled_checks.hpp)
      std::optional<num::PopulationDelta> population;
      std::string population_failure;
      try {
        num::ScopedPrecision scope(num::Precision{digits}.guarded());
        std::vector<std::pair<num::Real, std::vector<num::Real>>> terms;
        for (std::size_t i = 0; i < c.q.size() && population_failure.empty(); ++i) {
          const AbsoluteMoments& m = quadrature.powers(c.mu[i], c.sigma[i]);
          const num::Real weight = phi_value({num::to_real(c.q[i])});
          if (!m.ok)
            population_failure = m.failure;
          else if (weight < 0)
            population_failure = "a feature of q is negative";
          else
            terms.emplace_back(weight, m.m);
        }
        if (population_failure.empty()) population = num::population_delta(num::moments_of_independent_sum(terms));
      } catch (const std::exception& err) {
        population_failure = err.what();
      }
      // one draw of the largest n: each smaller n is its first keys (nested samples)
      const std::vector<unsigned long>& sizes = spec.sampling->sizes;
      const unsigned long largest_n = *std::max_element(sizes.begin(), sizes.end());
      progress(fmt::format("[{}] sampling case {}, d = {}, n = {} (nested: the first n of {} keys)", spec.name,
                           p.index + 1, c.q.size(), fmt::join(sizes, ", "), largest_n));
      // a line every 5 s or so inside a long check
      auto last = std::chrono::steady_clock::now();
      const std::vector<num::SampleMoments> samples = sampler.sample_nested(sizes, options.threads, [&](double done) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::seconds(5)) return;
        last = now;
        progress(fmt::format("[{}]   ... {:.0f}% of the {} keys drawn", spec.name, 100 * done, largest_n));
      });
      for (std::size_t size_index = 0; size_index < sizes.size(); ++size_index) {
        const unsigned long n = sizes[size_index];
        const num::SampleMoments& sample = samples[size_index];
        const num::SparsityEstimate est = num::estimate_sparsity(sample);
        CheckRecord r;
        r.variant = spec.name;
        r.check = CheckKind::Sampled;
        r.point = p.where;
        r.method =
            "Monte Carlo over d-dimensional q and keys, a_j = phi(q).phi(k_j); delta-method standard error; "
            "reference: the closed-form S (eq. 8 with the derived moments)" +
            (population ? std::string("; CLT interval checked against the population moments")
                        : "; CLT interval not checked (" + population_failure + ")");
        r.n = n;
        r.d = static_cast<unsigned>(c.q.size());
        r.seed = seed;
        r.values = {{"sampled", fmt::format("{:.17g}", est.S)}, {"reference", num::to_decimal(closed.value, digits)}};
        judge_sample(r, est, sample.non_finite, closed.value.convert_to<double>());
        if (population) judge_clt_validity(r, *population, static_cast<double>(sample.count));
        confirm_sample(r, options.family_alpha, closed.value.convert_to<double>(),
                       [&](unsigned long n2, std::uint64_t seed2) {
                         progress(fmt::format("[{}] confirming a significant difference: n = {}, a new seed",
                                              spec.name, n2));
                         const num::FeatureMapSampler again(spec.definition, s.x, to_doubles(c.q), to_doubles(c.mu),
                                                            to_doubles(c.sigma), seed2 ^ num::splitmix64(p.index));
                         const num::SampleMoments m = again.sample(n2, options.threads, {});
                         return m.non_finite > 0 ? std::nullopt
                                                 : std::optional<num::SparsityEstimate>(num::estimate_sparsity(m));
                       });
        result.records.push_back(std::move(r));
      }
    }
  }

  // 4. claims and properties
  if (moments.derived) {
    check_feature_map_claims(spec, linear, cases, options, direct_witness(from_quadrature), result, progress);
  } else {
    for (const Claim& claim : spec.claims) {
      progress(fmt::format("[{}] claim {}", spec.name, claim.id));
      result.records.push_back(
          claim_against_moment_balls(spec, claim, linear, invariants, from_quadrature_ball, moments.reason, digits));
    }
  }
  check_properties(spec, feature_map_property_target(), options, result, progress);
  return result;
}

}  // namespace attnverify
