// Fact variants (docs/claims.md C): each claim runs a built-in test (src/kinds/fact/fact_tests.hpp) in
// the setting the spec names ("as-stated" or a deliberately broken one) and gets a
// verdict from what the routes measured:
//   Perm-1..4: symbolic proof at d = 2, n = 3 (proofs/attention_identities) and Eigen
//              trials in double and in MPFR (numerics/attention_identities);
//   Perm-5, 6: Eigen trials in double and MPFR;
//   NB-1:      exact rational arithmetic over random joint laws (proofs/naive_bayes);
//   Robust-1:  Monte Carlo of |o~ - o| against n (numerics/noise_robustness);
//   Entropy-1: the n -> infinity entropy by tanh-sinh quadrature and by Bessel
//              functions (numerics/entropy_scaling), Monte Carlo at finite n, and
//              Laplace's large-d slope derived with GiNaC (proofs/entropy_laplace).
// A claim agrees when every route says it holds, disagrees when every route says it
// fails, and is inconclusive otherwise (the reason names the route that differs).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include <Eigen/Dense>
#include <boost/math/distributions/chi_squared.hpp>

#include "numerics/agreement.hpp"
#include "numerics/attention_identities.hpp"
#include "numerics/attention_sampler.hpp"
#include "numerics/entropy_scaling.hpp"
#include "numerics/noise_robustness.hpp"
#include "proofs/entropy_laplace.hpp"
#include "proofs/printing.hpp"
#include "proofs/naive_bayes.hpp"
#include "src/kinds/fact/fact_kind.hpp"
#include "src/kinds/fact/fact_tests.hpp"

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

const char* finding_text(Finding f) {
  return f == Finding::Holds ? "holds" : f == Finding::Fails ? "fails" : "undecided";
}

// agree when every route holds, disagree when every route fails
Verdict combine(const std::vector<std::pair<std::string, Finding>>& routes, std::string& reason) {
  const bool all_hold =
      std::all_of(routes.begin(), routes.end(), [](const auto& r) { return r.second == Finding::Holds; });
  const bool all_fail =
      std::all_of(routes.begin(), routes.end(), [](const auto& r) { return r.second == Finding::Fails; });
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
  r.check = CheckKind::Claim;
  r.claim = claim.id;
  r.expected = claim.expected;
  r.point = {{"setting", claim.setting}};
  r.seed = options.seed_for(kind_data<FactData>(spec).seed);
  return r;
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
    case num::AttentionIdentity::NormBias:
      return both(small(t), large_effect(t));
    case num::AttentionIdentity::LayerEquivariance:
      return negated(small(t));  // the claim: NOT equivariant
    default:
      return small(t);
  }
}

std::string trials_text(const num::IdentityTrials& t) {
  std::string s = fmt::format("residual {:.3g} eps (tolerance {:.0f} eps, worst at {})", t.residual_eps,
                              t.tolerance_eps, t.worst_trial);
  if (t.effect_eps) s += fmt::format(", smallest effect {:.3g} eps", *t.effect_eps);
  return s;
}

CheckRecord identity_claim(const Spec& spec, const Claim& claim, const RunOptions& options, Table& table,
                           num::AttentionIdentity id) {
  const num::IdentitySetting setting = setting_of(claim.setting);
  CheckRecord r = fact_record(spec, claim, options);
  const unsigned long seed = *r.seed;
  const unsigned mp_trials = std::max(3u, kind_data<FactData>(spec).trials / 8);
  const num::IdentityTrials in_double = num::run_identity_trials(id, setting, kind_data<FactData>(spec).trials, seed, 0);
  const num::IdentityTrials in_mpfr = num::run_identity_trials(id, setting, mp_trials, seed, options.digits);
  std::vector<std::pair<std::string, Finding>> routes;
  std::string symbolic_text = "--";
  const sym::SymbolicIdentity proof = sym::prove_attention_identity(id, setting, seed);
  if (proof.attempted) {
    Finding f = proof.residual_zero             ? Finding::Holds
                : proof.residual_at_witness > 0 ? Finding::Fails
                                                : Finding::Undecided;
    if (id == num::AttentionIdentity::QueryValueBias)
      f = both(f, proof.effect_at_witness > 0 ? Finding::Holds : Finding::Fails);
    routes.emplace_back("symbolic", f);
    symbolic_text = proof.residual_zero ? "0" : fmt::format("{:.3g}", proof.residual_at_witness);
  }
  routes.emplace_back("double", claim_finding(id, in_double));
  routes.emplace_back(fmt::format("MPFR {} digits", options.digits), claim_finding(id, in_mpfr));

  r.method = fmt::format("{}Eigen trials in double ({} trials, d <= {}, n <= {}) and in MPFR at {} digits ({} trials)",
                         proof.attempted ? "symbolic identity at d = 2, n = 3, m = 2 (GiNaC); " : "", in_double.trials,
                         in_double.largest_d, in_double.largest_n, options.digits, in_mpfr.trials);
  std::string reason;
  r.verdict = combine(routes, reason);
  r.values = {{"double_residual_eps", fmt::format("{:.6g}", in_double.residual_eps)},
              {"double_tolerance_eps", fmt::format("{:.0f}", in_double.tolerance_eps)},
              {"mpfr_residual_eps", fmt::format("{:.6g}", in_mpfr.residual_eps)},
              {"mpfr_tolerance_eps", fmt::format("{:.0f}", in_mpfr.tolerance_eps)}};
  if (in_double.effect_eps) r.values.emplace_back("double_effect_eps", fmt::format("{:.6g}", *in_double.effect_eps));
  if (in_mpfr.effect_eps) r.values.emplace_back("mpfr_effect_eps", fmt::format("{:.6g}", *in_mpfr.effect_eps));
  r.detail = fmt::format("Symbolic: {}. Double: {}. MPFR: {}.{}", proof.detail, trials_text(in_double),
                         trials_text(in_mpfr), reason.empty() ? "" : " " + reason + ".");
  table.rows.push_back({claim.id, claim.wrong_as_written.empty() ? claim.setting : claim.setting + ", as corrected",
                        symbolic_text,
                        fmt::format("{:.3g} / {:.0f}", in_double.residual_eps, in_double.tolerance_eps),
                        fmt::format("{:.3g} / {:.0f}", in_mpfr.residual_eps, in_mpfr.tolerance_eps),
                        in_double.effect_eps ? fmt::format("{:.3g}", *in_double.effect_eps) : "--",
                        to_string(r.verdict)});
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
  r.method = fmt::format("exact rational arithmetic (GiNaC) over {} random joint laws, vocabulary 2-5, t {}-6", laws,
                         dependent ? 3 : 2);
  r.verdict = varying == 0 ? Verdict::Agree : Verdict::Disagree;
  r.values = {{"contexts", std::to_string(contexts)}, {"contexts_where_R_depends_on_x_t", std::to_string(varying)}};
  r.detail = varying == 0
                 ? fmt::format(
                       "In all {} contexts of the {} laws the ratio R = p(x_t|x_<t) p(x_t)^(t-2) / prod_j p(x_t|x_j) "
                       "is exactly the same rational for every x_t: the constant does not depend on x_t.",
                       contexts, laws)
                 : fmt::format("In {} of {} contexts R depends on x_t; first: {}.", varying, contexts, witness);
  return r;
}

