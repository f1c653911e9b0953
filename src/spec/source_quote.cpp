#include "src/spec/source_quote.hpp"

#include <utility>

#include "src/spec/spec_text.hpp"
#include "src/spec/toml_reader.hpp"

namespace attnverify {

namespace {

// Whether the text has a character beyond Latin-1 (U+0100 and up: lead bytes 0xC4..0xF4),
// i.e. is not English or another language the report's fonts typeset as they are.
bool beyond_latin1(const std::string& text) {
  for (const char c : text)
    if (static_cast<unsigned char>(c) >= 0xC4 && static_cast<unsigned char>(c) <= 0xF4) return true;
  return false;
}

}  // namespace

SourceQuote read_source_quote(TomlReader& reader, const Bibliography& bibliography) {
  SourceQuote quote;
  quote.text = reader.optional_string("quote").value_or("");
  quote.translation = reader.optional_string("quote_translation").value_or("");
  quote.from = reader.optional_string("quote_from", Text::Identifier).value_or("");
  quote.unavailable = reader.optional_string("quote_unavailable").value_or("");
  if (!quote.text.empty() && !quote.unavailable.empty())
    reader.fail("quote_unavailable", "says why there is no quote, but the table has a `quote`");
  for (const auto& [key, value] : {std::pair<const char*, const std::string*>{"quote", &quote.text},
                                   {"quote_translation", &quote.translation}})
    if (code_points(*value) > kMaxQuoteLength)
      reader.fail(key, "too long (" + std::to_string(code_points(*value)) + " characters; a quotation is at most " +
                           std::to_string(kMaxQuoteLength) + ")");
  if (quote.text.empty() && !quote.translation.empty())
    reader.fail("quote_translation", "a translation without a quote: give the source's own words as `quote`");
  if (quote.text.empty() && !quote.from.empty())
    reader.fail("quote_from", "names the text of a quote, but the table has no `quote`");
  if (beyond_latin1(quote.text) && quote.translation.empty())
    reader.fail("quote", "not in English: give its English translation as `quote_translation`");
  if (!quote.from.empty() && !knows_source(bibliography, quote.from))
    reader.fail("quote_from", "unknown source '" + quote.from + "' (not a key of the bibliography)");
  return quote;
}

}  // namespace attnverify
