// The parameters of a variant's properties and a check's box over them (shared by the property
// kinds of src/properties/kinds/): the symbols in Spec::property_parameters() order, the box a
// check's `over` ranges give, whether it stays in the variant's domain, and its text.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <utility>
#include <vector>

#include "numerics/box_branch_and_bound.hpp"
#include "numerics/extremum_search.hpp"
#include "proofs/definedness.hpp"
#include "proofs/range_enclosure.hpp"
#include "src/spec/kind.hpp"
#include "src/spec/spec.hpp"

namespace attnverify {

/// The symbols of the properties' parameters, in Spec::property_parameters() order.
std::vector<GiNaC::ex> parameter_symbols(const Spec& spec);

/// The `over` ranges in the order of the variant's parameters, as a search box (double ends);
/// `ranges` receives the exact ranges in the same order (fewer than the parameters when `over`
/// misses one).
std::vector<num::SearchAxis> box_of(const Spec& spec, const ParameterRanges& over,
                                    std::vector<std::pair<GiNaC::numeric, GiNaC::numeric>>& ranges);

/// The exact ranges as a box of `dims` axes; empty when their number is not `dims`.
std::vector<num::BoxAxis> exact_box(const std::vector<std::pair<GiNaC::numeric, GiNaC::numeric>>& ranges,
                                    std::size_t dims);

/// Each symbol's range over the box for the range enclosures of proofs/range_enclosure.hpp (closed,
/// each end a double rounded outwards), so that a sign shown with them holds on the whole box.
sym::SymbolRanges symbol_ranges(const std::vector<GiNaC::ex>& symbols, const std::vector<num::BoxAxis>& box);

/// "beta in [-10, 10] x gamma in [1/1000, 1000]": the box with exact ends.
std::string named_box_text(const std::vector<std::string>& names,
                           const std::vector<std::pair<GiNaC::numeric, GiNaC::numeric>>& ranges);

/// The method of a check decided by branch-and-bound on the box: "certified on the box <box>
/// (Arb branch-and-bound)" (printed only; the evidence says what was established).
std::string certified_on(const std::string& box_text);

/// Why the box leaves the variant's property domain (a gamma <= 0, a lambda > 1, an n range
/// without an integer, a parameter the domain does not name), or "" when it does not.
std::string box_outside_domain(const Spec& spec, const std::vector<std::string>& names,
                               const std::vector<std::pair<GiNaC::numeric, GiNaC::numeric>>& ranges);

/// The variable of `name` in `domain`, or null when the domain does not name it.
const sym::DomainVariable* domain_variable(const sym::ParameterDomain& domain, const std::string& name);

/// The domain of the properties' parameters: ClaimGeometry::property_domain, else the claims'.
sym::ParameterDomain property_domain(const Spec& spec);

/// Whether a property parameter takes integer values only (a sequence's length n).
bool is_integer_parameter(const GiNaC::ex& x);

/// {name, exact text} for each coordinate of `at`.
NamedValues exact_point_values(const std::vector<std::string>& names, const std::vector<GiNaC::numeric>& at);

}  // namespace attnverify
