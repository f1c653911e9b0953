#include "src/kinds/feature_map/feature_map_kind.hpp"

#include <algorithm>

#include "proofs/derivation_cache.hpp"
#include "proofs/feature_moments.hpp"
#include "proofs/heat_equation_certificate.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/derivation_summary.hpp"
#include "src/report/latex_escape.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/spec_reading.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/claim_points.hpp"

namespace attnverify {

using GiNaC::numeric;

bool has_phi(const Spec& spec) { return !spec.definition_text.empty(); }

bool PhiCase::iid() const {
  for (std::size_t k = 1; k < mu.size(); ++k)
    if (mu[k] != mu[0] || sigma[k] != sigma[0]) return false;
  return true;
}

namespace {

// Non-negative linear attention from the moments of k~ (proofs/linear_attention.hpp): E a and
// E a^2 by linearity of expectation and the definitions of mean and covariance, S by its
// definition (a >= 0, so E|a| = E a), and the iid and signal-to-noise forms by substitution.
std::vector<std::pair<std::string, sym::DerivationCertificate>> linear_attention_certificates(
    const sym::LinearAttentionDerivation& linear) {
  const auto& s = sym::symbols();
  sym::DerivationCertificate mean = sym::certify_identity(linear.mean, s.qmu, "E a = q~'mu~");
  sym::DerivationCertificate second = sym::certify_identity(linear.second_moment, s.qSq + GiNaC::pow(s.qmu, 2),
                                                            "E a^2 = q~'Sigma~q~ + (q~'mu~)^2");
  mean.method = second.method = "definition";
  return {{"E a", mean},
          {"E a^2", second},
          {"S", sym::certify_identity(linear.S_general, linear.mean / GiNaC::sqrt(linear.second_moment),
                                      "S = E a / sqrt(E a^2)")},
          {"S (iid components)", sym::certify_identity(linear.S_iid, linear.S_general.subs(linear.iid_substitution),
                                            "S with q~'mu~ = mu ||q~||_1 and q~'Sigma~q~ = sigma^2 ||q~||_2^2")},
          {"S (signal-to-noise form)", sym::certify_identity(linear.S_snr,
                                               linear.S_iid.subs(GiNaC::lst{s.mu == s.snr * s.sigma, s.q2 == s.r * s.q1}),
                                               "S with mu = rho sigma and ||q~||_2 = r ||q~||_1")}};
}

// feature_map with phi: [[grid.cases]] with d (optional when a list fixes it), q, mu
// and sigma (> 0), each a number, a list or a range (read_components).
void read_phi_cases(const Spec& spec, TomlReader& grid, FeatureMapData& data) {
  const toml::array* cases = grid.optional_array("cases");
  if (!cases || cases->empty()) grid.fail("cases", "missing: give [[grid.cases]] tables with q, mu and sigma (and d)");
  for (std::size_t k = 0; k < cases->size(); ++k) {
    const toml::node& node = (*cases)[k];
    const std::string prefix = "grid.cases[" + std::to_string(k) + "]";
    if (!node.is_table()) throw SpecError(spec.file, line_of(node), prefix, "expected a table with d, q, mu and sigma");
    TomlReader reader(*node.as_table(), spec.file, prefix, line_of(node));
    std::size_t d = 0;
    if (const auto given = reader.optional_integer("d")) {
      if (*given < 1 || *given > static_cast<long>(kMaxSamplingDimension))
        reader.fail("d", "must be between 1 and " + std::to_string(kMaxSamplingDimension));
      d = static_cast<std::size_t>(*given);
    } else {
      for (const char* key : {"q", "mu", "sigma"}) {
        const toml::node* n = reader.optional_node(key);
        if (n && n->is_array()) d = n->as_array()->size();
      }
      if (d == 0) reader.fail("d", "missing: give d, or a list for q, mu or sigma");
    }
    PhiCase c;
    c.q = read_components(reader, "q", d);
    c.mu = read_components(reader, "mu", d);
    c.sigma = read_components(reader, "sigma", d);
    for (const numeric& s : c.sigma)
      if (!s.is_positive()) reader.fail("sigma", "every standard deviation must be > 0 (found " + exact_text(s) + ")");
    reader.finish();
    data.phi_cases.push_back(std::move(c));
  }
}

void read_moment_cases(const Spec& spec, TomlReader& grid, FeatureMapData& data) {
  const toml::array* cases = grid.optional_array("cases");
  if (!cases || cases->empty()) grid.fail("cases", "missing: give [[grid.cases]] tables with q, mu and Sigma");
  for (std::size_t k = 0; k < cases->size(); ++k) {
    const toml::node& node = (*cases)[k];
    const std::string prefix = "grid.cases[" + std::to_string(k) + "]";
    if (!node.is_table()) throw SpecError(spec.file, line_of(node), prefix, "expected a table with q, mu and Sigma");
    TomlReader reader(*node.as_table(), spec.file, prefix, line_of(node));
    sym::LinearCase c;
    const toml::node* q = reader.optional_node("q");
    const toml::node* mu = reader.optional_node("mu");
    const toml::node* Sigma = reader.optional_node("Sigma");
    if (!q) reader.fail("q", "missing (the vector q~ = phi(q), entries >= 0)");
    if (!mu) reader.fail("mu", "missing (the mean of k~, a vector or one number for every component)");
    if (!Sigma) reader.fail("Sigma", "missing (the covariance of k~, a matrix or one number c for c I)");
    c.q = read_vector(*q, spec.file, reader.path("q"), true);
    const std::size_t d = c.q.size();
    if (std::all_of(c.q.begin(), c.q.end(), [](const numeric& v) { return v.is_zero(); }))
      reader.fail("q", "q~ is all zero (S is 0/0)");
    c.mu = read_vector(*mu, spec.file, reader.path("mu"), true, d);
    if (c.mu.size() != d)
      reader.fail("mu", "has " + std::to_string(c.mu.size()) + " entries but q has " + std::to_string(d));
    if (Sigma->is_array()) {
      const toml::array& rows = *Sigma->as_array();
      if (rows.size() != d) reader.fail("Sigma", "must be " + std::to_string(d) + " x " + std::to_string(d));
      for (std::size_t i = 0; i < d; ++i) {
        c.Sigma.push_back(read_vector(rows[i], spec.file, reader.path("Sigma") + "[" + std::to_string(i) + "]", false));
        if (c.Sigma.back().size() != d)
          reader.fail("Sigma", "must be " + std::to_string(d) + " x " + std::to_string(d), &rows[i]);
      }
    } else {
      const numeric v = read_exact_number(*Sigma, spec.file, reader.path("Sigma"));
      c.Sigma.assign(d, std::vector<numeric>(d, numeric(0)));
      for (std::size_t i = 0; i < d; ++i) c.Sigma[i][i] = v;
    }
    for (std::size_t i = 0; i < d; ++i) {
      if (c.Sigma[i][i].is_negative()) reader.fail("Sigma", "a variance (diagonal entry) is negative");
      for (std::size_t j = 0; j < i; ++j)
        if (c.Sigma[i][j] != c.Sigma[j][i]) reader.fail("Sigma", "is not symmetric");
    }
    const auto m = sym::linear_case_moments(c);
    if (!m.mean.is_positive()) reader.fail("mu", "q~ . mu~ must be > 0 (S is 0/0 or undefined)");
    if (m.qSq.is_negative()) reader.fail("Sigma", "q~^T Sigma~ q~ < 0: Sigma is not a covariance");
    reader.finish();
    data.cases.push_back(std::move(c));
  }
}


class FeatureMapKind final : public Kind {
 public:
  std::string name() const override { return "feature_map"; }
  std::vector<std::string> claim_symbols() const override { return {"qmu", "qSq", "q1", "q2", "mu", "sigma"}; }
  std::vector<std::string> property_symbols() const override { return {"snr", "r"}; }

