// What a spec says about a claim or property before it is checked: the verdict it
// expects, why, and what kind of statement the claim is (docs/spec-format.md, "Roles").
// The verdict itself is always computed; these fields only label it in the report and
// decide whether a computed verdict is "unexpected".
#pragma once

#include "src/spec/bibliography.hpp"
#include "src/spec/source_quote.hpp"
#include "src/verdicts/verdict.hpp"

#include <string>

namespace attnverify {

class TomlReader;

/// What kind of statement a claim or property is, for the report's findings
/// (docs/spec-format.md, "Roles"):
///  - Claim: a formula or fact as its source publishes it; a disagree is an error of
///    the source.
///  - Transcription: a copy of a published formula as someone re-typed it (a
///    republished copy, a blog's rendering); a disagree is an error of the copy.
///  - Control: a deliberately broken setting or formula (a negative control) that the
///    tool must find false; a disagree shows the check works, it says nothing about
///    the source.
///  - Explanation: a statement of ours that explains a published one (not counted among
///    the published statements).
///  - Conjecture: the spec author's own statement (a guess, a private experiment); it may
///    cite a source it is about, but it is never counted or reported as published, and a
///    disagree says only that the conjecture is false. The default without `source`.
enum class ClaimRole { Claim, Transcription, Control, Explanation, Conjecture };

/// "claim", "transcription", "control", "explanation", "conjecture".
const char* to_string(ClaimRole role);

/// A statement that a source publishes, or a copy or explanation of one: Claim,
/// Transcription or Explanation. These need a `source`; a control or a conjecture does not.
bool cites_published_statement(ClaimRole role);

/// The fields shared by [[claims]] and [[properties]] that say what a statement is and
/// what verdict its author expects.
struct Expectation {
  Verdict expected = Verdict::Agree;  ///< agree, disagree or inconclusive
  std::string reason;              ///< why a verdict other than agree is expected (required then)
  ClaimRole role = ClaimRole::Claim;
  std::string source;  ///< bibliography key; empty when the table cites none (a conjecture or a control)
};

/// Reads `source`, `expected`, `reason` and `role` of one claim or property table. Without
/// `role`, a table with a `source` is a Claim and one without is a Conjecture. Throws
/// SpecError (file, line, key) for an expected verdict or a role outside the lists, a
/// missing reason when the expected verdict is not agree, a `source` that is not a key of
/// `bibliography` (knows_source), and a role that cites a published statement
/// (cites_published_statement) without a `source`.
Expectation read_expectation(TomlReader& reader, const Bibliography& bibliography);

/// The fields that only a statement with a source can have, checked once the table is read:
/// an `equation` (a number in the source), a `quote` or `quote_unavailable` (the source's
/// words) need a `source`; `wrong_as_written` (what is wrong as the source writes it) needs
/// role Claim. Throws SpecError (file, line, key) naming the field otherwise.
void check_attribution(TomlReader& reader, const std::string& source, ClaimRole role, const std::string& equation,
                       const SourceQuote& quote, const std::string& wrong_as_written);

}  // namespace attnverify
