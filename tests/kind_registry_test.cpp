// The registry of variant kinds (src/spec/kind.hpp, src/kinds/registry.cpp): every
// standard kind is registered once, an unknown kind is refused with the list of names,
// and a new kind is added by one folder and one registration line. The throwaway kind
// of tests/kinds/uniform/ (n equal weights, S_n = 1) is loaded, derived, checked,
// judged and written to results.json and report.tex through the same pipeline as the
// standard kinds, without any change under src/.
#define BOOST_TEST_MODULE kind_registry
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "src/kinds/derivation_summary.hpp"
#include "src/kinds/kernel/kernel_kind.hpp"
#include "src/kinds/registry.hpp"
#include "src/report/report_latex.hpp"
#include "src/report/results_json.hpp"
#include "src/run/pipeline.hpp"
#include "src/spec/spec_error.hpp"
#include "tests/kinds/uniform/uniform_kind.hpp"

using namespace attnverify;

namespace {

const std::string kSource = ATTNVERIFY_SOURCE_DIR;

// The standard kinds and the throwaway one.
KindRegistry registry_with_uniform() {
  KindRegistry kinds = standard_kinds();
  kinds.add(testing::uniform_kind());  // the one registration line
  return kinds;
}

Bibliography bibliography() { return load_bibliography(kSource + "/specs/bibliography.toml"); }

}  // namespace

BOOST_AUTO_TEST_CASE(the_standard_registry_has_the_five_kinds_in_documentation_order) {
  const std::vector<std::string> expected{"kernel", "sequence", "feature_map", "measure", "fact"};
  BOOST_TEST(standard_kinds().names() == expected, boost::test_tools::per_element());
  BOOST_TEST(standard_kinds().find("uniform") == nullptr);
}

BOOST_AUTO_TEST_CASE(registering_a_name_twice_is_refused) {
  KindRegistry kinds = registry_with_uniform();
  BOOST_CHECK_THROW(kinds.add(testing::uniform_kind()), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(an_unregistered_kind_is_refused_with_the_names_the_registry_has) {
  const std::string file = kSource + "/tests/specs/kinds/uniform.toml";
  try {
    load_spec(file, bibliography());
    BOOST_FAIL("a spec of an unregistered kind loaded");
  } catch (const SpecError& e) {
    const std::string message = e.what();
    BOOST_TEST(message.find("variant.kind") != std::string::npos);
    BOOST_TEST(message.find("must be 'kernel', 'sequence', 'feature_map', 'measure' or 'fact' (found 'uniform')") !=
                   std::string::npos,
               message);
  }
}

BOOST_AUTO_TEST_CASE(a_kind_added_by_one_folder_and_one_line_runs_through_the_whole_pipeline) {
  const KindRegistry kinds = registry_with_uniform();
  const Bibliography bib = bibliography();
  const Spec spec = load_spec(kSource + "/tests/specs/kinds/uniform.toml", bib, kinds);
  BOOST_TEST(spec.kind->name() == "uniform");
  BOOST_TEST(spec.parameter_names() == std::vector<std::string>{"n"}, boost::test_tools::per_element());
  BOOST_TEST(spec.grid.size() == 4u);
  // the kind's own data travels in Spec::kind_data, read back as the kind's type
  BOOST_TEST(kind_data<testing::UniformData>(spec).c == GiNaC::numeric(-3));  // c = -3 in the spec
  BOOST_CHECK_THROW(kind_data<KernelData>(spec), std::logic_error);          // another kind's data type

  // derive: S_n = 1
  const DerivationSummary d = spec.kind->derive(spec);
  BOOST_TEST(d.derived);
  BOOST_REQUIRE(d.forms.size() == 1u);
  BOOST_TEST(GiNaC::ex_to<GiNaC::numeric>(d.forms[0].second).to_double() == 1.0);

  // run: closed form vs the direct sums at n = 1, 2, 5, 40; the true claim agrees, the
  // false one (S = 1/sqrt(n), 1/sqrt(2) at n = 2) disagrees; nothing unexpected
  RunOptions options;
  options.digits = 30;
  const RunResult run = run_suite({spec}, bib, options, [](const std::string&) {});
  BOOST_REQUIRE(run.variants.size() == 1u);
  std::size_t agree = 0, claims = 0;
  for (const CheckRecord& r : run.variants[0].records) {
    if (r.check == CheckKind::ClosedVsDirect) agree += r.verdict == Verdict::Agree;
    if (r.check == CheckKind::Claim) {
      ++claims;
      BOOST_TEST(to_string(r.verdict) == (r.claim == "wrong-decay" ? "disagree" : "agree"),
                 r.claim << ": " << r.detail);
    }
  }
  BOOST_TEST(agree == 4u);
  BOOST_TEST(claims == 2u);
  BOOST_TEST(run.unexpected_count() == 0u);

  // the writers know nothing of the kind but its name, its paragraph and its sections
  const nlohmann::json json = nlohmann::json::parse(results_json(run));
  BOOST_TEST(json["variants"][0]["kind"].get<std::string>() == "uniform");
  const std::string tex = report_latex(run);
  BOOST_TEST(tex.find("Uniform attention: $n$ equal weights $a_i = -3$.") != std::string::npos);
  BOOST_TEST(tex.find("Closed form vs direct computation") != std::string::npos);
  // the sections are the kind's list (grid, claims), not guessed from its route
  BOOST_TEST(tex.find("\\subsection*{Derivation}") == std::string::npos);
  BOOST_TEST(tex.find("\\subsection*{Claims checked here}") != std::string::npos);
}
