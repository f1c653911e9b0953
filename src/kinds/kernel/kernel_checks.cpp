// Kernel variants: closed form vs quadrature on the grid (docs/design.md §1), claims, curves.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/precision.hpp"
#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"
#include "proofs/canonical_form.hpp"
#include "proofs/definedness.hpp"
#include "proofs/derivation_cache.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "src/properties/property_checks.hpp"
#include "src/verdicts/grid_blocks.hpp"
#include "src/verdicts/progress_meter.hpp"
#include "src/verdicts/planted_error.hpp"
#include "src/verdicts/route_comparison.hpp"
#include "src/kinds/sampled_checks.hpp"
#include "src/kinds/kernel/kernel_kind.hpp"
#include "src/kinds/kernel/reduction_hypotheses.hpp"
#include "src/report/latex_escape.hpp"

namespace attnverify {

using num::Real;

namespace {

// S against gamma for beta in {-2, -1, 0, 1, 2}: closed-form curves where S exists under the
// route's law, and the numeric route's values at the grid points with those beta as marks.
void kernel_curves(const sym::KernelDerivation& d, const KernelRoute& route, VariantResult& result, unsigned digits) {
  const auto& s = sym::symbols();
  result.grid_figure.x_label = "$\\gamma$";
  result.grid_figure.y_label = "$S(\\beta,\\gamma)$";
  if (d.status != sym::KernelDerivation::Status::Derived) {
    result.grid_figure.caption =
        "Circles: the quadrature route at the grid points with integer $\\beta$ (no closed form to draw).";
    return;
  }
  num::CompiledExpression S(d.S, {s.beta, s.gamma}, digits);
  for (int beta = -2; beta <= 2; ++beta) {
    Curve curve{fmt::format("$\\beta={}$", beta), beta < 0, {}};
    for (int k = 0; k <= 98; ++k) {
      const GiNaC::numeric gamma = GiNaC::numeric(1, 10) + GiNaC::numeric(k, 20);  // 0.1 .. 5
      if (!route.law().is_normal() && route.existence(GridPoint{GiNaC::numeric(beta), gamma}).state != SExistence::State::Exists)
        continue;
      try {
        num::ScopedPrecision scope(digits);
        const Real value = S({num::to_real(beta), num::to_real(gamma)});
        curve.points.emplace_back(gamma.to_double(), value.convert_to<double>());
      } catch (const num::EvaluationError&) {
      }
    }
    result.grid_figure.curves.push_back(std::move(curve));
  }
  // the caption says what the curves show: whether they coincide, computed from their values
  const auto& curves = result.grid_figure.curves;  // beta = -2, -1, 0, 1, 2
  const auto same = [](const Curve& a, const Curve& b) {
    if (a.points.size() != b.points.size() || a.points.empty()) return false;
    for (std::size_t k = 0; k < a.points.size(); ++k)
      if (std::fabs(a.points[k].second - b.points[k].second) > 1e-12 * std::fabs(b.points[k].second)) return false;
    return true;
  };
  const bool constant = curves.size() == 5 && same(curves[0], curves[2]) && same(curves[1], curves[2]) &&
                        same(curves[3], curves[2]) && same(curves[4], curves[2]);
  const bool even = curves.size() == 5 && same(curves[0], curves[4]) && same(curves[1], curves[3]);
  result.grid_figure.caption =
      std::string("Lines: the derived closed form, dashed for $\\beta<0$") +
      (constant ? "; $S$ does not depend on $\\beta$ here, so all five curves coincide"
       : even   ? "; $S$ is even in $\\beta$ here, so each dashed curve lies under the solid one of $-\\beta$"
                : "") +
      ". Circles: the quadrature route at the grid points on these curves.";
}

// S(1, gamma) under every standard score law (Student-t with nu = 9), and under the
// variant's own law when it is none of these; the Gaussian dashed. Under a law where the
// engine derives S, the curve is the derived closed form (exact at every point drawn);
// elsewhere the double-exponential rules at 20 digits (estimates: the figure is an
// illustration, the grid records are the checks; here the rules take about a third of the
// certified route's time, which Student-t's slow tails dominate: docs/architecture.md), and
// where they fail, the route's main rules (Arb balls where they serve). The figure depends on f
// only (not on which law the variant names), so the report draws it once per f. Where S does not
// exist under a law (a moment diverges, or 0/0) nothing is drawn, and the caption names the
// region where it exists (ExistenceRegion: e.g. gamma < sqrt(2)/2 for exp under Laplace), per
// law, with the points no route could compute (the referee's d6).
Figure law_comparison_figure(const sym::KernelDerivation& d, const std::shared_ptr<const num::ScoreDistribution>& law,
                             unsigned digits) {
  const auto& s = sym::symbols();
  Figure figure;
  figure.x_label = "$\\gamma$";
  figure.y_label = "$S(1,\\gamma)$";
  figure.in_compact_part = true;
  std::vector<std::shared_ptr<const num::ScoreDistribution>> laws;
  const num::ScoreDistributionRegistry& standard = num::standard_score_distributions();
  for (const std::string& name : standard.names())
    laws.push_back(standard.make(name, standard.takes_nu(name) ? std::optional(GiNaC::numeric(9)) : std::nullopt));
  const bool own_law_added =
      std::none_of(laws.begin(), laws.end(), [&](const auto& l) { return l->title() == law->title(); });
  if (own_law_added) laws.push_back(law);
  const unsigned figure_digits = std::min(digits, 20u);
  std::vector<std::string> closed_laws, estimated_laws, regions, unshown_laws, failures;
  for (const auto& each : laws) {
    const std::string name = "$" + each->latex() + "$";
    // the derived closed form under this law, where the engine derives one
    std::unique_ptr<num::CompiledExpression> closed;
    try {
      const sym::KernelDerivation& under = sym::cached_kernel_derivation(d.f, each->title(), num::symbolic_expectation(each));
      if (under.status == sym::KernelDerivation::Status::Derived)
        closed = std::make_unique<num::CompiledExpression>(under.S, std::vector<GiNaC::ex>{s.beta, s.gamma}, figure_digits);
    } catch (const std::exception&) {
      closed.reset();  // drawn from the quadrature route instead
    }
    const KernelRoute route(d, figure_digits, each);
    Curve curve{name, each->is_normal(), {}};
    std::size_t absent = 0, unshown = 0;  // S proved not to exist; S not shown to exist
    std::string absent_reason;  // in words, for the caption (the route's reason is longer)
    std::vector<std::string> failed;
    for (int k = 1; k <= 20; ++k) {
      const GridPoint p{GiNaC::numeric(1), GiNaC::numeric(k, 8)};  // gamma = 1/8 .. 5/2
      const SExistence exists = route.existence(p);
      if (exists.state == SExistence::State::Undecided) {
        ++unshown;
        continue;
      }
      if (exists.state != SExistence::State::Exists) {
        if (absent++ == 0)
          absent_reason =
              exists.state == SExistence::State::Diverges ? "a moment of $f$ diverges" : "$S = 0/0$";
        continue;
      }
      std::optional<double> value;
      if (closed) {
        try {
          num::ScopedPrecision scope(figure_digits);
          const Real v = (*closed)({num::to_real(1), num::to_real(p[1])});
          if (boost::multiprecision::isfinite(v)) value = v.convert_to<double>();
        } catch (const num::EvaluationError&) {
        }
      }
      if (!value) {
        NumericS v = route.double_exponential(p);
        if (!v.ok) v = route(p);
        if (v.ok) value = v.S.convert_to<double>();
      }
      if (value)
        curve.points.emplace_back(p[1].to_double(), *value);
      else
        failed.push_back(exact_text(p[1]));
    }
    (closed ? closed_laws : estimated_laws).push_back(name);
    if (absent > 0) {
      const ExistenceRegion region = route.existence_region();
      // the region as math where it is a bound on gamma alone (Laplace's gamma < sqrt(2)/(2r))
      std::string where = latex_escape(region.describe());
      if (region.known && region.gamma_below && region.half_planes.empty()) {
        const GiNaC::ex bound = GiNaC::evalf(*region.gamma_below);
        where = "$\\gamma < " + sym::to_latex(*region.gamma_below) + "$" +
                (GiNaC::is_a<GiNaC::numeric>(bound)
                     ? fmt::format(" ($\\approx {:.4g}$)", GiNaC::ex_to<GiNaC::numeric>(bound).to_double())
                     : std::string());
      }
      regions.push_back(absent == 20 ? fmt::format("{} at no $\\gamma$ drawn ({})", name, absent_reason)
                        : region.known && !region.whole_domain()
                            ? fmt::format("{} only for {}", name, where)
                            : fmt::format("{} not at {} of the 20 values of $\\gamma$ ({})", name, absent,
                                          absent_reason));
    }
    if (unshown > 0)
      unshown_laws.push_back(unshown == 20 ? name
                                           : fmt::format("{} (at {} of the 20 values of $\\gamma$)", name, unshown));
    if (!failed.empty())
      failures.push_back(fmt::format("{} at $\\gamma = {}$", name, fmt::join(failed, ", ")));
    figure.curves.push_back(std::move(curve));
  }
  figure.caption = fmt::format(
      "$S$ at $\\beta = 1$ against $\\gamma$ ($\\gamma = 1/8, \\ldots, 5/2$) for this $f$ under each score law, "
      "standardized to mean 0 and variance 1 (the Gaussian dashed; Student-t with $\\nu = 9${}). {}{}.",
      own_law_added ? ", and this variant's own law, $" + law->latex() + "$" : std::string(),
      closed_laws.empty() ? std::string()
                          : fmt::format("From the derived closed form: {}", fmt::join(closed_laws, ", ")),
      estimated_laws.empty()
          ? std::string()
          : fmt::format("{} quadrature estimates at 20 digits: {}", closed_laws.empty() ? "From" : "; from",
                        fmt::join(estimated_laws, ", ")));
  if (!regions.empty())
    figure.caption += fmt::format(" Nothing is drawn where $S$ does not exist: it exists under {}.", fmt::join(regions, "; "));
  if (!unshown_laws.empty())
    figure.caption += fmt::format(" $S$ is not shown to exist under {}; not drawn there.", fmt::join(unshown_laws, "; "));
  if (!failures.empty())
    figure.caption += fmt::format(" No route computed $S$ under {}; not drawn.", fmt::join(failures, "; "));
  return figure;
}

// A disputed point (the routes disagree, or one missed its target): Boost.Math's
// quadrature as a third, independent implementation, its S beside the others. At most
// kMaxWitnesses per variant, shared out over its grid blocks (src/verdicts/grid_blocks.hpp)
// so that a point's record does not depend on the shard that checks its block: a grid of B
// blocks has ceil(kMaxWitnesses / B) per block (20 for a grid of at most 256 points, 1 per
// block beyond 20 blocks). Boost takes up to seconds per point where the others failed.
constexpr std::size_t kMaxWitnesses = 20;

std::size_t witnesses_per_block(std::size_t blocks) { return (kMaxWitnesses + blocks - 1) / blocks; }

void add_library_witness(CheckRecord& r, const KernelRoute& route, const GridPoint& p, unsigned digits,
                         std::size_t& used, std::size_t budget, const std::string& scope) {
  if (used++ >= budget) {
    r.detail += fmt::format(" (No Boost.Math witness: the first {} disputed points {} have one.)", budget, scope);
    return;
  }
  const NumericS w = route.boost_witness(p);
  if (!w.ok) {
    r.detail += " Boost.Math witness: " + w.failure + ".";
    return;
  }
  r.values.emplace_back("boost", num::to_decimal(w.S, digits));
  std::string text = fmt::format(" Boost.Math tanh_sinh/exp_sinh gives S = {} (error estimate {})",
                                 num::to_decimal(w.S, 16), power_of_ten(-w.error_digits));
  for (const auto& [name, value] : r.values) {
    if (name != "closed" && name != "numeric") continue;
    num::ScopedPrecision scope(num::Precision{digits}.guarded());
    text += fmt::format(", {:.1f} digits from the {} value", num::digits_of_agreement(w.S, num::Real(value), digits),
                        name == "closed" ? "closed form's" : "numeric route's");
  }
  r.detail += text + ".";
}

// The certified route's ball of S at a point, or why there is none: what claims and the properties'
// lattice are judged against where S is not taken from a closed form.
CertifiedValue certified_value_of(const NumericS& computed) {
  CertifiedValue out;
  if (computed.certified && computed.certified->ok)
    out.ball = computed.certified->S;
  else
    out.not_certified = computed.certified ? computed.certified->failure : computed.failure;
  if (out.not_certified.empty() && !out.ball) out.not_certified = "the certified route did not run";
  return out;
}

}  // namespace

ClosedFormUse closed_form_use(const Spec& spec, const sym::KernelDerivation& d) {
  ClosedFormUse out;
  if (d.status != sym::KernelDerivation::Status::Derived) {
    out.reason = d.reason;
    return out;
  }
  const std::shared_ptr<const num::ScoreDistribution> law = score_law(spec);
  if (law->is_normal()) {
    out.claims = out.properties = true;
    return out;
  }
  const std::string under = "under " + law->title() + " scores";
  const ExistenceRegion region = KernelRoute(d, 30, law).existence_region();
  if (!region.known) {
    out.reason = under + " the closed form holds only where S exists, and that region is not known (" +
                 region.reason + ")";
    return out;
  }
  // the forms are E|f(X)| and E f(X)^2 only where the certificate says so
  using Form = std::tuple<std::string, GiNaC::ex, GiNaC::ex>;
  for (const Form& form : {Form{"E|f(X)|", d.mean_abs, GiNaC::abs(spec.definition)},
                           Form{"E f(X)^2", d.mean_square, GiNaC::pow(spec.definition, 2)}}) {
    const sym::DerivationCertificate c = law->certify_expectation(std::get<1>(form), std::get<2>(form));
    if (!c.verified) {
      out.reason = "the derived " + std::get<0>(form) + " " + under + " is not certified (" + c.reason + ")";
      return out;
    }
  }
  sym::ParameterDomain domain =
      region.whole_domain() ? sym::kernel_domain() : kernel_domain_where_S_exists(region, law->title());
  // E f(X)^2, E|f(X)| and S are positive wherever S exists (and the forms are them there)
  for (const GiNaC::ex& fact : {d.mean_square, d.mean_abs, d.S}) domain.positive_facts.push_back(fact);
  if (const std::optional<sym::Condition> unproved = sym::first_unproved(sym::conditions_of(d.S), domain)) {
    out.reason = "S's closed form " + under + " is not shown defined on all of " + domain.description + " (" +
                 unproved->describe() + ")";
    return out;
  }
  out.claims = true;
  out.properties = region.whole_domain();
  if (!out.properties) {
    out.reason = under + " S exists only where " + region.describe() +
                 ", and a property check uses its closed form only on a box inside that region";
    if (region.gamma_below) out.region_positive.push_back(*region.gamma_below - sym::symbols().gamma);
    for (const GiNaC::ex& e : region.half_planes) out.region_positive.push_back(e);
    out.region_text = region.describe();
  }
  return out;
}

namespace {

// The properties' target once closed_form_use has decided (check_kernel_variant has it already).
PropertyTarget property_target(const Spec& spec, const sym::KernelDerivation& d, const ClosedFormUse& use,
                               unsigned digits) {
  PropertyTarget target;
  target.ratio_of_first_two = true;  // beta, gamma: S of a positively homogeneous f depends on beta/gamma
  // the sampled route draws real d-dimensional weights only under the normal law
  if (score_law(spec)->is_normal()) target.gaussian_keys = reduction_hypotheses(spec);
  // S with common exponential factors cancelled (an identity on the reals): e^beta in both
  // moments would otherwise widen every ball of S over a box in beta
  const GiNaC::ex S = sym::factor_common_exponentials(d.S);
  if (use.properties) {
    target.S = S;
    return target;
  }
  target.S = 0;
  target.no_closed_form_reason = use.reason;
  if (use.claims) target.regional_form = PropertyTarget::RegionalForm{S, use.region_positive, use.region_text};
  // the numeric route's certified ball of S, as at a grid point (where S exists under the law)
  const auto route = std::make_shared<const KernelRoute>(d, digits, score_law(spec));
  target.certified_value = [route](const GridPoint& p) { return certified_value_of(route->certified(p)); };
  return target;
}

// What the grid check of one kernel variant needs, built once per variant (and once per grid
// block that a shard checks of a variant it does not run): the derivation, the routes, and the
// closed form as an adaptive evaluator and in ball arithmetic.
struct KernelGrid {
  KernelGrid(const Spec& spec_, const RunOptions& options_, const sym::KernelDerivation& d_,
             const std::shared_ptr<const num::ScoreDistribution>& law)
      : spec(spec_),
        options(options_),
        digits(options_.digits),
        d(d_),
        derived(d_.status == sym::KernelDerivation::Status::Derived),
        route(d_, options_.digits, law) {
    if (!derived) return;
    const auto& s = sym::symbols();
    closed = std::make_unique<num::AdaptiveEvaluator>(d.S, std::vector<GiNaC::ex>{s.beta, s.gamma}, digits);
    try {
      closed_ball = std::make_unique<num::BallExpression>(d.S, std::vector<GiNaC::ex>{s.beta, s.gamma});
    } catch (const num::EvaluationError& e) {
      closed_ball_failure = std::string("the closed form has no ball evaluation (") + e.what() + ")";
    }
  }
  const Spec& spec;
  const RunOptions& options;
  unsigned digits;
  const sym::KernelDerivation& d;
  bool derived;
  KernelRoute route;
  std::unique_ptr<num::AdaptiveEvaluator> closed;
  std::unique_ptr<num::BallExpression> closed_ball;  // the closed form in ball arithmetic, for certified verdicts
  std::string closed_ball_failure;
};

// The numeric route's S at a grid point exactly as the grid check computes it (main rules,
// certified), or the reason no route ran where S does not exist under the law.
NumericS grid_numeric(const KernelGrid& g, const GridPoint& p) {
  const SExistence existence = g.route.existence(p);
  if (existence.state != SExistence::State::Exists) {
    NumericS none;
    none.failure = existence.reason;
    return none;
  }
  return g.route.evaluate_grid({p}, 1, KernelRoute::Rules::Main).front();
}

// The record of the grid check at grid point p: the closed form against the numeric route's
// `numeric` there, certified by balls where both have them; `witnesses` counts the Boost.Math
// witnesses of p's grid block so far, at most `witness_budget` (`witness_scope` names the block
// in a record without one).
CheckRecord check_grid_point(const KernelGrid& g, const GridPoint& p, const SExistence& existence,
                             const NumericS& numeric, std::size_t& witnesses, std::size_t witness_budget,
                             const std::string& witness_scope) {
  CheckRecord r;
  r.variant = g.spec.name;
  r.check = CheckKind::ClosedVsQuadrature;
  r.point = g.spec.named_point(p);
  const bool by_arb = numeric.source == NumericS::Source::Arb;
  r.method = by_arb ? "Arb enclosure of the defining integrals (acb_calc_integrate)"
                    : "double-exponential quadrature (exp-exp, tanh-sinh)";
  const NumericOutcome outcome{numeric.ok, numeric.S, numeric.error_digits, numeric.failure};
  if (existence.state == SExistence::State::Diverges || existence.state == SExistence::State::ZeroOverZero) {
    // proved: S has no value here, and that is the record (never a number, never agree)
    r.expected = Verdict::NotApplicable;
    r.verdict = Verdict::NotApplicable;
    r.method = existence.state == SExistence::State::Diverges
                   ? "moment existence under the score law (f's exact growth at both ends)"
                   : "f = 0 on the support of X (the piecewise decomposition of f)";
    r.detail = "S does not exist here: " + existence.reason + ".";
    return r;
  }
  if (!g.derived) {
    // quadrature only: nothing to compare with, but its own error target still applies
    r.expected = Verdict::NotApplicable;
    r.method = "double-exponential quadrature only (no closed form)";  // an Arb value is certified below
    if (numeric.ok) {
      r.values.emplace_back("numeric", num::to_decimal(numeric.S, g.digits));
      r.values.emplace_back("mean_abs", num::to_decimal(numeric.mean_abs, g.digits));
      r.values.emplace_back("mean_square", num::to_decimal(numeric.mean_square, g.digits));
      r.error_digits = numeric.error_digits;
    }
    // the value itself certified: its ball at least P - 5 digits narrow
    const CertifiedS* c = numeric.certified ? &*numeric.certified : nullptr;
    const bool value_certified = c && c->ok && c->S.relative_accuracy_digits() >= num::Precision{g.digits}.required();
    if (c && c->ok) r.enclosure = {{"numeric", enclosure_of(c->S, g.digits)}};
    const double target = required_digits(g.digits);
    if (value_certified) {
      r.verdict = Verdict::NotApplicable;
      r.certified = true;
      r.method = by_arb ? "Arb enclosure of the defining integrals (acb_calc_integrate; no closed form)"
                        : "double-exponential quadrature, certified by Arb balls of the integrals (no closed form)";
      r.detail = fmt::format("no closed form ({}); the value is certified: S lies in a ball of radius {}", g.d.reason,
                             c->S.radius_text());
      r.evidence = {EvidenceLevel::CertifiedOnBox,
                    "S at " + describe_point(r.point) + " lies in a ball of radius " + c->S.radius_text()};
    } else if (numeric.ok && numeric.error_digits >= target) {
      // a value the error estimate alone stands behind: counted apart (estimated_only)
      r.verdict = Verdict::NotApplicable;
      r.method += ", estimated (not certified)";
      r.evidence = {EvidenceLevel::NumericEvidence, "S at " + describe_point(r.point) + " estimated"};
      r.detail = fmt::format(
          "no closed form ({}); estimated, not certified: {}; the quadrature value has an error estimate of {}",
          g.d.reason, c ? (c->ok ? "the ball is too wide" : c->failure) : "no certified route",
          power_of_ten(-numeric.error_digits));
    } else {
      r.verdict = Verdict::Inconclusive;
      r.detail =
          "no closed form (" + g.d.reason + "), and the quadrature " +
          (numeric.ok ? fmt::format("error estimate {} misses the target 1e-{:.0f}{}",
                                    power_of_ten(-numeric.error_digits), target,
                                    numeric.error_digits < 1 ? " (the defining integral may not converge: f may grow "
                                                               "like exp(c x^2) or have a non-integrable singularity)"
                                                             : "")
                      : "failed: " + numeric.failure);
    }
  } else {
    num::Evaluation closed_value = (*g.closed)(p);
    closed_value.value = with_planted_error(closed_value.value, g.options);  // (a test's negative control)
    judge_closed_vs_numeric(r, closed_value, outcome, g.digits);
    CertifiedOutcome balls;
    if (!g.closed_ball) {
      balls.failure = g.closed_ball_failure;
    } else if (!numeric.certified || !numeric.certified->ok) {
      balls.failure = numeric.certified ? numeric.certified->failure : "no certified route";
    } else {
      balls.closed = with_planted_error(closed_form_ball(*g.closed_ball, {p[0], p[1]}, g.digits), g.options,
                                        num::bits_for_digits(2.0 * g.digits + 20));
      balls.numeric = numeric.certified->S;
    }
    certify_closed_vs_numeric(r, balls, g.digits, "the defining integrals (acb_calc_integrate)");
    if (r.verdict != Verdict::Agree) add_library_witness(r, g.route, p, g.digits, witnesses, witness_budget, witness_scope);
  }
  return r;
}

// The grid check at the grid points with the given indices (ascending): the quadrature route
// on every core first (identical values at any thread count), then the closed form and the
// verdicts in order. `numerics` receives the numeric route's value at each index.
std::vector<CheckRecord> check_grid_points(const KernelGrid& g, const std::vector<std::size_t>& indices,
                                           std::map<std::size_t, NumericS>& numerics, const Progress& progress) {
  const Spec& spec = g.spec;
  const std::string points =
      indices.size() == spec.grid.size() ? fmt::format("{} grid points", spec.grid.size())
                                         : fmt::format("{} of its {} grid points", indices.size(), spec.grid.size());
  progress(fmt::format("[{}] quadrature and certified routes on {}", spec.name, points));
  // where S does not exist under the law (a diverging moment, 0/0) no route runs
  std::vector<SExistence> exists;
  std::vector<GridPoint> computable;
  for (const std::size_t k : indices) {
    exists.push_back(g.route.existence(spec.grid[k]));
    if (exists.back().state == SExistence::State::Exists) computable.push_back(spec.grid[k]);
  }
  ProgressMeter quadrature_meter(progress, fmt::format("[{}] quadrature", spec.name), "grid points", computable.size());
  const std::vector<NumericS> computed = g.route.evaluate_grid(
      computable, g.options.threads, KernelRoute::Rules::Main, [&](std::size_t done) { quadrature_meter.update(done); });
  for (std::size_t j = 0, next = 0; j < indices.size(); ++j) {
    NumericS& numeric = numerics[indices[j]];
    if (exists[j].state == SExistence::State::Exists)
      numeric = computed[next++];
    else
      numeric.failure = exists[j].reason;
  }
  // without a closed form the values are certified by balls alone (the progress says so)
  const std::string step = g.derived ? "closed form vs quadrature" : "certifying the quadrature values";
  progress(fmt::format("[{}] {} on {}", spec.name, step, points));
  ProgressMeter closed_meter(progress, fmt::format("[{}] {}", spec.name, step), "grid points", indices.size());
  const std::size_t blocks = grid_block_count(spec.grid.size());
  std::vector<CheckRecord> out;
  // the current block, the Boost.Math witnesses run in it so far, and its name in a record without one
  std::size_t block = 0, witnesses = 0;
  std::string scope;
  for (std::size_t j = 0; j < indices.size(); ++j) {
    closed_meter.update(j);
    const std::size_t k = indices[j];
    if (j == 0 || k / kGridBlockPoints != block) {
      block = k / kGridBlockPoints;
      witnesses = 0;
      const auto range = grid_block_range(block, spec.grid.size());
      scope = blocks == 1 ? "of this variant"
                          : fmt::format("of its block of grid points (points {} to {} in grid order)",
                                        range.first + 1, range.second);
    }
    out.push_back(
        check_grid_point(g, spec.grid[k], exists[j], numerics.at(k), witnesses, witnesses_per_block(blocks), scope));
  }
  return out;
}

// The grid figure's marks: the numeric route's S at the grid points with beta in {-2, ..., 2},
// one series per beta, from the grid records (their "numeric" values) in grid order.
void mark_kernel_grid(VariantResult& result) {
  std::map<std::string, Curve> marks;
  const std::vector<std::string> symbols = result.spec.kind->claim_symbols();  // beta, gamma
  for (const CheckRecord& r : result.records) {
    if (r.check != CheckKind::ClosedVsQuadrature) continue;
    const std::optional<GridPoint> p = exact_grid_point(r.point, symbols);
    const auto numeric = std::find_if(r.values.begin(), r.values.end(),
                                      [](const auto& v) { return v.first == "numeric"; });
    if (!p || numeric == r.values.end() || !(*p)[0].is_integer() || (*p)[0] < -2 || (*p)[0] > 2) continue;
    // a run writes finite values; a shard's record that holds no finite number is left unmarked
    const double value = std::strtod(numeric->second.c_str(), nullptr);
    if (!std::isfinite(value)) continue;
    Curve& mark = marks[exact_text((*p)[0])];
    mark.label = "$\\beta=" + exact_text((*p)[0]) + "$";
    mark.points.emplace_back((*p)[1].to_double(), value);
  }
  result.grid_figure.marks.clear();
  for (auto& [key, mark] : marks) result.grid_figure.marks.push_back(std::move(mark));
}

class KernelGridDealing final : public GridDealing {
 public:
  std::vector<CheckRecord> check_grid_block(const Spec& spec, const RunOptions& options, const Progress& progress,
                                            std::size_t block) const override {
    const sym::KernelDerivation d = kernel_derivation_under(spec);
    const KernelGrid g(spec, options, d, score_law(spec));
    const auto [first, last] = grid_block_range(block, spec.grid.size());
    std::vector<std::size_t> indices;
    for (std::size_t k = first; k < last; ++k) indices.push_back(k);
    std::map<std::size_t, NumericS> numerics;
    return check_grid_points(g, indices, numerics, progress);
  }
  void mark_grid_figure(VariantResult& result) const override { mark_kernel_grid(result); }
};

}  // namespace

const GridDealing& kernel_grid_dealing() {
  static const KernelGridDealing dealing;
  return dealing;
}

PropertyTarget kernel_property_target(const Spec& spec, unsigned digits) {
  const sym::KernelDerivation d = kernel_derivation_under(spec);
  return property_target(spec, d, closed_form_use(spec, d), digits);
}

VariantResult check_kernel_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const unsigned digits = options.digits;
  VariantResult result;
  result.spec = spec;
  progress(fmt::format("[{}] deriving S for f(x) = {}", spec.name, spec.definition_text));
  const std::shared_ptr<const num::ScoreDistribution> law = score_law(spec);
  const sym::KernelDerivation d = kernel_derivation_under(spec);
  const bool derived = d.status == sym::KernelDerivation::Status::Derived;
  result.status = derived ? ClosedFormStatus::Derived : ClosedFormStatus::NoClosedForm;
  result.reason = d.reason;
  if (derived) {
    result.S = d.S;
    result.forms = {{"\\mathbb{E}|f(X)|", d.mean_abs}, {"\\mathbb{E} f(X)^2", d.mean_square}, {"S", d.S}};
  }

