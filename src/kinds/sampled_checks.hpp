// Closed form vs sampled (docs/design.md §1): Monte Carlo over real attention weights at
// finite n in d dimensions (numerics/attention_sampler.hpp) against the derived S,
// or against the quadrature route when there is no closed form.
//
// One record per (point, d, n) with S_n, its delta-method standard error, the
// estimated finite-n bias b (second-order delta term), the z-score of the
// bias-corrected estimate z = (S_n - b - S) / SE, and its two-sided p-value.
// Provisional verdicts here are agree or inconclusive (non-finite weights, zero
// standard error, or |b| > 0.5 SE, where the second-order bias model is unreliable);
// disagree is decided per variant by Holm's procedure, a rejection standing only where an
// independent confirmation sample at 4n rejects too (src/verdicts/multiple_comparisons.hpp). Adds the report's convergence figure; the report
// tabulates the records.
//
// The CLT interval is checked, per record, two ways (heavy-tailed weights, exp, make the
// plug-in SE unreliable, since it rests on the sample's fourth moment):
// - from the population: E|f|^k, k <= 6, by quadrature give the delta-method SE without
//   sampling noise and the skewness of the statistic's mean at this n
//   (numerics/sparsity_estimate.hpp, population_delta). Where |skewness| exceeds
//   kMaxCltSkewness the check is not a valid test at this n: inconclusive, and expected to
//   be, since this is known before the sample is drawn; it leaves Holm's family.
// - from the sample: a batch bootstrap SE (numerics/batch_bootstrap.hpp, B =
//   num::kBootstrapReplicates), recorded beside the delta-method SE for the report's comparison.
#pragma once

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/sparsity_estimate.hpp"
#include "proofs/kernel_derivation.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "src/spec/kind.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

/// Sets a sampled record's standard error, bias, z, p-value and provisional verdict
/// from an estimate and the reference S (rules above).
void judge_sample(CheckRecord& record, const num::SparsityEstimate& estimate, double non_finite, double reference);

/// The confirmation sample of a sampled record whose first sample rejects at level `alpha` on
/// its own (verdict agree, p <= alpha: every test Holm's procedure could reject), drawn
/// independently: `draw(n', seed')` with n' = 4 n and seed' = confirmation_seed(record) gives its
/// estimate, or nullopt for a degenerate draw (non-finite weights, SE 0), which leaves no
/// confirmation (a rejection then stands unconfirmed: inconclusive). z and p as judge_sample's,
/// against the same reference. src/verdicts/multiple_comparisons.hpp uses it.
void confirm_sample(CheckRecord& record, double alpha, double reference,
                    const std::function<std::optional<num::SparsityEstimate>(unsigned long n, std::uint64_t seed)>& draw);

/// The confirmation's seed: splitmix64 of the record's seed, n and d and a constant, so that its
/// stream is independent of every first sample of the run.
std::uint64_t confirmation_seed(const CheckRecord& record);

/// Sets a sampled record's population SE and CLT skewness at `count` keys from the
/// population's delta-method statistic, and makes it inconclusive (expected so) with the n
/// from which the test is valid when |skewness| / sqrt(count) > kMaxCltSkewness and it
/// had a z.
void judge_clt_validity(CheckRecord& record, const num::PopulationDelta& population, double count);

/// The computed sentences of the convergence figure's caption: how many errors |S_n - S|
/// (errors[k].points, as (n, error)) lie within their 95% half-width (half_widths[k], the
/// same n), and the least-squares log-log slope of the half-widths in n over every point
/// when there are two sizes of n or more. "" without points.
std::string convergence_caption(const std::vector<Curve>& half_widths, const std::vector<Curve>& errors);

/// `closed` evaluates the derived S at (beta, gamma); null when there is no closed
/// form, and then `route` (quadrature) gives the reference.
void run_sampled_checks(const Spec& spec, const num::AdaptiveEvaluator* closed, const KernelRoute& route,
                        const RunOptions& options, VariantResult& result, const Progress& progress);

}  // namespace attnverify
