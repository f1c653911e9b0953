#include "src/verdicts/claim_points.hpp"

#include <algorithm>

#include "proofs/symbols.hpp"
#include "src/spec/exact_text.hpp"

namespace attnverify {

using GiNaC::numeric;

ClaimPoint rational_point(const Spec& spec, const GridPoint& p, const std::vector<GiNaC::ex>& symbols) {
  ClaimPoint out;
  out.where = spec.named_point(p);
  for (std::size_t k = 0; k < p.size(); ++k) out.substitution.append(symbols[k] == p[k]);
  out.rational = p;
  return out;
}

std::string matrix_text(const std::vector<std::vector<numeric>>& m) {
  bool diagonal = true, scalar = true;
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m.size(); ++j) {
      if (i != j && !m[i][j].is_zero()) diagonal = false;
      if (i == j && m[i][j] != m[0][0]) scalar = false;
    }
  if (diagonal && scalar) return exact_text(m[0][0]) + " I";
  if (diagonal) {
    std::vector<numeric> d;
    for (std::size_t i = 0; i < m.size(); ++i) d.push_back(m[i][i]);
    return "diag" + vector_text(d);
  }
  std::string out = "(";
  for (std::size_t i = 0; i < m.size(); ++i) out += (i ? "; " : "") + vector_text(m[i]);
  return out + ")";
}

std::string vector_text(const std::vector<numeric>& v) {
  std::string out = "(";
  for (std::size_t k = 0; k < v.size(); ++k) out += (k ? ", " : "") + exact_text(v[k]);
  return out + ")";
}

std::string components_text(const std::vector<numeric>& v) {
  const bool constant = std::all_of(v.begin(), v.end(), [&](const numeric& x) { return x == v.front(); });
  if (constant) return exact_text(v.front()) + (v.size() > 1 ? " (every component)" : "");
  if (v.size() <= 8) return vector_text(v);
  bool ramp = true;
  for (std::size_t k = 2; k < v.size(); ++k) ramp = ramp && (v[k] - v[k - 1] == v[1] - v[0]);
  if (ramp) return "from " + exact_text(v.front()) + " to " + exact_text(v.back()) + " (evenly spaced)";
  return "(" + exact_text(v[0]) + ", " + exact_text(v[1]) + ", ..., " + exact_text(v.back()) + ")";
}

ClaimDomain claim_domain(const Spec& spec, unsigned long seed) { return spec.kind->claim_domain(spec, seed); }

const ClaimPoint* find_claim_point(const ClaimDomain& domain, const NamedValues& point) {
  for (const ClaimPoint& p : domain.points)
    if (p.where == point) return &p;
  return nullptr;
}

std::optional<GridPoint> exact_grid_point(const NamedValues& point, const std::vector<std::string>& names) {
  if (!point_shape_problem(point, names, true).empty()) return std::nullopt;
  GridPoint out;
  for (const auto& [name, value] : point) out.push_back(*exact_value(value));
  return out;
}

}  // namespace attnverify
