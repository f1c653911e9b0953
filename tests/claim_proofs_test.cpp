// Claims proved on the whole domain by routes of issue 44: the squared route where the claim's
// sign, a logarithm's argument or a radicand needs the domain, and kernels under logistic and
// Student-t scores whose S comes from the law's moments: the specs of tests/specs/claims/ hold, beside each true
// claim, mutants with the same square and the wrong sign, or a radicand that the domain makes
// negative, which must come out disagree from a computed difference, never proved. The true
// claims are S written by hand in another form; each spec's comment gives the identity.
#define BOOST_TEST_MODULE claim_proofs
#include <boost/test/unit_test.hpp>

#include "proofs/constant_sign.hpp"
#include "proofs/expression_parser.hpp"
#include "src/kinds/registry.hpp"
#include "src/properties/registry.hpp"
#include "src/run/pipeline.hpp"
#include "src/spec/spec.hpp"
#include "src/spec/toml_reader.hpp"

using namespace attnverify;

namespace {

VariantResult run_claims_spec(const std::string& file) {
  const std::string dir = std::string(ATTNVERIFY_SOURCE_DIR);
  const Bibliography bib = load_bibliography(dir + "/specs/bibliography.toml");
  RunOptions options;
  options.digits = 30;
  options.threads = 1;
  const Spec spec = load_spec(dir + "/tests/specs/claims/" + file, bib);
  return run_suite({spec}, bib, options, [](const std::string&) {}).variants.front();
}

const CheckRecord& claim(const VariantResult& v, const std::string& id) {
  for (const auto& r : v.records)
    if (r.check == CheckKind::Claim && r.claim == id) return r;
  throw std::runtime_error("no claim " + id);
}

void expect_proved(const VariantResult& v, const std::string& id, const std::string& route) {
  const CheckRecord& r = claim(v, id);
  BOOST_TEST_CONTEXT(id << ": " << r.detail) {
    BOOST_TEST(to_string(r.verdict) == "agree");
    BOOST_TEST((r.evidence.level == EvidenceLevel::ProvedWholeDomain));
    BOOST_TEST(r.detail.find(route) != std::string::npos);
  }
}

void expect_refuted(const VariantResult& v, const std::string& id) {
  const CheckRecord& r = claim(v, id);
  BOOST_TEST_CONTEXT(id << ": " << r.detail) {
    BOOST_TEST(to_string(r.verdict) == "disagree");
    BOOST_TEST(!(r.evidence.level == EvidenceLevel::ProvedWholeDomain));
    BOOST_TEST(!(r.evidence.level == EvidenceLevel::ProvedOnSubdomain));
  }
}

}  // namespace

// lambda in (0, 1) with n an integer: no connected domain, so the sign comes from the sign
// prover, each factor of the merged roots positive there ((1 - l^2) = (1 - l)(1 + l) factored)
BOOST_AUTO_TEST_CASE(decay_roots_merged_over_rational_functions_of_lambda_and_lambda_n) {
  const VariantResult v = run_claims_spec("squared_signs_sequence.toml");
  expect_proved(v, "merged-roots", "the sign prover shows the claim >= 0");
  expect_proved(v, "ratio-of-sums", "claim - derivation reduces to 0");  // no root to merge: the zero test
  expect_refuted(v, "mutant-negative-factor");
  expect_refuted(v, "mutant-wrong-power");
  // its limit at lambda = 1 is not S(1): refuted at a point 10^-12 from lambda = 1
  expect_refuted(v, "mutant-limit-at-one");
  BOOST_TEST((claim(v, "mutant-limit-at-one").evidence.level == EvidenceLevel::CertifiedCounterexample));
}

BOOST_AUTO_TEST_CASE(two_weights_quotients_nested_under_a_root) {
  const VariantResult v = run_claims_spec("squared_signs_mixed.toml");
  // by the squared route and the sign prover, or by the zero test directly where GiNaC's normal
  // form (which depends on the order of earlier symbols) cancels the roots
  expect_proved(v, "sum-over-root", "Proved on the whole domain");
  expect_refuted(v, "mutant-cross-term");
}

BOOST_AUTO_TEST_CASE(kernel_signs_constants_and_logarithms_of_moments) {
  const VariantResult v = run_claims_spec("squared_signs_kernel.toml");
  for (const char* id : {"abs-gamma", "relu-gamma", "pi-minus-3", "roots", "hidden-zero", "ramanujan-constant"})
    expect_proved(v, id, "Proved on the whole domain");
  // exp(log m1 - log(m2)/2) = m1/sqrt(m2) once m1, m2 > 0 is shown on the domain
  expect_proved(v, "exp-log", "exp(c log b) = b^c for b > 0");
  for (const char* id :
       {"mutant-3-minus-pi", "mutant-sqrt2-minus-sqrt3", "mutant-exp-log-third", "mutant-ramanujan-negative",
        "mutant-log-of-zero", "mutant-log-of-log-zero", "mutant-zero-to-the-zero", "mutant-zero-divisor"})
    expect_refuted(v, id);
  // a condition that no precision decides at a point: the point never agrees on it
  const CheckRecord& undecidable = claim(v, "undecidable-log-argument");
  BOOST_TEST_CONTEXT(undecidable.detail) {
    BOOST_TEST(to_string(undecidable.verdict) == "inconclusive");
    BOOST_TEST(undecidable.detail.find("cannot decide whether") != std::string::npos);
  }
}

