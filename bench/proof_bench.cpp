// Time of the certificates of derived closed forms and of the claim prover's domain rules
// (docs/proofs.md; docs/history.md, issue 29). Prints, per form, the derivation's time and
// the certificate's, their ratio, and per rule the time of the proof it gives, beside the
// plain zero test that failed before it, and per property on a box the time of Arb
// branch-and-bound beside a 41 x 41 grid of balls (the evidence it replaces). Not a test: it asserts nothing but that the
// certificates verify and the rules prove (a bench of something broken is meaningless).
#include <fmt/format.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "numerics/box_branch_and_bound.hpp"
#include "proofs/derivation_certificate.hpp"
#include "proofs/definedness.hpp"
#include "proofs/domain_rewrites.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/erf.hpp"
#include "proofs/feature_moments.hpp"
#include "proofs/half_line_sign.hpp"
#include "proofs/heat_equation_certificate.hpp"
#include "proofs/limits.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/proof_by_cases.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/symbols.hpp"
#include "proofs/telescoping_certificate.hpp"
#include "numerics/score_distribution.hpp"
#include "numerics/score_distributions/score_distributions.hpp"
#include "src/properties/ratio_reduction.hpp"

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

  // properties on a box (numerics/box_branch_and_bound.hpp): the kernels' S > t over the
  // boxes of specs/ and tests/adversarial, against the 41 x 41 grid of the search that
  // decided them before (evidence only): the cost of a proof over evidence
  fmt::print("\nproperties on a box (best of 3, ms): the 41 x 41 grid of S, then Arb branch-and-bound\n");
  fmt::print("{:<40} {:>8} {:>10} {:>8}\n", "property", "grid", "proof", "boxes");
  struct BoxCase {
    std::string name;
    GiNaC::ex f;
    std::vector<num::BoxAxis> box;
  };
  const GiNaC::ex relu2_S = sym::derive_kernel(sym::parse_expression("relu(x)^2", {"x"})).S;
  const std::vector<BoxCase> box_cases{
      {"identity S > 0, specs/identity.toml", id_d.S, {{-10, 10}, {GiNaC::numeric(1, 1000), 1000}}},
      {"relu^2 S > 0, specs/relu2.toml", relu2_S, {{0, 10}, {GiNaC::numeric(1, 1000), 1000}}},
      {"identity S > 3/4, beta in [-2, 2]", id_d.S - GiNaC::numeric(3, 4), {{-2, 2}, {GiNaC::numeric(1, 2), 2}}},
      {"relu^2 S > 2/5, beta in [0, 2]", relu2_S - GiNaC::numeric(2, 5), {{0, 2}, {GiNaC::numeric(1, 2), 2}}}};
  const std::vector<GiNaC::ex> vars{s.beta, s.gamma};
  for (const BoxCase& c : box_cases) {
    const num::BallExpression f(c.f, vars);
    std::vector<num::BallExpression> slopes;
    for (const GiNaC::ex& v : vars) slopes.emplace_back(c.f.diff(GiNaC::ex_to<GiNaC::symbol>(v)), vars);
    num::BoxFunction fn;
    fn.f = &f;
    for (const auto& g : slopes) fn.gradient.push_back(&g);
    const double grid = best_ms(
        [&] {
          for (int i = 0; i <= 40; ++i)
            for (int j = 0; j <= 40; ++j) {
              const GiNaC::numeric x = c.box[0].lo + (c.box[0].hi - c.box[0].lo) * GiNaC::numeric(i, 40);
              const GiNaC::numeric y = c.box[1].lo + (c.box[1].hi - c.box[1].lo) * GiNaC::numeric(j, 40);
              (void)f({x, y}, 128);
            }
        },
        3);
    std::size_t boxes = 0;
    const double proof = best_ms(
        [&] {
          const num::BoxResult r = num::certify_sign_on_box(fn, c.box, num::Relation::Positive);
          require(r.outcome == num::BoxOutcome::Proved, c.name + ": not proved");
          boxes = r.boxes;
        },
        3);
    fmt::print("{:<40} {:>8.1f} {:>10.1f} {:>8}\n", c.name, grid, proof, boxes);
  }

  // scale invariance (src/properties/ratio_reduction.hpp): relu^2 increasing in beta on
  // [-1, 2] x [1/2, 2] (tests/adversarial/relu2.toml) by d log S_t/dt on t in [-2, 4],
  // against d log S/dbeta on the box with the same budget of 2000 sub-boxes (undecided)
  fmt::print("\nscale invariance (best of 3, ms): relu^2 increasing in beta, [-1, 2] x [1/2, 2]\n");
  const std::vector<num::BoxAxis> relu2_box{{-1, 2}, {GiNaC::numeric(1, 2), 2}};
  std::optional<RatioReduction> ratio;
  const double reduce = best_ms([&] { ratio = reduce_to_ratio(relu2_S, s.beta, s.gamma, relu2_box); }, 3);
  require(ratio.has_value(), "relu^2: S not reduced to beta/gamma");
  // log S = log E|f| - log E f^2 / 2, at (t, 1) and at (beta, gamma)
  const sym::KernelDerivation relu2_d = sym::derive_kernel(sym::parse_expression("relu(x)^2", {"x"}));
  const auto log_S = [&](const GiNaC::ex& b, const GiNaC::ex& g) {
    const GiNaC::lst at{s.beta == b, s.gamma == g};
    return GiNaC::log(relu2_d.mean_abs.subs(at)) - GiNaC::log(relu2_d.mean_square.subs(at)) / 2;
  };
  const auto decide = [](const GiNaC::ex& f, const std::vector<GiNaC::ex>& variables, const std::vector<num::BoxAxis>& box) {
    const num::BallExpression e(f, variables);
    std::vector<num::BallExpression> slopes;
    for (const GiNaC::ex& v : variables) slopes.emplace_back(f.diff(GiNaC::ex_to<GiNaC::symbol>(v)), variables);
    num::BoxFunction fn;
    fn.f = &e;
    for (const auto& g : slopes) fn.gradient.push_back(&g);
    return num::certify_sign_on_box(fn, box, num::Relation::Nonnegative, 2000);
  };
  num::BoxResult one, two;
  const double in_t = best_ms(
      [&] { one = decide(log_S(ratio->t, 1).diff(GiNaC::ex_to<GiNaC::symbol>(ratio->t)), {ratio->t}, {ratio->range}); }, 3);
  require(one.outcome == num::BoxOutcome::Proved, "relu^2 increasing in beta: not proved in t");
  const double in_box = best_ms([&] { two = decide(log_S(s.beta, s.gamma).diff(s.beta), vars, relu2_box); }, 1);
  fmt::print("{:<40} {:>10.1f}\n", "reduction S(beta, gamma) = S_t(t)", reduce);
  fmt::print("{:<40} {:>10.1f} {:>8} sub-boxes, proved\n", "d log S_t/dt on t in [-2, 4]", in_t, one.boxes);
  fmt::print("{:<40} {:>10.1f} {:>8} sub-boxes, {}\n", "d log S/dbeta on the box", in_box, two.boxes,
             two.outcome == num::BoxOutcome::Proved ? "proved" : "undecided");

  // limits through erfc asymptotics (proofs/limits.cpp): relu^2's S at beta = -1 as gamma -> 0
  fmt::print("\nlimits (best of 3, ms)\n");
  std::optional<sym::SeriesLimit> limit;
  const GiNaC::ex at = relu2_S.subs(s.beta == -1);
  const double series = best_ms([&] { limit = sym::series_limit(at, s.gamma, sym::LimitPoint::Zero); }, 3);
  require(limit && limit->finite && limit->value.is_zero(), "relu^2 at beta = -1: limit 0 not proved");
  fmt::print("{:<40} {:>10.1f}\n", "relu^2 S at beta = -1, gamma -> 0", series);

  // signs on a half-line (proofs/half_line_sign.hpp, issue 44): each sign proved at every u > 0,
  // beside Arb branch-and-bound of the same expression on u in [1/1000, 1000], the box a
  // certificate covered before (the evidence the proof replaces, for a box only)
  fmt::print("\nsigns on a half-line (best of 3, ms): proved for every u > 0, then branch-and-bound on [1/1000, 1000]\n");
  fmt::print("{:<40} {:>10} {:>10} {:>8}\n", "sign", "proof", "box", "boxes");
  const GiNaC::symbol& u = s.power_u;
  const GiNaC::ex e = GiNaC::exp(-u), x = u / GiNaC::sqrt(GiNaC::ex(2)), root_pi = GiNaC::sqrt(GiNaC::Pi);
  struct SignCase {
    std::string name;
    GiNaC::ex f;
    int sign;
  };
  const std::vector<SignCase> sign_cases{
      {"decay: d(log S)/du < 0 (Q-decay)", (1 - 2 * u * e - GiNaC::exp(-2 * u)) / (2 * u * (e - 1) * (1 + e)), -1},
      {"identity: numerator of d(log S_t)/dt < 0",
       root_pi * sym::erfc(x) - root_pi * sym::erfc(-x) + 2 * GiNaC::sqrt(GiNaC::ex(2)) * GiNaC::exp(-u * u / 2) * u, -1},
      {"u - sinh u < 0", u - GiNaC::sinh(u), -1}};
  for (const SignCase& c : sign_cases) {
    std::optional<int> sign;
    const double proof = best_ms([&] { sign = sym::sign_on_positive_half_line(c.f, u); }, 3);
    require(sign == std::optional<int>(c.sign), c.name + ": sign not proved");
    num::BoxResult r;
    const double box = best_ms(
        [&] {
          const GiNaC::ex signed_f = c.sign > 0 ? c.f : GiNaC::ex(-c.f);
          const num::BallExpression b(signed_f, {u});
          const num::BallExpression slope(signed_f.diff(u), {u});
          num::BoxFunction fn;
          fn.f = &b;
          fn.gradient = {&slope};
          r = num::certify_sign_on_box(fn, {{GiNaC::numeric(1, 1000), 1000}}, num::Relation::Positive, 2000);
        },
        3);
    fmt::print("{:<40} {:>10.2f} {:>10.1f} {:>8} {}\n", c.name, proof, box, r.boxes,
               r.outcome == num::BoxOutcome::Proved ? "" : "(undecided)");
  }

  // issue 44, third part: each new rule's time (best of 3), beside the numeric evidence it replaces
  // where that is one call (the certified route's ball of S at one grid point)
  fmt::print("\nrules of issue 44 (best of 3, ms)\n");
  fmt::print("{:<58} {:>10}\n", "rule", "time");
  {
    sym::ParameterDomain open_lambda = sym::sequence_domain();
    open_lambda.variables[0].range.hi_open = true;
    const GiNaC::ex merged =
        sym::parse_expression("(1-lambda^n)/(1-lambda)*sqrt(1-lambda^2)/sqrt(n*(1-lambda^(2*n)))", {"lambda", "n"});
    bool ok = false;
    const double t = best_ms([&] { ok = sym::provably_nonnegative_on(merged, open_lambda); }, 3);
    require(ok, "decay's merged roots: sign not proved");
    fmt::print("{:<58} {:>10.2f}\n", "squared route's sign by the sign prover (decay, roots)", t);
  }
  {
    const sym::KernelDerivation square = sym::derive_kernel(sym::parse_expression("x^2", {"x"}));
    const GiNaC::ex claim = sym::parse_expression(
        "exp(log(beta^2+gamma^2) - log(beta^4+6*beta^2*gamma^2+3*gamma^4)/2)", {"beta", "gamma"});
    const sym::ParameterDomain kernel = sym::kernel_domain();
    bool ok = false;
    const double t = best_ms(
        [&] {
          const GiNaC::ex powers = sym::exp_log_as_powers(
              claim, [&](const GiNaC::ex& b) { return sym::provably_positive_on(b, kernel); });
          ok = sym::prove_equal(powers, square.S).proved;
        },
        3);
    require(ok, "exp-log of moments: not proved");
    fmt::print("{:<58} {:>10.2f}\n", "exp(c log b) with b > 0 by the sign prover, and zero test", t);
  }
  {
    sym::ParameterDomain measure;
    const sym::Range positive{0, HUGE_VAL, true, true};
    measure.variables = {{s.x1, positive, false, {}}, {s.x2, positive, false, {}}, {s.n, {1, HUGE_VAL, false, true}, true, {}}};
    measure.nonnegative_facts = {s.x1 - s.x2, s.n * GiNaC::pow(s.x2, 2) - GiNaC::pow(s.x1, 2)};
    const GiNaC::ex variance = GiNaC::pow(s.x2, 2) / s.n - GiNaC::pow(s.x1 / s.n, 2);
    bool ok = false;
    const double t = best_ms([&] { ok = sym::provably_nonnegative_on(variance, measure); }, 3);
    require(ok, "Var|x| >= 0 not proved");
    fmt::print("{:<58} {:>10.2f}\n", "Var|x| >= 0 from the norms' inequalities", t);
  }
  for (const auto& named_law :
       std::vector<std::pair<std::string, std::shared_ptr<const num::ScoreDistribution>>>{
           {"logistic", num::logistic_distribution()}, {"Student-t nu = 5", num::student_t_distribution(5)}}) {
    const std::string name = named_law.first;  // not a structured binding: lambdas capture it (clang)
    const std::shared_ptr<const num::ScoreDistribution> law = named_law.second;
    const GiNaC::ex fx = sym::parse_expression("x^2", {"x"});
    sym::KernelDerivation d;
    const double derive = best_ms([&] { d = sym::derive_kernel(fx, num::symbolic_expectation(law)); }, 3);
    const double certify = best_ms(
        [&] {
          require(law->certify_expectation(d.mean_abs, GiNaC::abs(fx)).verified, name + ": E|f| not certified");
          require(law->certify_expectation(d.mean_square, GiNaC::pow(fx, 2)).verified, name + ": E f^2 not certified");
        },
        3);
    fmt::print("{:<58} {:>10.2f}\n", "x^2 under " + name + ": derivation from the moments", derive);
    fmt::print("{:<58} {:>10.2f}\n", "x^2 under " + name + ": certificate (Taylor, moments anew)", certify);
  }
  // linear pieces under logistic scores (the partial first moment), certified by antiderivatives
  for (const std::string f : {"abs(x)", "step(x)"}) {
    const GiNaC::ex fx = sym::parse_expression(f, {"x"});
    const std::shared_ptr<const num::ScoreDistribution> law = num::logistic_distribution();
    sym::KernelDerivation d;
    const double derive = best_ms([&] { d = sym::derive_kernel(fx, num::symbolic_expectation(law)); }, 3);
    require(d.status == sym::KernelDerivation::Status::Derived, f + " under logistic: not derived");
    const double certify = best_ms(
        [&] { require(law->certify_expectation(d.mean_abs, GiNaC::abs(fx)).verified, f + ": E|f| not certified"); }, 3);
    fmt::print("{:<58} {:>10.2f}\n", f + " under logistic: derivation (cdf, partial mean)", derive);
    fmt::print("{:<58} {:>10.2f}\n", f + " under logistic: certificate (antiderivatives)", certify);
  }
  for (const std::string f : {"exp(-x^2)", "relu(x)*exp(-x^2)", "exp(x - x^2/2)"}) {
    const GiNaC::ex fx = sym::parse_expression(f, {"x"});
    sym::KernelDerivation d;
    const double derive = best_ms([&] { d = sym::derive_kernel(fx); }, 3);
    require(d.status == sym::KernelDerivation::Status::Derived, f + ": not derived");
    fmt::print("{:<58} {:>10.2f}\n", "Gaussian exponent: derivation of " + f, derive);
  }
  return 0;
}
