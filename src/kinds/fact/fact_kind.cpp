#include "src/kinds/fact/fact_kind.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "src/kinds/derivation_summary.hpp"
#include "src/kinds/fact/fact_tests.hpp"
#include "src/report/latex_escape.hpp"
#include "src/spec/spec_reading.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/claim_points.hpp"

namespace attnverify {

namespace {

// [experiment] of a fact spec: trials per randomised test (1 to 1000) and the seed
void read_experiment(Spec& spec, TomlReader& root) {
  auto data = std::make_shared<FactData>();
  spec.kind_data = data;
  const toml::table* table = root.optional_table("experiment");
  if (!table) return;
  TomlReader experiment(*table, spec.file, "experiment", line_of(*table));
  if (const auto trials = experiment.optional_integer("trials")) {
    if (*trials < 1 || *trials > 1000)
      experiment.fail("trials", "must be between 1 and 1000 (found " + std::to_string(*trials) + ")");
    data->trials = static_cast<unsigned>(*trials);
  }
  if (const auto seed = experiment.optional_integer("seed")) {
    if (*seed < 0) experiment.fail("seed", "must be a non-negative integer (found " + std::to_string(*seed) + ")");
    data->seed = static_cast<unsigned long>(*seed);
  }
  experiment.finish();
}

// The built-in tests the spec's claims name, each once, in the order of the claims.
std::vector<std::string> test_names(const Spec& spec) {
  std::vector<std::string> names;
  for (const Claim& c : spec.claims)
    if (std::find(names.begin(), names.end(), c.test) == names.end()) names.push_back(c.test);
  return names;
}

class FactKind final : public Kind {
 public:
  std::string name() const override { return "fact"; }
  std::vector<std::string> claim_symbols() const override { return {}; }
  std::vector<std::string> property_symbols() const override { return {}; }

  void read_definition(TomlReader&, Spec&) const override {}  // the tests are built in

  void read_tables(TomlReader& root, Spec& spec) const override {
    read_experiment(spec, root);
    refuse_sampling(root);
  }

  // statement, test and setting in place of S
  void read_claim(TomlReader& reader, const Spec&, Claim& claim) const override {
    claim.statement = reader.required_string("statement");
    claim.test = reader.required_string("test", Text::Identifier);
    const FactTest* test = find_fact_test(claim.test);
    if (!test) {
      std::vector<std::string> names;
      for (const FactTest& t : fact_tests()) names.push_back(t.name);
      reader.fail("test", fmt::format("unknown test '{}' (tests: {})", claim.test, fmt::join(names, ", ")));
    }
    claim.setting = reader.optional_string("setting", Text::Identifier).value_or("as-stated");
    if (claim.setting != "as-stated" &&
        std::find(test->settings.begin(), test->settings.end(), claim.setting) == test->settings.end())
      reader.fail("setting",
                  fmt::format("test '{}' has no setting '{}' (settings: as-stated{}{})", claim.test, claim.setting,
                              test->settings.empty() ? "" : ", ", fmt::join(test->settings, ", ")));
  }

  DerivationSummary derive(const Spec& spec) const override {
    DerivationSummary out;
    out.applies = false;
    out.reason = fmt::format(
        "a fact spec has no closed form to derive; its claims name built-in tests ({}) that `attnverify run` computes",
        fmt::join(test_names(spec), ", "));
    return out;
  }

  VariantResult check(const Spec& spec, const RunOptions& options, const Progress& progress) const override {
    return check_fact_variant(spec, options, progress);
  }

  // claims are tests, not expressions at points
  ClaimDomain claim_domain(const Spec&, unsigned long) const override { return {}; }

  ClaimGeometry claim_geometry(const Spec&, bool) const override { return {}; }

  NumericRoute numeric_route(const Spec&) const override { return NumericRoute::None; }

  // a fact's records are its claims, each in its setting, and its properties
  std::string record_point_problem(const CheckRecord& r) const override {
    if (r.check == CheckKind::Property) return "";
    if (r.check != CheckKind::Claim) return "belongs to a check that a fact variant does not run";
    return r.point.empty() ? "" : point_shape_problem(r.point, {"setting"}, false);
  }

  CheckRecord recheck_property(const Spec& spec, const Property& property, const RunOptions& options) const override {
    return check_property(spec, property, fact_property_target(), options);
  }

  std::string sampled_population(const Spec&) const override { return ""; }  // no sampled route
  std::string symbolic_parameter_problem(const Spec&) const override {
    return "is derived for kernel variants only (this is a fact variant)";
  }
  std::string score_law_name(const Spec&) const override { return ""; }      // no scores

  // every record of a fact is a claim's or a property's (record_point_problem refuses others)
  std::function<Verdict(const CheckRecord&)> record_expectation(const Spec&) const override {
    return [](const CheckRecord&) { return Verdict::Agree; };
  }

  GiNaC::ex claim_reference(const Spec&, const Claim&, const GiNaC::ex& S) const override { return S; }
  const GridDealing* grid_dealing() const override { return nullptr; }  // no grid

  std::optional<JudgedClaim> judged_claim(const Spec&, const Claim&, const NamedValues&,
                                          unsigned long) const override {
    return std::nullopt;  // a fact's claim is a built-in test, not a formula
  }

  std::string defined_symbol(const Spec&) const override { return ""; }

  std::vector<ReportSection> report_sections(const Spec&) const override {
    return {ReportSection::ClaimTable, ReportSection::TablesAndFigures};
  }
  std::string report_intro(const Spec& spec) const override {
    std::vector<std::string> tests;
    for (const std::string& name : test_names(spec)) tests.push_back("\\texttt{" + latex_escape(name) + "}");
    return fmt::format(
        "Attention facts that are not about sparsity. Each claim runs a built-in test of attnverify ({}), in the "
        "setting the source states or in a deliberately broken setting in which the fact should fail; the verdict is "
        "computed from what the routes measured.\n\n",
        fmt::join(tests, ", "));
  }
};

}  // namespace

std::shared_ptr<const Kind> fact_kind() { return std::make_shared<FactKind>(); }

}  // namespace attnverify