  void read_definition(TomlReader& variant, Spec& spec) const override {
    if (const auto phi = variant.optional_string("phi", Text::Expression)) {
      spec.definition_text = *phi;
      const sym::ParsedExpression parsed =
          parse_with_conditions_at(variant, "phi", spec.definition_text, {"x"}, spec.constants);
      spec.definition = parsed.value;
      refuse_too_many_kinks(variant, "phi", spec.definition);
      refuse_complex_definition(variant, "phi", spec.definition);
      refuse_zero_definition(variant, "phi", spec.definition);
      refuse_undefined_definition(variant, "phi", parsed.conditions, "the keys' components are Gaussian");
    }
  }

  void read_tables(TomlReader& root, Spec& spec) const override {
    TomlReader grid = grid_table(root, spec);
    auto data = std::make_shared<FeatureMapData>();
    has_phi(spec) ? read_phi_cases(spec, grid, *data) : read_moment_cases(spec, grid, *data);
    grid.finish();
    spec.kind_data = data;
    if (has_phi(spec)) {
      std::vector<unsigned> dimensions;
      for (const PhiCase& c : data->phi_cases) dimensions.push_back(static_cast<unsigned>(c.q.size()));
      read_case_sampling(spec, root, dimensions);  // the cases fix q, mu, sigma and d: only n and the seed
    } else {
      refuse_sampling(root);
    }
  }

