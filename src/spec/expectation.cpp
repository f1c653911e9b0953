#include "src/spec/expectation.hpp"

#include "src/spec/toml_reader.hpp"

namespace attnverify {

const char* to_string(ClaimRole role) {
  switch (role) {
    case ClaimRole::Claim:
      return "claim";
    case ClaimRole::Transcription:
      return "transcription";
    case ClaimRole::Control:
      return "control";
  }
  return "claim";
}

Expectation read_expectation(TomlReader& reader) {
  Expectation e;
  e.expected = reader.optional_string("expected", Text::Identifier).value_or("agree");
  if (e.expected != "agree" && e.expected != "disagree" && e.expected != "inconclusive")
    reader.fail("expected", "must be one of agree, disagree, inconclusive (found '" + e.expected + "')");
  e.reason = reader.optional_string("reason").value_or("");
  if (e.expected != "agree" && e.reason.empty())
    reader.fail("reason", "missing: an expected verdict other than agree needs a reason");
  const std::string role = reader.optional_string("role", Text::Identifier).value_or("claim");
  if (role == "claim")
    e.role = ClaimRole::Claim;
  else if (role == "transcription")
    e.role = ClaimRole::Transcription;
  else if (role == "control")
    e.role = ClaimRole::Control;
  else
    reader.fail("role", "must be one of claim, transcription, control (found '" + role + "')");
  return e;
}

}  // namespace attnverify
