// The ledger of published statements (src/report/claim_ledger.hpp) as data: what the
// report's first pages and results.json say about each published statement is computed
// here from a real run, and asserted before any LaTeX. The run: every role of a claim
// (tests/specs/report/relu_roles.toml: a proved claim, a wrong published claim, a wrong
// copy, a control), a feature map (specs/nonneg-linear.toml) and the sparsity measure.
#define BOOST_TEST_MODULE ledger_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "proofs/symbols.hpp"
#include "src/kinds/registry.hpp"
#include "src/report/claim_ledger.hpp"
#include "src/report/latex_pieces.hpp"
#include "src/run/pipeline.hpp"
#include "src/spec/spec.hpp"

using namespace attnverify;

namespace {

const std::string kSource = ATTNVERIFY_SOURCE_DIR;

const RunResult& run() {
  static const RunResult result = [] {
    const Bibliography bibliography = load_bibliography(kSource + "/specs/bibliography.toml");
    std::vector<Spec> specs;
    for (const char* file : {"/tests/specs/report/relu_roles.toml", "/specs/nonneg-linear.toml",
                             "/specs/sparsity-measure.toml"})
      specs.push_back(load_spec(kSource + file, bibliography));
    return run_suite(specs, bibliography, RunOptions{}, [](const std::string&) {});
  }();
  return result;
}

const LedgerEntry& entry(const std::vector<LedgerEntry>& ledger, const std::string& id) {
  const auto it = std::find_if(ledger.begin(), ledger.end(), [&](const LedgerEntry& e) {
    return std::find(e.ids.begin(), e.ids.end(), id) != e.ids.end();
  });
  BOOST_REQUIRE_MESSAGE(it != ledger.end(), "no ledger entry for " << id);
  return *it;
}

}  // namespace

// Controls and explanations are not published statements; copies are, with their role.
BOOST_AUTO_TEST_CASE(the_ledger_holds_published_statements_and_copies_only) {
  const std::vector<LedgerEntry> ledger = claim_ledger(run());
  for (const LedgerEntry& e : ledger) {
    BOOST_TEST((e.role == ClaimRole::Claim || e.role == ClaimRole::Transcription));
    BOOST_TEST((std::find(e.ids.begin(), e.ids.end(), "relu-broken-control") == e.ids.end()));
  }
  BOOST_TEST((entry(ledger, "relu-wrong-copy").role == ClaimRole::Transcription));
  BOOST_TEST((entry(ledger, "Su2023-copy-eq8").role == ClaimRole::Transcription));
  // relu_roles' claims have no equation: each is its own statement; eq. (1) of two ids
  // would be one
  BOOST_TEST(entry(ledger, "relu-holds").ids.size() == 1u);
}

// A proved claim: evidence "proved", the derived S of its variant beside the published form.
BOOST_AUTO_TEST_CASE(a_proved_claim_is_proved_with_its_derivation) {
  const std::vector<LedgerEntry> ledger = claim_ledger(run());
  const LedgerEntry& e = entry(ledger, "Su2023-eq8");
  BOOST_TEST((e.verdict == Verdict::Agree));
  BOOST_TEST((e.evidence.level == EvidenceLevel::ProvedWholeDomain));
  BOOST_REQUIRE(e.derived.has_value());
  const auto variant = std::find_if(run().variants.begin(), run().variants.end(),
                                    [](const VariantResult& v) { return v.spec.name == "nonneg-linear"; });
  BOOST_TEST(e.derived->is_equal(variant->S));
  BOOST_TEST(!e.published_latex.empty());
  BOOST_TEST(e.quote.text.find("非负型线性") != std::string::npos);  // specs/nonneg-linear.toml's quote of the source
  // eq. 9, a claim in mu and sigma, is judged against S for iid components, and its row shows that form
  // (Kind::claim_reference), not the general S in q~.mu~ and q~' Sigma~ q~
  const LedgerEntry& iid = entry(ledger, "Su2023-eq9");
  BOOST_REQUIRE(iid.derived.has_value());
  const auto& s = sym::symbols();
  BOOST_TEST(iid.derived->has(s.mu));
  BOOST_TEST(iid.derived->has(s.sigma));
  BOOST_TEST(!iid.derived->has(s.qSq));
}

