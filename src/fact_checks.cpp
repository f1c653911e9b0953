// Fact variants (CLAIMS.md C): each claim runs a built-in test (src/fact_tests.hpp) in
// the setting the spec names ("as-stated" or a deliberately broken one) and gets a
// verdict from what the routes measured:
//   Perm-1..4: symbolic proof at d = 2, n = 3 (proofs/attention_identities) and Eigen
//              trials in double and in MPFR (numerics/attention_identities);
//   Perm-5, 6: Eigen trials in double and MPFR;
//   NB-1:      exact rational arithmetic over random joint laws (proofs/naive_bayes);
//   Robust-1:  Monte Carlo of |o~ - o| against n (numerics/noise_robustness).
// A claim agrees when every route says it holds, disagrees when every route says it
// fails, and is inconclusive otherwise (the reason names the route that differs).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "numerics/attention_identities.hpp"
#include "numerics/noise_robustness.hpp"
#include "proofs/naive_bayes.hpp"
#include "src/variant_checks.hpp"

namespace attnverify {

namespace {

// A route's finding about the claim: it holds, it fails, or the route cannot tell.
enum class Finding { Holds, Fails, Undecided };

// Numeric thresholds in units of the a-priori rounding tolerance 16 (d + n) eps
// (numerics/attention_identities.hpp): a residual within it is rounding; a residual or
// effect above kClearlyNonzero times it cannot be rounding.
constexpr double kClearlyNonzero = 1e3;

Finding small(const num::IdentityTrials& t) {
  if (t.residual_eps <= t.tolerance_eps) return Finding::Holds;
  if (t.residual_eps > kClearlyNonzero * t.tolerance_eps) return Finding::Fails;
  return Finding::Undecided;
}

Finding large_effect(const num::IdentityTrials& t) {
  if (!t.effect_eps) return Finding::Undecided;
  if (*t.effect_eps > kClearlyNonzero * t.tolerance_eps) return Finding::Holds;
  if (*t.effect_eps <= t.tolerance_eps) return Finding::Fails;
  return Finding::Undecided;
}

Finding both(Finding a, Finding b) {
  if (a == Finding::Fails || b == Finding::Fails) return Finding::Fails;
  if (a == Finding::Holds && b == Finding::Holds) return Finding::Holds;
  return Finding::Undecided;
}

Finding negated(Finding f) {
  return f == Finding::Holds ? Finding::Fails : f == Finding::Fails ? Finding::Holds : Finding::Undecided;
}

const char* finding_text(Finding f) { return f == Finding::Holds ? "holds" : f == Finding::Fails ? "fails" : "undecided"; }

// agree when every route holds, disagree when every route fails
Verdict combine(const std::vector<std::pair<std::string, Finding>>& routes, std::string& reason) {
  const bool all_hold = std::all_of(routes.begin(), routes.end(), [](const auto& r) { return r.second == Finding::Holds; });
  const bool all_fail = std::all_of(routes.begin(), routes.end(), [](const auto& r) { return r.second == Finding::Fails; });
  if (all_hold) return Verdict::Agree;
  if (all_fail) return Verdict::Disagree;
  for (const auto& [name, f] : routes) reason += (reason.empty() ? "" : "; ") + name + " " + finding_text(f);
  reason = "the routes do not agree: " + reason;
  return Verdict::Inconclusive;
}

// The record of a fact claim: what every test fills in the same way.
CheckRecord fact_record(const Spec& spec, const Claim& claim, const RunOptions& options) {
  CheckRecord r;
  r.variant = spec.name;
  r.check = "claim";
  r.claim = claim.id;
  r.expected = claim.expected;
  r.point = {{"setting", claim.setting}};
  r.seed = options.seed_for(spec.experiment_seed);
  return r;
}

num::AttentionIdentity identity_of(const std::string& test) {
  if (test == "key-value-permutation") return num::AttentionIdentity::KeyValuePermutation;
  if (test == "query-permutation") return num::AttentionIdentity::QueryPermutation;
  if (test == "key-bias") return num::AttentionIdentity::KeyBias;
  if (test == "query-value-bias") return num::AttentionIdentity::QueryValueBias;
  if (test == "layer-not-equivariant") return num::AttentionIdentity::LayerEquivariance;
  return num::AttentionIdentity::NormBias;
}

num::IdentitySetting setting_of(const std::string& setting) {
  num::IdentitySetting s;
  s.positional_bias = setting == "positional-bias";
  s.per_token_key_bias = setting == "per-token-key-bias";
  s.unnormalised = setting == "unnormalised-weights";
  s.positional_encoding = setting == "positional-encoding";
  s.constant_bias = setting == "constant-bias";
  return s;
}

// What the claim says in terms of the measured residual (r) and effect (e).
Finding claim_finding(num::AttentionIdentity id, const num::IdentityTrials& t) {
  switch (id) {
    case num::AttentionIdentity::QueryValueBias:
    case num::AttentionIdentity::NormBias: return both(small(t), large_effect(t));
    case num::AttentionIdentity::LayerEquivariance: return negated(small(t));  // the claim: NOT equivariant
    default: return small(t);
  }
}

std::string trials_text(const num::IdentityTrials& t) {
  std::string s = fmt::format("residual {:.3g} eps (tolerance {:.0f} eps, worst at {})", t.residual_eps, t.tolerance_eps, t.worst_trial);
  if (t.effect_eps) s += fmt::format(", smallest effect {:.3g} eps", *t.effect_eps);
  return s;
}

CheckRecord identity_claim(const Spec& spec, const Claim& claim, const RunOptions& options, Table& table) {
  const num::AttentionIdentity id = identity_of(claim.test);
  const num::IdentitySetting setting = setting_of(claim.setting);
  CheckRecord r = fact_record(spec, claim, options);
  const unsigned long seed = *r.seed;
  const unsigned mp_trials = std::max(3u, spec.trials / 8);
  const num::IdentityTrials in_double = num::run_identity_trials(id, setting, spec.trials, seed, 0);
  const num::IdentityTrials in_mpfr = num::run_identity_trials(id, setting, mp_trials, seed, options.digits);
  std::vector<std::pair<std::string, Finding>> routes;
  std::string symbolic_text = "--";
  const sym::SymbolicIdentity proof = sym::prove_attention_identity(id, setting, seed);
  if (proof.attempted) {
    Finding f = proof.residual_zero ? Finding::Holds : proof.residual_at_witness > 0 ? Finding::Fails : Finding::Undecided;
    if (id == num::AttentionIdentity::QueryValueBias)
      f = both(f, proof.effect_at_witness > 0 ? Finding::Holds : Finding::Fails);
    routes.emplace_back("symbolic", f);
    symbolic_text = proof.residual_zero ? "0" : fmt::format("{:.3g}", proof.residual_at_witness);
  }
  routes.emplace_back("double", claim_finding(id, in_double));
  routes.emplace_back(fmt::format("MPFR {} digits", options.digits), claim_finding(id, in_mpfr));

  r.method = fmt::format("{}Eigen trials in double ({} trials, d <= {}, n <= {}) and in MPFR at {} digits ({} trials)",
                         proof.attempted ? "symbolic proof (GiNaC, d = 2, n = 3, m = 2); " : "", in_double.trials,
                         in_double.largest_d, in_double.largest_n, options.digits, in_mpfr.trials);
  std::string reason;
  r.verdict = combine(routes, reason);
  r.values = {{"double_residual_eps", fmt::format("{:.6g}", in_double.residual_eps)},
              {"double_tolerance_eps", fmt::format("{:.0f}", in_double.tolerance_eps)},
              {"mpfr_residual_eps", fmt::format("{:.6g}", in_mpfr.residual_eps)},
              {"mpfr_tolerance_eps", fmt::format("{:.0f}", in_mpfr.tolerance_eps)}};
  if (in_double.effect_eps) r.values.emplace_back("double_effect_eps", fmt::format("{:.6g}", *in_double.effect_eps));
  if (in_mpfr.effect_eps) r.values.emplace_back("mpfr_effect_eps", fmt::format("{:.6g}", *in_mpfr.effect_eps));
  r.detail = fmt::format("Symbolic: {}. Double: {}. MPFR: {}.{}", proof.detail, trials_text(in_double), trials_text(in_mpfr),
                         reason.empty() ? "" : " " + reason + ".");
  table.rows.push_back({claim.id, claim.setting, symbolic_text,
                        fmt::format("{:.3g} / {:.0f}", in_double.residual_eps, in_double.tolerance_eps),
                        fmt::format("{:.3g} / {:.0f}", in_mpfr.residual_eps, in_mpfr.tolerance_eps),
                        in_double.effect_eps ? fmt::format("{:.3g}", *in_double.effect_eps) : "--", to_string(r.verdict)});
  return r;
}

CheckRecord naive_bayes_claim(const Spec& spec, const Claim& claim, const RunOptions& options) {
  const bool dependent = claim.setting == "dependent";
  CheckRecord r = fact_record(spec, claim, options);
  const unsigned long seed = *r.seed;
  unsigned laws = 0;
  unsigned long contexts = 0, varying = 0;
  std::string witness;
  for (unsigned V = 2; V <= 5; ++V)
    for (unsigned t = dependent ? 3 : 2; t <= 6; ++t) {
      const sym::NaiveBayesCheck c = sym::check_naive_bayes(V, t, dependent, seed + 100 * V + t);
      ++laws;
      contexts += c.contexts;
      varying += c.contexts_varying;
      if (witness.empty() && c.contexts_varying) witness = fmt::format("V = {}, t = {}: {}", V, t, c.witness);
    }
  r.method = fmt::format("exact rational arithmetic (GiNaC) over {} random joint laws, vocabulary 2-5, t {}-6", laws, dependent ? 3 : 2);
  r.verdict = varying == 0 ? Verdict::Agree : Verdict::Disagree;
  r.values = {{"contexts", std::to_string(contexts)}, {"contexts_where_R_depends_on_x_t", std::to_string(varying)}};
  r.detail = varying == 0
                 ? fmt::format("In all {} contexts of the {} laws the ratio R = p(x_t|x_<t) p(x_t)^(t-2) / prod_j p(x_t|x_j) "
                               "is exactly the same rational for every x_t: the constant does not depend on x_t.",
                               contexts, laws)
                 : fmt::format("In {} of {} contexts R depends on x_t; first: {}.", varying, contexts, witness);
  return r;
}

CheckRecord robustness_claim(const Spec& spec, const Claim& claim, const RunOptions& options, VariantResult& result) {
  const bool correlated = claim.setting == "correlated-noise";
  CheckRecord r = fact_record(spec, claim, options);
  const unsigned long seed = *r.seed;
  const unsigned repetitions = std::max(8u, spec.trials);
  // |z| of the slope against -1/2 above this refutes the n^{-1/2} rate (6 curves: a
  // two-sided 4-sigma threshold keeps the family-wise false alarm rate below 4e-4)
  constexpr double kZ = 4;
  Figure figure;
  figure.x_label = "$n$";
  figure.y_label = "mean $|\\tilde o - o|$";
  figure.log_axes = true;
  figure.caption = fmt::format("Claim {} ({}): mean $|\\tilde o - o|$ over {} repetitions against $n$, one line per "
                               "law, labelled noise / scores (N: $\\mathcal N(0,1)$, U: uniform on $[-\\sqrt3, \\sqrt3]$, G: Gumbel with "
                               "scale 1/4); a slope of $-1/2$ is the $O(n^{{-1/2}})$ rate.",
                               claim.id, claim.setting, repetitions);
  std::vector<std::pair<std::string, Finding>> routes;
  std::string summary;
  double worst_z = 0;
  for (num::NoiseLaw noise : {num::NoiseLaw::Gaussian, num::NoiseLaw::Uniform, num::NoiseLaw::Gumbel})
    for (num::ScoreLaw scores : {num::ScoreLaw::Gaussian, num::ScoreLaw::Uniform}) {
      const num::RobustnessCurve c = num::measure_noise_robustness(noise, scores, correlated, repetitions, seed);
      const double z = (c.slope + 0.5) / c.slope_standard_error;
      worst_z = std::max(worst_z, std::fabs(z));
      const std::string name = fmt::format("noise {}, scores {}", num::to_string(noise), num::to_string(scores));
      routes.emplace_back(name, std::fabs(z) <= kZ ? Finding::Holds : Finding::Fails);
      summary += fmt::format("{}{}: slope {:.3f} +- {:.3f} (z = {:.2f}), gap {:.3g} at n = 1e3, {:.3g} at n = 1e6",
                             summary.empty() ? "" : "; ", name, c.slope, c.slope_standard_error, z, c.mean_gap.front(),
                             c.mean_gap.back());
      const char* noise_letter = noise == num::NoiseLaw::Gaussian ? "N" : noise == num::NoiseLaw::Uniform ? "U" : "G";
      Curve curve{fmt::format("{} / {}", noise_letter, scores == num::ScoreLaw::Gaussian ? "N" : "U"), false, {}};
      for (std::size_t k = 0; k < c.sizes.size(); ++k) curve.points.emplace_back(static_cast<double>(c.sizes[k]), c.mean_gap[k]);
      figure.curves.push_back(std::move(curve));
    }
  result.figures.push_back(std::move(figure));
  r.z = worst_z;
  r.method = fmt::format("Monte Carlo, n = 1e3..1e6, {} repetitions per n, 3 noise laws x 2 score laws; weighted "
                         "least-squares slope of log mean|o~ - o| against log n, compared with -1/2 (|z| <= {})",
                         repetitions, kZ);
  std::string reason;
  r.verdict = combine(routes, reason);
  r.values = {{"largest_abs_z", fmt::format("{:.3f}", worst_z)}};
  r.detail = "Symbolic reason: with eps independent of (s, v), E[e^{s+eps} v] / E[e^{s+eps}] = E[e^eps] E[e^s v] / "
             "(E[e^eps] E[e^s]) = E[e^s v] / E[e^s], so o~ and o estimate the same limit and |o~ - o| = O_p(n^{-1/2}). " +
             summary + "." + (reason.empty() ? "" : " " + reason + ".");
  return r;
}

}  // namespace

VariantResult check_fact_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  VariantResult result;
  result.spec = spec;
  result.status = "derived";
  Table identities;
  identities.caption = "Attention identities. Symbolic: the GiNaC residual (0 = proved; otherwise its largest entry at a "
                       "witness point; -- = not attempted). Double, MPFR: residual of the identity in units of the working "
                       "epsilon / the a-priori tolerance $16(d+n)\\epsilon$, worst trial. Effect: smallest change a bias "
                       "makes, in double (Perm-4, 6).";
  identities.header = {"claim", "setting", "symbolic", "double", "MPFR", "effect", "verdict"};
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {} ({})", spec.name, claim.id, claim.setting));
    if (claim.test == "naive-bayes") result.records.push_back(naive_bayes_claim(spec, claim, options));
    else if (claim.test == "noise-robustness") result.records.push_back(robustness_claim(spec, claim, options, result));
    else result.records.push_back(identity_claim(spec, claim, options, identities));
  }
  if (!identities.rows.empty()) result.tables.push_back(std::move(identities));
  return result;
}

}  // namespace attnverify
