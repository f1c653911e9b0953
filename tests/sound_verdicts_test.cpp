// Sound claim verdicts (src/verdicts/claim_check.hpp): one test per defect class of the
// adversarial round of 2026-11-23, each built on that round's reproducer, asserting the
// verdict *and* the route that reached it, so that reverting the fix makes it fail:
//   cancellation   a sum that cancels at every MPFR precision up to 16 P is not 0
//                  (numerics/ball_comparison.hpp decides on balls);
//   sign           claim^2 = S^2 proves nothing when the claim's sign changes on the domain
//                  (the sign proof needs every condition proved, proofs/definedness.hpp);
//   definedness    a claim not defined at a point of the domain disagrees, also when GiNaC
//                  cancelled the 0/0 while reading it (the reader records the divisor);
//   aborts         a claim that is defined nowhere is judged, not thrown;
//   region         a claim false only outside the fixed point set is found by the search.
// Truths by construction (each claim is S times or plus a known term); the same claims,
// with mpmath-interval proofs of their truth, are in tests/adversarial/.
#define BOOST_TEST_MODULE sound_verdicts
#include <boost/test/unit_test.hpp>

#include "proofs/kernel_derivation.hpp"
#include "proofs/sequence_derivation.hpp"
#include "src/kinds/registry.hpp"
#include "src/verdicts/claim_check.hpp"
#include "test_support.hpp"

using namespace attnverify;

