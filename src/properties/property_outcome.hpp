// The outcome of one check of a property (src/spec/property_kind.hpp): what a property kind's
// check returns, and how the checks of one property combine into its record
// (src/properties/property_checks.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "src/spec/kind.hpp"
#include "src/verdicts/evidence.hpp"
#include "src/verdicts/verdict.hpp"

namespace attnverify {

struct PropertyOutcome {
  Verdict verdict = Verdict::Inconclusive;
  std::string method;   ///< how it was decided, for the record's `method` (printed, never parsed)
  std::string finding;  ///< one or two sentences with the figures
  NamedValues point;    ///< counterexample or the point that decides
  NamedValues values;
  std::optional<double> digits;
  bool certified = false;  ///< a disagree: its counterexample is certified by balls
  Evidence evidence;       ///< what this check established (src/verdicts/evidence.hpp)
};

/// An inconclusive outcome that decides nothing: method "none", `finding` said.
PropertyOutcome not_decided(const std::string& finding);

/// The checks of one property as one outcome: disagree when one disagrees (its counterexample
/// and evidence kept), agree when every one agrees (the conjunction of what each established,
/// src/verdicts/evidence.hpp), inconclusive otherwise (nothing established). Methods are joined
/// without repeats, findings in order.
PropertyOutcome combine(const std::vector<PropertyOutcome>& parts);

/// A search and a certificate that contradict each other: a defect of attnverify, so the
/// outcome becomes inconclusive with both findings (`what` names the other).
PropertyOutcome conflict(PropertyOutcome outcome, const std::string& what);

}  // namespace attnverify
