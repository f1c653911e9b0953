#include "src/kinds/kernel/kernel_kind.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "proofs/derivation_cache.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/derivation_summary.hpp"
#include "src/report/latex_escape.hpp"
#include "src/spec/exact_text.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "src/spec/spec_error.hpp"
#include "src/spec/spec_reading.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/claim_points.hpp"

namespace attnverify {

using GiNaC::numeric;

namespace {

/// The counterexample search box of kernel claims (docs/spec-format.md, "How claims
/// are judged").
constexpr double kBetaBound = 50, kGammaLow = 1e-3, kGammaHigh = 100;

std::string gamma_problem(std::size_t index, const numeric& value) {
  if (index == 1 && !value.is_positive()) return "gamma must be > 0 (found " + exact_text(value) + ")";
  return "";
}

class KernelKind final : public Kind {
 public:
  explicit KernelKind(num::ScoreDistributionRegistry laws) : laws_(std::move(laws)) {}
  std::string name() const override { return "kernel"; }
  std::vector<std::string> claim_symbols() const override { return {"beta", "gamma"}; }
  std::vector<std::string> property_symbols() const override { return claim_symbols(); }

  void read_definition(TomlReader& variant, Spec& spec) const override {
    spec.definition_text = variant.required_string("f", Text::Expression);
    // with the conditions recorded while reading: f = x/x is undefined at 0 though GiNaC reads 1
    const sym::ParsedExpression parsed = parse_with_conditions_at(variant, "f", spec.definition_text, {"x"}, spec.constants);
    spec.definition = parsed.value;
    refuse_too_many_kinks(variant, "f", spec.definition);
    refuse_complex_definition(variant, "f", spec.definition);
    refuse_zero_definition(variant, "f", spec.definition);
    // under every score law (the uniform's bounded support too) X = beta + gamma eps takes every real value
    refuse_undefined_definition(variant, "f", parsed.conditions,
                                "the score X = beta + gamma eps takes every real value as beta ranges over R",
                                spec.symbolic);
    auto data = std::make_shared<KernelData>();
    const std::string law = variant.optional_string("distribution").value_or("normal");
    std::optional<GiNaC::numeric> nu;
    if (const toml::node* node = variant.optional_node("nu")) nu = read_exact_number(*node, variant.file(), variant.path("nu"));
    // an error about a given nu names nu's line; one without nu (nu missing), distribution's
    const std::size_t line = variant.line_of(nu || !variant.optional_node("distribution") ? "nu" : "distribution");
    try {
      data->law = laws_.make(law, nu);
    } catch (const std::invalid_argument& e) {
      throw SpecError(variant.file(), line, variant.path(nu ? "nu" : "distribution"), e.what());
    }
    if (!data->law) {
      std::string known;
      for (const auto& n : laws_.names()) known += (known.empty() ? "" : ", ") + n;
      throw SpecError(variant.file(), line, variant.path("distribution"),
                      "unknown score distribution '" + law + "' (known: " + known + ")");
    }
    spec.kind_data = data;
  }

  void read_tables(TomlReader& root, Spec& spec) const override {
    read_parameter_grid(spec, root, gamma_problem, false);
    read_kernel_sampling(spec, root, gamma_problem);
  }

  void read_claim(TomlReader& table, const Spec& spec, Claim& claim) const override {
    read_expression_claim(table, spec, claim);
  }

  DerivationSummary derive(const Spec& spec) const override {
    // signs are decided for every value of the symbolic parameters (none for most specs)
    const sym::ScopedParameterRanges parameters(spec.symbolic);
    DerivationSummary out;
    const auto law = score_law(spec);
    const sym::KernelDerivation d = kernel_derivation_under(spec);
    out.derived = d.status == sym::KernelDerivation::Status::Derived;
    out.reason = d.reason;
    if (out.derived) out.forms = {{"E|f(X)|", d.mean_abs}, {"E f(X)^2", d.mean_square}, {"S", d.S}};
    if (out.derived) {
      out.certificate = sym::combine_certificates(
          {{"E|f(X)|", law->certify_expectation(d.mean_abs, GiNaC::abs(spec.definition))},
           {"E f(X)^2", law->certify_expectation(d.mean_square, GiNaC::pow(spec.definition, 2))},
           {"S", sym::certify_identity(d.S, d.mean_abs / GiNaC::sqrt(d.mean_square), "S = E|f(X)| / sqrt(E f(X)^2)")}});
    }
    out.S = d.S;
    return out;
  }

  VariantResult check(const Spec& spec, const RunOptions& options, const Progress& progress) const override {
    return check_kernel_variant(spec, options, progress);
  }

