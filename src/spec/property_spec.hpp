// Qualitative claims as property checks (docs/design.md §1 "properties"; issue 4), read from
// a spec's [[properties]] tables. A property is one published statement with one or
// more checks; its verdict is agree when every check agrees, disagree when one
// disagrees, inconclusive otherwise. Each check names a property kind
// (src/spec/property_kind.hpp), which reads the rest of its table; the standard kinds, each
// in its own file under src/properties/kinds/ (schema in docs/spec-format.md):
//
//   even       S(-p) = S(p) for the parameter p                 (parameter)
//   limit      lim S as p -> 0 or inf, other parameters fixed   (parameter, to, at, value)
//   infimum    inf of S over a box, its value and where          (over; value or greater_than)
//   supremum   sup of S over a box                               (over; value or less_than)
//   monotone   S increasing or decreasing in p over a box        (parameter, direction, over)
//   convex     S convex in p over a box                          (parameter, over)
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

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "proofs/definedness.hpp"
#include "src/spec/bibliography.hpp"
#include "src/spec/property_kind.hpp"
#include "src/spec/expectation.hpp"
#include "src/spec/source_quote.hpp"
#include "src/spec/spec_error.hpp"

namespace attnverify {

class TomlReader;  // src/spec/toml_reader.hpp: only the spec readers include toml++

/// `at = {name = value or [values], ...}`: fixed values of parameters (every combination counts).
using FixedValues = std::vector<std::pair<std::string, std::vector<GiNaC::numeric>>>;

/// One check of a property: its kind (src/spec/property_kind.hpp), the line of its table, and
/// what the kind read there (its own struct; check_data<T> reads it back).
struct PropertyCheck {
  std::shared_ptr<const PropertyKind> kind;
  std::size_t line = 0;
  std::shared_ptr<const PropertyCheckData> data;
};

/// The check's data as its kind's type T; throws std::logic_error for another type (a kind
/// reading another kind's data).
template <class T>
const T& check_data(const PropertyCheck& check) {
  const T* data = dynamic_cast<const T*>(check.data.get());
  if (!data) throw std::logic_error("property check data of another kind than " + check.kind->name());
  return *data;
}

struct Property {
  std::string id;
  std::string source;     ///< bibliography key
  std::string equation;   ///< may be empty
  std::string statement;  ///< the claim in words, as the source makes it
  Verdict expected = Verdict::Agree;  ///< agree, disagree or inconclusive
  std::string reason;
  ClaimRole role = ClaimRole::Claim;  ///< src/spec/expectation.hpp: a published claim, a conjecture, ...
  std::string note;
  SourceQuote quote;  ///< the source's own words (src/spec/source_quote.hpp); may be empty
  std::size_t line = 0;
  std::vector<PropertyCheck> checks;
};

/// Reads [[properties]] of a spec. `parameters` are the names checks may refer to; `kinds` the
/// property kinds a check may name. A malformed property (SpecError: file, line, key) is kept in
/// `errors` and left out, and the next one is read.
std::vector<Property> read_properties(TomlReader& root, const std::string& file, const Bibliography& bibliography,
                                      const std::vector<std::string>& parameters, const PropertyKindRegistry& kinds,
                                      SpecErrorList& errors);

// Readers of keys several property kinds share (their docs/spec-format.md entries).

/// `key` = the name of one of `parameters`; refused with the list otherwise.
std::string read_property_parameter(TomlReader& reader, const std::string& key,
                                    const std::vector<std::string>& parameters);
/// `at = {name = value or [values], ...}`, names among `parameters` (empty when absent).
FixedValues read_property_at(TomlReader& reader, const std::vector<std::string>& parameters);
/// `over = {name = [lo, hi], ...}`, required, with a range of every parameter.
ParameterRanges read_property_over(TomlReader& reader, const std::vector<std::string>& parameters);
/// "beta, gamma" ("none" for no name).
std::string joined_names(const std::vector<std::string>& names);

}  // namespace attnverify
