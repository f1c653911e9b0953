#include "src/report/claim_ledger.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "proofs/printing.hpp"
#include "src/report/latex_pieces.hpp"

namespace attnverify {

std::vector<LedgerEntry> claim_ledger(const RunResult& run) {
  std::vector<LedgerEntry> ledger;
  std::map<std::pair<std::string, std::string>, std::size_t> index;
  for (const VariantResult& v : run.variants)
    for (const CheckRecord& r : v.records) {
      if (r.check != CheckKind::Claim && r.check != CheckKind::Property) continue;
      // what the spec says about the record's claim or property
      const Claim* claim = nullptr;
      const Property* property = nullptr;
      for (const Claim& c : v.spec.claims)
        if (c.id == r.claim) claim = &c;
      for (const Property& p : v.spec.properties)
        if (p.id == r.claim) property = &p;
      if (!claim && !property) continue;
      const ClaimRole role = claim ? claim->role : property->role;
      if (role != ClaimRole::Claim && role != ClaimRole::Transcription) continue;
      const std::string& source = claim ? claim->source : property->source;
      const std::string& equation = claim ? claim->equation : property->equation;
      const auto key = std::make_pair(source, equation.empty() ? r.claim : equation);
      auto [it, fresh] = index.emplace(key, ledger.size());
      if (fresh) {
        ledger.emplace_back();
        ledger.back().source = source, ledger.back().equation = equation, ledger.back().role = role;
      }
      LedgerEntry& e = ledger[it->second];
      if (std::find(e.ids.begin(), e.ids.end(), r.claim) == e.ids.end()) e.ids.push_back(r.claim);
      if (std::find(e.variants.begin(), e.variants.end(), v.spec.name) == e.variants.end()) {
        e.variants.push_back(v.spec.name);
        e.sampled_checks += static_cast<std::size_t>(std::count_if(
            v.records.begin(), v.records.end(), [](const CheckRecord& c) {
              // the valid tests only: a check whose CLT interval is too skewed at its n is none
              return c.check == CheckKind::Sampled &&
                     !c.clt_invalid();
            }));
      }
      e.checks.push_back(&r);
      const SourceQuote& quote = claim ? claim->quote : property->quote;
      if (e.quote.empty()) e.quote = quote;
      if (e.quote.unavailable.empty()) e.quote.unavailable = quote.unavailable;
      if (e.reason.empty()) e.reason = claim ? claim->reason : property->reason;
      if (claim && e.wrong_as_written.empty()) e.wrong_as_written = claim->wrong_as_written;
      if (claim && claim->statement.empty()) {  // a formula, not a fact's statement
        e.formula = true;
        e.continuous_extension = e.continuous_extension || claim->continuous_extension;
        if (e.published_latex.empty()) e.published_latex = claim->latex;
        if (e.read_latex.empty() && claim->latex.empty()) e.read_latex = sym::to_latex(claim->S);
        // one derived S for all its variants, or none
        const GiNaC::ex reference = v.spec.kind->claim_reference(v.spec, *claim, v.S);
        if (e.checks.size() == 1)
          e.derived = reference;
        else if (e.derived && !e.derived->is_equal(reference))
          e.derived.reset();
      } else if (e.statement.empty()) {
        e.statement = claim ? claim->statement : property->statement;
      }
      // the deciding record: a disagree (a certified one first), else the weakest evidence; an
      // inconclusive record's evidence is Undecided whatever a check left in it
      const Evidence evidence = r.verdict == Verdict::Agree || r.verdict == Verdict::Disagree ? r.evidence : Evidence{};
      const auto rank = [](Verdict verdict) { return verdict == Verdict::Disagree ? 0 : verdict == Verdict::Agree ? 2 : 1; };
      const bool better =
          !e.deciding || rank(r.verdict) < rank(e.deciding->verdict) ||
          (rank(r.verdict) == rank(e.deciding->verdict) &&
           (r.verdict == Verdict::Disagree ? (r.certified && !e.deciding->certified) : evidence.level > e.evidence.level));
      if (better) e.deciding = &r, e.evidence = evidence;
    }
  for (LedgerEntry& e : ledger) {
    const auto any = [&](Verdict verdict) {
      return std::any_of(e.checks.begin(), e.checks.end(), [&](const CheckRecord* r) { return r->verdict == verdict; });
    };
    e.verdict = any(Verdict::Disagree) ? Verdict::Disagree
                : std::all_of(e.checks.begin(), e.checks.end(),
                              [](const CheckRecord* r) { return r->verdict == Verdict::Agree; })
                    ? Verdict::Agree
                    : Verdict::Inconclusive;
    // an inconclusive statement's deciding record is an inconclusive check (it ranks before
    // an agree above), so its evidence is already Undecided
  }
  return ledger;
}

bool wrong_as_written(const LedgerEntry& e) {
  return e.verdict == Verdict::Disagree || (e.verdict == Verdict::Agree && !e.wrong_as_written.empty());
}

std::string counted_as(const LedgerEntry& e) {
  return wrong_as_written(e) ? "wrong" : e.verdict == Verdict::Agree ? "holds" : "undecided";
}

}  // namespace attnverify