// Noise-robustness curves by (noise law, score law): both settings, where the spec's claims ask
// for both, from one pass over the same draws (numerics/noise_robustness.hpp)
using RobustnessCache =
    std::map<std::pair<num::NoiseLaw, num::ScoreLaw>, std::pair<num::RobustnessCurve, num::RobustnessCurve>>;

CheckRecord robustness_claim(const Spec& spec, const Claim& claim, const RunOptions& options, VariantResult& result,
                             RobustnessCache& cache) {
  const bool correlated = claim.setting == "correlated-noise";
  CheckRecord r = fact_record(spec, claim, options);
  const unsigned long seed = *r.seed;
  const unsigned repetitions = std::max(8u, kind_data<FactData>(spec).trials);
  // |z| of the slope against -1/2 above this refutes the n^{-1/2} rate (6 curves: a
  // two-sided 4-sigma threshold keeps the family-wise false alarm rate below 4e-4)
  constexpr double kZ = 4;
  Figure figure;
  figure.x_label = "$n$";
  figure.y_label = "mean $|\\tilde o - o|$";
  figure.log_axes = true;
  figure.caption = fmt::format(
      "Claim {} ({}): mean $|\\tilde o - o|$ over {} repetitions against $n$, one line per "
      "law, labelled noise / scores (N: $\\mathcal N(0,1)$, U: uniform on $[-\\sqrt3, \\sqrt3]$, G: Gumbel with "
      "scale 1/4); dashed, a line of slope $-1/2$, the $O(n^{{-1/2}})$ rate.",
      claim.id, claim.setting, repetitions);
  std::vector<std::pair<std::string, Finding>> routes;
  std::string summary;
  double worst_z = 0;
  // with both settings among the spec's claims, the curves of both from the same draws, once
  // (each equal to its own measurement to the last bit)
  const bool both = std::any_of(spec.claims.begin(), spec.claims.end(), [&](const Claim& c) {
    return c.test == claim.test && c.setting != claim.setting;
  });
  for (num::NoiseLaw noise : {num::NoiseLaw::Gaussian, num::NoiseLaw::Uniform, num::NoiseLaw::Gumbel})
    for (num::ScoreLaw scores : {num::ScoreLaw::Gaussian, num::ScoreLaw::Uniform}) {
      auto cached = cache.find({noise, scores});
      if (both && cached == cache.end())
        cached = cache.emplace(std::make_pair(noise, scores),
                               num::measure_noise_robustness_both(noise, scores, repetitions, seed))
                     .first;
      const num::RobustnessCurve c =
          both ? (correlated ? cached->second.second : cached->second.first)
               : num::measure_noise_robustness(noise, scores, correlated, repetitions, seed);
      const double z = (c.slope + 0.5) / c.slope_standard_error;
      worst_z = std::max(worst_z, std::fabs(z));
      const std::string name = fmt::format("noise {}, scores {}", num::to_string(noise), num::to_string(scores));
      routes.emplace_back(name, std::fabs(z) <= kZ ? Finding::Holds : Finding::Fails);
      summary += fmt::format("{}{}: slope {:.3f} +- {:.3f} (z = {:.2f}), gap {:.3g} at n = 1e3, {:.3g} at n = 1e6",
                             summary.empty() ? "" : "; ", name, c.slope, c.slope_standard_error, z, c.mean_gap.front(),
                             c.mean_gap.back());
      const char* noise_letter = noise == num::NoiseLaw::Gaussian ? "N" : noise == num::NoiseLaw::Uniform ? "U" : "G";
      Curve curve{fmt::format("{} / {}", noise_letter, scores == num::ScoreLaw::Gaussian ? "N" : "U"), false, {}};
      for (std::size_t k = 0; k < c.sizes.size(); ++k)
        curve.points.emplace_back(static_cast<double>(c.sizes[k]), c.mean_gap[k]);
      figure.curves.push_back(std::move(curve));
    }
  // the O(n^{-1/2}) rate as a dashed line through the geometric mean of the curves' values
  // at the smallest n, so that each curve's slope can be read against it
  Curve reference = inverse_sqrt_reference(figure.curves);
  if (!reference.points.empty()) figure.curves.push_back(std::move(reference));
  result.figures.push_back(std::move(figure));
  r.z = worst_z;
  r.method = fmt::format(
      "Monte Carlo, n = 1e3..1e6, {} repetitions per n, 3 noise laws times 2 score laws; weighted "
      "least-squares slope of log mean|o~ - o| against log n, compared with -1/2 (|z| <= {})",
      repetitions, kZ);
  std::string reason;
  r.verdict = combine(routes, reason);
  r.values = {{"largest_abs_z", fmt::format("{:.3f}", worst_z)}};
  // The independence argument is the claim's; in the correlated setting it does not apply,
  // and the detail says so rather than repeat it.
  r.detail =
      (correlated
           ? std::string("The independence argument of the claim does not apply here: the noise is correlated with "
                         "the scores, so E[e^{s+eps} v] / E[e^{s+eps}] need not equal E[e^s v] / E[e^s] and "
                         "o~ may converge to another limit than o. ")
           : std::string("Symbolic reason: with eps independent of (s, v), E[e^{s+eps} v] / E[e^{s+eps}] = "
                         "E[e^eps] E[e^s v] / (E[e^eps] E[e^s]) = E[e^s v] / E[e^s], so o~ and o estimate the same "
                         "limit and |o~ - o| = O_p(n^{-1/2}). ")) +
      summary + "." + (reason.empty() ? "" : " " + reason + ".");
  return r;
}