  void read_claim(TomlReader& table, const Spec& spec, Claim& claim) const override {
    read_expression_claim(table, spec, claim);
  }

  DerivationSummary derive(const Spec& spec) const override {
    DerivationSummary out;
    const sym::LinearAttentionDerivation linear = sym::derive_linear_attention();
    out.S = linear.S_general;
    if (!has_phi(spec)) {
      out.derived = true;
      out.forms = {{"E a (in q~.mu~ = qmu)", linear.mean},
                   {"E a^2 (qSq = q~' Sigma~ q~)", linear.second_moment},
                   {"S", linear.S_general},
                   {"S (iid components: mu, sigma, q1 = ||q~||_1, q2 = ||q~||_2)", linear.S_iid},
                 {"S (rho = mu/sigma, r = q2/q1)", linear.S_snr}};
      out.certificate = sym::combine_certificates(linear_attention_certificates(linear));
      return out;
    }
    const sym::FeatureMoments& m = sym::cached_feature_moments(spec.definition);
    out.derived = m.derived;
    out.reason = m.reason;
    if (out.derived)
      out.forms = {{"E phi(X)", m.mean},
                   {"E phi(X)^2", m.mean_square},
                   {"Var phi(X)", m.variance},
                   {"S of a~ = phi(q).phi(k) (qmu, qSq from the moments above)", linear.S_general},
                   {"S (iid components: mu, sigma, q1 = ||q~||_1, q2 = ||q~||_2)", linear.S_iid}};
    if (out.derived) {
      std::vector<std::pair<std::string, sym::DerivationCertificate>> parts{
          {"E phi(X)", sym::certify_gaussian_expectation(m.mean, spec.definition)},
          {"E phi(X)^2", sym::certify_gaussian_expectation(m.mean_square, GiNaC::pow(spec.definition, 2))},
          {"Var phi(X)", sym::certify_identity(m.variance, m.mean_square - GiNaC::pow(m.mean, 2),
                                               "Var phi(X) = E phi(X)^2 - (E phi(X))^2")}};
      for (auto& part : linear_attention_certificates(linear)) parts.push_back(std::move(part));
      out.certificate = sym::combine_certificates(parts);
    }
    return out;
  }

  VariantResult check(const Spec& spec, const RunOptions& options, const Progress& progress) const override {
    return has_phi(spec) ? check_phi_feature_map_variant(spec, options, progress)
                         : check_feature_map_variant(spec, options, progress);
  }

  // the spec's cases, each with the invariants qmu, qSq, q1, q2 (and mu, sigma when iid)
  ClaimDomain claim_domain(const Spec& spec, unsigned long) const override {
    ClaimDomain domain;
    if (has_phi(spec)) {
      const sym::FeatureMoments& moments = sym::cached_feature_moments(spec.definition);
      if (!moments.derived) return domain;  // no invariants in closed form: no claim points
      const std::vector<PhiCase>& cases = kind_data<FeatureMapData>(spec).phi_cases;
      for (std::size_t k = 0; k < cases.size(); ++k) {
        const PhiCase& c = cases[k];
        ClaimPoint p;
        p.where = phi_case_description(c, k);
        p.substitution = sym::feature_case(moments, c.q, c.mu, c.sigma).substitution;
        p.index = k;
        domain.points.push_back(std::move(p));
      }
      if (!domain.points.empty()) domain.reference = domain.points.front();
      domain.description = std::to_string(domain.points.size()) + " cases of the spec";
      return domain;
    }
    const std::vector<sym::LinearCase>& cases = kind_data<FeatureMapData>(spec).cases;
    for (std::size_t k = 0; k < cases.size(); ++k) {
      const auto m = sym::linear_case_moments(cases[k]);
      ClaimPoint p;
      p.where = {{"case", std::to_string(k + 1)},
                 {"q", vector_text(cases[k].q)},
                 {"mu", vector_text(cases[k].mu)},
                 {"Sigma", matrix_text(cases[k].Sigma)}};
      p.substitution = m.substitution();
      p.index = k;
      domain.points.push_back(std::move(p));
    }
    if (!domain.points.empty()) domain.reference = domain.points.front();
    domain.description = std::to_string(domain.points.size()) + " cases of the spec";
    return domain;
  }

