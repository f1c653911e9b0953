// Qualitative claims as property checks (docs/design.md §1 "properties"; issue 4), read from
// a spec's [[properties]] tables. A property is one published statement with one or
// more checks; its verdict is agree when every check agrees, disagree when one
// disagrees, inconclusive otherwise. The check kinds (schema in docs/spec-format.md):
//
//   even       S(-p) = S(p) for the parameter p                 (parameter)
//   limit      lim S as p -> 0 or inf, other parameters fixed   (parameter, to, at, value)
//   infimum    inf of S over a box, its value and where          (over; value or greater_than)
//   supremum   sup of S over a box                               (over; value or less_than)
//   monotone   S increasing or decreasing in p over a box        (parameter, direction, over)
//   bound      S < bound (or <=, >, >=) on the domain            (relation, bound; lambda)
//   norm-ratio range of quantity(r, d) for r = ||y||_2/||y||_1,  (quantity, d, maximum, minimum)
//              y in R^d, y != 0 (proofs/norm_ratio.hpp)
//   sampled    Su2023 eq. 4: the scalar reduction agrees with Monte Carlo over
//              real d-dimensional attention weights (the variant's sampled checks)
//
// Parameters are those of the variant's S: (beta, gamma) for kernels, (lambda, n)
// for sequences, (snr, r) for feature maps (the iid form of Su2023 eq. 9).
#pragma once

#include "src/verdicts/verdict.hpp"

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofs/definedness.hpp"
#include "src/spec/bibliography.hpp"
#include "src/spec/expectation.hpp"
#include "src/spec/source_quote.hpp"

namespace attnverify {

class TomlReader;  // src/spec/toml_reader.hpp: only the spec readers include toml++

enum class PropertyKind { Even, Limit, Infimum, Supremum, Monotone, Bound, NormRatio, Sampled };

std::string to_string(PropertyKind kind);

struct PropertyCheck {
  PropertyKind kind = PropertyKind::Even;
  std::size_t line = 0;
  std::string parameter;  ///< even, limit, monotone
  std::string to;         ///< limit: "0" or "inf"
  /// limit: fixed values of the other parameters (every combination is checked)
  std::vector<std::pair<std::string, std::vector<GiNaC::numeric>>> at;
  /// infimum, supremum, monotone: closed ranges [lo, hi] of the parameters
  std::vector<std::pair<std::string, std::pair<GiNaC::numeric, GiNaC::numeric>>> over;
  std::optional<GiNaC::ex> value;  ///< limit, infimum, supremum: the claimed value
  std::string value_text;
  std::optional<GiNaC::numeric> greater_than;  ///< infimum: claimed strict lower bound
  std::optional<GiNaC::numeric> less_than;     ///< supremum: claimed strict upper bound
  std::string direction;                       ///< monotone: increasing | decreasing
  std::string relation;                        ///< bound: < <= > >=
  GiNaC::ex bound;                             ///< bound
  /// bound: where it is defined, as written (a divisor GiNaC cancels still counts), recorded
  /// while reading (proofs/expression_parser.hpp)
  std::vector<sym::Condition> bound_conditions;
  /// bound, sequences: the statement is made on lambda in (0, 1), not on the domain (0, 1]
  /// (`lambda = "(0, 1)"`); its proof is then "proved on lambda in (0, 1)"
  bool excludes_lambda_one = false;
  std::string bound_text;
  GiNaC::ex quantity;  ///< norm-ratio: an expression in r and d
  /// norm-ratio: where the quantity is defined and where it may jump (step), as written,
  /// recorded while reading: its monotonicity in r is certified from dQ/dr only where Q is
  /// continuous (proofs/expression_parser.hpp)
  std::vector<sym::Condition> quantity_conditions;
  std::string quantity_text;
  std::vector<unsigned> dimensions;           ///< norm-ratio
  std::optional<GiNaC::ex> maximum, minimum;  ///< norm-ratio claims, in d
  std::string maximum_text, minimum_text;
};

struct Property {
  std::string id;
  std::string source;     ///< bibliography key
  std::string equation;   ///< may be empty
  std::string statement;  ///< the claim in words, as the source makes it
  Verdict expected = Verdict::Agree;  ///< agree, disagree or inconclusive
  std::string reason;
  ClaimRole role = ClaimRole::Claim;  ///< a published claim, a transcription or a control
  std::string note;
  SourceQuote quote;  ///< the source's own words (src/spec/source_quote.hpp); may be empty
  std::size_t line = 0;
  std::vector<PropertyCheck> checks;
};

/// Reads [[properties]] of a spec. `parameters` are the names checks may refer to.
/// Throws SpecError (file, line, key) for anything malformed.
std::vector<Property> read_properties(TomlReader& root, const std::string& file, const Bibliography& bibliography,
                                      const std::vector<std::string>& parameters);

}  // namespace attnverify