// The n -> infinity entropy gap G(lambda, d) by both evaluations, with their digits of
// agreement (numerics/entropy_scaling.hpp).
struct EntropyLimitPoint {
  double value = 0;   ///< G, rounded to double
  double digits = 0;  ///< digits of agreement of quadrature and Bessel form
  std::string text;   ///< G to 12 digits
};

// The entropy claims of one spec share points (the broken setting repeats the stated
// one, lambda = 1 recurs): each (d, lambda) is evaluated once per spec.
using EntropyLimitCache = std::map<std::pair<unsigned, double>, EntropyLimitPoint>;

EntropyLimitPoint evaluate_entropy_limit(unsigned d, double lambda, unsigned digits) {
  const num::EntropyLimit by_quadrature = num::entropy_limit_by_quadrature(d, lambda, digits);
  const num::Real by_bessel = num::entropy_limit_by_bessel(d, lambda, digits);
  num::ScopedPrecision precision(num::Precision{digits}.guarded());
  return {static_cast<double>(by_quadrature.value), num::digits_of_agreement(by_quadrature.value, by_bessel, digits),
          num::to_decimal(by_quadrature.value, 12)};
}

const EntropyLimitPoint& entropy_limit_point(EntropyLimitCache& cache, unsigned d, double lambda, unsigned digits) {
  auto it = cache.find({d, lambda});
  if (it == cache.end()) it = cache.emplace(std::make_pair(d, lambda), evaluate_entropy_limit(d, lambda, digits)).first;
  return it->second;
}

