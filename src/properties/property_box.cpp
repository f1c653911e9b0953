#include "src/properties/property_box.hpp"

#include <algorithm>
#include <cmath>

#include "numerics/compiled_expression.hpp"
#include "numerics/precision.hpp"
#include "proofs/symbols.hpp"
#include "src/spec/exact_text.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;

std::vector<ex> parameter_symbols(const Spec& spec) {
  std::vector<ex> out;
  for (const auto& name : spec.property_parameters()) out.push_back(sym::symbols().by_name(name));
  return out;
}

// The check's `over` ranges in the order of the variant's parameters.
std::vector<num::SearchAxis> box_of(const Spec& spec, const ParameterRanges& over,
                                    std::vector<std::pair<numeric, numeric>>& ranges) {
  std::vector<num::SearchAxis> box;
  for (const auto& name : spec.property_parameters())
    for (const auto& [key, range] : over)
      if (key == name) {
        ranges.push_back(range);
        box.push_back({num::to_real(range.first), num::to_real(range.second)});
      }
  return box;
}

// The check's `over` ranges as an exact box in the order of the variant's parameters;
// empty when some parameter has no range (the box does not fix every coordinate).
std::vector<num::BoxAxis> exact_box(const std::vector<std::pair<numeric, numeric>>& ranges, std::size_t dims) {
  std::vector<num::BoxAxis> box;
  if (ranges.size() != dims) return box;
  for (const auto& [lo, hi] : ranges) box.push_back({lo, hi});
  return box;
}

// "beta in [-10, 10] x gamma in [0.001, 1000]": the check's box with exact ends.
sym::SymbolRanges symbol_ranges(const std::vector<GiNaC::ex>& symbols, const std::vector<num::BoxAxis>& box) {
  sym::SymbolRanges ranges;
  for (std::size_t k = 0; k < symbols.size() && k < box.size(); ++k)
    ranges[symbols[k]] = sym::Range{std::nextafter(box[k].lo.to_double(), -HUGE_VAL),
                                    std::nextafter(box[k].hi.to_double(), HUGE_VAL), false, false};
  return ranges;
}

std::string named_box_text(const std::vector<std::string>& names,
                           const std::vector<std::pair<numeric, numeric>>& ranges) {
  std::string text;
  for (std::size_t k = 0; k < names.size() && k < ranges.size(); ++k)
    text += (k ? " x " : "") + names[k] + " in [" + exact_text(ranges[k].first) + ", " +
            exact_text(ranges[k].second) + "]";
  return text;
}

// The method of a check decided by branch-and-bound; claim_ledger.cpp reads its prefix
// "certified on the box" as a proof on the box.
std::string certified_on(const std::string& box_text) {
  return "certified on the box " + box_text + " (Arb branch-and-bound)";
}

// Why the box leaves the variant's domain (a gamma <= 0, a lambda > 1, an snr <= 0, an r > 1;
// a range of n without an integer), or "": S and its symbols assume the domain (gamma is a
// positive symbol, so sqrt(gamma^2) = gamma), and a box outside it would be decided for a
// formula that is not the variant's S there. A parameter the domain does not name cannot be
// checked, so its box is not decided either (docs/history.md, issue 42, H4).
std::string box_outside_domain(const Spec& spec, const std::vector<std::string>& names,
                               const std::vector<std::pair<numeric, numeric>>& ranges) {
  const ClaimGeometry geometry = spec.kind->claim_geometry(spec, true);
  const sym::ParameterDomain domain = geometry.property_domain.value_or(geometry.domain);
  for (std::size_t k = 0; k < names.size() && k < ranges.size(); ++k) {
    if (std::none_of(domain.variables.begin(), domain.variables.end(), [&](const sym::DomainVariable& v) {
          return v.symbol.is_equal(sym::symbols().by_name(names[k]));
        }))
      return "the variant's domain (" + domain.description + ") gives no range of " + names[k] +
             ", so the box cannot be checked against it";
    for (const sym::DomainVariable& v : domain.variables) {
      if (!v.symbol.is_equal(sym::symbols().by_name(names[k]))) continue;
      const auto below = [&](const numeric& x) {
        if (!std::isfinite(v.range.lo)) return false;
        const numeric end(v.range.lo);
        return v.range.lo_open ? x <= end : x < end;
      };
      const auto above = [&](const numeric& x) {
        if (!std::isfinite(v.range.hi)) return false;
        const numeric end(v.range.hi);
        return v.range.hi_open ? x >= end : x > end;
      };
      if (below(ranges[k].first) || above(ranges[k].second))
        return "the box's range of " + names[k] + ", [" + exact_text(ranges[k].first) + ", " +
               exact_text(ranges[k].second) + "], leaves the variant's domain (" + domain.description + ")";
      if (v.integer && num::ceil_of(ranges[k].first) > num::floor_of(ranges[k].second))
        return "the box's range of " + names[k] + ", [" + exact_text(ranges[k].first) + ", " +
               exact_text(ranges[k].second) + "], holds no integer, so no point of the variant's domain (" +
               domain.description + ")";
    }
  }
  return "";
}

// The domain of the properties' parameters (ClaimGeometry::property_domain, else the claims'),
// and the variable of `name` in it, or null when the domain does not name it.
const sym::DomainVariable* domain_variable(const sym::ParameterDomain& domain, const std::string& name) {
  for (const sym::DomainVariable& v : domain.variables)
    if (v.symbol.is_equal(sym::symbols().by_name(name))) return &v;
  return nullptr;
}

sym::ParameterDomain property_domain(const Spec& spec) {
  const ClaimGeometry geometry = spec.kind->claim_geometry(spec, true);
  return geometry.property_domain.value_or(geometry.domain);
}

// Whether a property parameter takes integer values only: a sequence's length n
// (sym::sequence_domain; the only integer parameter of any kind's properties).
bool is_integer_parameter(const ex& x) { return x.is_equal(sym::symbols().n); }

NamedValues exact_point_values(const std::vector<std::string>& names, const std::vector<numeric>& at) {
  NamedValues out;
  for (std::size_t k = 0; k < names.size(); ++k) out.emplace_back(names[k], exact_text(at[k]));
  return out;
}


}  // namespace attnverify
