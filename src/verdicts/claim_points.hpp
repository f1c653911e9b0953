// The documented point sets at which a claim is compared numerically with the
// derivation (LaCASt style; docs/design.md §1, issue 4): fixed small rationals of both signs,
// plus random points drawn from the run's recorded seed.
//
//   (src/kinds/*/..._kind.cpp, Kind::claim_domain; docs/spec-format.md)
//   kernel      fixed: beta in {-2, -1, -1/2, 0, 1/2, 1, 2} x gamma in {1/4, 1/2, 1, 2, 3}
//               (35 points); random: 16 points, beta = k/100 with k uniform in
//               [-300, 300], gamma = m/100 with m uniform in [25, 300]
//   sequence    fixed: lambda in {1/10, 1/2, 9/10, 99/100, 1} x n in {1, 2, 3, 10, 100}
//               (25 points); random: 16 points, lambda = m/1000 with m in [1, 1000],
//               n in [1, 1000]. At lambda = 1 S is its own form there (published forms
//               0/0 there are judged as their continuous extension, if declared so).
//   feature_map the spec's explicit cases (q~, mu~, Sigma~), or with phi its cases
//               (q, mu, sigma) with the derived invariants; claims that use mu or
//               sigma (iid components, Su2023 eq. 9) only at the iid cases
//   measure     the spec's explicit vectors x
// Random draws: std::mt19937_64 seeded with the run seed, value = lo + draw mod
// (hi - lo + 1), beta before gamma (lambda before n) for each point.
// The reference point for the sign argument of proofs/equivalence.hpp: (beta, gamma)
// = (1/2, 1) for kernels; the first case or vector for feature maps and measures
// (their invariants range over connected sets); none for sequences (integer n).
// Documented for users in docs/spec-format.md ("How claims are judged").
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "src/verdicts/check_record.hpp"
#include "src/spec/spec.hpp"

namespace attnverify {

struct ClaimPoint {
  NamedValues where;                  ///< for reports: parameter -> exact value text
  GiNaC::lst substitution;            ///< symbol == exact value (may be irrational, e.g. q2 = sqrt(5))
  std::optional<GridPoint> rational;  ///< kernel, sequence: the point in parameter order
  std::size_t index = 0;              ///< feature_map, measure: position in spec.cases / spec.vectors
};

struct ClaimDomain {
  std::vector<GiNaC::ex> symbols;  ///< the order of ClaimPoint::rational
  std::vector<ClaimPoint> points;
  std::optional<ClaimPoint> reference;  ///< sign reference of a connected domain
  std::string description;              ///< e.g. "35 fixed and 16 random points (seed 20231201)"
};

/// The point set for a spec's claims: its kind's (Kind::claim_domain).
ClaimDomain claim_domain(const Spec& spec, unsigned long seed);

/// A point of a grid in the kind's parameters: `where` named by the spec's claim
/// symbols, the substitution symbols[k] == p[k], and the point itself.
ClaimPoint rational_point(const Spec& spec, const GridPoint& p, const std::vector<GiNaC::ex>& symbols);

/// The point of `domain` that a check record names `point` (its `where`, compared as
/// written), or nullptr.
const ClaimPoint* find_claim_point(const ClaimDomain& domain, const NamedValues& point);

/// `point` as rationals in the order `names`, each coordinate an exact number as
/// exact_text writes it ("-0.25", "1/3"); nullopt for any other point.
std::optional<GridPoint> exact_grid_point(const NamedValues& point, const std::vector<std::string>& names);

/// "(1, 2, 1/2)"
std::string vector_text(const std::vector<GiNaC::numeric>& v);

/// A component vector in short form: "1/2 (every component)", "from -1 to 2 (evenly
/// spaced)", the list when d <= 8, else "(a, b, ..., z)".
std::string components_text(const std::vector<GiNaC::numeric>& v);

/// A matrix in short form: "2 I", "diag(1, 2)", else its rows "((1, 0); (0, 1))".
std::string matrix_text(const std::vector<std::vector<GiNaC::numeric>>& m);

}  // namespace attnverify
