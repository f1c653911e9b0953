// A variant kind: what `kind = "..."` in a spec's [variant] table selects, and every
// step the tool takes for it. One class per kind, in its own folder under src/kinds/
// (src/kinds/kernel/kernel_kind.hpp, ...); the standard kinds are registered in one
// list, src/kinds/registry.cpp. Every step is a pure virtual function, so a kind that
// leaves one out does not compile (it cannot be instantiated). docs/architecture.md,
// "Adding a variant kind", lists the files a new kind brings.
//
// The steps, in the order a run takes them:
//   read        its keys of [variant] (f, weight, phi), its tables ([grid], [sampling],
//               [experiment]) and each [[claims]] table           (load_spec)
//   derive      the closed forms of the symbolic route              (attnverify derive)
//   check       every check of the variant: the closed form against the independent
//               numeric route, the claims, the properties          (attnverify run)
//   claims      where claims are judged: the claim point set and the parameter domain
//   describe    the numeric route's name and the report's opening paragraph
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofs/definedness.hpp"
#include "numerics/counterexample_search.hpp"
#include "src/verdicts/verdict.hpp"

namespace attnverify {

class TomlReader;
struct Spec;
struct Claim;
struct Property;
struct ClaimDomain;
struct VariantResult;
struct RunOptions;
struct DerivationSummary;
struct CheckRecord;
using NamedValues = std::vector<std::pair<std::string, std::string>>;

/// Receives one-line progress messages for long runs.
using Progress = std::function<void(const std::string&)>;

/// The route a kind's closed form is compared with at its grid points.
enum class NumericRoute { Quadrature, ExactSummation, DirectComputation, None };

/// "quadrature", "exact summation", "direct computation", "none".
std::string to_string(NumericRoute route);

/// The parts of a variant's section of the report, in the order its kind lists them
/// (Kind::report_sections); src/report/report_latex.cpp writes each.
enum class ReportSection {
  Derivation,        ///< the closed forms and their certificate, or why there is none
  Grid,              ///< closed form vs the numeric route at the grid points (or the route alone), with the grid figure
  DigitsMap,         ///< digits of agreement over the grid, for the run's least-agreeing variant of this kind with claims
  Sampled,           ///< the sampled route's summary
  TablesAndFigures,  ///< the kind's own tables and figures
  Claims,            ///< each claim and property checked here, with its whole record
  ClaimTable,        ///< the claims as one table with their settings (kinds without a grid: facts)
};

/// Where the claims of a kind are judged besides its claim points
/// (src/verdicts/claim_check.hpp): the domain their definedness and sign are proved on,
/// and the box of the counterexample search.
struct ClaimGeometry {
  sym::ParameterDomain domain;
  /// The search box; none: the claim points are the only points (cases, vectors).
  std::optional<num::SearchRegion> region;
  /// Points of the domain outside the search box that the search also evaluates
  /// (sequences: lambda = 1, the end of (0, 1]).
  std::vector<std::vector<GiNaC::numeric>> boundary_points;
  /// The numeric route is run as a third witness at a counterexample only where it is
  /// affordable: coordinate `axis` of the point at most `max` (sequences: n <= 10^5).
  struct WitnessLimit {
    std::size_t axis;
    GiNaC::numeric max;
  };
  std::optional<WitnessLimit> witness_limit;
  /// Grid points where the variant's closed form is not the derived S (sequences:
  /// lambda = 1, where S_n has a form of its own): coordinate `first` equal to `second`.
  std::optional<std::pair<std::size_t, GiNaC::numeric>> separate_closed_form_at;
  /// Properties' symbolic bound proofs may treat the powers lambda^n (n > 0) as atoms in
  /// (0, 1) (sequences, lambda in (0, 1)).
  bool lambda_powers_in_unit_interval = false;
  /// Whether the variant's S exists at a rational point of the domain (kernels under a law
  /// whose moments diverge for large gamma, or vanish on a bounded support); unset: everywhere.
  /// A claim is judged only where S exists: a condition of the claim violated at a point
  /// where S does not exist does not count against it.
  std::function<bool(const std::vector<GiNaC::numeric>&)> value_exists;
  /// Whether `domain` is the part of the kind's domain where S exists (kernels under a law whose
  /// moments diverge for large gamma or vanish on a bounded support, issue 43): a claim proved
  /// there is "proved where S exists", a stated subdomain, not the whole of beta in R, gamma > 0.
  bool domain_is_where_value_exists = false;
  /// Whether S is shown continuous on the domain where it exists (kernels: E|f(X)| and E f(X)^2
  /// are; sequences: for each n when the weight has no step). A continuous extension's value
  /// where its divisor vanishes is S's there only then; otherwise such points are undecided.
  bool value_continuous = true;
  /// The domain of the properties' parameters (Kind::property_symbols) where they are not the
  /// claim symbols (feature maps: snr > 0, r in (0, 1]); unset: `domain`. A property's box is
  /// checked against it, and a box over a parameter it does not name is not decided.
  std::optional<sym::ParameterDomain> property_domain;
  /// The counterexample search box of the properties' parameters where `property_domain` is set
  /// (feature maps: snr in [1e-6, 1e8] on a log scale, r in [1e-3, 1]); unset there: no search.
  std::optional<num::SearchRegion> property_region;
};

/// What a claim's check compares at one point (src/verdicts/claim_check.hpp), the point
/// substituted: the claim as judged there and the derived expression it is judged
/// against. Both are numbers (expressions without symbols).
struct JudgedClaim {
  GiNaC::ex claim;
  GiNaC::ex reference;
};

/// A kind whose grid check may be dealt across the shards of a run block by block
/// (src/verdicts/grid_blocks.hpp): a shard checks its blocks of a variant it does not run,
/// and the merge puts the records back in grid order.
class GridDealing {
 public:
  virtual ~GridDealing() = default;
  /// The grid check's records at the points of block `block` of the spec's grid, in grid
  /// order: exactly the records the variant's own check writes there (each point's record
  /// depends on that point and its block alone).
  virtual std::vector<CheckRecord> check_grid_block(const Spec& spec, const RunOptions& options,
                                                    const Progress& progress, std::size_t block) const = 0;
  /// Sets the grid figure's marks of `result` from its grid records (every block, in grid
  /// order), as the variant's own check draws them; the merge calls it once the blocks of a
  /// dealt grid are put together.
  virtual void mark_grid_figure(VariantResult& result) const = 0;
};

class Kind {
 public:
  virtual ~Kind() = default;

