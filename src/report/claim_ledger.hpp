// The ledger of published statements: the run's claim and property checks grouped into
// distinct published statements (one source's equation, or its claim id without one),
// each with the source's words, its typesetting, the derived form, the verdict, the
// evidence its deciding record carries (level and proposition, written by the check that
// produced it; never read from the record's `method`) and the record whose numbers decide it. Computed as data, before any LaTeX
// (src/report/findings_latex.cpp renders it; results.json carries it), so that what the
// report's first pages say is tested on the data (tests/ledger_test.cpp).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "src/run/run_result.hpp"

namespace attnverify {

/// One distinct published statement.
struct LedgerEntry {
  std::string source;    ///< bibliography key
  std::string equation;  ///< "(8)"; empty when the source numbers none
  ClaimRole role = ClaimRole::Claim;  ///< Claim or Transcription
  std::vector<std::string> ids;       ///< claim and property ids, in run order, each once
  std::vector<std::string> variants;  ///< variants it is checked in, each once
  std::vector<const CheckRecord*> checks;
  std::size_t sampled_checks = 0;  ///< the Monte Carlo checks (CheckKind::Sampled) of its variants that are valid tests (src/kinds/sampled_checks.hpp)
  SourceQuote quote;            ///< the first non-empty quote of its claims (src/spec/source_quote.hpp)
  std::string published_latex;  ///< the source's typesetting of S (claims' `latex`), or empty
  std::string read_latex;       ///< without `latex`: attnverify's reading of the claim's S, typeset (marked so in the report)
  std::string statement;        ///< the statement in words (facts, properties), spec prose with $..$
  bool formula = false;         ///< a claim about S (a formula), not a fact or a property
  bool continuous_extension = false;  ///< a claim meant as its continuous extension where a divisor vanishes
  std::string wrong_as_written;  ///< checked as corrected: what is wrong as the source writes it (Claim)
  /// The derived S of its variants when it is one expression for all of them (a formula claim).
  std::optional<GiNaC::ex> derived;
  Verdict verdict = Verdict::Inconclusive;  ///< disagree if any check disagrees, agree if all agree
  /// The deciding record's evidence (src/verdicts/evidence.hpp), as the check wrote it:
  /// its level and the proposition established, shown beside the statement.
  Evidence evidence;
  const CheckRecord* deciding = nullptr;    ///< a disagree (certified first), else the check of weakest evidence
  std::string reason;                       ///< the spec's explanation of an expected disagree
};

/// Wrong as the source writes it: a disagree, or an agree only as corrected (`wrong_as_written`:
/// a slip the source's own derivation contradicts, which page 1 and results.json's `counted_as`
/// count among the wrong statements).
bool wrong_as_written(const LedgerEntry& e);

/// How page 1 counts the statement: "wrong" (wrong_as_written), "holds" (an agree) or
/// "undecided" (inconclusive).
std::string counted_as(const LedgerEntry& e);

/// The ledger of the run: every published claim and transcription (not controls or
/// explanations), grouped by statement, in the order of first appearance. Pointers
/// refer into `run`, which must outlive the result.
std::vector<LedgerEntry> claim_ledger(const RunResult& run);

}  // namespace attnverify
