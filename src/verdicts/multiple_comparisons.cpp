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
      const std::string first = fmt::format("z = {:.2f}, p = {:.3g} <= {:.3g}: rejected by Holm's procedure at "
                                            "family-wise alpha = {} over the variant's {} sampled checks",
                                            *r.z, *r.p_value, threshold, alpha, m);
      const CheckRecord::Confirmation* c = r.confirmation ? &*r.confirmation : nullptr;
      if (c && c->p_value <= threshold) {
        r.verdict = Verdict::Disagree;
        r.evidence = {EvidenceLevel::Statistical,
                      fmt::format("the sampled S differs from the reference at {} (z = {:.2f}, Holm over {} tests at "
                                  "family-wise alpha = {}, confirmed by an independent sample: z = {:.2f})",
                                  describe_point(r.point), *r.z, m, alpha, c->z)};
        r.detail = first + fmt::format("; confirmed by an independent sample of n = {} (seed {}): z = {:.2f}, p = "
                                       "{:.3g} <= {:.3g}.",
                                       c->n, c->seed, c->z, c->p_value, threshold);
      } else if (c) {
        r.verdict = Verdict::Agree;
        r.evidence = {EvidenceLevel::Statistical,
                      fmt::format("no confirmed difference of the sampled S from the reference at {} (the first "
                                  "sample's z = {:.2f} was not confirmed: z = {:.2f} at n = {}; Holm over {} tests at "
                                  "family-wise alpha = {})",
                                  describe_point(r.point), *r.z, c->z, c->n, m, alpha)};
        r.detail = first + fmt::format("; not confirmed by an independent sample of n = {} (seed {}): z = {:.2f}, "
                                       "p = {:.3g} > {:.3g}, so not rejected.",
                                       c->n, c->seed, c->z, c->p_value, threshold);
      } else {
        r.verdict = Verdict::Inconclusive;
        r.evidence = {EvidenceLevel::Undecided,
                      "the first sample differs significantly at " + describe_point(r.point) +
                          ", and no confirmation sample decides it"};
        r.detail = first + "; the confirmation sample was degenerate (non-finite weights or a zero standard "
                           "error), so the rejection is not confirmed either way.";
      }
    } else {
      rejecting = false;
      r.evidence = {EvidenceLevel::Statistical,
                    fmt::format("no significant difference of the sampled S from the reference at {} (z = {:.2f}, "
                                "Holm over {} tests at family-wise alpha = {})",
                                describe_point(r.point), *r.z, m, alpha)};
      r.detail = fmt::format(
          "z = {:.2f}, p = {:.3g}; not rejected by Holm's procedure at family-wise alpha = {} over the variant's {} "
          "sampled checks.",
          *r.z, *r.p_value, alpha, m);
    }
  }
  return m;
}

}  // namespace attnverify
