#include "src/verdicts/parametric_claims.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>

#include "numerics/ball_comparison.hpp"
#include "numerics/ball_expression.hpp"
#include "proofs/definedness.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/parameter_ranges.hpp"
#include "proofs/printing.hpp"
#include "src/spec/exact_text.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

// beta in R, gamma > 0 and each parameter in its closed range (samples: its ends and midpoint).
sym::ParameterDomain parametric_domain(const Spec& parametric, const DerivationSummary& d) {
  sym::ParameterDomain domain = sym::kernel_domain();
  for (const sym::ParameterRange& p : parametric.symbolic) {
    domain.variables.push_back({p.symbol, sym::enclosing_range(p), false, {p.lo, (p.lo + p.hi) / 2, p.hi}});
  }
  for (const ex& fact : d.forms.empty() ? std::vector<ex>{} : std::vector<ex>{d.forms[0].second, d.forms[1].second, d.S})
    domain.positive_facts.push_back(fact);
  domain.connected = true;
  const sym::ScopedParameterRanges scope(parametric.symbolic);
  domain.description = "beta in R, gamma > 0, " + sym::parameter_ranges_text();
  return domain;
}

// The probe points: each parameter at the seven inner eighths of its range, beta in {-1, 1/2, 2},
// gamma in {1/2, 1}; the coordinates in the order of `domain` (beta, gamma, the parameters). With
// several parameters the 6 * 7^k combinations are thinned to kMaxProbes spread evenly over them,
// each decoded from its index (never all made: 8 parameters are 35 million).
std::vector<std::vector<numeric>> probe_points(const sym::ParameterDomain& domain) {
  constexpr std::size_t kMaxProbes = 300;
  const std::vector<std::pair<numeric, numeric>> beta_gamma{{-1, numeric(1, 2)}, {-1, 1},
                                                            {numeric(1, 2), numeric(1, 2)}, {numeric(1, 2), 1},
                                                            {2, numeric(1, 2)}, {2, 1}};
  const std::size_t parameters = domain.variables.size() - 2;
  numeric total = numeric(6);
  for (std::size_t p = 0; p < parameters; ++p) total *= 7;  // exact: no overflow
  const std::size_t count = total > numeric(static_cast<long>(kMaxProbes)) ? kMaxProbes : static_cast<std::size_t>(total.to_long());
  std::vector<std::vector<numeric>> points;
  for (std::size_t k = 0; k < count; ++k) {
    numeric index = GiNaC::iquo(total * numeric(static_cast<long>(k)), numeric(static_cast<long>(count)));
    std::vector<numeric> point;
    const numeric pair = GiNaC::mod(index, 6);
    point.push_back(beta_gamma[static_cast<std::size_t>(pair.to_long())].first);
    point.push_back(beta_gamma[static_cast<std::size_t>(pair.to_long())].second);
    index = (index - pair) / 6;
    for (std::size_t p = 0; p < parameters; ++p) {
      const numeric eighth = GiNaC::mod(index, 7) + 1;
      index = (index - eighth + 1) / 7;
      const std::vector<numeric>& samples = domain.variables[2 + p].samples;  // lo, mid, hi
      point.push_back(samples.front() + (samples.back() - samples.front()) * eighth / 8);
    }
    points.push_back(point);
  }
  return points;
}

// A certified difference of the claim from the certified S at a probe point refutes the claim for
// some value of the parameters (at most 42 points for one parameter, 50 digits, the claim's own precision ceiling).
void refute_between(ParametricClaim& out, const Claim& claim, const DerivationSummary& d,
                    const sym::ParameterDomain& domain) {
  if (!d.derived || !d.certificate.verified) return;
  constexpr unsigned kDigits = 50;
  try {
    const std::vector<ex> variables = domain.symbols();
    const num::BallExpression claim_ball(claim.S, variables), S_ball(d.S, variables);
    for (const std::vector<numeric>& point : probe_points(domain)) {
      const num::PointComparison c = num::compare_at_point(claim_ball, S_ball, point, kDigits, 4096);
      if (c.outcome != num::PointOutcome::Disagree) continue;
      std::string where;
      for (std::size_t k = 0; k < point.size(); ++k)
        where += (k ? ", " : "") + sym::to_text(variables[k]) + " = " + exact_text(point[k]);
      out.refuted = true;
      out.counterexample = where + ": the claim is " + c.claim.midpoint_text(12) + " but S is " + c.reference.midpoint_text(12) +
                           " (Arb balls, certified)";
      return;
    }
  } catch (const std::exception&) {
    // a claim the balls cannot evaluate is left unproved, with its reason
  }
}

