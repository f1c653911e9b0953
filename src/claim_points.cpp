#include "src/claim_points.hpp"

#include <algorithm>

#include "proofs/derivation_cache.hpp"
#include "proofs/feature_moments.hpp"

#include <random>

#include "proofs/sparsity_measure.hpp"
#include "proofs/symbols.hpp"

namespace attnverify {

using GiNaC::numeric;

namespace {

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

}  // namespace

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

NamedValues phi_case_description(const PhiCase& c, std::size_t index) {
  return {{"case", std::to_string(index + 1)},
          {"d", std::to_string(c.q.size())},
          {"q", components_text(c.q)},
          {"mu", components_text(c.mu)},
          {"sigma", components_text(c.sigma)}};
}

ClaimDomain claim_domain(const Spec& spec, unsigned long seed) {
  ClaimDomain domain;
  const auto& s = sym::symbols();
  std::mt19937_64 rng(seed);
  auto draw = [&](long lo, long hi) { return lo + static_cast<long>(rng() % static_cast<unsigned long>(hi - lo + 1)); };
  switch (spec.kind) {
    case VariantKind::Kernel: {
      domain.symbols = {s.beta, s.gamma};
      for (const numeric& beta : {numeric(-2), numeric(-1), numeric(-1, 2), numeric(0), numeric(1, 2), numeric(1), numeric(2)})
        for (const numeric& gamma : {numeric(1, 4), numeric(1, 2), numeric(1), numeric(2), numeric(3)})
          domain.points.push_back(rational_point(spec, {beta, gamma}, domain.symbols));
      for (int k = 0; k < 16; ++k) {
        const numeric beta(draw(-300, 300), 100);
        const numeric gamma(draw(25, 300), 100);
        domain.points.push_back(rational_point(spec, {beta, gamma}, domain.symbols));
      }
      domain.reference = rational_point(spec, {numeric(1, 2), numeric(1)}, domain.symbols);
      domain.description = "35 fixed and 16 random points (seed " + std::to_string(seed) + ")";
      break;
    }
    case VariantKind::Sequence: {
      domain.symbols = {s.lambda, s.n};
      for (const numeric& lambda : {numeric(1, 10), numeric(1, 2), numeric(9, 10), numeric(99, 100)})
        for (const numeric& n : {numeric(1), numeric(2), numeric(3), numeric(10), numeric(100)})
          domain.points.push_back(rational_point(spec, {lambda, n}, domain.symbols));
      for (int k = 0; k < 16; ++k) {
        const numeric lambda(draw(1, 999), 1000);
        const numeric n(draw(1, 1000));
        domain.points.push_back(rational_point(spec, {lambda, n}, domain.symbols));
      }
      domain.description = "20 fixed and 16 random points (seed " + std::to_string(seed) + ")";
      break;
    }
    case VariantKind::FeatureMap: {
      if (spec.has_phi()) {
        const sym::FeatureMoments& moments = sym::cached_feature_moments(spec.definition);
        if (!moments.derived) break;  // no invariants in closed form: no claim points
        for (std::size_t k = 0; k < spec.phi_cases.size(); ++k) {
          const PhiCase& c = spec.phi_cases[k];
          ClaimPoint p;
          p.where = phi_case_description(c, k);
          p.substitution = sym::feature_case(moments, c.q, c.mu, c.sigma).substitution;
          p.index = k;
          domain.points.push_back(std::move(p));
        }
        if (!domain.points.empty()) domain.reference = domain.points.front();
        domain.description = std::to_string(domain.points.size()) + " cases of the spec";
        break;
      }
      for (std::size_t k = 0; k < spec.cases.size(); ++k) {
        const auto m = sym::linear_case_moments(spec.cases[k]);
        ClaimPoint p;
        p.where = {{"case", std::to_string(k + 1)},
                   {"q", vector_text(spec.cases[k].q)},
                   {"mu", vector_text(spec.cases[k].mu)},
                   {"Sigma", matrix_text(spec.cases[k].Sigma)}};
        p.substitution = m.substitution();
        p.index = k;
        domain.points.push_back(std::move(p));
      }
      if (!domain.points.empty()) domain.reference = domain.points.front();
      domain.description = std::to_string(domain.points.size()) + " cases of the spec";
      break;
    }
    case VariantKind::Measure: {
      for (std::size_t k = 0; k < spec.vectors.size(); ++k) {
        const auto& x = spec.vectors[k];
        ClaimPoint p;
        p.where = {{"x", vector_text(x)}};
        p.substitution = sym::vector_moments(x).substitution();
        p.index = k;
        domain.points.push_back(std::move(p));
      }
      if (!domain.points.empty()) domain.reference = domain.points.front();
      domain.description = std::to_string(domain.points.size()) + " vectors of the spec";
      break;
    }
    case VariantKind::Fact:
      break;  // fact claims are tests, not expressions at points
  }
  return domain;
}

ClaimDomain iid_cases(const Spec& spec, const ClaimDomain& cases) {
  ClaimDomain domain;
  domain.symbols = cases.symbols;
  for (const ClaimPoint& p : cases.points) {
    const bool iid = spec.has_phi() ? spec.phi_cases[p.index].iid() : sym::linear_case_moments(spec.cases[p.index]).iid;
    if (iid) domain.points.push_back(p);
  }
  if (!domain.points.empty()) domain.reference = domain.points.front();
  domain.description = std::to_string(domain.points.size()) + " iid cases of the spec";
  return domain;
}

}  // namespace attnverify
