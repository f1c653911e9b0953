#include "src/kinds/measure/measure_kind.hpp"

#include <algorithm>
#include <cmath>

#include "proofs/sparsity_measure.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/derivation_summary.hpp"
#include "src/spec/spec_reading.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/claim_points.hpp"

namespace attnverify {

using GiNaC::numeric;

namespace {

// measure: vectors = [[x_1, ..., x_n], ...], not all zero
void read_vectors(const Spec& spec, TomlReader& grid, MeasureData& data) {
  const toml::array* vectors = grid.optional_array("vectors");
  if (!vectors || vectors->empty())
    grid.fail("vectors", "missing: give the vectors x at which to check, e.g. vectors = [[1, 0, 0], [1, 2, 3]]");
  for (std::size_t k = 0; k < vectors->size(); ++k) {
    const std::string key = "grid.vectors[" + std::to_string(k) + "]";
    std::vector<numeric> x = read_vector((*vectors)[k], spec.file, key, false);
    if (std::all_of(x.begin(), x.end(), [](const numeric& v) { return v.is_zero(); }))
      throw SpecError(spec.file, line_of((*vectors)[k]), key, "the vector is all zero (S is 0/0)");
    data.vectors.push_back(std::move(x));
  }
}

class MeasureKind final : public Kind {
 public:
  std::string name() const override { return "measure"; }
  std::vector<std::string> claim_symbols() const override { return {"E_abs", "E_sq", "Var_abs", "x1", "x2", "n"}; }
  std::vector<std::string> property_symbols() const override { return {}; }

  void read_definition(TomlReader&, Spec&) const override {}  // the measure is defined by the tool, not the spec

  void read_tables(TomlReader& root, Spec& spec) const override {
    TomlReader grid = grid_table(root, spec);
    auto data = std::make_shared<MeasureData>();
    read_vectors(spec, grid, *data);
    spec.kind_data = data;
    grid.finish();
    refuse_sampling(root);
  }

  void read_claim(TomlReader& table, const Spec& spec, Claim& claim) const override {
    read_expression_claim(table, spec, claim);
  }

  DerivationSummary derive(const Spec&) const override {
    DerivationSummary out;
    const sym::SparsityMeasureDerivation d = sym::derive_sparsity_measure();
    out.derived = true;
    out.S = d.S;
    out.forms = {{"S (from the moments E|x|, E x^2)", d.S_moments}, {"S (x1 = sum |x_i|, x2 = sqrt(sum x_i^2), the 1- and 2-norms)", d.S}};
    const auto& s = sym::symbols();
    sym::DerivationCertificate definition =
        sym::certify_identity(d.S_moments, s.E_abs / GiNaC::sqrt(s.E_sq), "S = E|x| / sqrt(E x^2)");
    definition.method = "definition";
    out.certificate = sym::combine_certificates(
        {{"S", definition},
         {"S (norms)", sym::certify_identity(d.S, (s.x1 / s.n) / GiNaC::sqrt(GiNaC::pow(s.x2, 2) / s.n),
                                             "S = (||x||_1 / n) / sqrt(||x||_2^2 / n)")}});
    return out;
  }

  VariantResult check(const Spec& spec, const RunOptions& options, const Progress& progress) const override {
    return check_measure_variant(spec, options, progress);
  }

  // the spec's vectors, each with its moments
  ClaimDomain claim_domain(const Spec& spec, unsigned long) const override {
    ClaimDomain domain;
    const auto& vectors = kind_data<MeasureData>(spec).vectors;
    for (std::size_t k = 0; k < vectors.size(); ++k) {
      const auto& x = vectors[k];
      ClaimPoint p;
      p.where = {{"x", vector_text(x)}};
      p.substitution = sym::vector_moments(x).substitution();
      p.index = k;
      domain.points.push_back(std::move(p));
    }
    if (!domain.points.empty()) domain.reference = domain.points.front();
    domain.description = std::to_string(domain.points.size()) + " vectors of the spec";
    return domain;
  }

