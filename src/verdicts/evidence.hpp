// What a check established, typed (docs/design.md §4a, "Evidence"): the level of the
// evidence and the proposition it establishes, written once by the check that produced the
// record and read by the ledger, the report and the terminal summary. Nothing downstream
// reads a record's free-text `method` to learn what was established; `method` is for
// printing only.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attnverify {

/// How strong a record's evidence is, strongest first (the order `weakest` uses). The
/// report's "What each verdict proves" (src/report/verdict_meanings.cpp) defines each.
enum class EvidenceLevel {
  ProvedWholeDomain,        ///< a symbolic proof of the proposition on the variant's whole domain
  ProvedOnSubdomain,        ///< a symbolic proof on a stated part of the domain (lambda in (0, 1), fixed
                            ///< parameters, finitely many dimensions d), which the proposition names
  ProvedFromTheorem,        ///< a cited theorem whose hypotheses are certified (the proposition names it)
  Corollary,                ///< follows in one step from the records named in Evidence::rests_on
  CertifiedOnBox,           ///< Arb ball arithmetic (branch-and-bound, or a ball at a point) over a stated
                            ///< box or at stated points: rigorous there, nothing said beyond it
  CertifiedCounterexample,  ///< Arb balls of the statement's two sides disjoint at a stated point
  SymbolicArgument,         ///< a symbolic argument one of whose steps is not certified (an exact limit
                            ///< compared in floating point, the Lagrange argument at finitely many d, ...)
  FiniteCases,              ///< a fact tested in finitely many settings (exact or floating-point trials)
  NumericEvidence,          ///< agreement or difference at stated points or over a searched region, not
                            ///< certified (or certified only at the points of a statement about a region)
  Statistical,              ///< Monte Carlo with a z-test
  Undecided,                ///< inconclusive (or not applicable): nothing established
};

/// The spelling in results.json, shards and the report: "proved on the whole domain",
/// "proved on a stated subdomain", "proved from a cited theorem", "corollary",
/// "certified on a stated box", "certified counterexample", "symbolic argument",
/// "checked in finite cases", "numeric evidence", "statistical test", "undecided".
const char* to_string(EvidenceLevel level);
/// A short tag for a part of a conjunction: "proved", "certified", "argument", "numeric", ...
const char* short_name(EvidenceLevel level);
/// The level a spelling names; nullopt for any other text.
std::optional<EvidenceLevel> evidence_level_from_string(std::string_view text);

/// The evidence of one check record.
struct Evidence {
  Evidence() = default;
  Evidence(EvidenceLevel level_, std::string proposition_, std::vector<std::string> rests_on_ = {})
      : level(level_), proposition(std::move(proposition_)), rests_on(std::move(rests_on_)) {}

  EvidenceLevel level = EvidenceLevel::Undecided;
  /// What was established, in plain text with the parameters' names ("S > 0 on beta in
  /// [-10, 10] x gamma in [0.001, 1000]"; "claim = S on beta in R, gamma > 0"). It is the
  /// statement only when the check proved the statement itself; the ledger shows it beside
  /// the statement either way. Empty for Undecided.
  std::string proposition;
  /// Corollary: the ids of the claims and properties it follows from.
  std::vector<std::string> rests_on;

  bool operator==(const Evidence& other) const = default;
};

/// Whether `level` is a proof of its proposition (the Proved* levels and Corollary).
bool is_proof(EvidenceLevel level);
/// Whether `level` rests on ball arithmetic (CertifiedOnBox, CertifiedCounterexample): a
/// record with it must be certified (CheckRecord::certified) where it compares values.
bool is_certified_level(EvidenceLevel level);

/// The weaker of two levels (the later in EvidenceLevel's order).
EvidenceLevel weakest(EvidenceLevel a, EvidenceLevel b);

/// The evidence of a conjunction of checks, all agreeing: the weakest level; the
/// propositions joined by "; " (each once, in order; a part's level named beside it, by its
/// short_name in brackets, when the parts' levels differ); rests_on merged.
Evidence conjunction(const std::vector<Evidence>& parts);

}  // namespace attnverify