// Entropy-1, first part: H - log n -> G(lambda, d). Monte Carlo over real queries and
// keys at n = 4096, at the standard scale lambda = 1/sqrt d and its neighbours
// (kappa / sqrt d), where the weights' relative variance is O(1) and n = 4096 is
// already in the law of large numbers' regime. At lambda^2 d >> 1 the limit needs
// n >> e^{lambda^2 d} keys, which no sample reaches; such points are not drawn.
CheckRecord entropy_limit_claim(const Spec& spec, const Claim& claim, const RunOptions& options, VariantResult& result,
                                EntropyLimitCache& cache) {
  const bool stretched = claim.setting == "anisotropic-keys";
  CheckRecord r = fact_record(spec, claim, options);
  const unsigned long seed = *r.seed;
  constexpr unsigned long kKeys = 4096;
  constexpr double kZ = 4;  // 9 points, two-sided 4 sigma: family-wise false alarm below 6e-4 (Gaussian means)
  const double need = required_digits(options.digits);
  Table table;
  table.caption = fmt::format(
      "Claim {} ({}): the $n\\to\\infty$ entropy gap $G = \\lim (H - \\log n)$ by tanh-sinh "
      "quadrature over $\\sin^{{d-2}}\\theta$ (digits of agreement with the Bessel form, at most the working "
      "precision $P = {}$, where the two agree to every digit), against "
      "Monte Carlo of $H - \\log n$ at $n = {}$ over {} trials with real $q, k_i$.",
      claim.id, claim.setting, options.digits, kKeys, kind_data<FactData>(spec).trials);
  table.header = {"$d$", "$\\lambda\\sqrt d$", "$G$ (quadrature)", "digits", "Monte Carlo", "$z$", "finding"};
  Figure figure;
  figure.x_label = "$\\lambda\\sqrt d$";
  figure.y_label = "$H - \\log n$";
  // (the lines join three values each; under anisotropic keys they are still the isotropic G the
  // claim states, which the circles then leave: the referee's d14)
  figure.caption = fmt::format(
      "Claim {} ({}): lines join the limit $G$ of the claim (keys uniform on the sphere) at $\\lambda\\sqrt d = "
      "0.5, 1, 1.5$, one line per $d$; circles, Monte Carlo at $n = {}${}.",
      claim.id, claim.setting, kKeys,
      stretched ? " with anisotropic keys (one axis stretched by 2), which the claim's $G$ does not describe" : "");
  std::vector<std::pair<std::string, Finding>> routes;
  double worst_z = 0, worst_digits = 1e9;
  double sum_z_squared = 0;  // the dispersion of the z's over the points (the referee's question)
  std::size_t z_count = 0;
  std::string summary;
  for (unsigned d : {16u, 64u, 256u}) {
    Curve line{fmt::format("d = {}", d), false, {}}, marks{line.label, false, {}};
    for (double kappa : {0.5, 1.0, 1.5}) {
      const double lambda = kappa / std::sqrt(static_cast<double>(d));
      const EntropyLimitPoint& limit = entropy_limit_point(cache, d, lambda, options.digits);
      const num::EntropySample mc = num::sample_entropy_gap(
          d, lambda, kKeys, kind_data<FactData>(spec).trials, num::splitmix64(seed ^ num::splitmix64(d * 1000 + kappa * 10)),
          stretched ? 2.0 : 1.0);
      const double z = (mc.mean - limit.value) / mc.standard_error;
      // E[H_n - log n] - G = O(relvar / n) (delta method): the finite-n bias is allowed
      // for on top of the statistical tolerance, and a point where it could be as large
      // as that tolerance cannot test the limit
      const double bias_scale = num::weight_relative_variance(d, lambda) / kKeys;
      const double tolerance = kZ * mc.standard_error;
      Finding f = std::fabs(mc.mean - limit.value) <= tolerance + bias_scale ? Finding::Holds : Finding::Fails;
      std::string why;
      if (limit.digits < need) {
        f = Finding::Undecided;
        why = fmt::format(" (quadrature and Bessel form agree to only {:.1f} digits)", limit.digits);
      } else if (bias_scale > tolerance) {
        f = Finding::Undecided;
        why =
            fmt::format(" (finite-n bias scale {:.2g} above the statistical tolerance {:.2g})", bias_scale, tolerance);
      }
      worst_z = std::max(worst_z, std::fabs(z));
      sum_z_squared += z * z;
      ++z_count;
      worst_digits = std::min(worst_digits, limit.digits);
      const std::string name = fmt::format("d = {}, lambda = {:g}/sqrt d", d, kappa);
      routes.emplace_back(name, f);
      summary += fmt::format("{}{}: G = {:.6f}, MC {:.6f} +- {:.6f} (z = {:.2f}){}", summary.empty() ? "" : "; ", name,
                             limit.value, mc.mean, mc.standard_error, z, why);
      table.rows.push_back(
          {std::to_string(d), fmt::format("{:g}", kappa), limit.text, fmt::format("{:.1f}", limit.digits),
           fmt::format("{:.5f} $\\pm$ {:.5f}", mc.mean, mc.standard_error), fmt::format("{:.2f}", z), finding_text(f)});
      line.points.emplace_back(kappa, limit.value);
      marks.points.emplace_back(kappa, mc.mean);
    }
    figure.curves.push_back(std::move(line));
    figure.marks.push_back(std::move(marks));
  }
  result.tables.push_back(std::move(table));
  result.figures.push_back(std::move(figure));
  r.z = worst_z;
  r.digits = worst_digits;
  r.method = fmt::format(
      "n -> infinity limit by tanh-sinh quadrature over sin^(d-2) theta and by the Bessel-I form (MPFR, {} "
      "digits); Monte Carlo of H - log n with real q, k_i at n = {}, {} trials, d = 16, 64, 256, lambda = "
      "(1/2, 1, 3/2)/sqrt d; |MC - G| <= {} standard errors + the finite-n bias scale Var(e^s)/(n E[e^s]^2)",
      options.digits, kKeys, kind_data<FactData>(spec).trials, kZ);
  std::string reason;
  r.verdict = combine(routes, reason);
  // sum z^2 over the points against chi^2 with as many degrees of freedom: were every z a standard
  // normal, independent of the others, its upper tail would be this p (z leaves the finite-n bias
  // out, which the tolerance allows for, so a small p may be that bias)
  const double chi_p =
      boost::math::cdf(boost::math::complement(boost::math::chi_squared(static_cast<double>(z_count)), sum_z_squared));
  r.values = {{"largest_abs_z", fmt::format("{:.3f}", worst_z)},
              {"worst_digits_quadrature_vs_bessel", fmt::format("{:.1f}", worst_digits)},
              {"sum_z_squared", fmt::format("{:.2f}", sum_z_squared)},
              {"chi_squared_upper_p", fmt::format("{:.3g}", chi_p)}};
  r.detail =
      std::string(stretched ? "Keys stretched by 2 along the query before normalising (not uniform on the sphere). "
                            : "") +
      "H - log n = log (1/n) sum e^{s_i} - sum s_i e^{s_i} / sum e^{s_i} tends, by the law of large numbers, to "
      "log E[e^{Lc}] - L E[c e^{Lc}]/E[e^{Lc}] (L = lambda d, c = cos theta). " +
      summary + "." +
      fmt::format(" Dispersion: sum z^2 = {:.2f} over the {} points; were the z's independent standard normals, "
                  "chi^2 with {} degrees of freedom would exceed it with probability {}{}.",
                  sum_z_squared, z_count, z_count,
                  chi_p < 1e-300 ? std::string("below 1e-300") : fmt::format("{:.3g}", chi_p),
                  chi_p < 0.05 ? " (the z's are more dispersed than that; they leave out the finite-n bias, which "
                                 "each point's tolerance allows for)"
                               : "") +
      (reason.empty() ? "" : " " + reason + ".");
  return r;
}