// Var|x| >= 0 and n x2^2 - x1^2 >= 0 only by the domain's inequalities between the norms
BOOST_AUTO_TEST_CASE(measure_radicands_need_the_norm_inequalities) {
  const VariantResult v = run_claims_spec("squared_signs_measure.toml");
  expect_proved(v, "standard-deviation", "Proved on the whole domain");
  expect_proved(v, "cauchy-schwarz-gap", "Proved on the whole domain");
  expect_refuted(v, "mutant-reversed-norms");
}

// x^2 under logistic and Student-t scores: S = (beta^2 + gamma^2)/sqrt(beta^4 + 6 beta^2 gamma^2 +
// mu4 gamma^4) with mu4 = E eps^4 = 21/5 (logistic) and 9 (t_5), by mpmath quadrature (see
// tests/law_certificate_test.cpp); the Gaussian's mu4 = 3 in their place is refuted
BOOST_AUTO_TEST_CASE(polynomial_kernels_under_logistic_and_student_t_scores) {
  const VariantResult v = run_claims_spec("moments_logistic_t.toml");
  const VariantResult t = run_claims_spec("moments_student_t.toml");
  expect_proved(v, "fourth-moment-21-5", "Proved on the whole domain");
  expect_refuted(v, "mutant-gaussian-fourth-moment");
  expect_proved(t, "fourth-moment-9", "Proved on the whole domain");
  expect_refuted(t, "mutant-gaussian-fourth-moment");
  // a coefficient pi, which GiNaC's factor() refuses, and a non-integer nu
  const VariantResult p = run_claims_spec("moments_student_t_pi.toml");
  expect_proved(p, "fourth-moment-33-7", "Proved on the whole domain");
  expect_refuted(p, "mutant-nu-7-fourth-moment");
}

// |x| and step(x) under logistic scores: constant and linear pieces on intervals from the law's cdf
// and partial first moment, certified by antiderivatives (the specs give the closed forms by hand
// and mpmath values); the Gaussian's forms and an unstandardized scale in their place are refuted
BOOST_AUTO_TEST_CASE(linear_pieces_under_logistic_scores) {
  const VariantResult a = run_claims_spec("logistic_pieces.toml");
  expect_proved(a, "partial-first-moment", "Proved on the whole domain");
  expect_refuted(a, "mutant-unstandardized-scale");
  expect_refuted(a, "mutant-normal-law");
  const VariantResult s = run_claims_spec("logistic_step.toml");
  expect_proved(s, "square-root-of-cdf", "Proved on the whole domain");
  expect_refuted(s, "mutant-normal-cdf");
  expect_refuted(s, "mutant-scale-off-by-1e-20");  // decided, in well under a second
}

// divisors that are 1 or gamma, with a coefficient that is exactly 0 but not shown so: no point
// of the domain where they vanish may be claimed (each claim is S wherever defined)
BOOST_AUTO_TEST_CASE(roots_of_divisors_need_signed_coefficients) {
  const VariantResult v = run_claims_spec("hidden_zero_divisors.toml");
  for (const char* id : {"linear-in-beta", "linear-in-gamma", "quadratic-in-beta"}) {
    const CheckRecord& r = claim(v, id);
    BOOST_TEST_CONTEXT(id << ": " << r.detail) { BOOST_TEST(to_string(r.verdict) == "agree"); }
  }
}

// Signs of constants by Arb balls (proofs/constant_sign.hpp). Provenance: e^(pi sqrt163) =
// 262537412640768743.99999999999925007... (Ramanujan's constant), e = 2.71828182845904523536...;
// cosh 1 + sinh 1 - e is exactly 0, which balls never decide.
BOOST_AUTO_TEST_CASE(constants_are_signed_by_balls_and_zero_is_never_decided) {
  const auto parsed = [](const std::string& text) { return sym::parse_expression(text, {}); };
  BOOST_TEST((sym::constant_sign_by_balls(parsed("exp(pi*sqrt(163)) - 640320^3 - 744")) == std::optional<int>(-1)));
  BOOST_TEST((sym::constant_sign_by_balls(parsed("exp(1) - 2718281828459045/10^15")) == std::optional<int>(1)));
  BOOST_TEST(!sym::constant_sign_by_balls(parsed("cosh(1) + sinh(1) - exp(1)")).has_value());
  BOOST_TEST(!sym::constant_sign_by_balls(parsed("sqrt(2)^2 - 2")).has_value());
  // erf(1/2) = 0.520499877813046537682746653892 (mpmath 1.3, dps 30): 2.3e-18 below this rational
  BOOST_TEST((sym::constant_sign_by_balls(parsed("erf(1/2) - 52049987781304654/10^17")) == std::optional<int>(-1)));
}

// The zero test's Euler rewrite of sin and cos (tests/specs/claims/euler_rewrite_traps.toml):
// four false or partly undefined claims that an attack saw proved on the whole domain are not
// proved; the double-angle identity is.
BOOST_AUTO_TEST_CASE(the_euler_rewrite_proves_trigonometric_identities_and_nothing_false) {
  const VariantResult v = run_claims_spec("euler_rewrite_traps.toml");
  for (const std::string id : {"abs-cos", "sign-flip", "padded", "tan-pole"}) {
    const CheckRecord& r = claim(v, id);
    BOOST_TEST_CONTEXT(id << ": " << r.detail) {
      BOOST_TEST(!(r.evidence.level == EvidenceLevel::ProvedWholeDomain));
      BOOST_TEST(!(r.evidence.level == EvidenceLevel::ProvedOnSubdomain));
    }
  }
  expect_proved(v, "double-angle", "reduces to 0");
  // a divisor 0 everywhere (or on a half-line) that the zero test does not reduce: no continuous
  // extension is proved, and the claim is refuted where it is undefined
  for (const std::string id : {"nowhere-defined-extension", "half-line-undefined-extension"}) expect_refuted(v, id);
}
