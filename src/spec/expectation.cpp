#include "src/spec/expectation.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <utility>

#include "src/spec/toml_reader.hpp"

namespace attnverify {

namespace {
// The spellings of the roles, for reading and for writing.
constexpr std::pair<ClaimRole, const char*> kRoleNames[] = {
    {ClaimRole::Claim, "claim"},
    {ClaimRole::Transcription, "transcription"},
    {ClaimRole::Control, "control"},
    {ClaimRole::Explanation, "explanation"},
    {ClaimRole::Conjecture, "conjecture"},
};
}  // namespace

const char* to_string(ClaimRole role) {
  for (const auto& [r, name] : kRoleNames)
    if (r == role) return name;
  return "claim";
}

bool cites_published_statement(ClaimRole role) {
  return role == ClaimRole::Claim || role == ClaimRole::Transcription || role == ClaimRole::Explanation;
}

Expectation read_expectation(TomlReader& reader, const Bibliography& bibliography) {
  Expectation e;
  e.source = reader.optional_string("source", Text::Identifier).value_or("");
  if (!e.source.empty() && !knows_source(bibliography, e.source))
    reader.fail("source", "unknown source '" + e.source +
                              "' (not a key of the bibliography; it is read from bibliography.toml beside the specs, "
                              "or --bibliography)");
  const std::string expected = reader.optional_string("expected", Text::Identifier).value_or("agree");
  const std::optional<Verdict> verdict = verdict_from_string(expected);
  if (!verdict || *verdict == Verdict::NotApplicable)
    reader.fail("expected", "must be one of agree, disagree, inconclusive (found '" + expected + "')");
  e.expected = *verdict;
  e.reason = reader.optional_string("reason").value_or("");
  if (e.expected != Verdict::Agree && e.reason.empty())
    reader.fail("reason", "missing: an expected verdict other than agree needs a reason");
  const std::optional<std::string> role = reader.optional_string("role", Text::Identifier);
  const std::string name = role.value_or(e.source.empty() ? "conjecture" : "claim");
  const auto known = std::find_if(std::begin(kRoleNames), std::end(kRoleNames),
                                  [&](const auto& entry) { return name == entry.second; });
  if (known == std::end(kRoleNames))
    reader.fail("role", "must be one of claim, transcription, control, explanation, conjecture (found '" + name + "')");
  e.role = known->first;
  if (e.source.empty() && cites_published_statement(e.role))
    reader.fail("role", (e.role == ClaimRole::Explanation ? "an explanation explains a published statement"
                                                          : "a " + name + " is a published statement") +
                            ": name its source with source = \"...\" (a key of the bibliography); a statement of your own "
                            "is role = \"conjecture\" (the default without source), which needs none");
  return e;
}

void check_attribution(TomlReader& reader, const std::string& source, ClaimRole role, const std::string& equation,
                       const SourceQuote& quote, const std::string& wrong_as_written) {
  const std::string add = " (a statement of your own cites none; add source = \"...\" if it is a source's)";
  if (source.empty() && !equation.empty())
    reader.fail("equation", "is an equation number in the source, but this statement cites no source" + add);
  if (source.empty() && (!quote.text.empty() || !quote.unavailable.empty()))
    reader.fail(quote.text.empty() ? "quote_unavailable" : "quote",
                "is about the source's own words, but this statement cites no source" + add);
  if (!wrong_as_written.empty() && role != ClaimRole::Claim)
    reader.fail("wrong_as_written", std::string("says what is wrong as a source writes its statement: only a published "
                                                "claim (role = \"claim\", with a source) has it, not a ") +
                                        to_string(role));
}

}  // namespace attnverify