// A wrong published formula: disagree, decided by a certified counterexample whose balls
// (claim, derived S, defining integrals) are in the deciding record; the spec's reason and
// its quotation (with the text it was taken from) come along.
BOOST_AUTO_TEST_CASE(a_wrong_claim_is_decided_by_its_certified_counterexample) {
  const std::vector<LedgerEntry> ledger = claim_ledger(run());
  const LedgerEntry& e = entry(ledger, "relu-wrong-published");
  BOOST_TEST((e.verdict == Verdict::Disagree));
  BOOST_TEST((e.evidence.level == EvidenceLevel::CertifiedCounterexample));
  BOOST_REQUIRE(e.deciding != nullptr);
  BOOST_TEST(e.deciding->certified);
  std::vector<std::string> roles;
  for (const auto& [role, ball] : e.deciding->enclosure) roles.push_back(role);
  std::sort(roles.begin(), roles.end());
  BOOST_TEST(roles == (std::vector<std::string>{"claim", "closed", "numeric"}), boost::test_tools::per_element());
  BOOST_TEST(e.reason.find("Marker-wrong-reason") != std::string::npos);
  BOOST_TEST(e.quote.text.find("Marker-quote") != std::string::npos);
  BOOST_TEST(e.quote.from.empty());  // quoted from the source itself (relu_roles.toml)
}

// Properties carry the evidence their checks wrote (src/verdicts/evidence.hpp), with the
// proposition each established; the labels the referee of 2026-11-28 found overclaiming, as
// regressions (each was computed from the method's prose before):
//   Su2023-Q-linear-d: the claimed maximum sqrt(d) is contradicted by the Lagrange argument for
//     r's extremes (exact) with Q's monotonicity certified: a symbolic argument, not a certified
//     counterexample (no balls of the two sides are disjoint anywhere);
//   Su2023-eq1-range: the range [1/sqrt(n), 1] was checked at d = 1, 2, 3, 16, 256 and labelled as
//     proved for every n; it is now proved for every d by the rule for all dimensions at once
//     (issue 44; its mutants, true at the listed d only, stay "at d in {...} only":
//     tests/property_test.cpp), and the proposition says so;
//   Su2023-Q-linear-snr: the statement is the limit S -> 0 as snr -> 0, proved by series at three
//     values of r: proved on a stated subdomain. (Its box checks, certified on a box, once made the
//     label "certified on a stated box" although the box excludes the limit; they are our
//     explanation linear-snr-floor now, a referee of 2026-11-30.)
BOOST_AUTO_TEST_CASE(property_evidence_is_what_the_checks_established) {
  const std::vector<LedgerEntry> ledger = claim_ledger(run());
  const LedgerEntry& linear_d = entry(ledger, "Su2023-Q-linear-d");
  BOOST_TEST((linear_d.verdict == Verdict::Disagree));
  BOOST_TEST(to_string(linear_d.evidence.level) == "symbolic argument");
  BOOST_TEST(linear_d.evidence.proposition.find("Lagrange") != std::string::npos);
  const LedgerEntry& range = entry(ledger, "Su2023-eq1-range");
  BOOST_TEST((range.verdict == Verdict::Agree));
  BOOST_TEST((range.evidence.level == EvidenceLevel::ProvedWholeDomain));
  BOOST_TEST(range.evidence.proposition.find("for every dimension d >= 1") != std::string::npos);
  const LedgerEntry& snr = entry(ledger, "Su2023-Q-linear-snr");
  BOOST_TEST((snr.verdict == Verdict::Agree));
  BOOST_TEST((snr.evidence.level == EvidenceLevel::ProvedOnSubdomain));
  BOOST_TEST(snr.evidence.proposition.find("S -> 0 as snr -> 0 at r = 0.0625, 0.5, 1") != std::string::npos);
  BOOST_TEST(snr.evidence.proposition.find("snr in [0.01, 100]") == std::string::npos);
  BOOST_TEST(!snr.statement.empty());
  BOOST_TEST(!snr.derived.has_value());
}