  // q~.mu~ > 0 (validated per case, and for iid components q~.mu~ = mu ||q~||_1, so mu > 0),
  // q~^T Sigma~ q~ >= 0, norms of a non-zero q~ > 0, the iid standard deviation >= 0
  ClaimGeometry claim_geometry(const Spec&, bool) const override {
    const auto& s = sym::symbols();
    const sym::Range positive{0, HUGE_VAL, true, true}, nonnegative{0, HUGE_VAL, false, true};
    ClaimGeometry g;
    g.domain.variables = {{s.qmu, positive, false, {}}, {s.qSq, nonnegative, false, {}},
                          {s.q1, positive, false, {}},  {s.q2, positive, false, {}},
                          {s.mu, positive, false, {}},  {s.sigma, nonnegative, false, {}}};
    g.domain.description =
        "the invariants of non-negative linear attention (q~.mu~ > 0, q~^T Sigma~ q~ >= 0, ||q~|| > 0, and for iid "
        "components mu~ > 0, sigma~ >= 0, the mean and standard deviation of each feature phi(k_i); ||q~||_2 <= "
        "||q~||_1)";
    g.domain.nonnegative_facts = {s.q1 - s.q2};  // ||q~||_2 <= ||q~||_1
    g.domain.connected = true;
    // S(snr, r) of the properties (Su2023 eq. 9, iid components): snr = mu~/sigma~ > 0 (mu~ > 0
    // for a non-negative phi, sigma~ >= 0), r = ||q~||_2/||q~||_1 in [1/sqrt(d), 1]
    sym::ParameterDomain properties;
    // (samples: where the root finder of proofs/definedness.hpp fixes one while it solves for
    // the other, so that the zeros of r - 1/3 or snr - sqrt(2) in a bound are found)
    properties.variables = {
        {s.snr, positive, false, {numeric(1, 2), 1, 2, numeric(1, 10), 10}},
        {s.r, sym::Range{0, 1, true, false}, false, {numeric(1, 2), 1, numeric(1, 10)}}};
    properties.description = "snr = mu~/sigma~ > 0 and r = ||q~||_2/||q~||_1 in (0, 1] (r >= 1/sqrt(d))";
    g.property_domain = properties;
    g.property_region = num::SearchRegion{{{"snr", 1e-6, 1e8, num::AxisScale::Log10, false},
                                           {"r", 1e-3, 1, num::AxisScale::Linear, false}}};
    return g;
  }

  NumericRoute numeric_route(const Spec& spec) const override {
    return has_phi(spec) ? NumericRoute::Quadrature : NumericRoute::DirectComputation;
  }

  // moments at an exact (mu, sigma) of the grid; cases (direct and sampled checks) by name first
  std::string record_point_problem(const CheckRecord& r) const override {
    if (r.check == CheckKind::ClosedVsQuadrature) {
      NamedValues grid(r.point.begin(), r.point.begin() + std::min<std::size_t>(2, r.point.size()));
      const std::string names = point_shape_problem(r.point, {"mu", "sigma", "moment"}, false);
      return names.empty() ? point_shape_problem(grid, {"mu", "sigma"}, true) : names;
    }
    if ((r.check == CheckKind::ClosedVsDirect || r.check == CheckKind::Sampled) &&
        (r.point.empty() || r.point.front().first != "case"))
      return "does not start with the case";
    return "";
  }

  // as src/kinds/feature_map/phi_feature_map_checks.cpp sets them: moments without a closed form
  // are no tests; a sampled check needs a CLT skewness within the threshold (phi's moments of
  // every order exist under the Gaussian keys wherever the run computes them)
  std::function<Verdict(const CheckRecord&)> record_expectation(const Spec& spec) const override {
    const bool derived = !has_phi(spec) || sym::cached_feature_moments(spec.definition).derived;
    return [derived](const CheckRecord& r) {
      if (r.check == CheckKind::ClosedVsQuadrature && !derived) return Verdict::NotApplicable;
      if (r.check == CheckKind::Sampled) return sampled_expectation(r, true);
      return Verdict::Agree;
    };
  }

  std::string sampled_population(const Spec& spec) const override {
    return has_phi(spec) ? "real d-dimensional attention weights a_j = phi(q).phi(k_j) (Gaussian keys)" : "";
  }

  // the keys k_j ~ N(mu, sigma^2 I) of Su2023 eq. 8-9
  std::string symbolic_parameter_problem(const Spec&) const override {
    return "is derived for kernel variants only (this is a feature-map variant)";
  }
  std::string score_law_name(const Spec&) const override { return "normal"; }