// Entropy-1, second part: G = -0.24 lambda d + O(1). At fixed lambda, G = -C(lambda)
// lambda d + O(1) (Laplace, proofs/entropy_laplace.hpp), so the remainder G + 0.24 lambda d
// grows like (0.24 - C(lambda)) lambda d, and stays O(1) only where C(lambda) = 0.24
// exactly (two lambda, the roots). Two settings:
//   as-stated  the published statement at lambda in {1/4, 1/2, 1, 2, 4}: at a lambda it
//              fails when C differs from 0.24 by more than the fit can resolve and the
//              remainder measured from d = 16 to 4096 grows with the sign of 0.24 - C;
//   lambda-1   our explanation of the constant (role "explanation"): 0.24 is C(1) rounded
//              to two digits, |C(1) - 0.24| <= 0.005 by Laplace and by the fit.
CheckRecord entropy_scale_claim(const Spec& spec, const Claim& claim, const RunOptions& options, VariantResult& result,
                                EntropyLimitCache& cache) {
  constexpr double kStated = 0.24, kRounding = 0.005;
  // the fit resolves C to |C_fit - C_laplace|; a slope below this many resolutions (or below
  // kSlopeFloor) is not measured as growth
  constexpr double kResolutions = 10, kSlopeFloor = 1e-6;
  const bool rounding = claim.setting == "lambda-1";
  const std::vector<double> lambdas = rounding ? std::vector<double>{1.0} : std::vector<double>{0.25, 0.5, 1, 2, 4};
  const std::vector<unsigned> dims = {16, 64, 256, 1024, 4096};
  CheckRecord r = fact_record(spec, claim, options);
  const sym::LaplaceEntropySlope laplace = sym::derive_laplace_entropy_slope();
  const double need = required_digits(options.digits);
  Table table;
  table.caption = fmt::format(
      "Claim {0} ({1}): the large-$d$ slope $C(\\lambda)$ of $G = -C\\lambda d + O(1)$, by Laplace's method "
      "(GiNaC) and by a least-squares fit of $G = a - C\\lambda d + e/d$ over $d = 64..4096$ (quadrature values); "
      "the remainder (rem.) $G + {2}\\lambda d$ at $d = 16$ and $4096$, and its growth per unit $d$, "
      "$({2} - C)\\lambda$. {3}",
      claim.id, claim.setting, kStated,
      rounding ? "The last column is the claim: $C$ rounds to 0.24 (within 0.005)."
               : "The remainder is $O(1)$ only where the growth is 0; the last column says only whether $C$ "
                 "rounds to 0.24 (within 0.005).");
  table.header = {"$\\lambda$",       "$C$ Laplace",   "$C$ fit", "rem. $d=16$", "rem. $d=4096$",
                  "growth per $d$", "rounds to 0.24"};
  Figure figure;
  figure.x_label = "$d$";
  figure.y_label = "$-G/(\\lambda d)$";
  figure.log_x = true;
  figure.caption = fmt::format(
      "Claim {} ({}): the effective coefficient $-G/(\\lambda d)$ against $d$, one line per $\\lambda$; "
      "the claim is the constant {} (dashed).",
      claim.id, claim.setting, kStated);
  bool any_fails = false, all_hold = true;
  double worst_digits = 1e9;
  std::string summary, undecided;
  std::vector<std::string> growing;
  std::size_t growth_values = 0;
  Eigen::MatrixXd global(lambdas.size() * dims.size(), 2);
  Eigen::VectorXd global_rhs(global.rows());
  Eigen::Index row = 0;
  for (double lambda : lambdas) {
    std::vector<double> g;
    double lambda_digits = 1e9;  // the two evaluations' worst agreement at this lambda
    Curve curve{fmt::format("$\\lambda = {:g}$", lambda), false, {}};
    for (unsigned d : dims) {
      const EntropyLimitPoint& p = entropy_limit_point(cache, d, lambda, options.digits);
      lambda_digits = std::min(lambda_digits, p.digits);
      g.push_back(p.value);
      curve.points.emplace_back(d, -p.value / (lambda * d));
      global.row(row) << 1, -lambda * d;
      global_rhs(row++) = p.value;
    }
    figure.curves.push_back(std::move(curve));
    // G = a - C lambda d + e / d over d >= 64
    Eigen::MatrixXd design(dims.size() - 1, 3);
    Eigen::VectorXd rhs(dims.size() - 1);
    for (std::size_t k = 1; k < dims.size(); ++k) {
      design.row(k - 1) << 1, -lambda * dims[k], 1.0 / dims[k];
      rhs(k - 1) = g[k];
    }
    const double fitted = design.colPivHouseholderQr().solve(rhs)(1);
    const double derived = sym::laplace_coefficient(laplace, lambda);
    const double rem_first = g.front() + kStated * lambda * dims.front(),
                 rem_last = g.back() + kStated * lambda * dims.back();
    const double slope = (kStated - derived) * lambda;  // the remainder's growth per unit d
    const double measured_slope = (rem_last - rem_first) / (dims.back() - dims.front());
    const double resolution = std::max(kResolutions * std::fabs(fitted - derived) * lambda, kSlopeFloor);
    const bool rounds = std::fabs(fitted - kStated) <= kRounding && std::fabs(derived - kStated) <= kRounding;
    Finding f;
    if (rounding) {
      f = rounds                                                                           ? Finding::Holds
          : std::fabs(fitted - kStated) > kRounding && std::fabs(derived - kStated) > kRounding ? Finding::Fails
                                                                                                : Finding::Undecided;
    } else {
      // grows: the derived slope is resolved and the remainder measured over d = 16..4096 moves with it
      const bool grows = std::fabs(slope) > resolution && measured_slope * slope > 0 &&
                         std::fabs(measured_slope - slope) < 0.5 * std::fabs(slope);
      f = grows ? Finding::Fails : Finding::Undecided;
      if (grows) growing.push_back(fmt::format("{:g}", lambda));
    }
    if (lambda_digits < need) f = Finding::Undecided;
    worst_digits = std::min(worst_digits, lambda_digits);
    any_fails = any_fails || f == Finding::Fails;
    all_hold = all_hold && f == Finding::Holds;
    if (f == Finding::Undecided) undecided += fmt::format("{}lambda = {:g}", undecided.empty() ? "" : ", ", lambda);
    summary += fmt::format(
        "{}lambda = {:g}: C = {:.6f} (Laplace), {:.6f} (fit, difference {:.1e}), remainder {:.3f} at d = {}, {:.3f} "
        "at d = {} (growth {:.2e} per unit d, measured {:.2e})",
        summary.empty() ? "" : "; ", lambda, derived, fitted, fitted - derived, rem_first, dims.front(), rem_last,
        dims.back(), slope, measured_slope);
    table.rows.push_back({fmt::format("{:g}", lambda), fmt::format("{:.6f}", derived), fmt::format("{:.6f}", fitted),
                          fmt::format("{:.3f}", rem_first), fmt::format("{:.3f}", rem_last),
                          fmt::format("{:.2e}", slope), rounds ? "yes" : "no"});
    r.values.emplace_back(fmt::format("C_laplace(lambda={:g})", lambda), fmt::format("{:.8f}", derived));
    r.values.emplace_back(fmt::format("C_fit(lambda={:g})", lambda), fmt::format("{:.8f}", fitted));
    // the deciding numbers first (the report's findings show the first values of a record)
    r.values.insert(r.values.begin() + static_cast<std::ptrdiff_t>(growth_values++),
                    {fmt::format("remainder_growth(lambda={:g})", lambda), fmt::format("{:.4e}", slope)});
  }
  // curves that cannot be told apart on the page (every value within 1% of the other's):
  // the caption says so, with the lambdas (C is not monotone in lambda: C(0.5) ~ C(4))
  for (std::size_t a = 0; a < figure.curves.size(); ++a)
    for (std::size_t b = a + 1; b < figure.curves.size(); ++b) {
      const auto& p = figure.curves[a].points;
      const auto& q = figure.curves[b].points;
      bool close = p.size() == q.size() && !p.empty();
      for (std::size_t k = 0; close && k < p.size(); ++k)
        close = std::fabs(p[k].second - q[k].second) <= 0.01 * std::fabs(q[k].second);
      if (close)
        figure.caption += fmt::format(" The lines of {} and {} coincide within 1\\%: their coefficients are that close.",
                                      figure.curves[a].label, figure.curves[b].label);
    }
  // curves that end on the claim's line: there the figure cannot show the disagreement,
  // which is in the remainder's growth (the table)
  std::vector<std::string> on_line;
  for (const Curve& c : figure.curves)
    if (!c.points.empty() && std::fabs(c.points.back().second - kStated) <= kRounding) on_line.push_back(c.label);
  if (!on_line.empty())
    figure.caption += fmt::format(
        " The line{} of {} end{} within {} of {}, so the figure cannot show the claim failing there; the remainder "
        "still grows by $({} - C)\\lambda$ per unit $d$ (the table's growth column).",
        on_line.size() == 1 ? "" : "s", fmt::join(on_line, " and "), on_line.size() == 1 ? "s" : "", kRounding,
        kStated, kStated);
  figure.curves.push_back({fmt::format("{}", kStated), true, {{dims.front(), kStated}, {dims.back(), kStated}}});
  // the one coefficient (with an intercept) that best matches G over the whole grid
  const double best = global.colPivHouseholderQr().solve(global_rhs)(1);
  // where C rounds to the stated digits (one interval or two around C's maximum), and the
  // two lambda where C equals 0.24 exactly
  const sym::CoefficientBand matches = sym::laplace_coefficient_band(laplace, kStated, kRounding);
  std::vector<std::string> band, roots;
  for (const auto& [from, to] : matches.intervals) band.push_back(fmt::format("[{:.4f}, {:.4f}]", from, to));
  for (double root : matches.roots) roots.push_back(fmt::format("{:.5f}", root));
  const std::string band_text = band.empty() ? "no lambda" : fmt::format("{}", fmt::join(band, " and "));
  const std::string roots_text = roots.empty() ? "no lambda" : fmt::format("lambda = {}", fmt::join(roots, " and "));
  // the explanation's one lambda is a row of the published claim's table: no table or figure of its own
  if (!rounding) {
    result.tables.push_back(std::move(table));
    result.figures.push_back(std::move(figure));
  }
  r.digits = worst_digits;
  r.method = fmt::format(
      "G(lambda, d) by tanh-sinh quadrature and the Bessel-I form (MPFR, {} digits) at lambda = {}, d = "
      "16..4096; slope C fitted per lambda and derived by Laplace's method (GiNaC); {}",
      options.digits, fmt::join(lambdas, ", "),
      rounding ? fmt::format("C rounds to 0.24 when within {}", kRounding)
               : "the remainder grows when its derived slope is resolved by the fit and the measured remainder "
                 "moves with it");
  r.verdict = any_fails ? Verdict::Disagree : all_hold ? Verdict::Agree : Verdict::Inconclusive;
  // "O(1) as d -> infinity" is refuted by Laplace's slope (derived, GiNaC) with the growth it
  // predicts measured at finitely many d: a symbolic argument (Laplace's method is asymptotic,
  // and the measurement finite), not only finitely many cases (a referee, 2026-11-30)
  if (!rounding && r.verdict == Verdict::Disagree)
    r.evidence = {EvidenceLevel::SymbolicArgument,
                  fmt::format("the remainder G + 0.24 lambda d grows like (0.24 - C(lambda)) lambda d at lambda = {} "
                              "(C by Laplace's method, GiNaC; the growth measured by quadrature from d = 16 to 4096)",
                              fmt::join(growing, ", "))};
  r.values.emplace_back("best_single_coefficient", fmt::format("{:.6f}", best));
  r.values.emplace_back("lambda_where_C_equals_0.24", roots_text);
  r.values.emplace_back("lambda_where_C_within_0.005_of_0.24", band_text);
  r.values.emplace_back("worst_digits_quadrature_vs_bessel", fmt::format("{:.1f}", worst_digits));
  const std::string growth_sentence =
      growing.empty() ? std::string()
                      : fmt::format(" At lambda = {} the remainder grows linearly in d, as derived.",
                                    fmt::join(growing, ", "));
  r.detail = fmt::format(
      "Laplace (GiNaC): {}. At lambda = 1, C = log((1 + sqrt 5)/2)/2 = {:.6f}, which rounds to 0.24. With 0.24 "
      "the remainder G + 0.24 lambda d is O(1) only where C(lambda) = 0.24 exactly, at {} (C peaks at {:.4f} at "
      "lambda = {:.3f}); at every other lambda it grows like (0.24 - C) lambda d, slowly where C rounds to 0.24 "
      "(lambda in {}).{} The single coefficient that best fits G over the grid is {:.4f}. {}.{}",
      laplace.derivation, sym::laplace_coefficient(laplace, 1.0), roots_text, matches.peak, matches.peak_lambda,
      band_text, growth_sentence, best, summary,
      r.verdict == Verdict::Inconclusive ? " Undecided at " + undecided + "." : "");
  return r;
}

