// Claim vs derivation (docs/spec-format.md, "How claims are judged"). A claim is a
// formula for S published somewhere; its verdict rests only on what is proved or
// certified here:
//
//   1. Where the claim is defined (proofs/definedness.hpp): every divisor, radicand,
//      log argument and step argument of the claim as written is proved of one sign on
//      the whole domain, or an exact point of the domain is found where it fails (the
//      claim is then not defined there: it disagrees, unless the spec declares it a
//      continuous extension and the failure is a vanishing divisor).
//   2. Symbolic: claim - S or claim^2 - S^2 reduces to 0 (proofs/equivalence.hpp). It
//      proves the claim on the whole domain only when step 1 proved it defined
//      everywhere; the squared route also needs the claim's sign, proved either
//      structurally or by continuity on a connected domain (every condition proved,
//      |claim| = S > 0) and a certified positive value at one point.
//   3. Numeric, always: at the documented points (src/verdicts/claim_points.hpp) and at probe
//      points beside the claim's kinks and singularities, the claim and S are enclosed
//      in balls (numerics/ball_comparison.hpp): a point agrees when |claim/S - 1| <=
//      10^-(P-5) is proved, disagrees when > 10^-(P-5) is proved (a certified
//      counterexample), and is undecided otherwise (never agree).
//   4. Search (kernels and sequences): NLopt maximises |claim - S|/|S| over a region far
//      larger than the point set (numerics/counterexample_search.hpp); its best points
//      are re-checked as in 3.
// The verdict:
//   disagree      a certified counterexample, or a point of the domain where the claim is
//                 not defined (and S is); if a symbolic proof was also found, the two
//                 contradict: a defect of attnverify, reported as a conflict (exit 1)
//   agree         method "symbolic": proved on the whole domain, with the numeric
//                 cross-check; method "numeric": no proof, every documented point agrees
//                 (certified) and the search found nothing: evidence on the searched
//                 region, not a proof
//   inconclusive  otherwise, with the reason (a point that could not be decided, ...).
// Nothing a claim contains can abort the run: any failure is this claim's inconclusive.
#pragma once

#include <functional>
#include <optional>

#include "numerics/ball.hpp"
#include "numerics/counterexample_search.hpp"
#include "numerics/precision.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/claim_points.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/spec/spec.hpp"

namespace attnverify {

/// The numeric route at one point: S and -log10 of its relative error estimate (an estimate:
/// the counterexample search's objective, and the third witness at a counterexample).
using NumericWitness = std::function<std::optional<std::pair<num::Real, double>>(const GridPoint&)>;

/// A ball that contains S at a point, from the numeric route's certified enclosure (kernels: Arb's
/// acb_calc_integrate uncapped, as at the grid; sequences: the exact sum in ball arithmetic), or
/// why the route gives none there.
struct CertifiedValue {
  std::optional<num::Ball> ball;
  std::string not_certified;
};
/// The certified numeric route at one point: what a claim without a derived S is judged against
/// at its documented points, its probes and the search's best points (issue 42, H5).
using CertifiedWitness = std::function<CertifiedValue(const GridPoint&)>;
/// The same for any claim point (feature maps and measures: direct computation).
using PointWitness = std::function<std::optional<std::pair<num::Real, double>>(const ClaimPoint&)>;

/// What a claim is compared with: the derived S in the claim's symbols.
struct ClaimReference {
  GiNaC::ex S;
  /// Sequences: the derived S_n at lambda = 1 (S is the 0 < lambda < 1 form, 0/0 there).
  std::optional<GiNaC::ex> S_at_lambda_one;
  /// Expressions the derivation proves positive on the whole domain (E f(X)^2, E|f(X)|),
  /// which sign proofs may divide by (proofs/definedness.hpp).
  std::vector<GiNaC::ex> positive_facts;
  /// Kernels: a ball that contains S at a grid point computed from the defining integrals
  /// (the certified route of src/kinds/kernel/kernel_route.hpp), independent of the
  /// derivation; a counterexample is checked against it too. Empty for other kinds.
  std::function<std::optional<num::Ball>(const GridPoint&)> certified_integral = {};
};

/// A point of the counterexample search (natural coordinates `x` on `region`'s axes) as an
/// exact point: integers rounded, other coordinates short decimals of 6 significant digits
/// (lambda's distance to 1 on a LogDistanceToOne axis), so a counterexample reads well and
/// reproduces exactly. The point may fall just outside the region; the caller checks the domain.
std::vector<GiNaC::numeric> exact_search_point(const num::SearchRegion& region, const std::vector<double>& x);

/// Whether `c` holds for a value in `ball`: true when it holds for every point of the ball, false
/// when it fails for every point (a non-zero condition never fails by a ball: only an exact 0
/// would), nullopt when the ball does not decide.
std::optional<bool> condition_on_ball(const sym::Condition& c, const num::Ball& ball);

/// Two decimal values rounded alike to the fewest significant digits, at least 12, that tell
/// them apart (a difference of 1e-34 shown as "0.999687646408 but 0.999687646408" said nothing).
std::pair<std::string, std::string> rounded_apart(const std::string& a, const std::string& b);

/// The record of a claim that cannot be judged because the variant has no closed form.
CheckRecord claim_without_derivation(const Spec& spec, const Claim& claim, const std::string& reason);

/// Kernels and sequences: on claim_domain(spec, seed), with the search (`budget`: its
/// evaluations; the fuzzer uses a small one).
CheckRecord check_claim(const Spec& spec, const Claim& claim, const ClaimReference& reference, unsigned digits,
                        const NumericWitness& witness, unsigned long seed = kDefaultSeed,
                        const num::SearchBudget& budget = {});

/// Feature maps and measures: the claim, with `rewrite` applied to it and to its
/// conditions (measures write E_abs, E_sq, Var_abs in x1, x2, n), against `derived_S`
/// at the points of `domain` (the spec's cases or vectors; no search).
CheckRecord check_claim_on_domain(const Spec& spec, const Claim& claim,
                                  const std::function<GiNaC::ex(const GiNaC::ex&)>& rewrite, const GiNaC::ex& derived_S,
                                  const ClaimDomain& domain, unsigned digits, const PointWitness& witness);

/// Without a closed form: the claim against the numeric route (quadrature or
/// summation) on the same points and search region, by the same rule with the route's
/// certified ball (`certified`) in place of S's: a point where the route gives no ball P - 5
/// digits narrow is undecided ("estimated, not certified"), never agree. The search may use the
/// route's estimates (`witness`); its best points are judged with certified balls.
CheckRecord check_claim_against_numeric(const Spec& spec, const Claim& claim, unsigned digits,
                                        const NumericWitness& witness, const CertifiedWitness& certified,
                                        const std::string& no_closed_form_reason, unsigned long seed = kDefaultSeed);

/// Judges every claim of the spec against `reference`, or, when it is null, against
/// the numeric route (`witness` for estimates, `certified` for balls; inconclusive if there is
/// none), appending to `records`.
void check_claims(const Spec& spec, const ClaimReference* reference, const std::string& no_closed_form_reason,
                  unsigned digits, unsigned long seed, const NumericWitness& witness, const CertifiedWitness& certified,
                  std::vector<CheckRecord>& records, const std::function<void(const std::string&)>& progress);

}  // namespace attnverify
