// erf/erfc as GiNaC functions (proofs/erf.hpp): evaluation rules, derivative, LaTeX
// name, and evalf (through MPFR) against Boost.Math's erf at 50 digits and against
// mpmath reference values (tests/reference/mpmath_reference.py, mpmath 1.2.1, dps 60).
#define BOOST_TEST_MODULE erf
#include <boost/test/unit_test.hpp>

#include <boost/math/special_functions/erf.hpp>

#include "numerics/compiled_expression.hpp"
#include "proofs/erf.hpp"
#include "proofs/printing.hpp"
#include "proofs/scoped_digits.hpp"
#include "proofs/symbols.hpp"
#include "test_support.hpp"

using namespace attnverify;
using GiNaC::ex;
using GiNaC::numeric;
using num::Real;

namespace {
// GiNaC evalf of erf(z) at 60 digits, converted exactly to Real.
Real ginac_erf(const ex& call) {
  sym::ScopedDigits digits(60);
  const ex value = call.evalf();
  BOOST_REQUIRE(GiNaC::is_exactly_a<numeric>(value));
  num::ScopedPrecision scope(60);
  return num::to_real(GiNaC::ex_to<numeric>(value));
}
}  // namespace

BOOST_AUTO_TEST_CASE(erf_rules_hold_symbolically) {
  const auto& s = sym::symbols();
  BOOST_TEST(ex(sym::erf(ex(0))).is_zero());                                         // erf(0) -> 0
  BOOST_TEST((ex(sym::erfc(ex(0))) - 1).is_zero());                                  // erfc(0) -> 1
  BOOST_TEST((sym::erf(-s.beta / s.gamma) + sym::erf(s.beta / s.gamma)).is_zero());  // odd symmetry
  const ex d = sym::erf(s.beta).diff(s.beta);
  BOOST_TEST((d - 2 / GiNaC::sqrt(GiNaC::Pi) * GiNaC::exp(-GiNaC::pow(s.beta, 2))).is_zero());
  const ex dc = sym::erfc(s.beta).diff(s.beta);
  BOOST_TEST((dc + 2 / GiNaC::sqrt(GiNaC::Pi) * GiNaC::exp(-GiNaC::pow(s.beta, 2))).is_zero());
  BOOST_TEST(sym::to_latex(sym::erf(s.beta)).find("\\operatorname{erf}") != std::string::npos);
  BOOST_TEST(sym::to_latex(sym::erfc(s.beta)).find("\\operatorname{erfc}") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(erf_evalf_matches_boost_erf_at_50_digits) {
  const std::vector<numeric> points{numeric(1, 2),    numeric(3), numeric(-7, 4),
                                    numeric(1, 1000), numeric(6), numeric(-21, 2)};
  for (const numeric& z : points) {
    const Real via_ginac = ginac_erf(sym::erf(z));
    const Real via_ginac_c = ginac_erf(sym::erfc(z));
    num::ScopedPrecision scope(60);
    const Real zr = num::to_real(z);
    const Real via_boost = boost::math::erf(zr);
    const Real via_boost_c = boost::math::erfc(zr);
    BOOST_TEST_CONTEXT("z = " << z << ": GiNaC " << num::to_decimal(via_ginac, 55) << ", Boost "
                              << num::to_decimal(via_boost, 55)) {
      BOOST_TEST(num::digits_of_agreement(via_ginac, via_boost, 60) >= 50.0);
      BOOST_TEST(num::digits_of_agreement(via_ginac_c, via_boost_c, 60) >= 50.0);
    }
  }
}

BOOST_AUTO_TEST_CASE(erf_evalf_matches_mpmath_reference) {
  // mpmath 1.2.1, mp.dps = 60: tests/reference/mpmath_reference.py
  const std::vector<std::pair<numeric, std::string>> reference{
      {numeric(1, 2), "0.5204998778130465376827466538919645287364515757579637001"},
      {numeric(3), "0.9999779095030014145586272238704176796201522929126007503"},
      {numeric(-7, 4), "-0.9866716712191824437722111001286879766073023135644546218"}};
  for (const auto& [z, text] : reference) {
    const Real value = ginac_erf(sym::erf(z));
    BOOST_TEST_CONTEXT("erf(" << z << ") = " << num::to_decimal(value, 55) << ", mpmath " << text) {
      BOOST_TEST(test::digits_against(value, text, 50) >= 53.0);
    }
  }
}
