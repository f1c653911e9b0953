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

std::vector<GiNaC::ex> parameter_symbols(const Spec& spec) {
  std::vector<GiNaC::ex> out;
  for (const auto& name : spec.parameter_names()) out.push_back(sym::symbols().by_name(name));
  return out;
}

NamedValues point_text(const Spec& spec, const GridPoint& p) {
  NamedValues out;
  const auto names = spec.parameter_names();
  for (std::size_t k = 0; k < p.size(); ++k) out.emplace_back(names[k], exact_text(p[k]));
  return out;
}

std::string describe_point(const NamedValues& point) {
  std::string out;
  for (const auto& [name, value] : point) out += (out.empty() ? "" : ", ") + name + " = " + value;
  return out;
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
                        const NumericWitness& witness) {
  CheckRecord record;
  record.variant = spec.name;
  record.check = "claim";
  record.claim = claim.id;
  record.expected = claim.expected;
  const auto symbols = parameter_symbols(spec);
  const double need = required_digits(digits);

  num::AdaptiveEvaluator claimed(claim.S, symbols, digits);
  num::AdaptiveEvaluator derived(derived_S, symbols, digits);

  // 1. symbolic equivalence
  std::function<std::optional<bool>()> sign_at_reference;
  if (spec.kind == VariantKind::Kernel) {  // (beta, gamma) ranges over a connected set
    sign_at_reference = [&]() -> std::optional<bool> {
      const num::Evaluation e = claimed(kernel_reference_point());
      if (!e.converged) return std::nullopt;
      return e.value > 0;
    };
  }
  const sym::EquivalenceProof proof = sym::prove_equal(claim.S, derived_S, sign_at_reference);

  // 2. numeric comparison on the documented point set
  double worst = std::numeric_limits<double>::infinity();
  GridPoint worst_point;
  Real worst_claim, worst_derived;
  std::size_t compared = 0, undefined = 0;
  std::string failure;
  for (const GridPoint& p : claim_points(spec.kind)) {
    const num::Evaluation d = derived(p);
    const num::Evaluation c = claimed(p);
    if (!d.converged) {
      failure = "the derivation did not evaluate at " + describe_point(point_text(spec, p)) + ": " + d.failure;
      continue;
    }
    if (!c.converged) {
      if (c.failure.find("not finite") != std::string::npos) {
        ++undefined;  // the published formula is undefined there (e.g. 0/0)
        continue;
      }
      failure = "the claim did not evaluate at " + describe_point(point_text(spec, p)) + ": " + c.failure;
      continue;
    }
    ++compared;
    num::ScopedPrecision scope(d.precision);
    const double agree = num::digits_of_agreement(c.value, d.value, digits + num::kGuardDigits);
    if (agree < worst) {
      worst = agree;
      worst_point = p;
      worst_claim = c.value;
      worst_derived = d.value;
    }
  }
  if (compared == 0) {
    record.verdict = Verdict::Inconclusive;
    record.method = "numeric";
    record.detail = failure.empty() ? "the claim is undefined at every comparison point" : failure;
    return record;
  }
  record.digits = worst;
  record.point = point_text(spec, worst_point);
  record.values = {{"claim", num::to_decimal(worst_claim, digits)}, {"derived", num::to_decimal(worst_derived, digits)}};
  const std::string where = fmt::format("{} of {} points", compared, compared + undefined);
  const std::string undefined_note =
      undefined ? fmt::format(" The claim is undefined (not finite) at {} of the points.", undefined) : "";

  if (proof.proved) {
    record.method = "symbolic";
    if (worst >= need && failure.empty()) {
      record.verdict = Verdict::Agree;
      record.detail = "Proved: " + proof.method + ". Numeric cross-check at " + where +
                      fmt::format(": worst agreement {:.1f} digits.", worst) + undefined_note;
    } else {
      record.verdict = Verdict::Inconclusive;
      record.detail = "A symbolic proof was found but the numeric cross-check failed (" +
                      (failure.empty() ? fmt::format("worst agreement {:.1f} digits", worst) : failure) +
                      "); this points to a defect in attnverify.";
    }
    return record;
  }
  record.method = "numeric";
  if (worst < need) {
    record.verdict = Verdict::Disagree;
    const Real relative = abs(Real(worst_claim - worst_derived)) / abs(worst_derived);
    record.detail = fmt::format(
        "Not equivalent: at {} the claim gives {} but the derived S is {} (relative difference {}, {:.1f} digits of "
        "agreement; worst of {}).",
        describe_point(record.point), num::to_decimal(worst_claim, 12), num::to_decimal(worst_derived, 12),
        num::to_decimal(relative, 3), worst, where);
    if (witness) {
      if (const auto w = witness(worst_point)) {
        num::ScopedPrecision scope(digits + num::kGuardDigits);
        record.values.emplace_back("numeric_route", num::to_decimal(w->first, digits));
        record.detail += fmt::format(
            " The numeric route reproduces the derived value there ({:.1f} digits) and not the claim ({:.1f} digits).",
            num::digits_of_agreement(w->first, worst_derived, digits + num::kGuardDigits),
            num::digits_of_agreement(w->first, worst_claim, digits + num::kGuardDigits));
      }
    }
    record.detail += undefined_note;
  } else if (!failure.empty()) {
    record.verdict = Verdict::Inconclusive;
    record.detail = failure;
  } else {
    record.verdict = Verdict::Agree;
    record.detail = "No symbolic proof found; agreement at " + where +
                    fmt::format(" to at least {:.1f} digits (numeric evidence, not a proof).", worst) + undefined_note;
  }
  return record;
}

}  // namespace attnverify

namespace attnverify {

void check_claims(const Spec& spec, const GiNaC::ex* derived_S, const std::string& no_closed_form_reason,
                  unsigned digits, const NumericWitness& witness, std::vector<CheckRecord>& records,
                  const std::function<void(const std::string&)>& progress) {
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {}", spec.name, claim.id));
    records.push_back(derived_S ? check_claim(spec, claim, *derived_S, digits, witness)
                                : claim_without_derivation(spec, claim, no_closed_form_reason));
  }
}

}  // namespace attnverify
