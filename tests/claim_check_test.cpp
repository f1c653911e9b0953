// Claim vs derivation (src/verdicts/claim_check.hpp): eq. 6 as published is judged agree by
// symbolic proof; eq. 6 with 5 gamma^2 changed to 4 gamma^2 is judged disagree by
// numeric comparison, with a counterexample that the quadrature route reproduces;
// an `expected = "disagree"` annotation changes only the expectation, not the verdict.
#define BOOST_TEST_MODULE claim_check
#include <boost/test/unit_test.hpp>

#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/symbols.hpp"
#include "proofs/zero_set.hpp"
#include "src/kinds/registry.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "numerics/compiled_expression.hpp"
#include "test_support.hpp"

using namespace attnverify;
using GiNaC::ex;

namespace {

const std::string kEq6 =
    "exp(-beta^2/(2*gamma^2))*(sqrt(2)*beta*gamma + sqrt(pi)*exp(beta^2/(2*gamma^2))*(beta^2+gamma^2)*"
    "(erf(beta/(sqrt(2)*gamma))+1)) / (pi^(1/4)*sqrt(2*sqrt(2)*beta*gamma*exp(-beta^2/(2*gamma^2))*"
    "(beta^2+5*gamma^2) + 2*sqrt(pi)*(beta^4+6*beta^2*gamma^2+3*gamma^4)*(erf(beta/(sqrt(2)*gamma))+1)))";

struct Fixture {
  Spec spec;
  sym::KernelDerivation d;
  std::unique_ptr<KernelRoute> route;
  NumericWitness witness;
  Fixture() {
    spec.name = "relu2";
    spec.kind = standard_kinds().find("kernel");
    spec.definition = sym::parse_expression("relu(x)^2", {"x"});
    d = sym::derive_kernel(spec.definition);
    route = std::make_unique<KernelRoute>(d, 50);
    witness = [this](const GridPoint& p) -> std::optional<std::pair<num::Real, double>> {
      const NumericS n = (*route)(p);
      if (!n.ok) return std::nullopt;
      return std::make_pair(n.S, n.error_digits);
    };
  }
  Claim claim(const std::string& text, Verdict expected = Verdict::Agree) const {
    return test::make_claim("test", text, {"beta", "gamma"}, expected);
  }
  ClaimReference reference() const { return {d.S, std::nullopt, {d.mean_square, d.mean_abs}}; }
};

}  // namespace

BOOST_FIXTURE_TEST_CASE(published_eq6_agrees_by_symbolic_proof, Fixture) {
  const CheckRecord r = check_claim(spec, claim(kEq6), reference(), 50, witness);
  BOOST_TEST_CONTEXT(r.detail) {
    BOOST_TEST(to_string(r.verdict) == "agree");
    BOOST_TEST(r.method == "symbolic");
    BOOST_REQUIRE(r.digits.has_value());
    BOOST_TEST(*r.digits >= 45.0);
  }
}

BOOST_FIXTURE_TEST_CASE(eq6_with_4_gamma_squared_is_judged_disagree, Fixture) {
  std::string wrong = kEq6;
  const auto at = wrong.find("5*gamma^2");
  BOOST_REQUIRE(at != std::string::npos);
  wrong.replace(at, 1, "4");
  const CheckRecord r = check_claim(spec, claim(wrong), reference(), 50, witness);
  BOOST_TEST_CONTEXT(r.detail) {
    BOOST_TEST(to_string(r.verdict) == "disagree");
    BOOST_TEST(r.method == "numeric");
    BOOST_REQUIRE(r.digits.has_value());
    BOOST_TEST(*r.digits < 5.0);  // a real discrepancy, not rounding
    BOOST_TEST(r.point.size() == 2u);
    BOOST_TEST(r.detail.find("reproduces the derived value") != std::string::npos);
    BOOST_TEST(r.unexpected());
  }
}

BOOST_FIXTURE_TEST_CASE(expected_disagree_changes_only_the_expectation, Fixture) {
  const CheckRecord r = check_claim(spec, claim("exp(-gamma^2/2)", Verdict::Disagree), reference(), 50, witness);
  BOOST_TEST(to_string(r.verdict) == "disagree");
  BOOST_TEST(!r.unexpected());
  const CheckRecord right = check_claim(spec, claim(kEq6, Verdict::Disagree), reference(), 50, witness);
  BOOST_TEST(to_string(right.verdict) == "agree");  // computed, whatever the spec expects
  BOOST_TEST(right.unexpected());
}

