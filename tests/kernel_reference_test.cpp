// Held-out style check of the kernel engine (docs/history.md, issue 5 acceptance): variants written
// only as spec expressions, which no C++ in attnverify names, against an independent
// 60-digit reference computed by mpmath (tests/reference/kernel_reference.py, output
// in tests/reference/kernel_S_mpmath60.txt, split at kinks given by hand).
//  - In the class: the derivation must succeed, and the closed form evaluated at 50
//    digits must agree with the reference to at least 40 digits.
//  - Outside it: status no-closed-form, and the quadrature route's S must agree with
//    the reference to at least 40 digits.
#define BOOST_TEST_MODULE kernel_reference
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>

#include "numerics/adaptive_evaluation.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "src/spec/toml_reader.hpp"
#include "test_support.hpp"

using namespace attnverify;

namespace {

struct ReferenceRow {
  std::string name, expression, kind, beta, gamma, S;
};

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::vector<ReferenceRow> read_reference() {
  std::ifstream in(std::string(ATTNVERIFY_SOURCE_DIR) + "/tests/reference/kernel_S_mpmath60.txt");
  BOOST_REQUIRE(in);
  std::vector<ReferenceRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(line);
    std::string field;
    while (std::getline(ss, field, '|')) fields.push_back(trim(field));
    BOOST_REQUIRE_EQUAL(fields.size(), 6u);
    rows.push_back({fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]});
  }
  return rows;
}

GiNaC::numeric exact(const std::string& text) { return GiNaC::ex_to<GiNaC::numeric>(sym::parse_expression(text, {})); }

}  // namespace

BOOST_AUTO_TEST_CASE(spec_expressions_match_the_mpmath_reference_to_40_digits) {
  constexpr unsigned digits = 50;
  constexpr double required = 40;
  const auto rows = read_reference();
  BOOST_REQUIRE_GE(rows.size(), 80u);
  double worst_derived = 1e9, worst_quadrature = 1e9;
  std::string current;
  std::unique_ptr<sym::KernelDerivation> d;
  std::unique_ptr<KernelRoute> route;
  std::unique_ptr<num::AdaptiveEvaluator> closed;
  for (const ReferenceRow& row : rows) {
    BOOST_TEST_CONTEXT(row.name << " f = " << row.expression << " at beta = " << row.beta
                                << ", gamma = " << row.gamma) {
      if (row.expression != current) {
        current = row.expression;
        d = std::make_unique<sym::KernelDerivation>(sym::derive_kernel(sym::parse_expression(row.expression, {"x"})));
        const bool derived = d->status == sym::KernelDerivation::Status::Derived;
        BOOST_TEST((derived ? "derived" : "no-closed-form") == row.kind, "status, reason: " << d->reason);
        route = std::make_unique<KernelRoute>(*d, digits);
        closed.reset();
        if (derived)
          closed = std::make_unique<num::AdaptiveEvaluator>(
              d->S, std::vector<GiNaC::ex>{sym::symbols().beta, sym::symbols().gamma}, digits);
      }
      const GridPoint p{exact(row.beta), exact(row.gamma)};
      if (closed) {
        const num::Evaluation e = (*closed)(p);
        BOOST_REQUIRE(e.converged);
        const double agree = test::digits_against(e.value, row.S, digits);
        worst_derived = std::min(worst_derived, agree);
        BOOST_TEST(agree >= required, "closed form " << num::to_decimal(e.value, digits) << " vs mpmath " << row.S);
      } else {
        const NumericS q = (*route)(p);
        BOOST_REQUIRE_MESSAGE(q.ok, q.failure);
        const double agree = test::digits_against(q.S, row.S, digits);
        worst_quadrature = std::min(worst_quadrature, agree);
        BOOST_TEST(agree >= required, "quadrature " << num::to_decimal(q.S, digits) << " vs mpmath " << row.S);
      }
    }
  }
  BOOST_TEST_MESSAGE("worst digits against mpmath: closed forms " << worst_derived << ", quadrature "
                                                                  << worst_quadrature);
}
