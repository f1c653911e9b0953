#include "src/terminal_summary.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace attnverify {

std::string terminal_summary(const RunResult& run) {
  std::string out = fmt::format("attnverify {}: working precision {} digits (agree at >= {:.0f}), seed {}\n",
                                library_versions().front().second, run.options.digits,
                                required_digits(run.options.digits), run.options.seed);
  std::size_t total = 0;
  for (const auto& v : run.variants) {
    std::size_t grid = 0, agree = 0;
    double worst = 1e9;
    std::string claims;
    for (const auto& r : v.records) {
      ++total;
      if (r.check == "claim") {
        claims += fmt::format("\n    claim {:<20} {:<13} [{}]{}", r.claim, to_string(r.verdict), r.method,
                              r.unexpected() ? "  UNEXPECTED (spec expects " + r.expected + ")" : "");
        continue;
      }
      ++grid;
      agree += r.verdict == Verdict::Agree;
      if (r.digits) worst = std::min(worst, *r.digits);
    }
    out += fmt::format("  {:<10} {:<8} {:<14} grid {}/{} agree", v.spec.name, to_string(v.spec.kind), v.status, agree, grid);
    if (worst < 1e9) out += fmt::format(" (worst {:.1f} digits)", worst);
    out += claims + "\n";
  }
  const std::size_t unexpected = run.unexpected_count();
  out += fmt::format("{} checks, {} unexpected verdict{}\n", total, unexpected, unexpected == 1 ? "" : "s");
  return out;
}

}  // namespace attnverify
