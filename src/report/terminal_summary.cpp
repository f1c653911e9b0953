#include "src/report/terminal_summary.hpp"

#include <fmt/format.h>

#include "src/verdicts/route_comparison.hpp"

#include <algorithm>
#include <cmath>

namespace attnverify {

std::string terminal_summary(const RunResult& run) {
  std::string out = fmt::format("attnverify {}: working precision {} digits (agree at >= {:.0f}), seed {}\n",
                                library_versions().front().second, run.options.digits,
                                required_digits(run.options.digits), run.options.seed_for(std::nullopt));
  std::size_t total = 0;
  // the name column as wide as the longest name (at least 10)
  std::size_t name_width = 10;
  for (const auto& v : run.variants) name_width = std::max(name_width, v.spec.name.size());
  for (const auto& v : run.variants) {
    std::size_t grid = 0, agree = 0, estimated = 0, sampled = 0, sampled_agree = 0, not_tests = 0, claim_count = 0,
                no_value = 0;
    double worst = 1e9, max_z = 0;
    std::string claims;
    for (const auto& r : v.records) {
      ++total;
      if (r.check == CheckKind::Claim || r.check == CheckKind::Property) {
        ++claim_count;
        // its evidence as the check wrote it (src/verdicts/evidence.hpp), not the method's prose
        const std::string evidence = to_string(r.evidence.level);
        claims +=
            fmt::format("\n    {:<8} {:<24} {:<13} [{}]{}", to_string(r.check), r.claim, to_string(r.verdict), evidence,
                        r.conflict       ? "  CONFLICT: a symbolic proof and a certified counterexample contradict (a "
                                           "defect of attnverify; see the detail in results.json)"
                        : r.unexpected() ? "  UNEXPECTED (spec expects " + to_string(r.expected) + ")"
                                         : "");
        continue;
      }
      if (r.check == CheckKind::Sampled) {
        // as the report counts them: the valid tests, and beside them the checks that are not
        if (r.clt_invalid()) {
          ++not_tests;
          continue;
        }
        ++sampled;
        sampled_agree += r.verdict == Verdict::Agree;
        if (r.z) max_z = std::max(max_z, std::fabs(*r.z));
        continue;
      }
      if (!r.is_grid_check()) continue;
      if (r.no_value_exists()) {  // S does not exist there: neither agrees nor counts as computed
        ++no_value;
        continue;
      }
      ++grid;
      // a value or an agreement that rests on an error estimate alone is counted apart
      if (estimated_only(r))
        ++estimated;
      else
        agree += r.verdict == Verdict::Agree || r.verdict == Verdict::NotApplicable;
      // the worst digits of the points that agree (an inconclusive point's figure decides nothing)
      if (r.digits && r.verdict == Verdict::Agree) worst = std::min(worst, *r.digits);
    }
    const bool derived = v.derived();
    out += fmt::format("  {:<{}} {:<11} {:<14} ", v.spec.name, name_width, v.spec.kind->name(), to_string(v.status));
    if (grid + no_value == 0)  // fact specs and others without a grid: the claims below are the checks
      out += fmt::format("{} claim{}", claim_count, claim_count == 1 ? "" : "s");
    else if (grid == 0)  // S exists at no grid point
      out += fmt::format("S exists at none of the {} grid points", no_value);
    else
      out += fmt::format("{} {}/{} {}",
                         derived ? std::string("grid") : to_string(v.spec.kind->numeric_route(v.spec)) + " only:",
                         agree, grid, derived ? "agree" : "certified");
    if (worst < 1e9) out += fmt::format(" (worst {:.1f} digits)", worst);
    if (estimated)
      out += fmt::format(", {} {} by an error estimate only (not certified)", estimated,
                         derived ? (estimated == 1 ? "agrees" : "agree") : "computed");
    if (no_value && grid) out += fmt::format(", {} point{} where S does not exist", no_value, no_value == 1 ? "" : "s");
    if (sampled || not_tests)
      out += fmt::format("; sampled {}/{} agree (max |z| {:.2f}){}", sampled_agree, sampled, max_z,
                         not_tests ? fmt::format(", {} more not tests at their n", not_tests) : std::string());
    if (!v.parametric_mismatch.empty())
      out += "  DEFECT of attnverify: " + v.parametric_mismatch + " (counted as unexpected)";
    out += claims + "\n";
    // after a file's last member: what holds for every value of its symbolic parameters
    if (v.parametric && v.spec.sweep && v.spec.sweep->index + 1 == v.spec.sweep->size) {
      const DerivationSummary& d = v.parametric->derivation;
      out += fmt::format("  {} for every {}: {}\n", v.spec.sweep->base_name, v.parametric->parameters,
                         !d.derived                 ? "no closed form in them"
                         : d.certificate.verified ? "S derived in them and certified"
                                                  : "S derived in them, not certified");
      for (const ParametricClaim& c : v.parametric->claims)
        out += fmt::format("    {:<8} {:<24} {}\n", "claim", c.id,
                           c.proved    ? "proved for every value"
                           : c.refuted ? "refuted for some value (" + c.counterexample.substr(0, c.counterexample.find(':')) + ")"
                                       : "not proved for every value");
    }
  }
  const std::size_t unexpected = run.unexpected_count();
  out += fmt::format("{} checks, {} unexpected verdict{}\n", total, unexpected, unexpected == 1 ? "" : "s");
  return out;
}

}  // namespace attnverify