  /// The value of `kind` in [variant], e.g. "kernel".
  virtual std::string name() const = 0;
  /// Symbols a claim may use, in the order of a grid point (proofs/symbols.hpp).
  virtual std::vector<std::string> claim_symbols() const = 0;
  /// Parameters of S that property checks examine (docs/spec-format.md, "Properties").
  virtual std::vector<std::string> property_symbols() const = 0;

  /// Reads the kind's keys of [variant] (the definition) into `spec`. Throws SpecError.
  virtual void read_definition(TomlReader& variant, Spec& spec) const = 0;
  /// Reads the kind's tables of the spec ([grid] and [sampling], or [experiment]).
  /// Throws SpecError.
  virtual void read_tables(TomlReader& root, Spec& spec) const = 0;
  /// Reads the kind-specific keys of one [[claims]] table (S, or a fact's test).
  virtual void read_claim(TomlReader& table, const Spec& spec, Claim& claim) const = 0;

  /// The closed forms of the symbolic route, as `attnverify derive` prints them. Never
  /// throws for a spec that loaded. For a Spec with symbolic parameters (Spec::symbolic), the
  /// forms hold them and hold for every value in their ranges (proofs/parameter_ranges.hpp).
  virtual DerivationSummary derive(const Spec& spec) const = 0;
  /// "" when the kind derives this spec's closed forms with symbolic parameters kept as symbols
  /// (docs/spec-format.md, "Symbolic parameters"); otherwise why not, as a predicate ("is derived
  /// for kernel variants under the normal law only").
  virtual std::string symbolic_parameter_problem(const Spec& spec) const = 0;
  /// Every check of one variant (src/verdicts/variant_result.hpp).
  virtual VariantResult check(const Spec& spec, const RunOptions& options, const Progress& progress) const = 0;