  ClaimGeometry claim_geometry(const Spec&, bool) const override {
    const auto& s = sym::symbols();
    const sym::Range positive{0, HUGE_VAL, true, true};
    ClaimGeometry g;
    g.domain.variables = {
        {s.x1, positive, false, {}}, {s.x2, positive, false, {}}, {s.n, {1, HUGE_VAL, false, true}, true, {}}};
    // ||x||_2 <= ||x||_1 <= sqrt(n) ||x||_2 (the second is Cauchy-Schwarz), which the box of
    // x1, x2, n does not express: Var|x| = (n x2^2 - x1^2)/n^2 >= 0
    g.domain.nonnegative_facts = {s.x1 - s.x2, s.n * pow(s.x2, 2) - pow(s.x1, 2), sqrt(s.n) * s.x2 - s.x1};
    g.domain.description =
        "the norms of a non-zero vector (||x||_1, ||x||_2 > 0, n >= 1, ||x||_2 <= ||x||_1 <= sqrt(n) ||x||_2)";
    g.domain.connected = true;
    return g;
  }

  NumericRoute numeric_route(const Spec&) const override { return NumericRoute::DirectComputation; }

  // the direct route at one vector x of the spec
  std::string record_point_problem(const CheckRecord& r) const override {
    if (r.is_grid_check()) return point_shape_problem(r.point, {"x"}, false);
    return "";
  }

  CheckRecord recheck_property(const Spec& spec, const Property& property, const RunOptions& options) const override {
    return check_property(spec, property, measure_property_target(), options);
  }

  std::string sampled_population(const Spec&) const override { return ""; }  // no sampled route
  std::string symbolic_parameter_problem(const Spec&) const override {
    return "is derived for kernel variants only (this is a measure variant)";
  }
  std::string score_law_name(const Spec&) const override { return ""; }      // S of a vector itself

  // the direct route's checks are tests
  std::function<Verdict(const CheckRecord&)> record_expectation(const Spec&) const override {
    return [](const CheckRecord&) { return Verdict::Agree; };
  }

  // as src/kinds/measure/measure_checks.cpp judges: the claim in the vector's moments against S
  GiNaC::ex claim_reference(const Spec&, const Claim&, const GiNaC::ex& S) const override { return S; }
  const GridDealing* grid_dealing() const override { return nullptr; }  // direct computation, cheap per vector

  std::optional<JudgedClaim> judged_claim(const Spec& spec, const Claim& claim, const NamedValues& point,
                                          unsigned long seed) const override {
    const ClaimDomain domain = claim_domain(spec, seed);
    const ClaimPoint* p = find_claim_point(domain, point);
    if (!p) return std::nullopt;
    return JudgedClaim{sym::vector_form(claim.S).subs(p->substitution),
                       sym::derive_sparsity_measure().S.subs(p->substitution)};
  }

  std::string defined_symbol(const Spec&) const override { return ""; }

  std::vector<ReportSection> report_sections(const Spec&) const override {
    return {ReportSection::Derivation, ReportSection::Grid, ReportSection::Sampled, ReportSection::TablesAndFigures,
            ReportSection::Claims};
  }
  std::string report_intro(const Spec&) const override {
    return "The sparsity measure of a vector $x$ of $n$ entries, $S(x) = \\mathbb{E}|x|/\\sqrt{\\mathbb{E}x^2}$ with "
           "the "
           "empirical expectation; the direct route computes its moments from each vector in exact rational arithmetic, "
           "and $S$ from them; $S$ and the closed form are then enclosed in Arb balls, and a point where the balls "
           "decide the comparison is certified (the grid below says how many).\n\n";
  }
};

}  // namespace

std::shared_ptr<const Kind> measure_kind() { return std::make_shared<MeasureKind>(); }

}  // namespace attnverify