  // 35 fixed points (beta in {-2, ..., 2}, gamma in {1/4, ..., 3}) and 16 random ones
  ClaimDomain claim_domain(const Spec& spec, unsigned long seed) const override {
    ClaimDomain domain;
    const auto& s = sym::symbols();
    std::mt19937_64 rng(seed);
    auto draw = [&](long lo, long hi) {
      return lo + static_cast<long>(rng() % static_cast<unsigned long>(hi - lo + 1));
    };
    domain.symbols = {s.beta, s.gamma};
    for (const numeric& beta :
         {numeric(-2), numeric(-1), numeric(-1, 2), numeric(0), numeric(1, 2), numeric(1), numeric(2)})
      for (const numeric& gamma : {numeric(1, 4), numeric(1, 2), numeric(1), numeric(2), numeric(3)})
        domain.points.push_back(rational_point(spec, {beta, gamma}, domain.symbols));
    for (int k = 0; k < 16; ++k) {
      const numeric beta(draw(-300, 300), 100);
      const numeric gamma(draw(25, 300), 100);
      domain.points.push_back(rational_point(spec, {beta, gamma}, domain.symbols));
    }
    domain.reference = rational_point(spec, {numeric(1, 2), numeric(1)}, domain.symbols);
    domain.description = "35 fixed and 16 random points (seed " + std::to_string(seed) + ")";
    if (const auto law = score_law(spec); !law->is_normal()) {
      // the law's own domain: only points where S exists (E f(X)^2 finite and positive)
      const KernelRoute route(kernel_derivation_under(spec), 30, law);
      // the sign reference of the squared route must be a point where S exists: the first of
      // (1/2, 1), then smaller gamma (Laplace: gamma below the bound), then beta of either sign
      domain.reference.reset();
      for (const numeric& gamma : {numeric(1), numeric(1, 4), numeric(1, 16), numeric(1, 64)})
        for (const numeric& beta : {numeric(1, 2), numeric(2), numeric(-2), numeric(10), numeric(-10)})
          if (!domain.reference && route.existence({beta, gamma}).state == SExistence::State::Exists)
            domain.reference = rational_point(spec, {beta, gamma}, domain.symbols);
      std::vector<ClaimPoint> kept;
      std::size_t dropped = 0;
      for (const ClaimPoint& point : domain.points) {
        if (point.rational && route.existence(*point.rational).state == SExistence::State::Exists)
          kept.push_back(point);
        else
          ++dropped;
      }
      // the spec's grid points where S exists join them (found in review: exp(100 x) under Laplace
      // exists only for gamma < sqrt2/200, below every fixed point, so no point was compared)
      std::size_t from_grid = 0;
      for (const GridPoint& g : spec.grid) {
        if (g.size() != 2 || route.existence(g).state != SExistence::State::Exists) continue;
        if (std::any_of(kept.begin(), kept.end(), [&](const ClaimPoint& p) { return p.rational && *p.rational == g; }))
          continue;
        kept.push_back(rational_point(spec, g, domain.symbols));
        ++from_grid;
      }
      if (!domain.reference && from_grid > 0) domain.reference = kept[kept.size() - from_grid];
      domain.points = std::move(kept);
      if (dropped > 0)
        domain.description += fmt::format(", of which the {} where S does not exist under {} scores (or is not shown "
                                          "to) are left out",
                                          dropped, law->title());
      if (from_grid > 0)
        domain.description += fmt::format(", and {} grid point{} where S exists", from_grid, from_grid == 1 ? "" : "s");
    }
    return domain;
  }

  ClaimGeometry claim_geometry(const Spec& spec, bool) const override {
    ClaimGeometry g;
    g.domain = sym::kernel_domain();
    num::SearchRegion region;
    region.axes = {{"beta", -kBetaBound, kBetaBound, num::AxisScale::SignedLog, false},
                   {"gamma", kGammaLow, kGammaHigh, num::AxisScale::Log10, false}};
    g.region = region;
    if (const auto law = score_law(spec); !law->is_normal()) {
      // where S exists under the law (exp under Laplace: gamma < 1/sqrt2), decided as the grid does
      const auto route = std::make_shared<const KernelRoute>(kernel_derivation_under(spec), 30, law);
      g.value_exists = [route](const std::vector<GiNaC::numeric>& point) {
        return point.size() == 2 && route->existence(point).state == SExistence::State::Exists;
      };
      // a known region (gamma < sqrt2/4 for exp^2's moment under Laplace) is the claims' domain
      if (const ExistenceRegion where = route->existence_region(); where.known && !where.whole_domain()) {
        g.domain = kernel_domain_where_S_exists(where, law->title());
        g.domain_is_where_value_exists = true;
      }
    }
    return g;
  }

