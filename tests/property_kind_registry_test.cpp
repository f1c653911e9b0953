// The registry of property kinds (src/spec/property_kind.hpp, src/properties/registry.cpp): every
// standard kind is registered once, an unknown kind is refused with the list of names, and a new
// kind is added by one file and one registration line (docs/architecture.md, "Adding a property
// kind"). The throwaway kind of tests/property_kinds/ (`greater-at`: S > t at a point, by a ball)
// is read from a spec, checked and judged through the same pipeline as the standard kinds,
// without any change under src/. The values: the exp kernel's S(0, 1) = e^(-1/2) = 0.60653...
// (log-normal moments), above 0.6 and below 0.61.
#define BOOST_TEST_MODULE property_kind_registry
#include <boost/test/unit_test.hpp>

#include "src/kinds/registry.hpp"
#include "src/properties/registry.hpp"
#include "src/run/pipeline.hpp"
#include "src/spec/spec_error.hpp"
#include "tests/property_kinds/greater_at.hpp"

using namespace attnverify;

namespace {

const std::string kSource = ATTNVERIFY_SOURCE_DIR;
const std::string kSpec = kSource + "/tests/specs/property_kinds/greater_at.toml";

PropertyKindRegistry registry_with_greater_at() {
  PropertyKindRegistry kinds = standard_property_kinds();
  kinds.add(testing::greater_at_property());  // the one registration line
  return kinds;
}

Bibliography bibliography() { return load_bibliography(kSource + "/specs/bibliography.toml"); }

const CheckRecord& record(const VariantResult& v, const std::string& id) {
  for (const auto& r : v.records)
    if (r.check == CheckKind::Property && r.claim == id) return r;
  throw std::runtime_error("no property record " + id);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_standard_registry_has_the_ten_kinds_in_documentation_order) {
  const std::vector<std::string> expected{"even",  "limit",      "infimum",          "supremum", "monotone", "convex",
                                          "bound", "norm-ratio", "scalar-reduction", "sampled"};
  BOOST_TEST(standard_property_kinds().names() == expected, boost::test_tools::per_element());
  BOOST_TEST(standard_property_kinds().find("greater-at") == nullptr);
}

BOOST_AUTO_TEST_CASE(registering_a_name_twice_is_refused) {
  PropertyKindRegistry kinds = registry_with_greater_at();
  BOOST_CHECK_THROW(kinds.add(testing::greater_at_property()), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(an_unregistered_kind_is_refused_with_file_line_and_the_names_the_registry_has) {
  try {
    load_spec(kSpec, bibliography());
    BOOST_FAIL("a spec naming an unregistered property kind loaded");
  } catch (const SpecError& e) {
    const std::string message = e.what();
    BOOST_TEST(message.find("greater_at.toml:17") != std::string::npos, message);  // the line of its `kind`
    BOOST_TEST(message.find("properties[0].kind") != std::string::npos, message);
    BOOST_TEST(message.find("unknown property kind 'greater-at' (known: even, limit, infimum, supremum, monotone, "
                            "convex, bound, norm-ratio, scalar-reduction, sampled)") != std::string::npos,
               message);
  }
}

BOOST_AUTO_TEST_CASE(a_kind_added_by_one_file_and_one_line_is_read_checked_and_judged) {
  const Bibliography bib = bibliography();
  const Spec spec = load_spec(kSpec, bib, standard_kinds(), registry_with_greater_at());
  BOOST_REQUIRE(spec.properties.size() == 2u);
  BOOST_TEST(spec.properties[0].checks.front().kind->name() == "greater-at");
  // a malformed table of the new kind is refused by its own reader, with the key
  RunOptions options;
  options.digits = 30;
  const VariantResult v = run_suite({spec}, bib, options, [](const std::string&) {}).variants.front();
  const CheckRecord& holds = record(v, "above-six-tenths");
  BOOST_TEST_CONTEXT(holds.detail) {
    BOOST_TEST(to_string(holds.verdict) == "agree");
    BOOST_TEST(to_string(holds.evidence.level) == std::string("certified on a stated box"));
    BOOST_TEST(holds.evidence.proposition == "S > 0.6 at beta = 0, gamma = 1");
  }
  const CheckRecord& fails = record(v, "above-61-hundredths");
  BOOST_TEST_CONTEXT(fails.detail) {
    BOOST_TEST(to_string(fails.verdict) == "disagree");
    BOOST_TEST(fails.certified);
    BOOST_TEST(to_string(fails.evidence.level) == std::string("certified counterexample"));
    BOOST_TEST(fails.detail.find("S - t in [-0.00346") != std::string::npos);  // e^(-1/2) - 0.61 = -0.003469...
  }
}
