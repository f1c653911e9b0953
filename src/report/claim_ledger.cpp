#include "src/report/claim_ledger.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "src/report/latex_pieces.hpp"

namespace attnverify {

const char* to_string(Evidence evidence) {
  switch (evidence) {
    case Evidence::ProvedWholeDomain:
      return "proved on the whole domain";
    case Evidence::CertifiedCounterexample:
      return "certified counterexample";
    case Evidence::ProvedAsStated:
      return "proved as stated";  // on its box, at its points ("What each verdict proves")
    case Evidence::SymbolicArgument:
      return "symbolic argument, checked at points";
    case Evidence::FiniteCases:
      return "checked in finite cases";
    case Evidence::NumericEvidence:
      return "numeric evidence";
    case Evidence::Statistical:
      return "statistical test";
    case Evidence::Undecided:
      return "undecided";
  }
  return "undecided";
}

Evidence evidence_of(const CheckRecord& r, bool fact_claim) {
  const auto starts = [&](const char* prefix) { return r.method.rfind(prefix, 0) == 0; };
  const bool monte_carlo = starts("sampled") || r.method.find("Monte Carlo") != std::string::npos;
  // a fact's test runs finite settings (identities at fixed sizes, trials, Monte Carlo with
  // its own |z| rule): finite cases, not the Holm-tested sampled checks of "statistical"
  if (fact_claim && (r.verdict == Verdict::Agree || (r.verdict == Verdict::Disagree && !r.certified)))
    return Evidence::FiniteCases;
  if (r.verdict != Verdict::Agree && r.verdict != Verdict::Disagree) return Evidence::Undecided;
  if (r.verdict == Verdict::Disagree && r.certified) return Evidence::CertifiedCounterexample;
  if (proved_symbolically(r)) return Evidence::ProvedWholeDomain;  // an agree only
  if (monte_carlo) return Evidence::Statistical;
  // a property's methods are its checks' ("; "-separated, in the spec's order), the weakest
  // deciding: proved as stated when each is a proof (an identity, a series limit, or Arb
  // branch-and-bound over the stated box), a symbolic argument when each is symbolic or
  // a proof, else numeric evidence
  if (r.check == CheckKind::Property && !r.method.empty()) {
    bool all_proofs = true, all_symbolic = true;
    for (std::size_t from = 0; from < r.method.size();) {
      const std::size_t end = std::min(r.method.find("; ", from), r.method.size());
      const std::string part = r.method.substr(from, end - from);
      const auto begins = [&](const char* prefix) { return part.rfind(prefix, 0) == 0; };
      // "symbolic on lambda in (0, 1)": a bound proved on the range its statement names
      const bool proof = part == "symbolic" || begins("symbolic on ") || begins("symbolic (series)") ||
                         begins("certified on the box") ||
                         begins("symbolic (Lagrange + convexity, the quantity monotone in r certified");
      all_proofs = all_proofs && proof;
      all_symbolic = all_symbolic && (proof || begins("symbolic"));
      from = end + 2;
    }
    if (all_proofs && r.verdict == Verdict::Agree) return Evidence::ProvedAsStated;
    if (all_symbolic || all_proofs) return Evidence::SymbolicArgument;
  }
  return Evidence::NumericEvidence;  // a fact claim returned above
}

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
      const bool fact_claim = claim && !claim->statement.empty();
      if (claim && !fact_claim) {
        e.formula = true;
        e.continuous_extension = e.continuous_extension || claim->continuous_extension;
        if (e.published_latex.empty()) e.published_latex = claim->latex;
        // one derived S for all its variants, or none
        const GiNaC::ex reference = v.spec.kind->claim_reference(v.spec, *claim, v.S);
        if (e.checks.size() == 1)
          e.derived = reference;
        else if (e.derived && !e.derived->is_equal(reference))
          e.derived.reset();
      } else if (e.statement.empty()) {
        e.statement = claim ? claim->statement : property->statement;
      }
      // the deciding record: a disagree (a certified one first), else the weakest evidence
      const Evidence evidence = evidence_of(r, fact_claim);
      const auto rank = [](Verdict verdict) { return verdict == Verdict::Disagree ? 0 : verdict == Verdict::Agree ? 2 : 1; };
      const bool better =
          !e.deciding || rank(r.verdict) < rank(e.deciding->verdict) ||
          (rank(r.verdict) == rank(e.deciding->verdict) &&
           (r.verdict == Verdict::Disagree ? (r.certified && !e.deciding->certified) : evidence > e.evidence));
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

}  // namespace attnverify