ParametricClaim judge(const Claim& claim, const DerivationSummary& d, const sym::ParameterDomain& domain) {
  ParametricClaim out;
  out.id = claim.id;
  if (!d.derived) {
    out.reason = "no closed form in the parameters: " + d.reason;
    return out;
  }
  if (!d.certificate.verified) {
    out.reason = "the closed form in the parameters is not certified (" + d.certificate.reason + ")";
    return out;
  }
  try {
    // S = E|f(X)| / sqrt(E f(X)^2) is defined where E f(X)^2 > 0 (f = 0 almost everywhere at one t
    // would make it 0/0 there): as the kernel's own check, shown on the whole box or no proof
    if (const std::optional<sym::Condition> unproved = sym::first_unproved(sym::conditions_of(d.S), domain)) {
      out.reason = "S's closed form in the parameters is not shown defined on all of " + domain.description + " (" +
                   unproved->describe() + " is not proved)";
      return out;
    }
    if (const std::optional<sym::Condition> unproved = sym::first_unproved(claim.conditions, domain)) {
      out.reason = "the claim is not shown defined on all of " + domain.description + " (" + unproved->describe() +
                   " is not proved)";
      refute_between(out, claim, d, domain);
      return out;
    }
    const auto sign_proof = [&]() -> std::optional<std::string> {
      if (!sym::provably_nonnegative_on(claim.S, domain)) return std::nullopt;
      return "the claim is shown >= 0 on " + domain.description;
    };
    const sym::EquivalenceProof proof = sym::prove_equal(claim.S, d.S, sign_proof);
    if (proof.proved) {
      out.proved = true;
      out.method = proof.method;
      return out;
    }
    out.reason = proof.squares_agree ? "the squares of the claim and S agree, but the claim's sign is not shown"
                                     : "claim - S does not reduce to 0 with the parameters kept symbolic";
  } catch (const std::exception& err) {
    out.reason = std::string("the symbolic engine failed: ") + err.what();
  }
  refute_between(out, claim, d, domain);
  return out;
}

}  // namespace

ParametricResult check_parametric(const Spec& parametric) {
  ParametricResult out;
  {
    const sym::ScopedParameterRanges scope(parametric.symbolic);
    out.parameters = sym::parameter_ranges_text();
  }
  out.derivation = parametric.kind->derive(parametric);
  const sym::ParameterDomain domain = parametric_domain(parametric, out.derivation);
  out.domain = domain.description;
  for (const Claim& claim : parametric.claims) out.claims.push_back(judge(claim, out.derivation, domain));
  return out;
}

std::shared_ptr<const ParametricResult> parametric_result(const Spec& member) {
  if (!member.parametric) return nullptr;
  static std::mutex mutex;
  // keyed by the parametric Spec, kept alive here so that its address is not reused
  static std::map<const Spec*, std::pair<std::shared_ptr<const Spec>, std::shared_ptr<const ParametricResult>>> done;
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = done.find(member.parametric.get());
  if (it == done.end())
    it = done.emplace(member.parametric.get(),
                      std::make_pair(member.parametric,
                                     std::make_shared<const ParametricResult>(check_parametric(*member.parametric))))
             .first;
  return it->second.second;
}

std::string parametric_mismatch(const Spec& member, const DerivationSummary& member_forms,
                                const ParametricResult& parametric) {
  const DerivationSummary& d = parametric.derivation;
  if (!member.parametric || !member.sweep) return "the variant has no symbolic parameters";
  // one derivation failing where the other succeeds is no contradiction (the forms in t need every
  // sign for every t; a member's at its t may fail where the kinks coincide): nothing to compare
  if (!d.derived || !member_forms.derived) return "";
  if (d.forms.size() != member_forms.forms.size()) return "the two derivations give different forms";
  GiNaC::exmap at;
  for (const auto& [name, value] : member.sweep->values)
    for (const sym::ParameterRange& p : member.parametric->symbolic)
      if (sym::to_text(p.symbol) == name) at[p.symbol] = value;
  for (std::size_t k = 0; k < d.forms.size(); ++k) {
    bool equal = false;
    try {
      equal = d.forms[k].first == member_forms.forms[k].first &&
              sym::is_identically_zero(d.forms[k].second.subs(at) - member_forms.forms[k].second);
    } catch (const std::exception&) {
    }
    if (!equal) return d.forms[k].first + " in the parameters, at this variant's values, is not shown equal to its own";
  }
  return "";
}

void attach_parametric(VariantResult& v) {
  if (!v.spec.parametric) return;
  v.parametric = parametric_result(v.spec);
  v.parametric_mismatch = parametric_mismatch(v.spec, v.spec.kind->derive(v.spec), *v.parametric);
  for (CheckRecord& r : v.records) {
    if (r.check != CheckKind::Claim || r.verdict != Verdict::Disagree || r.conflict) continue;
    for (const ParametricClaim& c : v.parametric->claims)
      if (c.id == r.claim && c.proved) {
        r.conflict = true;
        r.detail += " This contradicts the claim's proof for every " + v.parametric->parameters +
                    ": a defect of attnverify.";
      }
  }
}

}  // namespace attnverify
