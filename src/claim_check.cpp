#include "src/claim_check.hpp"

#include <fmt/format.h>

#include <limits>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/symbols.hpp"
#include "src/claim_points.hpp"

namespace attnverify {

using num::Real;

namespace {

// Evaluates one expression at claim points: compiled once over the domain's symbols
// when the point is rational, else by exact substitution into a constant expression.
class PointEvaluator {
 public:
  PointEvaluator(const GiNaC::ex& e, const ClaimDomain& domain, unsigned digits) : e_(e), digits_(digits) {
    if (!domain.symbols.empty()) fast_ = std::make_unique<num::AdaptiveEvaluator>(e, domain.symbols, digits);
  }
  num::Evaluation operator()(const ClaimPoint& p) const {
    if (p.rational && fast_) return (*fast_)(*p.rational);
    try {
      return num::AdaptiveEvaluator(e_.subs(p.substitution), {}, digits_)({});
    } catch (const std::exception& err) {
      num::Evaluation failed;
      failed.failure = err.what();
      return failed;
    }
  }

 private:
  GiNaC::ex e_;
  unsigned digits_;
  std::unique_ptr<num::AdaptiveEvaluator> fast_;
};

PointWitness on_grid_points(const NumericWitness& witness) {
  if (!witness) return {};
  return [witness](const ClaimPoint& p) -> std::optional<std::pair<Real, double>> {
    if (!p.rational) return std::nullopt;
    return witness(*p.rational);
  };
}

}  // namespace

CheckRecord claim_without_derivation(const Spec& spec, const Claim& claim, const std::string& reason) {
  CheckRecord r;
  r.variant = spec.name;
  r.check = "claim";
  r.claim = claim.id;
  r.expected = claim.expected;
  r.verdict = Verdict::Inconclusive;
  r.method = "none";
  r.detail = "no closed form to compare with: " + reason;
  return r;
}

CheckRecord check_claim(const Spec& spec, const Claim& claim, const GiNaC::ex& derived_S, unsigned digits,
                        const NumericWitness& witness, unsigned long seed) {
  return check_claim_on_domain(spec, claim, claim.S, derived_S, claim_domain(spec, seed), digits, on_grid_points(witness));
}

CheckRecord check_claim_on_domain(const Spec& spec, const Claim& claim, const GiNaC::ex& claim_S,
                                  const GiNaC::ex& derived_S, const ClaimDomain& domain, unsigned digits,
                                  const PointWitness& witness) {
  CheckRecord record;
  record.variant = spec.name;
  record.check = "claim";
  record.claim = claim.id;
  record.expected = claim.expected;
  const double need = required_digits(digits);

  const PointEvaluator claimed(claim_S, domain, digits);
  const PointEvaluator derived(derived_S, domain, digits);

  // 1. symbolic equivalence
  std::function<std::optional<bool>()> sign_at_reference;
  if (domain.reference) {  // the parameters range over a connected set
    sign_at_reference = [&]() -> std::optional<bool> {
      const num::Evaluation e = claimed(*domain.reference);
      if (!e.converged) return std::nullopt;
      return e.value > 0;
    };
  }
  const sym::EquivalenceProof proof = sym::prove_equal(claim_S, derived_S, sign_at_reference);

  // 2. numeric comparison on the documented point set. The sets avoid the removable
  // singularities of published forms (lambda = 1), so a claim that is not finite at a
  // point where S is (0/0, a negative radicand) disagrees there.
  double worst = std::numeric_limits<double>::infinity();
  const ClaimPoint* worst_point = nullptr;
  const ClaimPoint* undefined_point = nullptr;
  Real worst_claim, worst_derived, undefined_derived;
  std::size_t compared = 0, undefined = 0;
  std::string failure;
  for (const ClaimPoint& p : domain.points) {
    const num::Evaluation d = derived(p);
    const num::Evaluation c = claimed(p);
    if (!d.converged) {
      failure = "the derivation did not evaluate at " + describe_point(p.where) + ": " + d.failure;
      continue;
    }
    if (!c.converged) {
      if (c.not_finite) {
        if (undefined++ == 0) {
          undefined_point = &p;
          undefined_derived = d.value;
        }
        continue;
      }
      failure = "the claim did not evaluate at " + describe_point(p.where) + ": " + c.failure;
      continue;
    }
    ++compared;
    num::ScopedPrecision scope(d.precision);
    const double agree = num::digits_of_agreement(c.value, d.value, digits + num::kGuardDigits);
    if (agree < worst) {
      worst = agree;
      worst_point = &p;
      worst_claim = c.value;
      worst_derived = d.value;
    }
  }
  const std::size_t total = compared + undefined;
  const std::string where = total == domain.points.size() ? domain.description : fmt::format("{} points", total);

  if (proof.proved) {
    record.method = "symbolic";
    record.digits = worst;
    if (compared > 0) {
      record.point = worst_point->where;
      record.values = {{"claim", num::to_decimal(worst_claim, digits)}, {"derived", num::to_decimal(worst_derived, digits)}};
    }
    if (compared == total && compared > 0 && worst >= need && failure.empty()) {
      record.verdict = Verdict::Agree;
      record.detail = "Proved: " + proof.method + ". Numeric cross-check at " + where +
                      fmt::format(": worst agreement {:.1f} digits.", worst);
    } else {
      record.verdict = Verdict::Inconclusive;
      record.detail = "A symbolic proof was found but the numeric cross-check failed (" +
                      (!failure.empty() ? failure
                                        : undefined ? fmt::format("the claim is not finite at {} points", undefined)
                                                    : fmt::format("worst agreement {:.1f} digits", worst)) +
                      "); this points to a defect in attnverify.";
    }
    return record;
  }
  record.method = "numeric";
  auto add_witness = [&](const ClaimPoint& p, const Real& derived_value, const Real* claim_value) {
    if (!witness) return;
    const auto w = witness(p);
    if (!w) return;
    num::ScopedPrecision scope(digits + num::kGuardDigits);
    record.values.emplace_back("numeric_route", num::to_decimal(w->first, digits));
    record.detail += fmt::format(" The {} reproduces the derived value there ({:.1f} digits)",
                                 p.rational ? "numeric route" : "direct computation from the vectors",
                                 num::digits_of_agreement(w->first, derived_value, digits + num::kGuardDigits));
    record.detail += claim_value ? fmt::format(" and not the claim ({:.1f} digits).",
                                               num::digits_of_agreement(w->first, *claim_value, digits + num::kGuardDigits))
                                 : std::string(".");
  };
  if (undefined > 0) {
    record.verdict = Verdict::Disagree;
    record.digits = 0;
    record.point = undefined_point->where;
    record.values = {{"claim", "not finite"}, {"derived", num::to_decimal(undefined_derived, digits)}};
    record.detail = fmt::format(
        "Not equivalent: at {} the claim is not finite (undefined or complex) but the derived S is {}; the claim "
        "is not finite at {} of {} points.",
        describe_point(record.point), num::to_decimal(undefined_derived, 12), undefined, where);
    add_witness(*undefined_point, undefined_derived, nullptr);
  } else if (compared == 0) {
    record.verdict = Verdict::Inconclusive;
    record.detail = failure;
  } else if (worst < need) {
    record.verdict = Verdict::Disagree;
    record.digits = worst;
    record.point = worst_point->where;
    record.values = {{"claim", num::to_decimal(worst_claim, digits)}, {"derived", num::to_decimal(worst_derived, digits)}};
    const Real relative = abs(Real(worst_claim - worst_derived)) / abs(worst_derived);
    record.detail = fmt::format(
        "Not equivalent: at {} the claim gives {} but the derived S is {} (relative difference {}, {:.1f} digits of "
        "agreement; worst of {}).",
        describe_point(record.point), num::to_decimal(worst_claim, 12), num::to_decimal(worst_derived, 12),
        num::to_decimal(relative, 3), worst, where);
    add_witness(*worst_point, worst_derived, &worst_claim);
  } else if (!failure.empty()) {
    record.verdict = Verdict::Inconclusive;
    record.detail = failure;
  } else {
    record.verdict = Verdict::Agree;
    record.digits = worst;
    record.point = worst_point->where;
    record.values = {{"claim", num::to_decimal(worst_claim, digits)}, {"derived", num::to_decimal(worst_derived, digits)}};
    record.detail = "No symbolic proof found; agreement at " + where +
                    fmt::format(" to at least {:.1f} digits (numeric evidence, not a proof).", worst);
  }
  return record;
}



CheckRecord check_claim_against_numeric(const Spec& spec, const Claim& claim, unsigned digits,
                                        const NumericWitness& witness, const std::string& no_closed_form_reason,
                                        unsigned long seed) {
  CheckRecord record = claim_without_derivation(spec, claim, no_closed_form_reason);
  record.method = "numeric (no closed form; reference: the numeric route)";
  const double need = required_digits(digits);
  const ClaimDomain domain = claim_domain(spec, seed);
  const PointEvaluator claimed(claim.S, domain, digits);
  double worst = std::numeric_limits<double>::infinity();
  std::string failure;
  std::size_t points = 0;
  for (const ClaimPoint& p : domain.points) {
    ++points;
    const num::Evaluation c = claimed(p);
    const auto w = witness(*p.rational);
    const NamedValues& where = p.where;
    if (!w || w->second < need) {
      failure = "the numeric route missed its error target at " + describe_point(where);
      continue;
    }
    num::ScopedPrecision scope(digits + num::kGuardDigits);
    if (!c.converged) {
      if (!c.not_finite) {
        failure = "the claim did not evaluate at " + describe_point(where) + ": " + c.failure;
        continue;
      }
      record.verdict = Verdict::Disagree;
      record.digits = 0;
      record.point = where;
      record.values = {{"claim", "not finite"}, {"numeric_route", num::to_decimal(w->first, digits)}};
      record.detail = "Not equivalent: at " + describe_point(where) + " the claim is not finite but the numeric route gives " +
                      num::to_decimal(w->first, 12) + ".";
      return record;
    }
    const double agree = num::digits_of_agreement(c.value, w->first, digits + num::kGuardDigits);
    if (agree < worst) {
      worst = agree;
      record.digits = agree;
      record.point = where;
      record.values = {{"claim", num::to_decimal(c.value, digits)}, {"numeric_route", num::to_decimal(w->first, digits)}};
    }
  }
  if (record.digits && worst < need) {
    record.verdict = Verdict::Disagree;
    record.detail = fmt::format("Not equivalent: at {} the claim gives {} but the numeric route gives {} ({:.1f} digits of "
                                "agreement). There is no closed form: {}.",
                                describe_point(record.point), record.values[0].second.substr(0, 14),
                                record.values[1].second.substr(0, 14), worst, no_closed_form_reason);
  } else if (!failure.empty() || !record.digits) {
    record.verdict = Verdict::Inconclusive;
    record.detail = failure.empty() ? "no comparison point could be evaluated" : failure;
  } else {
    record.verdict = Verdict::Agree;
    record.detail = fmt::format("No closed form ({}); the claim agrees with the numeric route at {} points to at least "
                                "{:.1f} digits (numeric evidence, not a proof).",
                                no_closed_form_reason, points, worst);
  }
  return record;
}

void check_claims(const Spec& spec, const GiNaC::ex* derived_S, const std::string& no_closed_form_reason,
                  unsigned digits, unsigned long seed, const NumericWitness& witness, std::vector<CheckRecord>& records,
                  const std::function<void(const std::string&)>& progress) {
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {}", spec.name, claim.id));
    if (derived_S)
      records.push_back(check_claim(spec, claim, *derived_S, digits, witness, seed));
    else if (witness)
      records.push_back(check_claim_against_numeric(spec, claim, digits, witness, no_closed_form_reason, seed));
    else
      records.push_back(claim_without_derivation(spec, claim, no_closed_form_reason));
  }
}

}  // namespace attnverify