BOOST_FIXTURE_TEST_CASE(a_claim_with_the_right_square_but_the_wrong_sign_is_not_proved, Fixture) {
  // -(eq. 6) has the same square as S; the squared route must not prove it, and the
  // numeric comparison must find the disagreement (relative difference 2).
  const CheckRecord r = check_claim(spec, claim("-(" + kEq6 + ")"), reference(), 50, witness);
  BOOST_TEST_CONTEXT(r.detail) {
    BOOST_TEST(to_string(r.verdict) == "disagree");
    BOOST_TEST(r.method == "numeric");
  }
}

BOOST_AUTO_TEST_CASE(without_a_closed_form_claims_are_judged_against_quadrature) {
  // cosh(x) (sigmoid(x) + sigmoid(-x)) = cosh(x), but sigmoid is outside the engine's
  // class and the engine does not know the identity, so the derivation reports no
  // closed form. By hand, with X = beta + gamma eps:
  //   E cosh X = e^(gamma^2/2) cosh(beta),  E cosh^2 X = (1 + e^(2 gamma^2) cosh(2 beta)) / 2.
  Spec spec;
  spec.name = "cosh";
  spec.kind = standard_kinds().find("kernel");
  spec.definition = sym::parse_expression("cosh(x)*(sigmoid(x) + sigmoid(-x))", {"x"});
  const sym::KernelDerivation d = sym::derive_kernel(spec.definition);
  BOOST_REQUIRE((d.status == sym::KernelDerivation::Status::NoClosedForm));
  const KernelRoute route(d, 30);
  const NumericWitness witness = [&](const GridPoint& p) -> std::optional<std::pair<num::Real, double>> {
    const NumericS n = route(p);
    if (!n.ok) return std::nullopt;
    return std::make_pair(n.S, n.error_digits);
  };
  // the points are judged against the route's certified ball (Arb uncapped), as a run does
  const CertifiedWitness certified = [&](const GridPoint& p) {
    const NumericS n = route.certified(p);
    CertifiedValue out;
    if (n.certified && n.certified->ok) out.ball = n.certified->S;
    else out.not_certified = "no ball";
    return out;
  };
  auto claim = [](const std::string& text) { return test::make_claim("cosh", text, {"beta", "gamma"}); };
  const CheckRecord right = check_claim_against_numeric(
      spec, claim("exp(gamma^2/2)*cosh(beta)/sqrt((1 + exp(2*gamma^2)*cosh(2*beta))/2)"), 30, witness, certified,
      d.reason);
  BOOST_TEST_CONTEXT(right.detail) { BOOST_TEST(to_string(right.verdict) == "agree"); }
  const CheckRecord wrong = check_claim_against_numeric(
      spec, claim("exp(gamma^2/2)*cosh(beta)/sqrt((1 + exp(gamma^2)*cosh(2*beta))/2)"), 30, witness, certified,
      d.reason);
  BOOST_TEST_CONTEXT(wrong.detail) { BOOST_TEST(to_string(wrong.verdict) == "disagree"); }
  // without a certified ball no point is decided: never agree on the estimate alone (issue 42, H5)
  const CertifiedWitness none = [](const GridPoint&) { return CertifiedValue{std::nullopt, "no certified route"}; };
  const CheckRecord estimated = check_claim_against_numeric(
      spec, claim("exp(gamma^2/2)*cosh(beta)/sqrt((1 + exp(2*gamma^2)*cosh(2*beta))/2)"), 30, witness, none, d.reason);
  BOOST_TEST_CONTEXT(estimated.detail) {
    BOOST_TEST(to_string(estimated.verdict) == "inconclusive");
    BOOST_TEST(estimated.detail.find("estimated, not certified") != std::string::npos);
  }
}

// The attack round of 2026-11-24 (docs/history.md, issue 27: L4): a claim wrong by a relative
// 1e-30 only on beta in about [34, 46] was called agree, because the search's objective is
// flat (clamped at the resolution 10^-(P+20)) elsewhere and DIRECT-L had nothing to follow;
// and the clamp was printed as "the largest relative difference found was 1e-70". The
// search's Halton points now meet the band, and a clamp is called the resolution.
BOOST_FIXTURE_TEST_CASE(a_far_narrow_bump_is_found_and_the_resolution_is_not_a_measurement, Fixture) {
  const std::string bump = "(" + kEq6 + ")*(1 + 1e-30*exp(-(beta-40)^2))";
  const CheckRecord wrong = check_claim(spec, claim(bump, Verdict::Disagree), reference(), 50, witness);
  BOOST_TEST_CONTEXT(wrong.detail) {
    BOOST_TEST(to_string(wrong.verdict) == "disagree");
    BOOST_TEST(wrong.certified);
    BOOST_REQUIRE(wrong.search.has_value());
    BOOST_TEST(!wrong.search->worst_below_resolution);
  }
  const CheckRecord exact = check_claim(spec, claim(kEq6), reference(), 50, witness);
  BOOST_TEST_CONTEXT(exact.detail) {
    BOOST_REQUIRE(exact.search.has_value());
    BOOST_TEST(exact.search->worst_below_resolution);
    BOOST_TEST(exact.detail.find("the search's resolution") != std::string::npos);
    BOOST_TEST(exact.detail.find("largest relative difference found was 1e-70") == std::string::npos);
  }
}

