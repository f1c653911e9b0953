// Mutation suite (docs/history.md, issue 4): the claims the toolkit finds correct (Su2023 eq. 5, 6, 7,
// 11) are judged agree; every automatically generated mutant of them must be killed
// (judged disagree) or, if it is equivalent, proved equivalent symbolically. A mutant
// that only agrees numerically, or comes out inconclusive, fails the suite: the
// verifier must decide it. Prints the number of mutants and the kill rate.
#define BOOST_TEST_MODULE mutation
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "claim_mutants.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/registry.hpp"
#include "src/verdicts/claim_check.hpp"
#include "test_support.hpp"

using namespace attnverify;
using GiNaC::ex;

namespace {

struct Case {
  std::string id, definition, claim;
  std::string kind;  ///< "kernel" or "sequence"
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all{
      {"Su2023-eq5", "exp(x)", "exp(-gamma^2/2)", "kernel"},
      {"Su2023-eq6", "relu(x)^2",
       "exp(-beta^2/(2*gamma^2))*(sqrt(2)*beta*gamma + sqrt(pi)*exp(beta^2/(2*gamma^2))*(beta^2+gamma^2)*"
       "(erf(beta/(sqrt(2)*gamma))+1)) / (pi^(1/4)*sqrt(2*sqrt(2)*beta*gamma*exp(-beta^2/(2*gamma^2))*"
       "(beta^2+5*gamma^2) + 2*sqrt(pi)*(beta^4+6*beta^2*gamma^2+3*gamma^4)*(erf(beta/(sqrt(2)*gamma))+1)))",
       "kernel"},
      {"Su2023-eq7", "x",
       "(sqrt(2/pi)*gamma*exp(-beta^2/(2*gamma^2)) + beta*erf(beta/(sqrt(2)*gamma)))/sqrt(beta^2+gamma^2)", "kernel"},
      {"Su2023-eq11", "lambda^(n-i)", "sqrt((1-lambda^n)/(n*(1-lambda))*(1+lambda)/(1+lambda^n))", "sequence"}};
  return all;
}

struct Tally {
  std::size_t mutants = 0, killed = 0, proved_equivalent = 0;
};

}  // namespace

BOOST_AUTO_TEST_CASE(correct_claims_agree_and_every_mutant_is_killed_or_proved_equivalent) {
  const auto& s = sym::symbols();
  const unsigned digits = 30;  // the verdict rule is the same at every working precision
  Tally total;
  std::size_t false_alarms = 0;
  for (const Case& c : cases()) {
    Spec spec;
    spec.name = c.id;
    spec.kind = standard_kinds().find(c.kind);
    const bool kernel = c.kind == "kernel";
    const std::vector<std::string> params = spec.parameter_names();
    spec.definition = sym::parse_expression(
        c.definition, kernel ? std::vector<std::string>{"x"} : std::vector<std::string>{"lambda", "n", "i"});
    ClaimReference reference;
    if (kernel) {
      const sym::KernelDerivation d = sym::derive_kernel(spec.definition);
      reference = {d.S, std::nullopt, {d.mean_square, d.mean_abs}};
    } else {
      const sym::SequenceDerivation d = sym::derive_sequence(spec.definition);
      reference = {d.S, d.S_at_lambda_one, {}};
    }
    Claim claim = test::make_claim(c.id, c.claim, params);
    // eq. 11 is 0/0 at lambda = 1, a point of its domain: it is meant as its limit there
    claim.continuous_extension = !kernel;
    const CheckRecord original = check_claim(spec, claim, reference, digits, {});
    BOOST_TEST_CONTEXT(c.id << ": " << original.detail) { BOOST_TEST(to_string(original.verdict) == "agree"); }
    false_alarms += original.verdict != Verdict::Agree;

    const ex a = s.by_name(params[0]), b = s.by_name(params[1]);
    Tally tally;
    for (const test::Mutant& m : test::generate_mutants(claim.S, a, b)) {
      const Claim mutant = test::with_formula(claim, m.expression);
      const CheckRecord r = check_claim(spec, mutant, reference, digits, {});
      ++tally.mutants;
      const bool killed = r.verdict == Verdict::Disagree;
      const bool proved = r.verdict == Verdict::Agree && r.method == "symbolic";
      tally.killed += killed;
      tally.proved_equivalent += proved;
      BOOST_TEST_CONTEXT(c.id << " mutant [" << m.how << "]: " << sym::to_text(m.expression) << " -> "
                              << to_string(r.verdict) << " (" << r.method << "): " << r.detail) {
        BOOST_TEST((killed || proved));
      }
    }
    BOOST_TEST_MESSAGE(fmt::format("{}: {} mutants, {} killed, {} proved equivalent", c.id, tally.mutants, tally.killed,
                                   tally.proved_equivalent));
    std::printf("%s: %zu mutants, %zu killed, %zu proved equivalent\n", c.id.c_str(), tally.mutants, tally.killed,
                tally.proved_equivalent);
    total.mutants += tally.mutants;
    total.killed += tally.killed;
    total.proved_equivalent += tally.proved_equivalent;
  }
  const std::size_t non_equivalent = total.mutants - total.proved_equivalent;
  std::printf(
      "mutation suite: %zu mutants, %zu proved equivalent, %zu of %zu non-equivalent killed (kill rate %.1f%%); "
      "false alarms on correct claims: %zu of %zu\n",
      total.mutants, total.proved_equivalent, total.killed, non_equivalent,
      non_equivalent ? 100.0 * static_cast<double>(total.killed) / static_cast<double>(non_equivalent) : 100.0,
      false_alarms, cases().size());
  BOOST_TEST(total.mutants >= 100u);
  BOOST_TEST(total.proved_equivalent >= 2u);  // the erf -> 1 - erfc rewrites of eq. 6 and eq. 7
  BOOST_TEST(total.killed == non_equivalent);
  BOOST_TEST(false_alarms == 0u);
}
