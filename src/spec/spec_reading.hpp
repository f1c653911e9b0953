// Readers shared by the kinds' spec readers (src/kinds/*/..._kind.cpp): grids of
// parameter values, vectors, counts, the sampling plan, a claim's S, and the checks
// every definition f, weight or phi must pass at load. Each throws SpecError naming the
// file, line and key (docs/spec-format.md gives the schema).
//
// This header includes toml++; only spec readers include it (src/spec/spec.hpp does not).
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <string>
#include <vector>

#include "src/spec/spec.hpp"
#include "src/spec/toml_reader.hpp"

namespace attnverify {

/// Why `value` is not allowed for coordinate `index` of a grid point, or "".
using ParameterCheck = std::function<std::string(std::size_t index, const GiNaC::numeric& value)>;

/// The spec's [grid] table, to read a kind's points from; refuses a spec without one.
/// Call finish() on it when its keys are read.
TomlReader grid_table(TomlReader& root, const Spec& spec);

/// [grid] of a kind with two parameters (names = its claim symbols): an array or a
/// range {from, to, count} for each axis, their product, then any explicit `points`;
/// every value passes `check`. `integer_second` requires the second axis of a range to
/// give integers (sequences' n). Fills spec.grid; refuses an empty grid and one above
/// max_grid_points().
void read_parameter_grid(Spec& spec, TomlReader& root, const ParameterCheck& check, bool integer_second);

/// A list of exact numbers (each >= 0 when `nonnegative`), or a single number when
/// `scalar_size` > 0, broadcast to that length.
std::vector<GiNaC::numeric> read_vector(const toml::node& node, const std::string& file, const std::string& key,
                                        bool nonnegative, std::size_t scalar_size = 0);

/// A component vector of length d: a number (every component), a list of d numbers,
/// or { from = a, to = b } (evenly spaced from a to b over the d components).
std::vector<GiNaC::numeric> read_components(TomlReader& reader, const std::string& key, std::size_t d);

/// A positive integer or a list of them, each within [lowest, limit].
std::vector<unsigned long> read_counts(TomlReader& table, const std::string& key, unsigned long lowest,
                                       unsigned long limit);

/// [sampling] of a kernel: d, n, points (pairs [beta, gamma], each passing `check`)
/// and seed. Nothing when the table is absent.
void read_kernel_sampling(Spec& spec, TomlReader& root, const ParameterCheck& check);

/// [sampling] where the spec's cases fix q, mu, sigma and d: only n and seed.
/// `dimensions` are the cases' d, for the bound on the plan's work.
void read_case_sampling(Spec& spec, TomlReader& root, const std::vector<unsigned>& dimensions);

/// Refuses a [sampling] table, for a kind without a sampled route.
void refuse_sampling(TomlReader& root);

/// The claim's S under key "S", parsed in the kind's claim symbols, with its
/// definedness conditions and continuous_extension.
void read_expression_claim(TomlReader& table, const Spec& spec, Claim& claim);

/// The checks of a definition f, weight or phi (the key) at load:
/// refuse_too_many_kinks: more than sym::kMaxKinks kinks (proofs/derivation_work.hpp);
/// refuse_complex_definition: a constant that is not real (sqrt(-1) = i, log(-1) = i pi),
/// since attention weights are real;
/// refuse_zero_definition: identically 0 (every weight 0, S = 0/0);
/// refuse_undefined_definition: a condition recorded while reading the definition (x/x: x != 0,
/// though GiNaC reads 1; sym::ParsedExpression) not proved at every real x (`why`: the kind's
/// reason the integrals run over the whole line, e.g. "a score beta + gamma eps takes every
/// real value as beta ranges over R") and, with symbolic parameters (Spec::symbolic: the
/// `parameters`), every value of them in their ranges;
/// refuse_undefined_weight: a sequence weight proved not real (a root of a negative
/// number, a log of a non-positive one, a zero divisor) at some lambda in (0, 1],
/// 1 <= i <= n.
void refuse_too_many_kinks(TomlReader& variant, const std::string& key, const GiNaC::ex& definition);
void refuse_complex_definition(TomlReader& variant, const std::string& key, const GiNaC::ex& definition);
void refuse_zero_definition(TomlReader& variant, const std::string& key, const GiNaC::ex& definition);
void refuse_undefined_definition(TomlReader& variant, const std::string& key,
                                 const std::vector<sym::Condition>& conditions, const std::string& why,
                                 const std::vector<sym::ParameterRange>& parameters = {});
void refuse_undefined_weight(TomlReader& variant, const std::string& key, const GiNaC::ex& weight);

}  // namespace attnverify
