#include "src/properties/property_outcome.hpp"

#include <set>

namespace attnverify {

PropertyOutcome not_decided(const std::string& finding) {
  PropertyOutcome out;
  out.method = "none";
  out.finding = finding;
  return out;
}

PropertyOutcome combine(const std::vector<PropertyOutcome>& parts) {
  PropertyOutcome out;
  out.verdict = Verdict::Agree;
  std::set<std::string> methods;
  for (const PropertyOutcome& p : parts) {
    if (!p.method.empty() && methods.insert(p.method).second) out.method += (out.method.empty() ? "" : "; ") + p.method;
    out.finding += (out.finding.empty() ? "" : " ") + p.finding;
    if (p.verdict == Verdict::Disagree && out.verdict != Verdict::Disagree) {
      out.verdict = Verdict::Disagree;
      out.point = p.point;
      out.values = p.values;
      out.digits = p.digits;
      out.certified = p.certified;
      out.evidence = p.evidence;
    } else if (p.verdict != Verdict::Agree && out.verdict == Verdict::Agree) {
      out.verdict = Verdict::Inconclusive;
    }
  }
  // all agree: the conjunction of what each established; inconclusive: nothing established
  if (out.verdict == Verdict::Agree) {
    std::vector<Evidence> established;
    for (const PropertyOutcome& p : parts) established.push_back(p.evidence);
    out.evidence = conjunction(established);
  }
  if (out.verdict != Verdict::Disagree && !parts.empty()) {
    out.point = parts.front().point;
    out.values = parts.front().values;
    out.digits = parts.front().digits;
  }
  return out;
}

PropertyOutcome conflict(PropertyOutcome outcome, const std::string& what) {
  outcome.verdict = Verdict::Inconclusive;
  outcome.evidence = {};
  outcome.finding += " But " + what + " contradicts this (a defect in attnverify).";
  return outcome;
}

}  // namespace attnverify