  /// The point set of the spec's claims (seed: the random points of a box).
  virtual ClaimDomain claim_domain(const Spec& spec, unsigned long seed) const = 0;
  /// The domain and search box of the spec's claims; `closed_form`: whether the variant
  /// has a derived S (the search box of sequences is smaller without one).
  virtual ClaimGeometry claim_geometry(const Spec& spec, bool closed_form) const = 0;
  /// The route the closed form is compared with.
  virtual NumericRoute numeric_route(const Spec& spec) const = 0;
  /// The sections of the variant's part of the report after its opening, in order.
  virtual std::vector<ReportSection> report_sections(const Spec& spec) const = 0;
  /// The report's opening paragraph of the variant (LaTeX; src/report/ typesets it).
  virtual std::string report_intro(const Spec& spec) const = 0;
  /// What the spec's definition defines, in LaTeX math ("f(x)", "a_i", "\\phi(x)"), for the
  /// report's one-line statement "name = definition" of a variant without claims; empty when
  /// the kind's definition is not a formula of the spec (the report then uses report_intro).
  virtual std::string defined_symbol(const Spec& spec) const = 0;
  /// Why `record` does not have a point this kind's checks give it (the coordinates'
  /// names and order per check, exact numbers where they are grid points), or "". A
  /// merge of shards asks it of every record it reads (a shard is untrusted input);
  /// point_shape_problem (src/verdicts/check_record.hpp) states the common rule.
  virtual std::string record_point_problem(const CheckRecord& record) const = 0;
  /// What each record without a claim id (grid checks, sampled checks, asymptotes) expects,
  /// from the spec and the record's own facts alone: `not-applicable` where the record is
  /// no test (a grid point without a closed form or where S has no value; an asymptote),
  /// `inconclusive` for a sampled check that is not a valid test at its n
  /// (sampled_expectation, src/verdicts/check_record.hpp), `agree` otherwise. The run's
  /// checks set the same expectations; a merge of shards sets every such record's with it and
  /// never takes a shard's word. The function may hold what it builds once per variant (a
  /// kernel's route); main thread only.
  virtual std::function<Verdict(const CheckRecord&)> record_expectation(const Spec& spec) const = 0;
  /// What the sampled route draws, for the wording of its records and of a `sampled`
  /// property: "real d-dimensional attention weights (Gaussian keys)" for a kernel under the
  /// normal law, "scores drawn directly from <the law>" under another; "" for a kind without
  /// a sampled route.
  virtual std::string sampled_population(const Spec& spec) const = 0;
  /// The law of the scores q.k_j the variant's S is taken under, by its spec name ("normal",
  /// "laplace", "uniform", "logistic", "student_t"; feature maps: "normal", their Gaussian keys),
  /// or "" for a kind whose S is not taken over random scores (sequences, measures, facts).
  /// checks.csv's `law` column (src/report/checks_csv.hpp).
  virtual std::string score_law_name(const Spec& spec) const = 0;
  /// The record of one property of the spec computed again from the spec alone, as `check`
  /// computes it (src/properties/property_checks.hpp, check_property); a merge of shards
  /// proves a shard's certified property verdict again with it.
  virtual CheckRecord recheck_property(const Spec& spec, const Property& property,
                                       const RunOptions& options) const = 0;
  /// The claim and its derived reference at `point`, the point of one of the claim's
  /// check records (a counterexample), for a run seeded with `seed`; a merge of shards
  /// recomputes a certified counterexample from them. nullopt where the kind judges no
  /// claim against a derived S at that point (no closed form, a point not of the claim's
  /// domain, a fact).
  virtual std::optional<JudgedClaim> judged_claim(const Spec& spec, const Claim& claim, const NamedValues& point,
                                                  unsigned long seed) const = 0;
  /// The derived form `claim` is compared with, as an expression: `S`, the variant's derived
  /// S, unless the kind judges the claim against another form (a feature map: a claim in mu
  /// and sigma against S for i.i.d. components). The ledger prints it beside the claim.
  virtual GiNaC::ex claim_reference(const Spec& spec, const Claim& claim, const GiNaC::ex& S) const = 0;
  /// How a sharded run may deal the variant's grid across shards, or nullptr where the variant
  /// is one unit of work whatever its grid's size (the kind's grid check is cheap per point,
  /// or it has no grid).
  virtual const GridDealing* grid_dealing() const = 0;
};

/// The kinds a run knows, looked up by name. The standard registry is
/// standard_kinds() (src/kinds/registry.hpp); a test may add a kind of its own.
class KindRegistry {
 public:
  /// Adds `kind`; throws std::invalid_argument for a name already registered.
  void add(std::shared_ptr<const Kind> kind);
  /// The kind called `name`, or nullptr.
  const Kind* find(const std::string& name) const;
  /// Every name, in registration order: "kernel, sequence, ...".
  std::vector<std::string> names() const;

 private:
  std::vector<std::shared_ptr<const Kind>> kinds_;
};

}  // namespace attnverify