  NumericRoute numeric_route(const Spec&) const override { return NumericRoute::Quadrature; }

  // grid and sampled checks at an exact (beta, gamma) of the grid
  std::string record_point_problem(const CheckRecord& r) const override {
    if (r.is_grid_check() || r.check == CheckKind::Sampled) return point_shape_problem(r.point, {"beta", "gamma"}, true);
    return "";
  }

  // as src/kinds/kernel/kernel_checks.cpp and src/kinds/sampled_checks.cpp set them: a grid
  // point without a closed form, or where S diverges or is 0/0 under the law, is no test; a
  // sampled check needs E f(X)^4 < inf at its gamma and a CLT skewness within the threshold
  std::function<Verdict(const CheckRecord&)> record_expectation(const Spec& spec) const override {
    const sym::KernelDerivation d = kernel_derivation_under(spec);
    const bool derived = d.status == sym::KernelDerivation::Status::Derived;
    const auto route = std::make_shared<const KernelRoute>(d, 30, score_law(spec));
    return [route, derived](const CheckRecord& r) {
      const std::optional<GridPoint> p = exact_grid_point(r.point, {"beta", "gamma"});
      if (r.is_grid_check()) {
        if (!derived) return Verdict::NotApplicable;
        const SExistence::State state = p ? route->existence(*p).state : SExistence::State::Undecided;
        return state == SExistence::State::Diverges || state == SExistence::State::ZeroOverZero
                   ? Verdict::NotApplicable
                   : Verdict::Agree;
      }
      if (r.check == CheckKind::Sampled)
        return sampled_expectation(r, p && route->moment_existence(4, (*p)[1]).state == SExistence::State::Exists);
      return Verdict::Agree;
    };
  }

  CheckRecord recheck_property(const Spec& spec, const Property& property, const RunOptions& options) const override {
    return check_property(spec, property, kernel_property_target(spec, options.digits), options);
  }

  // under another law the sampled route draws scalar scores (src/kinds/sampled_checks.cpp)
  std::string sampled_population(const Spec& spec) const override {
    const auto law = score_law(spec);
    return law->is_normal() ? "real d-dimensional attention weights (Gaussian keys q.k_j)"
                            : "scores beta + gamma eps drawn directly from " + law->title() + " (d = 1)";
  }

  // the piecewise split, the Gaussian expectations and the heat-equation certificate decide their
  // signs over the parameters' box (proofs/parameter_ranges.hpp); the other laws' certificates
  // and the existence regions have not been checked for it
  std::string symbolic_parameter_problem(const Spec& spec) const override {
    const auto law = score_law(spec);
    return law->is_normal() ? "" : "is derived under the normal score law only (this variant's is " + law->title() + ")";
  }

  std::string score_law_name(const Spec& spec) const override { return score_law(spec)->name(); }

  GiNaC::ex claim_reference(const Spec&, const Claim&, const GiNaC::ex& S) const override { return S; }
  // the quadrature at each grid point is the costly part of a large grid (10 000 points: 44 s)
  const GridDealing* grid_dealing() const override { return &kernel_grid_dealing(); }

  std::optional<JudgedClaim> judged_claim(const Spec& spec, const Claim& claim, const NamedValues& point,
                                          unsigned long) const override {
    // as kernel_checks.cpp judges: against the derived S where closed_form_use allows it (under
    // another law, on the region where S exists), else against the numeric route (no reference)
    const sym::KernelDerivation d = kernel_derivation_under(spec);
    if (!closed_form_use(spec, d).claims) return std::nullopt;
    const std::optional<GridPoint> p = exact_grid_point(point, claim_symbols());
    // a counterexample must lie in the domain the claim is judged on (gamma > 0; where S exists)
    const ClaimGeometry geometry = claim_geometry(spec, true);
    if (!p || !geometry.domain.contains(*p) || (geometry.value_exists && !geometry.value_exists(*p)))
      return std::nullopt;
    const auto& s = sym::symbols();
    const GiNaC::exmap at{{s.beta, (*p)[0]}, {s.gamma, (*p)[1]}};
    return JudgedClaim{claim.S.subs(at), d.S.subs(at)};
  }

  std::string defined_symbol(const Spec&) const override { return "f(x)"; }

