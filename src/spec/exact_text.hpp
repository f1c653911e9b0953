// Exact text of the rationals a spec gives (grid points, cases), as reports and
// results.json print them.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>

namespace attnverify {

/// Exact text of a rational: a terminating decimal when there is one ("-0.25"),
/// else "p/q".
std::string exact_text(const GiNaC::numeric& value);

/// The rational that `text` writes as exact_text does ("-0.25", "3", "1/3"; see
/// is_exact_number_text in src/verdicts/check_record.hpp), or nullopt for any other text.
std::optional<GiNaC::numeric> exact_value(const std::string& text);

}  // namespace attnverify
