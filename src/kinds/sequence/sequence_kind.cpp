#include "src/kinds/sequence/sequence_kind.hpp"

#include <random>

#include "proofs/derivation_cache.hpp"
#include "proofs/printing.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/symbols.hpp"
#include "proofs/telescoping_certificate.hpp"
#include "src/kinds/derivation_summary.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/spec_reading.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/claim_points.hpp"

namespace attnverify {

using GiNaC::numeric;

namespace {

// Telescoping certificates of the four sums (lambda in (0, 1) and lambda = 1) and the
// identities that build S_n from them (proofs/telescoping_certificate.hpp).
sym::DerivationCertificate sequence_certificate(const GiNaC::ex& weight, const sym::SequenceDerivation& d) {
  const auto& s = sym::symbols();
  const GiNaC::possymbol& N = sym::summation_limit();
  const GiNaC::ex one = weight.subs(s.lambda == 1);
  const auto S_of = [&](const GiNaC::ex& abs_sum, const GiNaC::ex& square_sum) {
    return (abs_sum.subs(N == s.n) / s.n) / GiNaC::sqrt(square_sum.subs(N == s.n) / s.n);
  };
  return sym::combine_certificates(
      {{"the sum of |a_i|", sym::certify_sum(d.partial_abs, GiNaC::abs(weight), N, s.i)},
       {"the sum of a_i^2", sym::certify_sum(d.partial_square, GiNaC::pow(weight, 2), N, s.i)},
       {"the sum of |a_i| at lambda = 1", sym::certify_sum(d.partial_abs_at_lambda_one, GiNaC::abs(one), N, s.i)},
       {"the sum of a_i^2 at lambda = 1", sym::certify_sum(d.partial_square_at_lambda_one, GiNaC::pow(one, 2), N, s.i)},
       {"the sums with upper limit n", sym::certify_identity(d.sum_abs, d.partial_abs.subs(N == s.n),
                                                              "sum |a_i| with upper limit n is the partial sum at N = n")},
       {"the sums with upper limit n", sym::certify_identity(d.sum_square, d.partial_square.subs(N == s.n),
                                                              "sum a_i^2 with upper limit n is the partial sum at N = n")},
       {"S_n", sym::certify_identity(d.S, S_of(d.partial_abs, d.partial_square),
                                     "S_n = (sum |a_i| / n) / sqrt(sum a_i^2 / n) with the sums above at N = n")},
       {"S_n at lambda = 1",
        sym::certify_identity(d.S_at_lambda_one, S_of(d.partial_abs_at_lambda_one, d.partial_square_at_lambda_one),
                              "S_n = (sum |a_i| / n) / sqrt(sum a_i^2 / n) at lambda = 1")}});
}

/// The counterexample search box of sequence claims (docs/spec-format.md, "How claims
/// are judged"): lambda in [1e-6, 1 - 1e-9], n up to 10^7, or 10^3 when the sums have no
/// closed form (each evaluation is then a sum of n terms).
constexpr double kLambdaLow = 1e-6, kLambdaHigh = 1 - 1e-9;
constexpr double kMaxSearchN = 1e7, kMaxSearchNWithoutClosedForm = 1e3;
/// The exact summation is run as a third witness at a counterexample only for n <= this.
constexpr long kMaxWitnessN = 100000;

std::string lambda_n_problem(std::size_t index, const numeric& value) {
  if (index == 0 && (!value.is_positive() || value > 1))
    return "lambda must lie in (0, 1] (found " + exact_text(value) + ")";
  if (index == 1 && !value.is_pos_integer()) return "n must be a positive integer (found " + exact_text(value) + ")";
  if (index == 1 && value > numeric(static_cast<long>(kMaxSequenceLength)))
    return "n exceeds the limit of " + std::to_string(kMaxSequenceLength) + " for exact summation";
  return "";
}

class SequenceKind final : public Kind {
 public:
  std::string name() const override { return "sequence"; }
  std::vector<std::string> claim_symbols() const override { return {"lambda", "n"}; }
  std::vector<std::string> property_symbols() const override { return claim_symbols(); }