  const KernelGrid g(spec, options, d, law);
  const KernelRoute& route = g.route;
  const num::AdaptiveEvaluator* closed = g.closed.get();

  // the grid blocks this run checks: every block, or a shard's share of a dealt grid
  std::vector<std::size_t> indices;
  for (std::size_t b = 0; b < grid_block_count(spec.grid.size()); ++b) {
    if (options.checks_grid_block && !options.checks_grid_block(b)) continue;
    const auto [first, last] = grid_block_range(b, spec.grid.size());
    for (std::size_t k = first; k < last; ++k) indices.push_back(k);
  }
  std::map<std::size_t, NumericS> numerics;  // the numeric route at the grid points checked here, by index
  for (CheckRecord& r : check_grid_points(g, indices, numerics, progress)) result.records.push_back(std::move(r));
  mark_kernel_grid(result);
  kernel_curves(d, route, result, digits);

  const NumericWitness witness = [&](const GridPoint& p) -> std::optional<std::pair<Real, double>> {
    const NumericS n = route(p);
    if (!n.ok) return std::nullopt;
    return std::make_pair(n.S, n.error_digits);
  };
  // the certified ball of S, the grid's where the point is a grid point (computed above, or
  // computed here as on the grid where another shard checks its block), else the main route
  // certified there as on the grid (Arb uncapped)
  std::map<GridPoint, std::size_t> grid_index;
  for (std::size_t k = 0; k < spec.grid.size(); ++k) grid_index.emplace(spec.grid[k], k);
  const CertifiedWitness certified_witness = [&](const GridPoint& p) {
    if (const auto at = grid_index.find(p); at != grid_index.end()) {
      auto here = numerics.find(at->second);
      if (here == numerics.end()) here = numerics.emplace(at->second, grid_numeric(g, p)).first;
      if (here->second.certified) return certified_value_of(here->second);
    }
    return certified_value_of(route.certified(p));
  };
  run_sampled_checks(spec, closed, route, options, result, progress);
  if (!law->is_normal()) result.figures.push_back(law_comparison_figure(d, law, digits));
  // E f(X)^2, E|f(X)| and so S are positive wherever S is defined: facts a sign proof may divide by, and that resolve |S| = S
  ClaimReference reference{d.S, std::nullopt, {d.mean_square, d.mean_abs, d.S}, {}};
  reference.certified_integral = [&route](const GridPoint& p) -> std::optional<num::Ball> {
    const CertifiedS c = route.certify(p, route(p));
    if (!c.ok) return std::nullopt;
    return c.S;
  };
  // A claim is proved against the derived S on the claims' domain (Kind::claim_geometry), and
  // the counterexample search evaluates S across it. Under another law S may exist on part of
  // beta in R, gamma > 0 only (exp under Laplace: gamma < 1/sqrt2), and outside that part the
  // derived formula means nothing: there the domain is that region when it is known, and the
  // claims are judged against the numeric route alone when it is not (closed_form_use).
  const ClosedFormUse use = closed_form_use(spec, d);
  check_claims(spec, use.claims ? &reference : nullptr, use.claims ? "" : use.reason, digits,
               options.seed_for(std::nullopt), witness, certified_witness, result.records, progress);
  check_properties(spec, property_target(spec, d, use, digits), options, result, progress);
  return result;
}

}  // namespace attnverify
