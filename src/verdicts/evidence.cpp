#include "src/verdicts/evidence.hpp"

#include <algorithm>
#include <array>
#include <regex>
#include <utility>

namespace attnverify {

namespace {

// Each level's spelling (results.json, shards, the report) and its short tag in a conjunction.
struct Spelling {
  EvidenceLevel level;
  const char* name;
  const char* tag;
};

constexpr std::array<Spelling, 11> kSpellings{{
    {EvidenceLevel::ProvedWholeDomain, "proved on the whole domain", "proved"},
    {EvidenceLevel::ProvedOnSubdomain, "proved on a stated subdomain", "proved"},
    {EvidenceLevel::ProvedFromTheorem, "proved from a cited theorem", "proved from a theorem"},
    {EvidenceLevel::Corollary, "corollary", "corollary"},
    {EvidenceLevel::CertifiedOnBox, "certified on a stated box", "certified"},
    {EvidenceLevel::CertifiedCounterexample, "certified counterexample", "certified counterexample"},
    {EvidenceLevel::SymbolicArgument, "symbolic argument", "symbolic argument"},
    {EvidenceLevel::FiniteCases, "checked in finite cases", "finite cases"},
    {EvidenceLevel::NumericEvidence, "numeric evidence", "numeric"},
    {EvidenceLevel::Statistical, "statistical test", "statistical"},
    {EvidenceLevel::Undecided, "undecided", "undecided"},
}};

const Spelling& spelling_of(EvidenceLevel level) {
  for (const Spelling& s : kSpellings)
    if (s.level == level) return s;
  return kSpellings.back();  // undecided
}

}  // namespace

const char* to_string(EvidenceLevel level) { return spelling_of(level).name; }

const char* short_name(EvidenceLevel level) { return spelling_of(level).tag; }

std::optional<EvidenceLevel> evidence_level_from_string(std::string_view text) {
  for (const Spelling& s : kSpellings)
    if (text == s.name) return s.level;
  return std::nullopt;
}

bool is_proof(EvidenceLevel level) {
  return level == EvidenceLevel::ProvedWholeDomain || level == EvidenceLevel::ProvedOnSubdomain ||
         level == EvidenceLevel::ProvedFromTheorem || level == EvidenceLevel::Corollary;
}

bool is_certified_level(EvidenceLevel level) {
  return level == EvidenceLevel::CertifiedOnBox || level == EvidenceLevel::CertifiedCounterexample;
}

EvidenceLevel weakest(EvidenceLevel a, EvidenceLevel b) { return std::max(a, b); }

Evidence conjunction(const std::vector<Evidence>& parts) {
  Evidence out;
  if (parts.empty()) return out;
  out.level = parts.front().level;
  bool mixed = false;
  for (const Evidence& p : parts) {
    mixed = mixed || std::string_view(short_name(p.level)) != short_name(parts.front().level);
    out.level = weakest(out.level, p.level);
  }
  std::vector<std::string> seen, boxes;
  // a box named before ("snr in [0.01, 100] x r in [0.0625, 1]") is "the same box" after
  static const std::regex box(R"([A-Za-z]+ in \[[^\]]*\]( x [A-Za-z]+ in \[[^\]]*\])+)");
  for (const Evidence& p : parts) {
    if (p.proposition.empty()) continue;
    std::string text = p.proposition;
    for (const std::string& b : boxes)
      for (std::size_t at = text.find(b); at != std::string::npos; at = text.find(b, at))
        text.replace(at, b.size(), "the same box");
    for (std::sregex_iterator it(p.proposition.begin(), p.proposition.end(), box), end; it != end; ++it)
      if (std::find(boxes.begin(), boxes.end(), it->str()) == boxes.end()) boxes.push_back(it->str());
    if (mixed) text += " [" + std::string(short_name(p.level)) + "]";
    if (std::find(seen.begin(), seen.end(), text) != seen.end()) continue;
    seen.push_back(text);
    out.proposition += (out.proposition.empty() ? "" : "; ") + text;
    for (const std::string& id : p.rests_on)
      if (std::find(out.rests_on.begin(), out.rests_on.end(), id) == out.rests_on.end()) out.rests_on.push_back(id);
  }
  return out;
}

}  // namespace attnverify
