// A variant spec: what the variant is, where to check it, and which published
// claims to compare. Schema and examples: docs/spec-format.md. Loading validates
// every field; any problem raises SpecError with file, line and key.
#pragma once

#include "src/verdicts/verdict.hpp"

#include <ginac/ginac.h>

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "proofs/expression_parser.hpp"
#include "proofs/parameter_ranges.hpp"
#include "src/spec/bibliography.hpp"
#include "src/spec/expectation.hpp"
#include "src/spec/kind.hpp"
#include "src/spec/property_spec.hpp"

namespace attnverify {

/// One published claim about S, as an expression in the variant's claim symbols
/// (Spec::parameter_names()).
struct Claim {
  std::string id;
  std::string source;    ///< bibliography key
  std::string equation;  ///< e.g. "(6)"; may be empty
  std::string text;      ///< the expression as written in the spec
  GiNaC::ex S;           ///< parsed
  /// Where the claim is defined: divisors, radicands and log arguments as written
  /// (proofs/definedness.hpp), including those GiNaC cancelled while reading.
  std::vector<sym::Condition> conditions;
  std::string undefined;  ///< non-empty: the claim is defined nowhere (1/(beta - beta)), and why
  /// The spec says the claim is meant as its continuous extension: points where a
  /// divisor vanishes (a removable 0/0, as lambda = 1 in Su2023 eq. 11) are not counted
  /// against it (docs/spec-format.md, "How claims are judged").
  bool continuous_extension = false;
  std::string latex;               ///< the formula as the source prints it (may be empty)
  Verdict expected = Verdict::Agree;  ///< agree, disagree or inconclusive
  std::string reason;              ///< why a non-agree verdict is expected
  ClaimRole role = ClaimRole::Claim;  ///< src/spec/expectation.hpp: a published claim, a conjecture, ...
  std::string note;
  /// Non-empty when the claim checks a corrected reading of the source: what is wrong with
  /// the statement as the source writes it (a slip the source's own derivation contradicts).
  /// The report counts the statement as holding only as corrected, and says why.
  std::string wrong_as_written;
  SourceQuote quote;     ///< the source's own words (src/spec/source_quote.hpp); may be empty
  std::size_t line = 0;  ///< line of the claim in the spec
  // fact claims (no S): the statement, the built-in test and its setting
  std::string statement;
  std::string test;
  std::string setting = "as-stated";  ///< or a deliberately broken setting of the test
};

/// A grid point: exact parameter values, in the kind's parameter order
/// (beta, gamma) or (lambda, n).
using GridPoint = std::vector<GiNaC::numeric>;

/// The sampled route of a kernel variant: Monte Carlo over real attention weights.
struct SamplingPlan {
  std::vector<unsigned> dimensions;   ///< d values
  std::vector<unsigned long> sizes;   ///< n values (keys per sample)
  std::vector<GridPoint> points;      ///< (beta, gamma)
  std::optional<unsigned long> seed;  ///< the spec's seed, if given
};

/// What a kind reads for itself from its spec and only it interprets (the kernel's score
/// law, the feature map's cases, the measure's vectors, the fact kind's trials); the kind
/// derives its own type from this, sets Spec::kind_data in read_tables and reads it back
/// with kind_data<T>(spec).
struct KindData {
  virtual ~KindData() = default;
};

/// Where a spec is one member of a sweep (docs/spec-format.md, "Sweeps"): a parameter given as a
/// list, `t = [0, 0.5, 1]`, makes one variant per value (per combination, for several lists).
struct SweepMember {
  std::string base_name;  ///< variant.name as written, "tutorial"
  /// The list parameters' values of this member, in the sweep's order (parameter names
  /// alphabetical): {("t", 1/2)}.
  std::vector<std::pair<std::string, GiNaC::numeric>> values;
  std::size_t index = 0;  ///< 0-based position in the sweep (the last parameter's values vary fastest)
  std::size_t size = 1;   ///< the sweep's number of members
};

struct Spec {
  std::string file;
  std::string sha256;  ///< SHA-256 of the file's bytes as read (src/spec/file_digest.hpp)
  std::string name;
  std::size_t name_line = 0;  ///< line of variant.name (for duplicate-name errors)
  std::string title;
  std::string description;
  std::string source;  ///< bibliography key of the variant's origin (may be empty)
  /// The kind (src/spec/kind.hpp): kernel a_j ∝ f(q.k_j); sequence, explicit weights
  /// a_i; feature_map, non-negative linear attention a_j = q~.k~_j (Su2023 eq. 8-9);
  /// measure, S(x) of a vector itself; fact, attention facts that are not about S, each
  /// claim a built-in test. Set by load_spec from the registry it is given.
  const Kind* kind = nullptr;
  std::string definition_text;    ///< f(x) or a_i as written
  sym::NamedConstants constants;  ///< [variant.parameters]: name -> exact constant, usable in f, weight, phi and claims
  GiNaC::ex definition;           ///< f(x) or a_i(lambda, n, i)
  std::vector<GridPoint> grid;    ///< kernel, sequence: every point to check closed form vs numeric route
  std::vector<Property> properties;
  std::vector<Claim> claims;
  std::optional<SamplingPlan> sampling;  ///< kernels; feature maps with phi (n and seed only)
  /// Set when the spec file is a sweep: `name` is then base_name[t=0.5] (sweep_member_name).
  std::optional<SweepMember> sweep;
  /// The symbolic parameters (docs/spec-format.md, "Symbolic parameters": t = { range = [0, 2] }),
  /// each a GiNaC symbol with its closed range, set only in the Spec that keeps them as symbols
  /// in its expressions (a member's `parametric`); empty in every other Spec.
  std::vector<sym::ParameterRange> symbolic;
  /// For each member of a file with symbolic parameters (the members fix them at the values of
  /// `at`): the same file read with them kept as symbols, its name the file's variant name. The
  /// members of one file share it. Null otherwise.
  std::shared_ptr<const Spec> parametric;
  /// The kind's own data (nullptr when the kind keeps none): read it with kind_data<T>.
  std::shared_ptr<const KindData> kind_data;