// M3 of the attack round of 2026-11-28 (docs/history.md, issue 42): a continuous extension
// covers divisors whose zero set is thin. By hand: beta - 1 and |beta| vanish at one point,
// relu(beta) on all of beta <= 0, relu(beta - 1) - relu(beta - 2) on beta <= 1 (an open set),
// 1 - lambda^n at lambda = 1 only (no switch: analytic); relu(beta*gamma) has an argument in
// two parameters, which the rule does not examine (not shown thin, so not excused).
BOOST_AUTO_TEST_CASE(a_continuous_extension_covers_divisors_with_a_thin_zero_set_only) {
  const auto thin = [&](const std::string& text, const sym::ParameterDomain& domain) {
    std::string why;
    const bool out = sym::zero_set_is_thin(sym::parse_expression(text, {"beta", "gamma", "lambda", "n"}), domain, why);
    BOOST_TEST_MESSAGE(text << ": " << (out ? "thin" : why));
    return out;
  };
  const sym::ParameterDomain kernel = sym::kernel_domain(), sequence = sym::sequence_domain();
  BOOST_TEST(thin("beta - 1", kernel));
  BOOST_TEST(thin("abs(beta)", kernel));
  BOOST_TEST(thin("relu(beta) + relu(-beta)", kernel));  // |beta|
  BOOST_TEST(thin("1 - lambda^n", sequence));
  BOOST_TEST(!thin("relu(beta)", kernel));
  BOOST_TEST(!thin("relu(beta - 1) - relu(beta - 2)", kernel));
  BOOST_TEST(!thin("step(beta)*gamma", kernel));
  BOOST_TEST(!thin("relu(beta*gamma)", kernel));
  BOOST_TEST(!thin("beta - beta", kernel));
  // the attack on these rules (issue 42): sqrt(beta^2) - beta = |beta| - beta is 0 on beta >= 0 (a
  // hidden switch: sqrt of a base not shown positive); n - 1 and lambda^n - lambda vanish at n = 1
  // for every lambda, an open set of the domain (0, 1] x {1, 2, ...}; 1 - lambda^(2n) is not 0 at
  // lambda = 1/2 for any n, and sqrt(n (1 - lambda^(2n))) (Su2023 eq. 11) is thin with it
  BOOST_TEST(!thin("sqrt(beta^2) - beta", kernel));
  BOOST_TEST(!thin("n - 1", sequence));
  BOOST_TEST(!thin("lambda^n - lambda", sequence));
  BOOST_TEST(thin("1 - lambda^(2*n)", sequence));
  BOOST_TEST(thin("sqrt(n*(1 - lambda^(2*n)))", sequence));
  BOOST_TEST(thin("n*(1 - lambda)", sequence));
}

// A radicand holding an unsimplified zero, cosh(gamma) + sinh(gamma) - e^gamma (issue 44): the sign
// prover rewrites cosh and sinh as exponentials, as the zero test does, so 1 + cosh(gamma) +
// sinh(gamma) - e^gamma = 1 > 0 and the claim, eq. 6 times its square root, is proved (before: its
// definedness was not shown and it agreed by numbers only). A radicand that is negative once
// rewritten (-1 + the zero) is never defined: no proof.
BOOST_FIXTURE_TEST_CASE(a_radicand_with_a_hyperbolic_zero_is_shown_positive, Fixture) {
  const std::string zero = "cosh(gamma) + sinh(gamma) - exp(gamma)";
  const CheckRecord r = check_claim(spec, claim("(" + kEq6 + ")*sqrt(1 + " + zero + ")"), reference(), 50, witness);
  BOOST_TEST_CONTEXT(r.detail) {
    BOOST_TEST(to_string(r.verdict) == "agree");
    BOOST_TEST(r.method == "symbolic");
  }
  const CheckRecord negative =
      check_claim(spec, claim("(" + kEq6 + ")*sqrt(-1 + " + zero + ")"), reference(), 50, witness);
  BOOST_TEST_CONTEXT(negative.detail) { BOOST_TEST(to_string(negative.verdict) != "agree"); }
}