// Su2023-Q-id-floor and Su2023-Q-relu2 (the ledger once said "proved as stated: infimum = sqrt(2/pi)"
// when branch-and-bound had certified only S > 0 on the box and the value came from a search): the
// floor is now proved beyond the box (S = S_t(beta/gamma) increasing in |t|, issue 44), and the
// proposition says exactly that, S >= the exact infimum > 0 on the region, with no searched value;
// with the limits at fixed beta the property is proved on a stated subdomain, not "as stated".
// Computed by the properties' own check (Kind::recheck_property, as a merge does).
BOOST_AUTO_TEST_CASE(an_infimum_positive_names_what_was_proved) {
  const Bibliography bibliography = load_bibliography(kSource + "/specs/bibliography.toml");
  for (const auto& item : std::vector<std::pair<std::string, std::string>>{
           {"/specs/identity.toml", "Su2023-Q-id-floor"}, {"/specs/relu2.toml", "Su2023-Q-relu2"}}) {
    const std::string& file = item.first;  // not a structured binding: clang cannot capture those
    const std::string& id = item.second;
    const Spec spec = load_spec(kSource + file, bibliography);
    const auto property = std::find_if(spec.properties.begin(), spec.properties.end(),
                                       [&](const Property& p) { return p.id == id; });
    BOOST_REQUIRE(property != spec.properties.end());
    const CheckRecord r = spec.kind->recheck_property(spec, *property, RunOptions{});
    BOOST_TEST_CONTEXT(id << ": " << to_string(r.evidence.level) << ": " << r.evidence.proposition) {
      BOOST_TEST((r.verdict == Verdict::Agree));
      // the identity's floor alone is proved on the whole domain; relu^2's adds the limit
      // gamma -> 0 at fixed beta, a stated subdomain (the limit that approaches sqrt(2/pi) is in
      // the identity's explanation id-floor-value, not in the published statement)
      BOOST_TEST((r.evidence.level == (id == "Su2023-Q-id-floor" ? EvidenceLevel::ProvedWholeDomain
                                                                 : EvidenceLevel::ProvedOnSubdomain)));
      const std::string floor = id == "Su2023-Q-id-floor"
                                    ? "S >= sqrt(2)/sqrt(pi) > 0 on beta in R, gamma > 0 (its infimum, attained at beta = 0)"
                                    : "S >= sqrt(3/2)/3 > 0 on beta >= 0, gamma > 0 (its infimum, attained at beta = 0)";
      BOOST_TEST(r.evidence.proposition.find(floor) == 0u);
      BOOST_TEST(r.evidence.proposition.find("by a search") == std::string::npos);
    }
  }
}

// Nothing downstream reads `method`: rewording every record's method (here to "symbolic", which
// the ledger once read as a proof on the whole domain) leaves every ledger label unchanged.
BOOST_AUTO_TEST_CASE(rewording_a_method_changes_no_label) {
  const std::vector<LedgerEntry> before = claim_ledger(run());
  RunResult reworded = run();
  for (VariantResult& v : reworded.variants)
    for (CheckRecord& r : v.records) r.method = "symbolic";
  const std::vector<LedgerEntry> after = claim_ledger(reworded);
  BOOST_REQUIRE(before.size() == after.size());
  for (std::size_t k = 0; k < before.size(); ++k) {
    BOOST_TEST_CONTEXT(before[k].ids.front()) {
      BOOST_TEST((before[k].verdict == after[k].verdict));
      BOOST_TEST((before[k].evidence == after[k].evidence));
    }
  }
}

// src/verdicts/evidence.hpp: every level's spelling reads back; a conjunction is as strong as
// its weakest part, tags each part when their strengths differ, and names a box once.
BOOST_AUTO_TEST_CASE(evidence_levels_and_conjunctions) {
  for (int k = 0; k <= static_cast<int>(EvidenceLevel::Undecided); ++k) {
    const auto level = static_cast<EvidenceLevel>(k);
    BOOST_TEST((evidence_level_from_string(to_string(level)) == level));
  }
  BOOST_TEST(!evidence_level_from_string("proved as stated").has_value());
  const Evidence both = conjunction({{EvidenceLevel::ProvedOnSubdomain, "S -> 0 as snr -> 0 at r = 1"},
                                     {EvidenceLevel::CertifiedOnBox, "S > 0 on snr in [0.01, 100] x r in [0.5, 1]"},
                                     {EvidenceLevel::CertifiedOnBox, "S rises in snr on snr in [0.01, 100] x r in [0.5, 1]"}});
  BOOST_TEST((both.level == EvidenceLevel::CertifiedOnBox));
  BOOST_TEST(both.proposition ==
             "S -> 0 as snr -> 0 at r = 1 [proved]; S > 0 on snr in [0.01, 100] x r in [0.5, 1] [certified]; "
             "S rises in snr on the same box [certified]");
  const Evidence proofs = conjunction({{EvidenceLevel::ProvedWholeDomain, "A"}, {EvidenceLevel::ProvedOnSubdomain, "B"}});
  BOOST_TEST((proofs.level == EvidenceLevel::ProvedOnSubdomain));
  BOOST_TEST(proofs.proposition == "A; B");
  BOOST_TEST((conjunction({}).level == EvidenceLevel::Undecided));
}