  CheckRecord recheck_property(const Spec& spec, const Property& property, const RunOptions& options) const override {
    return check_property(spec, property, feature_map_property_target(), options);
  }

  GiNaC::ex claim_reference(const Spec&, const Claim& claim, const GiNaC::ex& S) const override {
    const auto& s = sym::symbols();
    return claim.S.has(s.mu) || claim.S.has(s.sigma) ? sym::derive_linear_attention().S_iid : S;
  }
  const GridDealing* grid_dealing() const override { return nullptr; }  // a few cases

  // as check_feature_map_claims judges: a claim in mu, sigma against S for iid components
  // at the iid cases, any other against S at every case
  std::optional<JudgedClaim> judged_claim(const Spec& spec, const Claim& claim, const NamedValues& point,
                                          unsigned long seed) const override {
    if (has_phi(spec) && !sym::cached_feature_moments(spec.definition).derived) return std::nullopt;
    const auto& s = sym::symbols();
    const bool uses_mu_sigma = claim.S.has(s.mu) || claim.S.has(s.sigma);
    const ClaimDomain cases = claim_domain(spec, seed);
    const ClaimDomain domain = uses_mu_sigma ? iid_cases(spec, cases) : cases;
    const ClaimPoint* p = find_claim_point(domain, point);
    if (!p) return std::nullopt;
    const sym::LinearAttentionDerivation linear = sym::derive_linear_attention();
    return JudgedClaim{claim.S.subs(p->substitution),
                       (uses_mu_sigma ? linear.S_iid : linear.S_general).subs(p->substitution)};
  }

  std::string defined_symbol(const Spec& spec) const override { return has_phi(spec) ? "\\phi(x)" : ""; }

  std::vector<ReportSection> report_sections(const Spec&) const override {
    return {ReportSection::Derivation, ReportSection::Grid, ReportSection::Sampled, ReportSection::TablesAndFigures,
            ReportSection::Claims};
  }
  std::string report_intro(const Spec& spec) const override {
    if (has_phi(spec))
      return "Non-negative linear attention $a_j = \\phi(q)\\cdot\\phi(k_j)$ with $\\phi(x) = " +
             sym::to_latex(spec.definition) + "$ (spec: \\texttt{" + latex_escape(spec.definition_text) +
             "}) applied componentwise, and keys $k\\sim\\mathcal N(\\mu,\\operatorname{diag}\\sigma^2)$ in $d$ "
             "dimensions. "
             "The mean $\\tilde\\mu$ and covariance $\\tilde\\Sigma$ of $\\phi(k)$ are derived from $\\phi$ and "
             "checked "
             "against quadrature of each moment; $S$ (eq.~8) is checked against $S$ from the quadrature moments at "
             "every case, "
             "and against Monte Carlo over real $q$ and keys.\n\n";
    return "Non-negative linear attention $a_j = \\tilde q\\cdot\\tilde k_j$ with $\\tilde q, \\tilde k \\ge 0$; the "
           "law of "
           "$\\tilde k$ enters through its mean $\\tilde\\mu$ and covariance $\\tilde\\Sigma$, given at explicit "
           "cases. "
           "The direct route computes $\\mathbb{E}a$ and $\\mathbb{E}a^2$ from the vectors in exact rational arithmetic; "
           "$S$ from them and the closed form are then enclosed in Arb balls, and a case where the balls decide the "
           "comparison is certified (the grid below says how many).\n\n";
  }
};

}  // namespace

std::shared_ptr<const Kind> feature_map_kind() { return std::make_shared<FeatureMapKind>(); }

NamedValues phi_case_description(const PhiCase& c, std::size_t index) {
  return {{"case", std::to_string(index + 1)},
          {"d", std::to_string(c.q.size())},
          {"q", components_text(c.q)},
          {"mu", components_text(c.mu)},
          {"sigma", components_text(c.sigma)}};
}

ClaimDomain iid_cases(const Spec& spec, const ClaimDomain& cases) {
  ClaimDomain domain;
  domain.symbols = cases.symbols;
  for (const ClaimPoint& p : cases.points) {
    const FeatureMapData& data = kind_data<FeatureMapData>(spec);
    const bool iid =
        has_phi(spec) ? data.phi_cases[p.index].iid() : sym::linear_case_moments(data.cases[p.index]).iid;
    if (iid) domain.points.push_back(p);
  }
  if (!domain.points.empty()) domain.reference = domain.points.front();
  domain.description = std::to_string(domain.points.size()) + " iid cases of the spec";
  return domain;
}

}  // namespace attnverify