  /// Symbols a claim may use, in grid order for kernels and sequences:
  /// {"beta","gamma"}, {"lambda","n"}; feature_map {"qmu","qSq","q1","q2","mu","sigma"};
  /// measure {"E_abs","E_sq","Var_abs","x1","x2","n"} (proofs/symbols.hpp).
  std::vector<std::string> parameter_names() const;

  /// Parameters of the S that property checks examine: kernel (beta, gamma),
  /// sequence (lambda, n), feature_map (snr, r), measure none.
  std::vector<std::string> property_parameters() const;

  /// The point as (parameter name, exact value text) pairs, e.g. {("beta","-1"),("gamma","0.5")}.
  std::vector<std::pair<std::string, std::string>> named_point(const GridPoint& p) const;
};

/// The kind's data of a spec as its kind's type Data; a default Data when the spec holds
/// none (a spec built in code, or a kind that read nothing). Throws std::logic_error when
/// the spec holds another kind's data.
template <typename Data>
const Data& kind_data(const Spec& spec) {
  static const Data none{};
  if (!spec.kind_data) return none;
  if (const auto* data = dynamic_cast<const Data*>(spec.kind_data.get())) return *data;
  throw std::logic_error("variant '" + spec.name + "': its spec data belongs to another kind");
}

/// Loads and validates one spec file; its `kind` must be a name of `kinds`, which reads
/// the kind's fields, and each property check's `kind` a name of `property_kinds`. Claim
/// sources must be keys of `bibliography`. Returns one Spec, or the members of its sweep in
/// the sweep's order (docs/spec-format.md, "Sweeps": a list parameter `t = [0, 0.5, 1]` gives
/// one Spec per value, each read with its value as the parameter's constant; at most
/// kMaxSweepMembers). Throws SpecError (a member's own error names its values). (src/kinds/
/// registry.hpp has the overloads with the standard kinds and property kinds.)
std::vector<Spec> load_specs(const std::string& path, const Bibliography& bibliography, const KindRegistry& kinds,
                             const PropertyKindRegistry& property_kinds);

/// load_specs for a file that defines one variant; a sweep is refused with a SpecError that
/// names its size (the callers that take one variant: tests, the fuzzers).
Spec load_spec(const std::string& path, const Bibliography& bibliography, const KindRegistry& kinds,
               const PropertyKindRegistry& property_kinds);

/// The variant name of a sweep's member: base[t=0.5] or base[a=1/3,t=-2] (values as exact_text).
std::string sweep_member_name(const std::string& base_name,
                              const std::vector<std::pair<std::string, GiNaC::numeric>>& values);

/// The most variants one spec file's sweep may make (a run of each is minutes).
inline constexpr std::size_t kMaxSweepMembers = 64;

/// The most symbolic parameters one spec file may keep (docs/spec-format.md, "Symbolic parameters").
inline constexpr std::size_t kMaxSymbolicParameters = 3;

/// Upper bounds enforced on grids (bad input beyond them is refused with a message).
inline constexpr std::size_t kMaxGridPoints = 100000;  ///< the default of max_grid_points()

/// The largest grid a spec may ask for (default kMaxGridPoints); `attnverify run
/// --max-grid-points N` raises it before the specs are loaded.
std::size_t max_grid_points();
void set_max_grid_points(std::size_t limit);
inline constexpr unsigned long kMaxSequenceLength = 10000000;
inline constexpr unsigned kMaxSamplingDimension = 4096;
/// The most normal numbers one spec's sampling plan (kernel or feature map) may draw: a work bound of
/// about eight minutes on 2 cores (measured: 6e9 draws at d = 2048 in 30 s).
inline constexpr double kMaxSamplingDraws = 1e11;
inline constexpr unsigned long kMaxSamplingSize = 100000000;

}  // namespace attnverify
