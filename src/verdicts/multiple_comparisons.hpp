// Holm's step-down procedure over the sampled checks of one variant (Holm, "A simple
// sequentially rejective multiple test procedure", Scand. J. Statist. 6 (1979) 65-70), with a
// confirmation sample for each rejection.
//
// With m tests ordered by p-value, p_(1) <= ... <= p_(m), Holm rejects H_(1..k) where k is the
// largest index with p_(j) <= alpha / (m - j + 1) for every j <= k; it controls the
// family-wise error rate at alpha. The family is the variant's own valid sampled checks, so a
// verdict does not depend on what else ran (a spec run alone and in the suite agree). A
// rejection stands (`disagree`) only where the record's confirmation sample, an independent
// sample at 4n keys (CheckRecord::confirmation, drawn by src/kinds/sampled_checks.hpp wherever
// p <= alpha), also has p <= the same threshold; a rejection it does not confirm is `agree`
// (not rejected), and one without a confirmation sample `inconclusive`. Rejecting only where
// both samples reject can only lower the family-wise error rate: it stays <= alpha. Records
// that are not `agree` (inconclusive) do not take part; each taking part gets its evidence
// (statistical) and detail.
#pragma once

#include <vector>

#include "src/verdicts/check_record.hpp"

namespace attnverify {

/// Applies Holm at family-wise level `alpha`, with confirmation, to the records (one variant's
/// sampled checks) that have a p-value; returns m, the family's size.
std::size_t apply_holm(std::vector<CheckRecord*>& records, double alpha);

}  // namespace attnverify
