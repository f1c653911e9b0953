#include "src/verdicts/multiple_comparisons.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace attnverify {

std::size_t apply_holm(std::vector<CheckRecord*>& records, double alpha) {
  std::vector<CheckRecord*> tests;
  for (CheckRecord* r : records)
    if (r->p_value && r->verdict == Verdict::Agree) tests.push_back(r);
  // stable order: by p-value, ties by their position in the run
  std::stable_sort(tests.begin(), tests.end(),
                   [](const CheckRecord* a, const CheckRecord* b) { return *a->p_value < *b->p_value; });
  const std::size_t m = tests.size();
  bool rejecting = true;
  for (std::size_t j = 0; j < m; ++j) {
    const double threshold = alpha / static_cast<double>(m - j);
    CheckRecord& r = *tests[j];
    if (rejecting && *r.p_value <= threshold) {
      r.verdict = Verdict::Disagree;
      r.evidence = {EvidenceLevel::Statistical,
                    fmt::format("the sampled S differs from the reference at {} (z = {:.2f}, Holm over {} tests at "
                                "family-wise alpha = {})",
                                describe_point(r.point), *r.z, m, alpha)};
      r.detail = fmt::format(
          "z = {:.2f}, p = {:.3g} <= {:.3g}: rejected by Holm's procedure at family-wise alpha = {} "
          "over {} sampled checks.",
          *r.z, *r.p_value, threshold, alpha, m);
    } else {
      rejecting = false;
      r.evidence = {EvidenceLevel::Statistical,
                    fmt::format("no significant difference of the sampled S from the reference at {} (z = {:.2f}, "
                                "Holm over {} tests at family-wise alpha = {})",
                                describe_point(r.point), *r.z, m, alpha)};
      r.detail = fmt::format(
          "z = {:.2f}, p = {:.3g}; not rejected by Holm's procedure at family-wise alpha = {} over {} "
          "sampled checks.",
          *r.z, *r.p_value, alpha, m);
    }
  }
  return m;
}

}  // namespace attnverify
