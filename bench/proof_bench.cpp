// Time of the certificates of derived closed forms and of the claim prover's domain rules
// (docs/proofs.md; docs/history.md, issue 29). Prints, per form, the derivation's time and
// the certificate's, their ratio, and per rule the time of the proof it gives, beside the
// plain zero test that failed before it. Not a test: it asserts nothing but that the
// certificates verify and the rules prove (a bench of something broken is meaningless).
#include <fmt/format.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "proofs/derivation_certificate.hpp"
#include "proofs/domain_rewrites.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/feature_moments.hpp"
#include "proofs/heat_equation_certificate.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/proof_by_cases.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/symbols.hpp"
#include "proofs/telescoping_certificate.hpp"

using namespace attnverify;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// the best of `repeats` runs of `f`, in milliseconds
template <class F>
double best_ms(F&& f, int repeats = 5) {
  double best = 1e300;
  for (int k = 0; k < repeats; ++k) {
    const auto t0 = Clock::now();
    f();
    best = std::min(best, ms_since(t0));
  }
  return best;
}

void require(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

}  // namespace

int main() {
  const auto& s = sym::symbols();
  fmt::print("certificates of derived closed forms (best of 5, ms)\n");
  fmt::print("{:<28} {:>10} {:>12} {:>7}\n", "form", "derive", "certificate", "ratio");
  double derive_total = 0, certify_total = 0;
  for (const std::string f : {"exp(x)", "relu(x)^2", "x", "relu(x)", "abs(x)", "x^2", "relu(x)^3", "clip(x, 0, 1)",
                              "cosh(x)", "elu(x) + 1", "leaky_relu(x, 1/10)"}) {
    const GiNaC::ex fx = sym::parse_expression(f, {"x"});
    sym::KernelDerivation d;
    const double derive = best_ms([&] { d = sym::derive_kernel(fx); });
    const double certify = best_ms([&] {
      require(sym::certify_gaussian_expectation(d.mean_abs, GiNaC::abs(fx)).verified, f + ": E|f| not certified");
      require(sym::certify_gaussian_expectation(d.mean_square, GiNaC::pow(fx, 2)).verified, f + ": E f^2 not certified");
    });
    derive_total += derive;
    certify_total += certify;
    fmt::print("{:<28} {:>10.2f} {:>12.2f} {:>7.2f}\n", "kernel " + f, derive, certify, certify / derive);
  }
  for (const std::string phi : {"exp(x)", "relu(x)", "x^2", "elu(x) + 1"}) {
    const GiNaC::ex fx = sym::parse_expression(phi, {"x"});
    sym::FeatureMoments m;
    const double derive = best_ms([&] { m = sym::derive_feature_moments(fx); });
    const double certify = best_ms([&] {
      require(sym::certify_gaussian_expectation(m.mean, fx).verified, phi + ": E phi not certified");
      require(sym::certify_gaussian_expectation(m.mean_square, GiNaC::pow(fx, 2)).verified, phi + ": E phi^2");
    });
    derive_total += derive;
    certify_total += certify;
    fmt::print("{:<28} {:>10.2f} {:>12.2f} {:>7.2f}\n", "feature map " + phi, derive, certify, certify / derive);
  }
  {
    const GiNaC::ex w = sym::parse_expression("lambda^(n-i)", {"lambda", "n", "i"});
    sym::SequenceDerivation d;
    const double derive = best_ms([&] { d = sym::derive_sequence(w); });
    const double certify = best_ms([&] {
      const auto& N = sym::summation_limit();
      require(sym::certify_sum(d.partial_abs, GiNaC::abs(w), N, s.i).verified, "decay: sum |a_i|");
      require(sym::certify_sum(d.partial_square, GiNaC::pow(w, 2), N, s.i).verified, "decay: sum a_i^2");
    });
    derive_total += derive;
    certify_total += certify;
    fmt::print("{:<28} {:>10.2f} {:>12.2f} {:>7.2f}\n", "sequence decay", derive, certify, certify / derive);
  }
  fmt::print("{:<28} {:>10.2f} {:>12.2f} {:>7.2f}\n\n", "total", derive_total, certify_total,
             certify_total / derive_total);

  fmt::print("claim prover rules (best of 5, ms): the plain zero test that fails, then the rule's proof\n");
  fmt::print("{:<34} {:>10} {:>10}\n", "claim", "plain", "rule");
  const sym::KernelDerivation exp_d = sym::derive_kernel(sym::parse_expression("exp(x)", {"x"}));
  const sym::KernelDerivation id_d = sym::derive_kernel(sym::parse_expression("x", {"x"}));
  const sym::SequenceDerivation decay = sym::derive_sequence(sym::parse_expression("lambda^(n-i)", {"lambda", "n", "i"}));
  sym::SymbolRanges ranges{{s.beta, sym::Range::whole()}, {s.gamma, {0, HUGE_VAL, true, true}}};
  struct Case {
    std::string name, claim;
    GiNaC::ex S;
    bool by_cases;
  };
  const std::vector<Case> cases{
      {"relu(gamma) (domain sign)", "exp(-relu(gamma)^2/2)", exp_d.S, false},
      {"2^(w/log 2) (exp-log form)", "2^(-gamma^2/(2*log(2)))", exp_d.S, false},
      {"tanh(-n log(lambda)/2)", "sqrt((1 + lambda)/(n*(1 - lambda))*tanh(-n*log(lambda)/2))", decay.S, false},
      {"|beta| erf(|beta|...) (cases)",
       "(sqrt(2/pi)*gamma*exp(-beta^2/(2*gamma^2)) + abs(beta)*erf(abs(beta)/(sqrt(2)*gamma)))/sqrt(beta^2 + gamma^2)",
       id_d.S, true},
      {"step(beta) + step(-beta) (cases)", "exp(-gamma^2/2)*(step(beta) + step(-beta))", exp_d.S, true}};
  for (const Case& c : cases) {
    const GiNaC::ex claim = sym::parse_expression(c.claim, {"beta", "gamma", "lambda", "n"});
    const double plain = best_ms([&] { require(!sym::prove_equal(claim, c.S).proved, c.name + ": proved without the rule"); });
    const double rule = best_ms([&] {
      if (c.by_cases)
        require(sym::prove_by_cases(claim, c.S, s.beta).proved, c.name + ": not proved by cases");
      else
        require(sym::prove_equal(sym::exp_log_as_powers(sym::resolve_signed_switches(claim, ranges)), c.S).proved,
                c.name + ": not proved by the rewrites");
    });
    fmt::print("{:<34} {:>10.2f} {:>10.2f}\n", c.name, plain, rule);
  }
  return 0;
}
