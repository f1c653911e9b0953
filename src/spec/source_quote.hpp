// The source's own words for a claim or property: a short quotation in the original
// language, its English translation, and the text it was taken from when that is not the
// claim's source (docs/spec-format.md, "Quoting the source"). The report's ledger of
// published claims prints them beside the published formula.
#pragma once

#include <string>

#include "src/spec/bibliography.hpp"

namespace attnverify {

class TomlReader;  // src/spec/toml_reader.hpp: only the spec readers include toml++

/// At most this many characters (code points) in a quotation or its translation: a
/// quotation is a sentence or two, not a passage.
inline constexpr std::size_t kMaxQuoteLength = 600;

struct SourceQuote {
  std::string text;         ///< the words as the source prints them (may be Chinese); empty: no quote given
  std::string translation;  ///< English; required when `text` has a character outside ASCII and Latin-1
  std::string from;         ///< bibliography key of the text quoted, when not the claim's source; may be empty
  std::string unavailable;  ///< without a quote: why there is none (the text the project has says otherwise)
  bool empty() const { return text.empty(); }
};

/// Reads the keys `quote`, `quote_translation`, `quote_from` and `quote_unavailable` (why a
/// statement has no quote; only without `quote`) of a [[claims]] or
/// [[properties]] table. Throws SpecError (file, line, key) when a translation or a quote
/// is given without the other where one is needed, either is longer than
/// kMaxQuoteLength, or `quote_from` is not a key of `bibliography`.
SourceQuote read_source_quote(TomlReader& reader, const Bibliography& bibliography);

}  // namespace attnverify