// Entropy-1, the regime the scale implies (the setting "small-lambda", our explanation, role
// "explanation"; the referee of 2026-11-28, 4.6): with lambda = kappa log n / d and d -> infinity,
// lambda -> 0. There the Laplace coefficient is C(lambda) = lambda/2 - 3 lambda^3/4 + O(lambda^5)
// (GiNaC's series of the derived C at lambda = 0: nothing of it is typed in), so the entropy drop
// C lambda d is about lambda^2 d / 2 = kappa^2 (log n)^2 / (2d), not 0.24 lambda d = 0.24 kappa
// log n. Beside the series, G(lambda, d) by quadrature (the Bessel form's cross-check) at
// lambda = log(10^4)/d for d = 64 .. 4096, against -lambda^2 d/2 and -0.24 lambda d. The verdict:
// agree when the series' leading term is lambda/2 exactly and, at every d of the table, G is
// nearer -lambda^2 d/2 than -0.24 lambda d; the evidence a symbolic argument (Laplace's method is
// an asymptotic at fixed lambda, and the table is finitely many points).
CheckRecord entropy_small_lambda_claim(const Spec& spec, const Claim& claim, const RunOptions& options,
                                       VariantResult& result, EntropyLimitCache& cache) {
  constexpr double kStated = 0.24;
  const double log_n = std::log(1e4);  // kappa = 1, n = 10^4
  const std::vector<unsigned> dims = {64, 256, 1024, 4096};
  CheckRecord r = fact_record(spec, claim, options);
  const sym::LaplaceEntropySlope laplace = sym::derive_laplace_entropy_slope();
  GiNaC::ex series;
  try {
    series = GiNaC::series_to_poly(laplace.coefficient.series(laplace.lambda == 0, 5));
  } catch (const std::exception& e) {
    r.verdict = Verdict::Inconclusive;
    r.method = "GiNaC series of the Laplace coefficient";
    r.detail = std::string("the series of C(lambda) at lambda = 0 failed: ") + e.what();
    return r;
  }
  const GiNaC::ex leading = series.coeff(laplace.lambda, 1), constant = series.coeff(laplace.lambda, 0);
  const bool half = (leading - GiNaC::numeric(1, 2)).is_zero() && constant.is_zero();
  Table table;
  table.caption = fmt::format(
      "Claim {0} (our explanation): in the regime of the scale, $\\lambda = \\kappa\\log n/d$ ($\\kappa = 1$, "
      "$n = 10^4$), the gap $G$ by quadrature against the small-$\\lambda$ Laplace term $-\\lambda^2 d/2$ and the "
      "stated $-{1}\\lambda d$.",
      claim.id, kStated);
  table.header = {"$d$", "$\\lambda$", "$G$", "$-\\lambda^2 d/2$", "$-0.24\\lambda d$"};
  bool nearer = true;
  double worst_digits = 1e9;
  std::string summary;
  for (unsigned d : dims) {
    const double lambda = log_n / d;
    const EntropyLimitPoint& p = entropy_limit_point(cache, d, lambda, options.digits);
    worst_digits = std::min(worst_digits, p.digits);
    const double small = -lambda * lambda * d / 2, stated = -kStated * lambda * d;
    nearer = nearer && std::fabs(p.value - small) < std::fabs(p.value - stated);
    table.rows.push_back({std::to_string(d), fmt::format("{:.5f}", lambda), p.text, fmt::format("{:.6g}", small),
                          fmt::format("{:.4f}", stated)});
    summary += fmt::format("{}d = {}: G = {}, -lambda^2 d/2 = {:.6g}, -0.24 lambda d = {:.4f}", summary.empty() ? "" : "; ",
                           d, p.text, small, stated);
    r.values.emplace_back(fmt::format("G(d={})", d), p.text);
  }
  result.tables.push_back(std::move(table));
  r.digits = worst_digits;
  r.method = "GiNaC series of the Laplace coefficient C(lambda) at lambda = 0; G by tanh-sinh quadrature and the "
             "Bessel-I form at lambda = log(10^4)/d";
  const bool computed = worst_digits >= required_digits(options.digits);
  r.verdict = !computed ? Verdict::Inconclusive : half && nearer ? Verdict::Agree : Verdict::Disagree;
  r.values.insert(r.values.begin(), {"C_series", sym::to_text(series) + " + O(lambda^5)"});
  if (r.verdict != Verdict::Inconclusive)
    r.evidence = {EvidenceLevel::SymbolicArgument,
                  fmt::format("C(lambda) = {} + O(lambda^5) as lambda -> 0 (exact series of Laplace's coefficient); at "
                              "lambda = log(10^4)/d, d = 64..4096, G is {} -lambda^2 d/2 than -0.24 lambda d",
                              sym::to_text(series), nearer ? "nearer" : "not always nearer")};
  r.detail = fmt::format(
      "Laplace's coefficient (GiNaC) has the series C(lambda) = {} + O(lambda^5) at lambda = 0, so where the scale "
      "lambda = kappa log n/d tends to 0 the drop C lambda d is about lambda^2 d/2 = kappa^2 (log n)^2/(2d), not "
      "0.24 lambda d = 0.24 kappa log n. {}.{}",
      sym::to_text(series), summary, computed ? "" : " The quadrature missed its error target: not decided.");
  return r;
}

}  // namespace

