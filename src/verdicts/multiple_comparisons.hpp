// Holm's step-down procedure over the sampled checks of a run (Holm, "A simple
// sequentially rejective multiple test procedure", Scand. J. Statist. 6 (1979) 65-70).
// With m tests ordered by p-value, p_(1) <= ... <= p_(m), reject H_(1..k) where k is
// the largest index with p_(j) <= alpha / (m - j + 1) for every j <= k. It controls
// the family-wise error rate at alpha. Rejected checks become `disagree`; the others
// keep `agree`. Records that are not `agree` (inconclusive) do not take part.
#pragma once

#include <vector>

#include "src/verdicts/check_record.hpp"

namespace attnverify {

/// Applies Holm at family-wise level `alpha` to the records with a p-value; returns m.
std::size_t apply_holm(std::vector<CheckRecord*>& records, double alpha);

}  // namespace attnverify