  void read_definition(TomlReader& variant, Spec& spec) const override {
    spec.definition_text = variant.required_string("weight", Text::Expression);
    spec.definition =
        parse_expression_at(variant, "weight", spec.definition_text, {"lambda", "n", "i"}, spec.constants);
    refuse_complex_definition(variant, "weight", spec.definition);
    refuse_undefined_weight(variant, "weight", spec.definition);
    refuse_zero_definition(variant, "weight", spec.definition);
  }

  void read_tables(TomlReader& root, Spec& spec) const override {
    read_parameter_grid(spec, root, lambda_n_problem, true);
    refuse_sampling(root);
  }

  void read_claim(TomlReader& table, const Spec& spec, Claim& claim) const override {
    read_expression_claim(table, spec, claim);
  }

  DerivationSummary derive(const Spec& spec) const override {
    DerivationSummary out;
    const sym::SequenceDerivation& d = sym::cached_sequence_derivation(spec.definition);
    out.derived = d.status == sym::SequenceDerivation::Status::Derived;
    out.reason = d.reason;
    if (!out.derived) return out;
    out.S = d.S;
    out.S_separate = d.S_at_lambda_one;
    out.forms = {{"sum |a_i|", d.sum_abs},
                 {"sum a_i^2", d.sum_square},
                 {"S_n (0<lambda<1)", d.S},
                 {"S_n (lambda=1)", d.S_at_lambda_one}};
    if (d.asymptote_derived) out.forms.emplace_back("lim_{n->inf} S_n (0<lambda<1)", d.limit);
    out.certificate = sequence_certificate(spec.definition, d);
    if (d.asymptote_derived) out.certificate.not_covered =
        "the large-n asymptote as a formula of its own (the limits the claims use are derived from the certified "
        "S_n, as each claim below says)";
    return out;
  }

  VariantResult check(const Spec& spec, const RunOptions& options, const Progress& progress) const override {
    return check_sequence_variant(spec, options, progress);
  }

  // 25 fixed points (lambda in {1/10, 1/2, 9/10, 99/100, 1}, n in {1, 2, 3, 10, 100}) and 16 random
  // ones (lambda = m/1000, m in [1, 1000]): lambda = 1 is a point of the domain (0, 1]
  ClaimDomain claim_domain(const Spec& spec, unsigned long seed) const override {
    ClaimDomain domain;
    const auto& s = sym::symbols();
    std::mt19937_64 rng(seed);
    auto draw = [&](long lo, long hi) {
      return lo + static_cast<long>(rng() % static_cast<unsigned long>(hi - lo + 1));
    };
    domain.symbols = {s.lambda, s.n};
    for (const numeric& lambda : {numeric(1, 10), numeric(1, 2), numeric(9, 10), numeric(99, 100), numeric(1)})
      for (const numeric& n : {numeric(1), numeric(2), numeric(3), numeric(10), numeric(100)})
        domain.points.push_back(rational_point(spec, {lambda, n}, domain.symbols));
    for (int k = 0; k < 16; ++k) {
      const numeric lambda(draw(1, 1000), 1000);
      const numeric n(draw(1, 1000));
      domain.points.push_back(rational_point(spec, {lambda, n}, domain.symbols));
    }
    domain.description = "25 fixed and 16 random points (seed " + std::to_string(seed) + ")";
    return domain;
  }

  ClaimGeometry claim_geometry(const Spec& spec, bool closed_form) const override {
    ClaimGeometry g;
    g.domain = sym::sequence_domain();
    num::SearchRegion region;
    region.axes = {{"lambda", kLambdaLow, kLambdaHigh, num::AxisScale::LogDistanceToOne, false},
                   {"n", 1, closed_form ? kMaxSearchN : kMaxSearchNWithoutClosedForm, num::AxisScale::Log10, true}};
    g.region = region;
    for (long n : {1L, 2L, 3L, 10L, 100L}) g.boundary_points.push_back({numeric(1), numeric(n)});  // lambda = 1
    g.witness_limit = ClaimGeometry::WitnessLimit{1, numeric(kMaxWitnessN)};
    g.separate_closed_form_at = std::make_pair(std::size_t{0}, numeric(1));
    g.lambda_powers_in_unit_interval = true;
    // S_n is a ratio of finite sums of the weights, continuous in lambda where the weights are:
    // everywhere but at a step's jump (piecewise weights are written with step)
    for (GiNaC::const_preorder_iterator it = spec.definition.preorder_begin(); it != spec.definition.preorder_end(); ++it)
      if (GiNaC::is_a<GiNaC::function>(*it) && GiNaC::ex_to<GiNaC::function>(*it).get_name() == "step")
        g.value_continuous = false;
    return g;
  }