struct FactContext {
  VariantResult& result;
  Table& identities;  ///< one row per identity claim (Perm-1 to Perm-6)
  EntropyLimitCache entropy_cache;
  RobustnessCache robustness_cache;
};

namespace {

// an identity test: the record of identity_claim for one num::AttentionIdentity
template <num::AttentionIdentity id>
CheckRecord run_identity(const Spec& spec, const Claim& claim, const RunOptions& options, FactContext& context) {
  return identity_claim(spec, claim, options, context.identities, id);
}

}  // namespace

const std::vector<FactTest>& fact_tests() {
  using num::AttentionIdentity;
  static const std::vector<FactTest> tests = {
      {"key-value-permutation", {"positional-bias"}, "Perm-1: Attn(X, Y Pi, Y Pi) = Attn(X, Y, Y)",
       run_identity<AttentionIdentity::KeyValuePermutation>},
      {"query-permutation", {"positional-bias"}, "Perm-2: Attn(X Pi, Y, Y) = Attn(X, Y, Y) Pi",
       run_identity<AttentionIdentity::QueryPermutation>},
      {"key-bias", {"per-token-key-bias"}, "Perm-3: b_K has no effect on the output",
       run_identity<AttentionIdentity::KeyBias>},
      {"query-value-bias", {"unnormalised-weights"}, "Perm-4: b_Q changes the output, b_V shifts it by exactly b_V",
       run_identity<AttentionIdentity::QueryValueBias>},
      {"layer-not-equivariant", {"positional-encoding"}, "Perm-5: a transformer layer is not permutation-equivariant",
       run_identity<AttentionIdentity::LayerEquivariance>},
      {"norm-bias", {"constant-bias"}, "Perm-6: BatchNorm cancels a linear layer's bias, LayerNorm does not",
       run_identity<AttentionIdentity::NormBias>},
      {"naive-bayes", {"dependent"}, "NB-1: the naive Bayes decomposition of log p(x_t | x_<t)",
       [](const Spec& spec, const Claim& claim, const RunOptions& options, FactContext&) {
         return naive_bayes_claim(spec, claim, options);
       }},
      {"noise-robustness", {"correlated-noise"}, "Robust-1: independent noise on the logits cancels as n -> infinity",
       [](const Spec& spec, const Claim& claim, const RunOptions& options, FactContext& context) {
         return robustness_claim(spec, claim, options, context.result, context.robustness_cache);
       }},
      {"entropy-limit",
       {"anisotropic-keys"},
       "Entropy-1: H - log n tends to log E[e^{L cos}] - L E[cos e^{L cos}]/E[e^{L cos}]",
       [](const Spec& spec, const Claim& claim, const RunOptions& options, FactContext& context) {
         return entropy_limit_claim(spec, claim, options, context.result, context.entropy_cache);
       }},
      {"entropy-linear-scale",
       {"lambda-1", "small-lambda"},
       "Entropy-1: H = log n - 0.24 lambda d + O(1) (lambda-1: whether 0.24 is the Laplace coefficient C(1) rounded "
       "to two digits; small-lambda: the coefficient where lambda = kappa log n/d tends to 0)",
       [](const Spec& spec, const Claim& claim, const RunOptions& options, FactContext& context) {
         if (claim.setting == "small-lambda")
           return entropy_small_lambda_claim(spec, claim, options, context.result, context.entropy_cache);
         return entropy_scale_claim(spec, claim, options, context.result, context.entropy_cache);
       }},
  };
  return tests;
}

