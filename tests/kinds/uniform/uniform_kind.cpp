#include "tests/kinds/uniform/uniform_kind.hpp"

#include <fmt/format.h>

#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/derivation_summary.hpp"
#include "src/kinds/direct_route.hpp"
#include "src/properties/property_checks.hpp"
#include "src/report/latex_escape.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/spec_reading.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/claim_points.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify::testing {

using GiNaC::numeric;

namespace {

class UniformKind final : public Kind {
 public:
  std::string name() const override { return "uniform"; }
  std::vector<std::string> claim_symbols() const override { return {"n"}; }
  std::vector<std::string> property_symbols() const override { return {}; }

  void read_definition(TomlReader& variant, Spec& spec) const override {
    const toml::node* c = variant.optional_node("c");
    if (!c) variant.fail("c", "missing: the common weight");
    const numeric value = read_exact_number(*c, spec.file, variant.path("c"));
    if (value.is_zero()) variant.fail("c", "must not be 0 (S = 0/0)");
    spec.definition = value;
    spec.definition_text = exact_text(value);
    auto data = std::make_shared<UniformData>();
    data->c = value;
    spec.kind_data = data;
  }

  void read_tables(TomlReader& root, Spec& spec) const override {
    TomlReader grid = grid_table(root, spec);
    for (unsigned long n : read_counts(grid, "n", 1, 1000)) spec.grid.push_back({numeric(static_cast<long>(n))});
    grid.finish();
    refuse_sampling(root);
  }

  void read_claim(TomlReader& table, const Spec& spec, Claim& claim) const override {
    read_expression_claim(table, spec, claim);
  }

  DerivationSummary derive(const Spec&) const override {
    DerivationSummary out;
    out.derived = true;
    out.forms = {{"S_n", GiNaC::ex(1)}};
    return out;
  }

  VariantResult check(const Spec& spec, const RunOptions& options, const Progress& progress) const override {
    VariantResult result;
    result.spec = spec;
    result.status = ClosedFormStatus::Derived;
    result.S = 1;
    result.forms = {{"S_n", result.S}};
    const ClaimDomain domain = claim_domain(spec, options.seed_for(std::nullopt));
    // the direct route: the moments of the n weights, summed exactly
    const DirectRoute direct = [&](std::size_t index) {
      const long n = spec.grid[index][0].to_long();
      const numeric c = kind_data<UniformData>(spec).c;
      numeric sum_abs = 0, sum_square = 0;
      for (long i = 0; i < n; ++i) {
        sum_abs += abs(c);
        sum_square += c * c;
      }
      return direct_S(sum_abs / n, sum_square / n, options.digits);
    };
    check_closed_vs_direct(spec, domain, result.S, direct, "sum |a_i| / sqrt(n sum a_i^2) of the n weights",
                           options.digits, result.records);
    for (const Claim& claim : spec.claims) {
      progress(fmt::format("[{}] claim {}", spec.name, claim.id));
      result.records.push_back(check_claim_on_domain(
          spec, claim, [](const GiNaC::ex& e) { return e; }, result.S, domain, options.digits, direct_witness(direct)));
    }
    return result;
  }

  ClaimDomain claim_domain(const Spec& spec, unsigned long) const override {
    ClaimDomain domain;
    domain.symbols = {sym::symbols().n};
    for (std::size_t k = 0; k < spec.grid.size(); ++k) {
      ClaimPoint p = rational_point(spec, spec.grid[k], domain.symbols);
      p.index = k;
      domain.points.push_back(std::move(p));
    }
    domain.reference = domain.points.front();
    domain.description = std::to_string(domain.points.size()) + " values of n";
    return domain;
  }

  ClaimGeometry claim_geometry(const Spec&, bool) const override {
    ClaimGeometry g;
    g.domain.variables = {{sym::symbols().n, {1, HUGE_VAL, false, true}, true, {}}};
    g.domain.description = "n >= 1";
    g.domain.connected = true;
    return g;
  }

  NumericRoute numeric_route(const Spec&) const override { return NumericRoute::DirectComputation; }

  std::string record_point_problem(const CheckRecord& r) const override {
    return r.is_grid_check() ? point_shape_problem(r.point, {"n"}, true) : "";
  }

  CheckRecord recheck_property(const Spec& spec, const Property& property, const RunOptions& options) const override {
    PropertyTarget target;
    target.S = 0;
    target.no_closed_form_reason = "no closed form";
    return check_property(spec, property, target, options);
  }

  std::string sampled_population(const Spec&) const override { return ""; }  // no sampled route
  std::string symbolic_parameter_problem(const Spec&) const override {
    return "is derived for kernel variants only (this is a uniform variant)";
  }
  std::string score_law_name(const Spec&) const override { return ""; }

  std::function<Verdict(const CheckRecord&)> record_expectation(const Spec&) const override {
    return [](const CheckRecord&) { return Verdict::Agree; };
  }

  GiNaC::ex claim_reference(const Spec&, const Claim&, const GiNaC::ex& S) const override { return S; }
  const GridDealing* grid_dealing() const override { return nullptr; }  // a test kind

  std::optional<JudgedClaim> judged_claim(const Spec&, const Claim&, const NamedValues&,
                                          unsigned long) const override {
    return std::nullopt;  // its claims are judged by the direct route only
  }

  std::string defined_symbol(const Spec&) const override { return ""; }

  // its closed form is one line of the opening paragraph, so no derivation section
  std::vector<ReportSection> report_sections(const Spec&) const override {
    return {ReportSection::Grid, ReportSection::Claims};
  }
  std::string report_intro(const Spec& spec) const override {
    return "Uniform attention: $n$ equal weights $a_i = " + sym::to_latex(spec.definition) + "$.\n\n";
  }
};

}  // namespace

std::shared_ptr<const Kind> uniform_kind() { return std::make_shared<UniformKind>(); }

}  // namespace attnverify::testing
