// The reduction of a kernel's S to t = beta/gamma (src/properties/ratio_reduction.hpp).
//
// Provenance: the S are the engine's derivations (proofs/kernel_derivation.hpp). A
// positively homogeneous f (x, relu(x)^2, |x|, leaky relu) gives S(c beta, c gamma) =
// S(beta, gamma) for c > 0, by E f(c X) = c^p E f(X); the mutants (exp, relu(x) + 1, cosh)
// are not homogeneous, and their S depends on beta and gamma separately (S_exp =
// exp(-gamma^2/2) is not a function of beta/gamma): a reduction there would decide a
// property on the wrong set.
#define BOOST_TEST_MODULE ratio_reduction
#include <boost/test/unit_test.hpp>

#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/properties/ratio_reduction.hpp"

using namespace attnverify;
using GiNaC::numeric;

namespace {

const std::vector<num::BoxAxis> kBox{{-1, 2}, {numeric(1, 2), 2}};

std::optional<RatioReduction> reduce(const std::string& f) {
  const auto& s = sym::symbols();
  return reduce_to_ratio(sym::derive_kernel(sym::parse_expression(f, {"x"})).S, s.beta, s.gamma, kBox);
}

}  // namespace

BOOST_AUTO_TEST_CASE(homogeneous_kernels_reduce) {
  for (const char* f : {"x", "relu(x)^2", "abs(x)", "leaky_relu(x, 1/10)", "relu(x)^3"}) {
    const auto r = reduce(f);
    BOOST_REQUIRE_MESSAGE(r, f);
    // t over the box: beta/gamma at the corners, -1/(1/2) = -2 and 2/(1/2) = 4
    BOOST_TEST(r->range.lo == numeric(-2));
    BOOST_TEST(r->range.hi == numeric(4));
    // S(beta, gamma) = S_t(beta/gamma) at a point, by GiNaC's evalf
    const auto& s = sym::symbols();
    const GiNaC::ex S = sym::derive_kernel(sym::parse_expression(f, {"x"})).S;
    const double direct = GiNaC::ex_to<numeric>(GiNaC::evalf(S.subs(GiNaC::lst{s.beta == numeric(3, 4), s.gamma == numeric(5, 3)}))).to_double();
    const double reduced = GiNaC::ex_to<numeric>(GiNaC::evalf(r->S_t.subs(r->t == numeric(9, 20)))).to_double();
    BOOST_TEST(direct == reduced, boost::test_tools::tolerance(1e-14));
  }
}

BOOST_AUTO_TEST_CASE(mutants_that_are_not_homogeneous_do_not_reduce) {
  for (const char* f : {"exp(x)", "relu(x) + 1", "cosh(x)", "relu(x)^2 + relu(x)", "clip(x, 0, 1)"})
    BOOST_TEST(!reduce(f).has_value(), f);
}

BOOST_AUTO_TEST_CASE(a_ratio_maps_back_into_the_box) {
  for (const numeric& t : {numeric(-2), numeric(-1, 3), numeric(0), numeric(7, 5), numeric(4)}) {
    const auto p = point_with_ratio(t, kBox);
    BOOST_TEST(p[0] / p[1] == t);
    BOOST_TEST((kBox[0].lo <= p[0] && p[0] <= kBox[0].hi));
    BOOST_TEST((kBox[1].lo <= p[1] && p[1] <= kBox[1].hi));
  }
  BOOST_CHECK_THROW(point_with_ratio(numeric(5), kBox), std::invalid_argument);
  BOOST_CHECK_THROW(point_with_ratio(numeric(0), {{1, 2}, {1, 2}}), std::invalid_argument);
}
