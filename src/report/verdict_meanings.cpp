#include "src/report/verdict_meanings.hpp"

#include <fmt/format.h>

#include <boost/math/distributions/normal.hpp>

#include <cmath>
#include <cstdlib>

#include <sstream>

#include "numerics/sparsity_estimate.hpp"
#include "src/report/latex_escape.hpp"
#include "src/report/latex_pieces.hpp"
#include "src/verdicts/verdict.hpp"

namespace attnverify {

namespace {

// The size of a variant's Holm family: its sampled checks that are valid tests.
std::size_t holm_family_size(const VariantResult& v) {
  std::size_t family = 0;
  for (const CheckRecord& r : v.records) family += r.check == CheckKind::Sampled && !r.clt_invalid();
  return family;
}

// Holm's first threshold z_(1 - alpha/(2m)) for a family of m tests at family-wise level alpha.
double holm_first_threshold(std::size_t m, double alpha) {
  return boost::math::quantile(boost::math::normal(), 1 - alpha / (2.0 * static_cast<double>(m)));
}

// Holm's first threshold z_(1 - alpha/(2m)) of this run's families (m the number of valid
// sampled tests of a variant), as text: "at |z| = 2.58" or "at |z| from 2.58 (a family of 1
// test) to 3.59 (30 tests) in this run" (a referee found "near |z| = 4", which no family had)
std::string holm_first_steps(const RunResult& run) {
  std::size_t smallest = 0, largest = 0;
  for (const VariantResult& v : run.variants) {
    const std::size_t family = holm_family_size(v);
    if (family == 0) continue;
    smallest = smallest == 0 ? family : std::min(smallest, family);
    largest = std::max(largest, family);
  }
  if (largest == 0) return "at $|z|$ of about 2.6 to 3.6";
  const auto threshold = [&](std::size_t m) { return holm_first_threshold(m, run.options.family_alpha); };
  if (smallest == largest)
    return fmt::format("at $|z| = {:.2f}$ in this run (families of {} test{})", threshold(largest), largest,
                       largest == 1 ? "" : "s");
  return fmt::format("at $|z|$ from {:.2f} (a family of {} test{}) to {:.2f} ({} tests) in this run", threshold(smallest),
                     smallest, smallest == 1 ? "" : "s", threshold(largest), largest);
}

}  // namespace

std::string verdict_meanings_latex(const RunResult& run) {
  const unsigned P = run.options.digits;
  const int tolerance = static_cast<int>(required_digits(P));
  // the grid checks of this run: where a derivation meets a numeric route
  const auto [grid, certified] = grid_certification(run);
  std::ostringstream out;
  out << "\\section*{What each verdict proves}\\addcontentsline{toc}{section}{What each verdict proves}"
         "\\label{verdicts}\n";
  out << fmt::format(
      "The working precision is $P = {0}$ decimal digits; two values \\emph{{agree}} when their relative "
      "difference is at most $10^{{-(P-5)}} = 10^{{-{1}}}$. Digits of agreement are "
      "$-\\log_{{10}}(|a-b|/\\max(|a|,|b|))$, capped at $P+10 = {2}$, the routes' internal precision (the counterexample search works at $P+20$): a figure "
      "of {2} means that no difference was measurable. The ``relative difference'' a claim's record states is "
      "$|\\mathrm{{claim}} - S|/|S|$.\n",
      P, tolerance, P + 10);
  // where the expected verdicts come from (the referee's d10)
  out << "\\emph{Expected verdicts} are written in each spec with its statement, before the run, under version "
         "control (the specs' SHA-256 are in the reproducibility block); they never enter a verdict, and a verdict "
         "that differs from one is reported in red, never hidden.\n\n";
  out << "{\\small\\begin{description}\n";
  out << fmt::format(
      "\\item[proved] (method \\emph{{symbolic}}): the claim equals the closed form $S$ that attnverify derived "
      "from the variant's definition, identically on the variant's whole domain: the claim is proved defined "
      "there, and claim $-\\,S$ (or claim$^2 - S^2$ with the claim's sign proved) reduces to 0. The proof holds "
      "\\emph{{end to end from the definition}} (of $S$ as the variant's $\\mathbb{{E}}|a|/\\sqrt{{\\mathbb{{E}}a^2}}$) when "
      "the variant's closed forms carry a verified certificate ({2} of {3} derived variants in this run; below); "
      "for kernels the step from attention weights to that definition is eq.~(4), proved from its theorem (below); otherwise the derivation is only checked against the independent numeric "
      "route at the grid points, {0} of which ({1} in this run) are certified. A property proved so is an "
      "identity ($S(-p) - S(p) \\equiv 0$), a derivative of manifest sign, or a bound whose $(\\mathrm{{bound}}/S)^2 - 1$ "
      "and sign are shown positive on the domain by the positivity prover.\n",
      grid == certified ? "all" : "some",
      grid == certified ? fmt::format("{}", grid) : fmt::format("{} of {}", certified, grid),
      certified_derivations(run), derived_variants(run));
  out << fmt::format(
      "\\item[certified] at a point: the two values are enclosed in Arb balls that contain them exactly, and the "
      "verdict holds for every point of the balls. A \\emph{{certified agreement}} proves relative difference "
      "$\\le 10^{{-{0}}}$ there; a \\emph{{certified counterexample}} proves a claim wrong there (its ball and "
      "the ball of $S$ are farther apart than $10^{{-{0}}}$); for kernels it is also checked against a ball of "
      "the defining integrals that does not use the derivation. A grid point is certified when the closed "
      "form's ball and the ball of the defining integrals (acb\\_calc\\_integrate with a proved tail bound) or "
      "of the exact sum decide it. A value of a variant without a closed form is certified when the ball of "
      "the defining integrals encloses it to $10^{{-{0}}}$ relative.\n",
      tolerance);
  out << "\\item[numeric evidence] (a claim's agreement without a proof, an uncertified grid point, a property's grid or extrapolation): agreement at the "
         "listed points, each decided in ball arithmetic where the claim is compared with $S$, or on the numeric "
         "route's error estimate where it is compared with quadrature or summation; for kernels and sequences "
         "a counterexample search over a region larger than the points, whose record says what it could "
         "resolve. Evidence on that region, not a proof.\n";
  out << "Every verdict of a claim or property names its \\emph{evidence}, one of the levels below, and the "
         "proposition its check established, which the ledger shows beside the statement when it is not the "
         "statement itself.\n";
  out << "\\item[proved on a stated subdomain] a symbolic proof, as above, on a part of the domain that the "
         "established proposition names: $\\lambda \\in (0, 1)$ when the statement is made there, a limit at "
         "fixed values of the other parameters, or the norm ratio's extremes in each listed dimension $d$ (by "
         "Lagrange conditions with convexity, with the quantity's monotonicity in $r$ certified), not beyond.\n";
  out << "\\item[proved from a cited theorem] one whose hypotheses are certified: eq.~(4) from Gaussian scores and "
         "the strong law of large numbers, with $0 < \\mathbb E f(X)^2 < \\infty$ certified for $f$.\n";
  out << "\\item[certified on a stated box] an infimum, supremum, bound or monotonicity over the box the "
         "proposition names, proved there by interval branch-and-bound with Arb: the box is cut "
         "into sub-boxes until the ball of $S - t$ (or of $\\partial S/\\partial p$, or of "
         "$\\partial \\log S/\\partial p$ once $S > 0$ is proved) over each sub-box lies on the claimed side; "
         "a sub-box whose gradient ball has one sign is reduced to its face (the monotonicity test). Nothing is "
         "said beyond the box, and a value the search found (an infimum's) is numeric evidence unless the "
         "proposition says it is attained exactly. Where branch-and-bound does not settle the box within "
         "its budget the check falls back to the grid search, labelled numeric evidence; where it finds a point "
         "whose ball lies on the wrong side, the counterexample is certified.\n";
  out << "\\item[symbolic argument] a derivation one of whose steps is not certified: a limit derived "
         "exactly (by a series in $t$, $p = t$ or $1/t$, or an exponential factor $e^{c t^{-k}}$, $c<0$, times a "
         "Laurent series) but compared with the claimed value in floating point; a claim or bound undefined at an "
         "exact point; a claimed extreme of the norm ratio contradicted by Lagrange conditions with convexity. "
         "An argument whose proposition is stated, not a certified proof.\n";
  out << "\\item[checked in finite cases] (facts that are not about $S$): the statement is tested in "
         "finitely many settings, e.g. a GiNaC identity with symbolic entries at fixed sizes ($d = 2$, $n = 3$), "
         "random trials in double and in MPFR, Monte Carlo judged by its own rule ($|z| \\le 4$, not the Holm "
         "family below), or exact rational arithmetic over random laws. Evidence for those settings, not a proof "
         "for all sizes.\n";
  out << fmt::format(
      "\\item[statistical] (sampled checks): keys are drawn in $d$ dimensions (kernels: "
      "$k_j\\sim\\mathcal N(\\mu,\\sigma^2 I)$ with $q\\cdot\\mu=\\beta$, $\\sigma\\|q\\|=\\gamma$; feature "
      "maps: the case's $q$, $\\mu$, $\\sigma$), and the sparsity $S_n$ of the $n$ real attention weights is "
      "compared with the closed form (or the quadrature value) by $z = (S_n - b - S)/\\mathrm{{SE}}$, with SE the "
      "delta-method standard error and $b$ its second-order estimate of the finite-$n$ bias (a check is "
      "inconclusive when $|b| > 0.5\\,\\mathrm{{SE}}$). The interval itself is checked (kernels and feature "
      "maps): from the moments $\\mathbb E|a|^k$, $k \\le 6$, of the weights by quadrature come the population's "
      "delta-method SE and the skewness $\\kappa_n$ of the statistic's mean, and by convention a check with "
      "$|\\kappa_n| > {}$ is not a valid test at its $n$: inconclusive, as expected, and left out of the family "
      "and of every count of tests. (The first Edgeworth term of the studentised $z$ moves the two 2.5\\% tails by "
      "$0.085\\,\\kappa_n$ in opposite directions, so the two-sided level holds to first order, and at "
      "$|\\kappa_n| = {}$ each tail stays within 0.4\\% to 4.6\\%; Holm's first steps, {}, lie further out in the tails than "
      "what this argument covers.) The sampled checks of each variant are one family, tested by "
      "Holm's procedure at family-wise level $\\alpha = {}$; a rejection stands only where an independent "
      "confirmation sample of $4n$ keys rejects at the same threshold, which keeps the family-wise level. A "
      "sampled agree means ``not rejected'', not a proof.\n",
      num::kMaxCltSkewness, num::kMaxCltSkewness, holm_first_steps(run), run.options.family_alpha);
  {
    // what the checks can detect (the referee's 4.4): the claim and grid routes a relative error
    // above 10^-(P-5); a sampled test one above about z_(1 - alpha/(2m)) SE/|S| (a closed form off
    // by a relative e moves z by about e|S|/SE; m the size of its variant's family, Holm's first
    // threshold), from each valid test's SE: the most and the least precise of the run
    struct Reach {
      double relative = 0;
      std::string variant;
      unsigned long n = 0;
      unsigned d = 0;
    };
    std::optional<Reach> best, worst;
    for (const VariantResult& v : run.variants) {
      const std::size_t family = holm_family_size(v);
      if (family == 0) continue;
      const double threshold = holm_first_threshold(family, run.options.family_alpha);
      for (const CheckRecord& r : v.records) {
        if (r.check != CheckKind::Sampled || r.clt_invalid() || !r.standard_error || *r.standard_error <= 0) continue;
        double reference = 0;
        for (const auto& [key, value] : r.values)
          if (key == "reference") reference = std::strtod(value.c_str(), nullptr);
        if (!std::isfinite(reference) || reference == 0) continue;
        const Reach here{threshold * *r.standard_error / std::fabs(reference), v.spec.name, r.n.value_or(0), r.d.value_or(0)};
        if (!best || here.relative < best->relative) best = here;
        if (!worst || here.relative > worst->relative) worst = here;
      }
    }
    out << fmt::format(
        "\\item[what the checks detect] a claim or a grid point: a relative error above $10^{{-{}}}$ (the agreement "
        "threshold above){}\n",
        tolerance,
        best ? fmt::format("; a sampled test, estimated from its SE at Holm's first threshold: a relative error in "
                           "$S$ above about {:.2g} for the most precise test of this run (\\texttt{{{}}}, $n = {}$, "
                           "$d = {}$) and {:.2g} for the least precise (\\texttt{{{}}}, $n = {}$, $d = {}$). The project's tests "
                           "plant errors of these sizes in exp's closed form: ten times the grid threshold and twice "
                           "the sampled one are caught, a hundredth and a tenth are not (those runs are not part of "
                           "this report)",
                           best->relative, latex_escape(best->variant), best->n, best->d, worst->relative,
                           latex_escape(worst->variant), worst->n, worst->d)
             : std::string());
  }
  out << "\\item[certificate] of a derived closed form, shown without sampling a point: a closed "
         "form $m(\\beta,\\gamma)$ for $\\mathbb{E}\\,g(\\beta+\\gamma\\varepsilon)$ is smooth for $\\gamma > 0$, satisfies "
         "$\\partial_\\gamma m = \\gamma\\,\\partial_\\beta^2 m$ identically, is bounded by $A e^{a\\beta^2}$ uniformly for "
         "$0 < \\gamma \\le \\Gamma$ and tends to $g$ as $\\gamma\\to 0^+$ between breakpoints; "
         "$\\mathbb{E}\\,g(\\beta+\\gamma\\varepsilon)$ has the same properties, so the two are equal by uniqueness for the "
         "heat equation (Tychonoff 1935; Widder 1975). Under Laplace scores $m - \\tfrac{\\gamma^2}{2}\\partial_\\beta^2 m = g$ "
         "between breakpoints, $m$ and $\\partial_\\beta m$ are continuous and $m = o(e^{\\sqrt2|\\beta|/\\gamma})$ "
         "(the \\emph{screened Poisson equation}); under uniform scores $M = 2\\sqrt3\\gamma m$ has "
         "$\\partial_v M = g(v)$, $\\partial_u M = -g(u)$ in $u, v = \\beta \\mp \\sqrt3\\gamma$, is continuous and "
         "vanishes at $u = v$ (the \\emph{fundamental theorem of calculus}). A sum has $F(0) = 0$ and $F(N) - F(N-1) = a_N$ "
         "(\\emph{telescoping}); a form built from others reduces to its definition (\\emph{identity}, "
         "\\emph{definition}). \\emph{End to end} (from the definition): a statement proved equal to a certified derivation.\n";
  out << "\\item[inconclusive] a route missed its error target, a point could not be decided, or nothing "
         "applies; the reason is given. It is never counted as agree.\n";
  out << "\\end{description}}\n";
  out << "A \\emph{disagree} of a claim is shown with its deciding point and values; a disagree is "
         "not a failure of the tool.\n\n";
  return out.str();
}

}  // namespace attnverify