// The aggregation of one statement checked several times: disagree if any check
// disagrees, agree only if all agree, and the weakest evidence of the agreeing checks.
BOOST_AUTO_TEST_CASE(a_statement_is_as_strong_as_its_weakest_check) {
  RunResult synthetic;
  synthetic.bibliography = run().bibliography;
  for (const char* name : {"a", "b"}) {
    VariantResult v;
    v.spec.name = name;
    Property p;
    p.id = "P";
    p.source = "Su2023";
    p.equation = "(4)";
    p.statement = "S is what it is.";
    v.spec.properties.push_back(p);
    CheckRecord r;
    r.variant = name;
    r.check = CheckKind::Property;
    r.claim = "P";
    r.verdict = Verdict::Agree;
    r.evidence = std::string(name) == "a" ? Evidence{EvidenceLevel::ProvedWholeDomain, "P on the domain"}
                                          : Evidence{EvidenceLevel::Statistical, "no significant difference"};
    v.records.push_back(r);
    synthetic.variants.push_back(v);
  }
  std::vector<LedgerEntry> ledger = claim_ledger(synthetic);
  BOOST_REQUIRE(ledger.size() == 1u);
  BOOST_TEST(ledger[0].checks.size() == 2u);
  BOOST_TEST((ledger[0].verdict == Verdict::Agree));
  BOOST_TEST((ledger[0].evidence.level == EvidenceLevel::Statistical));
  BOOST_TEST(ledger[0].deciding->variant == "b");
  synthetic.variants[0].records[0].verdict = Verdict::Inconclusive;
  ledger = claim_ledger(synthetic);
  BOOST_TEST((ledger[0].verdict == Verdict::Inconclusive));
  BOOST_TEST((ledger[0].evidence.level == EvidenceLevel::Undecided));
  synthetic.variants[1].records[0].verdict = Verdict::Disagree;
  ledger = claim_ledger(synthetic);
  BOOST_TEST((ledger[0].verdict == Verdict::Disagree));
  BOOST_TEST(ledger[0].deciding->variant == "b");
}

// Record text (details and methods, plain text in results.json) is typeset in the report:
// the formula notation the routes write becomes sub- and superscripts, radicals and Greek
// letters; identifiers with underscores and sentence punctuation stay as they are.
BOOST_AUTO_TEST_CASE(record_text_formulas_are_typeset) {
  const auto has = [](const std::string& text, const std::string& piece) {
    const std::string latex = detail_latex(text);
    BOOST_TEST_CONTEXT(text << " -> " << latex) { BOOST_TEST(latex.find(piece) != std::string::npos); }
    return latex;
  };
  const std::string c = has("c* = (-1 + sqrt(1 + 4*lambda^2))/(2*lambda)", "\\textsuperscript{2}");
  BOOST_TEST(c.find("sqrt") == std::string::npos);
  BOOST_TEST(c.find("\\surd") != std::string::npos);
  BOOST_TEST(c.find("\u00b7") != std::string::npos);  // the centred dot (\cdot in the preamble)
  BOOST_TEST(c.find("c*") != std::string::npos);  // c* before a space: the name, not a product
  has("log((1 + sqrt 5)/2)/2", "\\ensuremath{\\surd}5");
  has("over sin^(d-2) theta", "sin\\textsuperscript{d-2} \\ensuremath{\\theta}");
  has("|S - L| <= 10^-45.", "10\\textsuperscript{-45}.");
  has("sum e^{s_i} / n", "e\\textsuperscript{s\\textsubscript{i}}");
  has("the rate n^(-1/2)", "n\\textsuperscript{-1/2}");
  has("E[e^eps] E[v]", "e\\textsuperscript{\\ensuremath{\\epsilon}}");
  has("softmax(Y^T W_K^T q)", "W\\textsubscript{K}\\textsuperscript{T}");
  has("double_residual_eps = 1.2", "double\\_residual\\_eps");
  has("q~.mu~ > 0, ||q~|| > 0", "\\ensuremath{\\tilde{q}}");
  has("q~.mu~ > 0", "\\tilde{\\ensuremath{\\mu}}");
  has("Attn(X, Y Pi, Y Pi)", "\\ensuremath{\\Pi}");
  has("log p(x_t | x_<t) / prod_j p(x_j)", "x\\textsubscript{\\textless{}t}");
  has("R / prod_j p", "\\ensuremath{\\prod}\\textsubscript{j}");
  const std::string sum = has("r^2 = sum y_i^2, the sum of the weights", "\\ensuremath{\\sum} y\\textsubscript{i}");
  BOOST_TEST(sum.find("the sum of the weights") != std::string::npos);  // the English word stays
  has("n = 1e3..1e6, 1e-12", "n = 10\\textsuperscript{3}..10\\textsuperscript{6}, 10\\textsuperscript{-12}");
  BOOST_TEST(detail_latex("seed 1e3x, 21e3").find("textsuperscript") == std::string::npos);
  has("x^", "x\\textasciicircum{}");  // a caret with nothing after it stays a caret
  has("(a^(b", "a\\textasciicircum{}(b");   // an unclosed group too
}