namespace {

const std::string kEq7 =
    "(sqrt(2/pi)*gamma*exp(-beta^2/(2*gamma^2)) + beta*erf(beta/(sqrt(2)*gamma)))/sqrt(beta^2 + gamma^2)";

struct Kernel {
  Spec spec;
  sym::KernelDerivation d;
  explicit Kernel(const std::string& f) {
    spec.name = "k";
    spec.kind = standard_kinds().find("kernel");
    spec.definition = sym::parse_expression(f, {"x"});
    d = sym::derive_kernel(spec.definition);
  }
  CheckRecord judge(const std::string& claim, bool continuous_extension = false) const {
    Claim c = test::make_claim("c", claim, {"beta", "gamma"});
    c.continuous_extension = continuous_extension;
    return check_claim(spec, c, {d.S, std::nullopt, {d.mean_square, d.mean_abs}}, 50, {});
  }
};

void expect(const CheckRecord& r, Verdict verdict, const std::string& method) {
  BOOST_TEST_CONTEXT(r.detail) {
    BOOST_TEST(to_string(r.verdict) == to_string(verdict));
    BOOST_TEST(r.method == method);
    BOOST_TEST(!r.conflict);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_sum_that_cancels_completely_is_not_taken_as_zero) {
  const Kernel exp_kernel("exp(x)");
  // S + 1 + e^-2000/2: 1 + e^-2000 is 1 below 870 digits, so (..)^2 - 1 cancels completely
  expect(exp_kernel.judge("exp(-gamma^2/2) + ((1 + exp(-2000))^2 - 1)*exp(2000)/2"), Verdict::Disagree, "numeric");
  // S exactly, through exp(9000) - cosh(9000) - sinh(9000) at gamma = 3
  expect(exp_kernel.judge("exp(-gamma^2/2) + exp(1000*gamma^2) - cosh(1000*gamma^2) - sinh(1000*gamma^2)"),
         Verdict::Agree, "symbolic");
}

BOOST_AUTO_TEST_CASE(a_claim_whose_sign_changes_is_not_proved_by_its_square) {
  const Kernel identity("x");
  // -S for beta > 7/2 and not defined at 7/2: the old "positive at the reference point,
  // hence everywhere" proof assumed continuity
  const CheckRecord r = identity.judge(kEq7 + "*(7/2 - beta)/abs(beta - 7/2)");
  expect(r, Verdict::Disagree, "numeric");
  BOOST_TEST(r.detail.find("certified") != std::string::npos);
  // declared a continuous extension, its vanishing divisor is excused; its sign is still
  // not proved (no continuity across beta = 7/2): a disagreement, not a proof in conflict
  expect(identity.judge(kEq7 + "*(7/2 - beta)/abs(beta - 7/2)", true), Verdict::Disagree, "numeric");
  // the same square, a positive factor: proved
  expect(identity.judge(kEq7 + "*(beta^2 + 1)/sqrt((beta^2 + 1)^2)"), Verdict::Agree, "symbolic");
}

BOOST_AUTO_TEST_CASE(a_claim_not_defined_at_a_point_of_the_domain_disagrees) {
  const Kernel identity("x");
  // GiNaC reads beta/beta as 1; the reader recorded beta != 0
  const CheckRecord cancelled = identity.judge(kEq7 + "*beta/beta");
  expect(cancelled, Verdict::Disagree, "definedness");
  BOOST_REQUIRE(!cancelled.point.empty());
  BOOST_TEST(cancelled.point.front().second == "0");  // beta = 0
  expect(identity.judge(kEq7 + "*(beta^2 + beta)/(beta*(beta + 1))"), Verdict::Disagree, "definedness");
  // an irrational singular point, found exactly
  const CheckRecord irrational = identity.judge(kEq7 + "*(beta^2 - 3)/(beta^2 - 3)");
  expect(irrational, Verdict::Disagree, "definedness");
  BOOST_TEST(irrational.detail.find("sqrt(3)") != std::string::npos);
  // complex everywhere
  expect(identity.judge("sqrt(-1 - beta^2)"), Verdict::Disagree, "definedness");
  // declared a continuous extension: judged as its limit
  expect(identity.judge(kEq7 + "*(3*beta - 1)/(3*beta - 1)", true), Verdict::Agree, "symbolic");
}

BOOST_AUTO_TEST_CASE(a_claim_defined_nowhere_is_judged_not_thrown) {
  const Kernel identity("x");
  for (const std::string claim : {"1/(beta - beta)", "sqrt(-1)", "log(0)*beta", "(gamma - gamma)^(-2)"}) {
    BOOST_TEST_CONTEXT(claim) { expect(identity.judge(claim), Verdict::Disagree, "definedness"); }
  }
}

BOOST_AUTO_TEST_CASE(a_claim_false_only_beyond_the_fixed_points_is_found_by_the_search) {
  const Kernel identity("x");
  // the fixed and random points have beta <= 3, gamma <= 3
  for (const std::string term : {"relu(beta - 45)/1000", "relu(gamma - 60)", "step(beta - 7/2)"}) {
    const CheckRecord r = identity.judge(kEq7 + " + " + term);
    BOOST_TEST_CONTEXT(term) {
      expect(r, Verdict::Disagree, "numeric");
      BOOST_REQUIRE(r.search.has_value());
      BOOST_TEST(r.search->evaluations > 100u);
    }
  }
  // a true claim: evidence on the searched region, no counterexample
  const CheckRecord agree = identity.judge("abs(" + kEq7 + ")");
  BOOST_TEST_CONTEXT(agree.detail) {
    BOOST_TEST(to_string(agree.verdict) == "agree");
    BOOST_TEST(agree.detail.find("Searched beta in [-50, 50], gamma in [0.001, 100]") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(a_sequence_claim_false_only_near_lambda_1_or_for_large_n_is_found) {
  Spec spec;
  spec.name = "decay";
  spec.kind = standard_kinds().find("sequence");
  spec.definition = sym::parse_expression("lambda^(n-i)", {"lambda", "n", "i"});
  const sym::SequenceDerivation d = sym::derive_sequence(spec.definition);
  const ClaimReference reference{d.S, d.S_at_lambda_one, {}};
  const std::string eq11 = "sqrt((1 - lambda^n)/(n*(1 - lambda))*(1 + lambda)/(1 + lambda^n))";
  auto judge = [&](const std::string& text, bool extension) {
    Claim c = test::make_claim("c", text, {"lambda", "n"});
    c.continuous_extension = extension;
    return check_claim(spec, c, reference, 50, {});
  };
  expect(judge(eq11, true), Verdict::Agree, "symbolic");
  expect(judge(eq11, false), Verdict::Disagree, "definedness");  // 0/0 at lambda = 1
  expect(judge(eq11 + " + relu(lambda - 999/1000)", true), Verdict::Disagree, "numeric");
  expect(judge(eq11 + " + relu(n - 1000000)/n", true), Verdict::Disagree, "numeric");
}