PropertyTarget fact_property_target() {
  PropertyTarget target;
  target.S = 0;
  target.no_closed_form_reason = "a fact variant defines no S";
  return target;
}

VariantResult check_fact_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  VariantResult result;
  result.spec = spec;
  result.status = ClosedFormStatus::Derived;
  Table identities;
  identities.caption =
      "Attention identities. Symbolic: the GiNaC residual at $d = 2$, $n = 3$, $m = 2$ with symbolic entries "
      "(0 = the identity holds at these sizes; otherwise its largest entry at a "
      "witness point; -- = not attempted). Double, MPFR: residual of the identity in units of the working "
      "epsilon / the a-priori tolerance $16(d+n)\\epsilon$, worst trial. Effect: smallest change a bias "
      "makes, in double (Perm-4, 6).";
  identities.header = {"claim", "setting", "symbolic", "double", "MPFR", "effect", "verdict"};
  FactContext context{result, identities, {}, {}};
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {} ({})", spec.name, claim.id, claim.setting));
    const FactTest* test = find_fact_test(claim.test);  // the spec reader refused unknown names
    if (!test) throw std::logic_error("fact claim " + claim.id + ": unknown test '" + claim.test + "'");
    CheckRecord r = test->run(spec, claim, options, context);
    // a fact's test runs finitely many settings (identities at fixed sizes, trials, Monte Carlo
    // with its own |z| rule, exact arithmetic over random laws): evidence in those cases
    if ((r.verdict == Verdict::Agree || r.verdict == Verdict::Disagree) && r.evidence.level == EvidenceLevel::Undecided)
      r.evidence = {EvidenceLevel::FiniteCases,
                    fmt::format("{}: {} (setting {})", test->what,
                                r.verdict == Verdict::Agree ? "holds in every tested case" : "fails in a tested case",
                                claim.setting)};
    result.records.push_back(std::move(r));
  }
  if (!identities.rows.empty()) result.tables.push_back(std::move(identities));
  // a property of a fact spec has no S to examine (norm-ratio properties examine their own
  // quantity): it gets its record like any other, never silently nothing
  check_properties(spec, fact_property_target(), options, result, progress);
  return result;
}

}  // namespace attnverify
