#include "src/spec/expectation.hpp"

#include <algorithm>
#include <iterator>
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
};
}  // namespace

const char* to_string(ClaimRole role) {
  for (const auto& [r, name] : kRoleNames)
    if (r == role) return name;
  return "claim";
}

Expectation read_expectation(TomlReader& reader) {
  Expectation e;
  const std::string expected = reader.optional_string("expected", Text::Identifier).value_or("agree");
  const std::optional<Verdict> verdict = verdict_from_string(expected);
  if (!verdict || *verdict == Verdict::NotApplicable)
    reader.fail("expected", "must be one of agree, disagree, inconclusive (found '" + expected + "')");
  e.expected = *verdict;
  e.reason = reader.optional_string("reason").value_or("");
  if (e.expected != Verdict::Agree && e.reason.empty())
    reader.fail("reason", "missing: an expected verdict other than agree needs a reason");
  const std::string role = reader.optional_string("role", Text::Identifier).value_or("claim");
  const auto known = std::find_if(std::begin(kRoleNames), std::end(kRoleNames),
                                  [&](const auto& entry) { return role == entry.second; });
  if (known == std::end(kRoleNames))
    reader.fail("role", "must be one of claim, transcription, control, explanation (found '" + role + "')");
  e.role = known->first;
  return e;
}

}  // namespace attnverify
