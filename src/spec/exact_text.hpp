// Exact text of the rationals a spec gives (grid points, cases), as reports and
// results.json print them.
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace attnverify {

/// Exact text of a rational: a terminating decimal when there is one ("-0.25"),
/// else "p/q".
std::string exact_text(const GiNaC::numeric& value);

}  // namespace attnverify
