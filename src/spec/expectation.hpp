// What a spec says about a claim or property before it is checked: the verdict it
// expects, why, and what kind of statement the claim is (docs/spec-format.md, "Roles").
// The verdict itself is always computed; these fields only label it in the report and
// decide whether a computed verdict is "unexpected".
#pragma once

#include "src/verdicts/verdict.hpp"

#include <string>

namespace attnverify {

class TomlReader;

/// What kind of statement a claim is, for the report's findings.
///  - Claim: a formula or fact as its source publishes it; a disagree is an error of
///    the source.
///  - Transcription: a copy of a published formula as someone re-typed it (a
///    republished copy, a blog's rendering); a disagree is an error of the copy.
///  - Control: a deliberately broken setting or formula (a negative control) that the
///    tool must find false; a disagree shows the check works, it says nothing about
///    the source.
/// What a claim or property is (docs/spec-format.md, "Roles"): a published statement, a
/// re-typed copy of one, a negative control, or a statement of ours that explains a
/// published one (not counted among the published statements).
enum class ClaimRole { Claim, Transcription, Control, Explanation };

/// "claim", "transcription", "control", "explanation".
const char* to_string(ClaimRole role);

/// The expected-verdict fields shared by [[claims]] and [[properties]].
struct Expectation {
  Verdict expected = Verdict::Agree;  ///< agree, disagree or inconclusive
  std::string reason;              ///< why a verdict other than agree is expected (required then)
  ClaimRole role = ClaimRole::Claim;
};

/// Reads `expected`, `reason` and `role` of one claim or property table. Throws
/// SpecError (file, line, key) for an expected verdict or a role outside the lists, and
/// for a missing reason when the expected verdict is not agree.
Expectation read_expectation(TomlReader& reader);

}  // namespace attnverify