  std::vector<ReportSection> report_sections(const Spec&) const override {
    return {ReportSection::Derivation, ReportSection::Grid,   ReportSection::DigitsMap,
            ReportSection::Sampled,    ReportSection::TablesAndFigures, ReportSection::Claims};
  }
  std::string report_intro(const Spec& spec) const override {
    const auto law = score_law(spec);
    std::string out = "Kernel variant $a_j \\propto f(q\\cdot k_j)$ with $f(x) = " + sym::to_latex(spec.definition) +
                      "$ (spec: \\texttt{" + latex_escape(spec.definition_text) +
                      "}); $X = \\beta + \\gamma\\varepsilon$, $\\varepsilon\\sim " + law->latex() +
                      "$, $S(\\beta,\\gamma) = \\mathbb{E}|f(X)|/\\sqrt{\\mathbb{E} f(X)^2}$.";
    if (!law->is_normal())
      out += " The score law is " + law->title() + " with mean 0 and variance 1 ($" + law->density_latex() +
             "$), so $\\beta$ is the mean and $\\gamma$ the standard deviation of the score. $S$ exists where "
             "$\\mathbb{E} f(X)^2$ is finite and positive; where it is not, the checks say so and give no value. "
             "Scores are sampled directly as $\\beta + \\gamma\\varepsilon$: $q\\cdot k$ with i.i.d. "
             "non-Gaussian key components tends to a Gaussian as $d$ grows, so keys in $d$ dimensions would not keep "
             "the law.";
    return out + "\n\n";
  }

 private:
  num::ScoreDistributionRegistry laws_;
};

}  // namespace

std::shared_ptr<const Kind> kernel_kind(const num::ScoreDistributionRegistry& laws) {
  return std::make_shared<KernelKind>(laws);
}

std::shared_ptr<const num::ScoreDistribution> score_law(const Spec& spec) {
  const std::shared_ptr<const num::ScoreDistribution>& law = kind_data<KernelData>(spec).law;
  return law ? law : num::normal_distribution();
}

sym::ParameterDomain kernel_domain_where_S_exists(const ExistenceRegion& region, const std::string& law_title) {
  const auto& s = sym::symbols();
  sym::ParameterDomain d = sym::kernel_domain();
  std::vector<GiNaC::ex> conditions = region.half_planes;
  if (region.gamma_below) {
    // gamma < b, and (gamma > 0) gamma^2 < b^2: the square's form is free of b's root
    // (1 - 2 gamma^2 over 1/2 - gamma^2 for b = sqrt2/2), the linear one divides 2 gamma - sqrt2
    conditions.push_back(*region.gamma_below - s.gamma);
    conditions.push_back(GiNaC::expand(GiNaC::pow(*region.gamma_below, 2)) - GiNaC::pow(s.gamma, 2));
    sym::DomainVariable& gamma = d.variables[1];
    const GiNaC::ex bound = GiNaC::evalf(*region.gamma_below);
    double hi = GiNaC::is_a<numeric>(bound) ? GiNaC::ex_to<numeric>(bound).to_double() : HUGE_VAL;
    // rounded up twice past the 17-digit conversion: the double range contains the region
    if (std::isfinite(hi)) hi = std::nextafter(std::nextafter(hi, HUGE_VAL), HUGE_VAL);
    gamma.range.hi = hi;
    gamma.range.hi_open = true;
    std::vector<numeric> inside;
    for (const numeric& g : gamma.samples)
      if (num::exact_sign(*region.gamma_below - g).value_or(0) > 0) inside.push_back(g);
    for (numeric g(1, 8); inside.size() < 3 && g > numeric(1, 100000); g /= 4)
      if (num::exact_sign(*region.gamma_below - g).value_or(0) > 0) inside.push_back(g);
    gamma.samples = inside;
  }
  for (const GiNaC::ex& c : conditions) {
    d.positive_facts.push_back(c);
    d.positive_facts.push_back(1 / c);
  }
  d.connected = true;  // an intersection of half-planes with beta in R, gamma > 0: convex
  d.description = "beta in R, gamma > 0 where S exists under " + law_title + " scores (" + region.describe() + ")";
  return d;
}

sym::KernelDerivation kernel_derivation_under(const Spec& spec) {
  const auto law = score_law(spec);
  if (!spec.symbolic.empty()) {
    // not cached: its result holds only on these ranges (the symbols are this load's own)
    const sym::ScopedParameterRanges parameters(spec.symbolic);
    return sym::derive_kernel(spec.definition);
  }
  if (law->is_normal()) return sym::cached_kernel_derivation(spec.definition);
  return sym::cached_kernel_derivation(spec.definition, law->title(), num::symbolic_expectation(law));
}

}  // namespace attnverify