  NumericRoute numeric_route(const Spec&) const override { return NumericRoute::ExactSummation; }

  // grid points and the asymptote's points at an exact (lambda, n)
  std::string record_point_problem(const CheckRecord& r) const override {
    if (r.is_grid_check() || r.check == CheckKind::Asymptote) return point_shape_problem(r.point, {"lambda", "n"}, true);
    return "";
  }

  // as src/kinds/sequence/sequence_checks.cpp sets them: a sum without a closed form to compare
  // with and the asymptote's comparison are no tests
  std::function<Verdict(const CheckRecord&)> record_expectation(const Spec& spec) const override {
    const bool derived =
        sym::cached_sequence_derivation(spec.definition).status == sym::SequenceDerivation::Status::Derived;
    return [derived](const CheckRecord& r) {
      if (r.check == CheckKind::Asymptote || (r.is_grid_check() && !derived)) return Verdict::NotApplicable;
      return Verdict::Agree;
    };
  }

  CheckRecord recheck_property(const Spec& spec, const Property& property, const RunOptions& options) const override {
    return check_property(spec, property, sequence_property_target(spec, options.digits), options);
  }

  std::string sampled_population(const Spec&) const override { return ""; }  // no sampled route
  std::string symbolic_parameter_problem(const Spec&) const override {
    return "is derived for kernel variants only (this is a sequence variant)";
  }
  std::string score_law_name(const Spec&) const override { return ""; }      // explicit weights

  // S_n, or at lambda = 1 its form there (ClaimGeometry::separate_closed_form_at)
  GiNaC::ex claim_reference(const Spec&, const Claim&, const GiNaC::ex& S) const override { return S; }
  const GridDealing* grid_dealing() const override { return nullptr; }  // one unit of work whatever its grid (README.md, sharding)

  std::optional<JudgedClaim> judged_claim(const Spec& spec, const Claim& claim, const NamedValues& point,
                                          unsigned long) const override {
    const std::optional<GridPoint> p = exact_grid_point(point, claim_symbols());
    // a counterexample must lie in the domain the claim is judged on (gamma > 0; lambda in (0, 1], n >= 1)
    if (!p || !claim_geometry(spec, true).domain.contains(*p)) return std::nullopt;
    const sym::SequenceDerivation& d = sym::cached_sequence_derivation(spec.definition);
    if (d.status != sym::SequenceDerivation::Status::Derived) return std::nullopt;
    const auto& s = sym::symbols();
    const GiNaC::exmap at{{s.lambda, (*p)[0]}, {s.n, (*p)[1]}};
    return JudgedClaim{claim.S.subs(at), ((*p)[0] == 1 ? d.S_at_lambda_one : d.S).subs(at)};
  }

  std::string defined_symbol(const Spec&) const override { return "a_i"; }

  std::vector<ReportSection> report_sections(const Spec&) const override {
    return {ReportSection::Derivation, ReportSection::Grid, ReportSection::Sampled, ReportSection::TablesAndFigures,
            ReportSection::Claims};
  }
  std::string report_intro(const Spec& spec) const override {
    return "Sequence variant with weights $a_i = " + sym::to_latex(spec.definition) +
           "$, $i = 1,\\dots,n$, $\\lambda\\in(0,1]$; $S_n = \\frac{1}{n}\\sum_i|a_i| \\big/ \\sqrt{\\frac1n\\sum_i "
           "a_i^2}$.\n\n";
  }
};

}  // namespace

std::shared_ptr<const Kind> sequence_kind() { return std::make_shared<SequenceKind>(); }

}  // namespace attnverify
