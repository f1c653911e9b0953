#include "src/properties/property_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "numerics/sparsity_estimate.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/verdicts/claim_check.hpp"

namespace attnverify {

PropertyOutcome without_closed_form(const PropertyTarget& target) {
  return not_decided("no closed form to examine (" + target.no_closed_form_reason + ")" +
                     (target.certified_value ? "; without one, the numeric route decides only infimum and supremum "
                                               "bounds (greater_than, less_than) and monotonicity on a box"
                                             : ""));
}

CheckRecord check_property(const Spec& spec, const Property& property, const PropertyTarget& target,
                           const RunOptions& options) {
  {
    CheckRecord record;
    record.variant = spec.name;
    record.check = CheckKind::Property;
    record.claim = property.id;
    record.expected = property.expected;
    std::vector<PropertyOutcome> parts;
    for (const PropertyCheck& c : property.checks) {
      try {
        parts.push_back(c.kind->check(spec, c, target, options));
      } catch (const std::exception& err) {
        // GiNaC's own wording names its internals ("power::eval(): division by zero"): the
        // reader gets what happened, that an expression is undefined at a point the check needs
        std::string what = err.what();
        if (const auto at = what.find("(): "); at != std::string::npos && what.find("::") < at)
          what = "an expression of the check is not defined at a point it needs (" + what.substr(at + 4) + ")";
        PropertyOutcome failed;
        failed.method = c.kind->name();
        failed.finding = "the " + c.kind->name() + " check failed: " + what;
        parts.push_back(failed);
      }
    }
    const PropertyOutcome all = combine(parts);
    record.verdict = all.verdict;
    record.method = all.method;
    record.detail = all.finding;
    record.point = all.point;
    record.values = all.values;
    record.digits = all.digits;
    record.certified = all.certified;
    record.evidence = all.evidence;
    return record;
  }
}

void check_properties(const Spec& spec, const PropertyTarget& target, const RunOptions& options, VariantResult& result,
                      const Progress& progress) {
  for (const Property& property : spec.properties) {
    progress(fmt::format("[{}] property {}", spec.name, property.id));
    result.records.push_back(check_property(spec, property, target, options));
  }
}

void judge_sampled_properties(VariantResult& result) {
  for (const Property& property : result.spec.properties) {
    if (std::none_of(property.checks.begin(), property.checks.end(),
                     [](const PropertyCheck& c) { return c.kind->input() == PropertyInput::SampledChecks; }))
      continue;
    CheckRecord* record = nullptr;
    for (auto& r : result.records)
      if (r.check == CheckKind::Property && r.claim == property.id) record = &r;
    if (!record) continue;
    std::size_t count = 0, agree = 0, disagree = 0, invalid = 0;
    double max_z = 0;
    const CheckRecord* worst = nullptr;
    std::set<unsigned> dims;
    unsigned long largest_n = 0;
    for (const auto& r : result.records) {
      if (r.check != CheckKind::Sampled) continue;
      // a check whose CLT interval is not trustworthy at its n is not a test (sampled_checks.hpp)
      if (r.clt_invalid()) {
        ++invalid;
        continue;
      }
      ++count;
      if (r.verdict == Verdict::Agree) ++agree;
      if (r.verdict == Verdict::Disagree) ++disagree;
      if (r.d) dims.insert(*r.d);
      if (r.n) largest_n = std::max(largest_n, *r.n);
      if (r.z && std::abs(*r.z) >= max_z) {
        max_z = std::abs(*r.z);
        worst = &r;
      }
    }
    std::string dim_text;
    for (unsigned d : dims) dim_text += (dim_text.empty() ? "" : ", ") + std::to_string(d);
    // what the route drew: real d-dimensional weights, or (a kernel under another score law)
    // scalar scores, which test S's definition but not the reduction from weights (Su2023 eq. 4)
    const std::string population = result.spec.kind->sampled_population(result.spec);
    const bool weights = population.rfind("real d-dimensional", 0) == 0;
    record->method = weights ? "sampled (Monte Carlo over d-dimensional q and k, Holm-corrected)"
                             : "sampled (Monte Carlo over " + population + ", Holm-corrected)";
    if (worst) {
      record->point = worst->point;
      record->point.emplace_back("d", std::to_string(*worst->d));
      record->point.emplace_back("n", std::to_string(*worst->n));
      record->values = worst->values;
    }
    record->values.insert(record->values.begin(), {"max |z|", fmt::format("{:.2f}", max_z)});
    const std::string figures =
        fmt::format("{} sampled checks, d in {{{}}}, n up to {}; largest |z| = {:.2f}{}", count, dim_text, largest_n,
                    max_z,
                    invalid ? fmt::format("; {} more are not valid tests at their n (the CLT interval's skewness "
                                          "exceeds {}) and are left out",
                                          invalid, num::kMaxCltSkewness)
                            : std::string());
    record->evidence = {};
    if (count == 0) {
      record->verdict = Verdict::Inconclusive;
      record->detail = invalid ? fmt::format("none of the {} sampled checks is a valid test at its n (the CLT interval's skewness exceeds {})", invalid, num::kMaxCltSkewness) : std::string("no sampled checks ran");
    } else if (disagree > 0) {
      record->verdict = Verdict::Disagree;
      record->detail = fmt::format("{} of {}: {} is contradicted by Monte Carlo over {}.", disagree, figures,
                                   weights ? "the scalar reduction" : "S", population);
      record->evidence = {EvidenceLevel::Statistical,
                          fmt::format("Monte Carlo over {} differs significantly from {} in {} of {} sampled checks "
                                      "(Holm)",
                                      population, weights ? "the scalar reduction S(beta, gamma)" : "S", disagree,
                                      count)};
    } else if (agree == count) {
      record->verdict = Verdict::Agree;
      record->evidence = {EvidenceLevel::Statistical,
                          fmt::format("no significant difference between Monte Carlo over {} and {} in {} sampled "
                                      "checks (Holm)",
                                      population, weights ? "the scalar reduction S(beta, gamma)" : "S", count)};
      record->detail = "All " + figures + ": Monte Carlo over " + population +
                       (weights ? " agrees with the scalar reduction S(beta, gamma)"
                                : " agrees with S(beta, gamma) (the scores themselves are drawn, so this tests S's "
                                  "definition, not the reduction from d-dimensional weights)") +
                       " within its confidence interval.";
    } else {
      record->verdict = Verdict::Inconclusive;
      record->detail = fmt::format("{} of {} agree, none disagree ({}).", agree, count, figures);
    }
  }
}

}  // namespace attnverify
