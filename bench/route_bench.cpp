// attnverify's quadrature route and its certified route (Arb, issue 20) against the researcher's baseline, side by side
// in one run (docs/history.md, issue 7): the same grid of (beta, gamma) for relu^2 and identity, at the same digits, by
//   attnverify: KernelRoute (nested double-exponential rules over MPFR, split at kinks and peaks);
//   mpmath:     bench/mpmath_route.py (mp.quad split at the kink), run by the Python
//               named in the output.
// Prints time per integral for each route and their ratio, the smallest number of
// digits to which the two routes' S agree (a cross-check), integrand evaluations per
// integral and ns per evaluation next to one MPFR exp at the same precision (the
// practical floor), closed-form evaluations per second, and the derivation time of
// exp, relu^2 and identity next to SymPy's (bench/sympy_derivation.py) unless
// --no-sympy. It replaces the earlier quadrature_bench, which timed the same route
// without a baseline. Then the main route (issue 30, part 4: Arb first, the DE rules where it
// cannot serve) per point against the DE rules followed by Arb, and the sampled route's
// population moments E|f|^k, k <= 6, by each. Then, per score distribution (issue 30), the time per integral of
// both routes for relu^2 and identity under each law of standard_score_distributions()
// on the same grid, against the normal law's (points where S does not exist are skipped
// and counted).
// Usage: build/bench/route_bench [--points-beta 15] [--points-gamma 14] [--digits 50]
//        [--python /usr/bin/python3] [--no-sympy]
#include <CLI/CLI.hpp>
#include <omp.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/compiled_expression.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "numerics/ball.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/score_distribution.hpp"

using namespace attnverify;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

std::string run_command(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw std::runtime_error("cannot run: " + command);
  std::string out;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe.get())) out += buffer;
  return out;
}

std::string exact(const GiNaC::numeric& q) {
  std::ostringstream out;
  out << q.numer() << '/' << q.denom();
  return out.str();
}

// ns per MPFR exp at `digits` decimal digits (the argument varies so nothing is hoisted)
double mpfr_exp_ns(unsigned digits) {
  num::ScopedPrecision precision(digits);
  num::Real x("0.7"), sum = 0;
  constexpr int kCount = 200000;
  const auto t0 = Clock::now();
  for (int k = 0; k < kCount; ++k) {
    sum += exp(x);
    x += num::Real("1e-7");
  }
  const double ns = seconds_since(t0) * 1e9 / kCount;
  if (sum < 0) std::puts("");  // keep the loop
  return ns;
}

// the fewest digits of agreement of each pair of routes, and where
struct Accuracy {
  double ours_vs_exact = 1e9, mpmath_vs_exact = 1e9, ours_vs_mpmath = 1e9;
  std::string ours_at, mpmath_at, both_at;
  std::size_t optimistic = 0;
  void note(double& fewest, std::string& where, double digits, const std::string& at) {
    if (digits < fewest) fewest = digits, where = fmt::format("{} ({:.1f} digits)", at, digits);
  }
};

// ns per quadrature node's own arithmetic (exp(-z^2/2), the weight and two products)
// in number type T at 60 digits: run-time precision (Real) against Boost's fixed
// precision backends, to decide whether a fixed backend would pay (docs/history.md, issue 7)
template <typename T>
double node_arithmetic_ns_once() {
  T z("0.3"), w("0.7"), sum = 0, x("1.25");
  const T dz("1e-7"), half("0.5");
  constexpr int kCount = 200000;
  const auto t0 = Clock::now();
  for (int k = 0; k < kCount; ++k) {
    const T phi = exp(-z * z * half) * w;
    sum += abs(x * phi) + x * x * phi;
    z += dz;
  }
  const double ns = seconds_since(t0) * 1e9 / kCount;
  if (sum < 0) std::puts("");
  return ns;
}

// the fastest of five timings (the first pays MPFR's warm-up: its constant caches)
template <typename T>
double node_arithmetic_ns() {
  double best = 1e300;
  for (int k = 0; k < 5; ++k) best = std::min(best, node_arithmetic_ns_once<T>());
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"attnverify's quadrature route against mpmath and SymPy on one grid (docs/history.md, issue 7)"};
  unsigned nb = 15, ng = 14, digits = 50;
  std::string python = "/usr/bin/python3";
  bool no_sympy = false;
  app.add_option("--points-beta", nb, "beta values in [-3, 3]")->check(CLI::Range(2u, 200u));
  app.add_option("--points-gamma", ng, "gamma values in [0.1, 5]")->check(CLI::Range(2u, 200u));
  app.add_option("--digits", digits, "working precision")->check(CLI::IsMember({30u, 50u, 100u}));
  app.add_option("--python", python, "Python with mpmath (and sympy) for the baseline routes");
  app.add_flag("--no-sympy", no_sympy, "skip the SymPy derivation timings (minutes for relu^2)");
  CLI11_PARSE(app, argc, argv);
  const std::string source = ATTNVERIFY_SOURCE_DIR;

  std::vector<GridPoint> grid;
  for (unsigned i = 0; i < nb; ++i)
    for (unsigned j = 0; j < ng; ++j)
      grid.push_back({GiNaC::numeric(-3) + GiNaC::numeric(6 * i, nb - 1),
                      GiNaC::numeric(1, 10) + GiNaC::numeric(49 * j, 10 * (ng - 1))});
  const std::string version =
      run_command(python + " -c 'import mpmath, sys; print(mpmath.__version__, sys.version.split()[0])'");
  fmt::print(
      "grid: {} points (beta in [-3, 3] x gamma in [0.1, 5]) x 2 kernels, {} digits; mpmath route: {} (mpmath, Python "
      "{})\n\n",
      grid.size(), digits, python, version.empty() ? "?" : version.substr(0, version.size() - 1));

  // each seed kernel derived once: its time goes to the derivation lines, its
  // derivation to the routes
  std::map<std::string, std::pair<sym::KernelDerivation, double>> derived;  // kernel text -> (derivation, seconds)
  for (const std::string f : {"exp(x)", "relu(x)^2", "x"}) {
    const auto t0 = Clock::now();
    sym::KernelDerivation d = sym::derive_kernel(sym::parse_expression(f, {"x"}));
    derived.emplace(f, std::make_pair(std::move(d), seconds_since(t0)));
  }

  const auto& s = sym::symbols();
  const double exp_ns = mpfr_exp_ns(digits + num::kGuardDigits);
  std::vector<std::string> worsts, speed, accuracy, certified_lines, main_route_lines;
  for (const auto& [name, text] : {std::pair<std::string, std::string>{"relu2", "relu(x)^2"}, {"identity", "x"}}) {
    const auto& [derivation, derive_seconds] = derived.at(text);
    const double derive_ms = derive_seconds * 1e3;
    const KernelRoute route(derivation, digits);
    std::vector<NumericS> ours;
    std::size_t evaluations = 0;
    auto t0 = Clock::now();
    for (const auto& p : grid) {
      ours.push_back(route.double_exponential(p));
      evaluations += ours.back().evaluations;
    }
    const double ours_seconds = seconds_since(t0);
    // the same grid on every core (KernelRoute::evaluate_grid); must equal the serial values exactly
    t0 = Clock::now();
    const std::vector<NumericS> parallel = route.evaluate_grid(grid, 0, KernelRoute::Rules::DoubleExponential);
    const double parallel_seconds = seconds_since(t0);
    std::size_t differing = 0;
    for (std::size_t k = 0; k < grid.size(); ++k)
      differing += parallel[k].ok != ours[k].ok || (ours[k].ok && parallel[k].S != ours[k].S);
    if (differing > 0)
      throw std::runtime_error(
          fmt::format("{}: the parallel grid differs from the serial one at {} points", name, differing));

    // the certified route (Arb balls, acb_calc_integrate), serially, after the quadrature
    // route whose values set its tolerance
    std::vector<CertifiedS> balls;
    t0 = Clock::now();
    for (std::size_t k = 0; k < grid.size(); ++k) balls.push_back(route.certify(grid[k], ours[k]));
    const double arb_seconds = seconds_since(t0);
    // the main route (issue 30, part 4): the certified route first, its tolerance set from its
    // own rough moments, the DE rules only where it cannot serve; serially
    std::size_t alone_certified = 0, by_arb = 0;
    t0 = Clock::now();
    for (const auto& p : grid) {
      const NumericS m = route(p);
      alone_certified += m.certified && m.certified->ok && m.certified->S.relative_accuracy_digits() >= digits - 5.0;
      by_arb += m.source == NumericS::Source::Arb;
    }
    const double alone_seconds = seconds_since(t0);
    // the sampled route's population moments E|f|^k, k <= 6, on every 7th point: the main
    // route (Arb balls, six integrals per segment) against the DE rules alone
    double moments_main = 0, moments_de = 0;
    std::size_t moment_points = 0, moments_by_arb = 0;
    for (std::size_t k = 0; k < grid.size(); k += 7, ++moment_points) {
      t0 = Clock::now();
      moments_by_arb += route.absolute_moments(grid[k], 6).source == NumericS::Source::Arb;
      moments_main += seconds_since(t0);
      t0 = Clock::now();
      (void)route.absolute_moments(grid[k], 6, KernelRoute::Rules::DoubleExponential);
      moments_de += seconds_since(t0);
    }
    // Boost.Math's tanh_sinh/exp_sinh (the library witness), serially
    std::vector<NumericS> boost_values;
    t0 = Clock::now();
    for (const auto& p : grid) boost_values.push_back(route.boost_witness(p));
    const double boost_seconds = seconds_since(t0);

    const num::AdaptiveEvaluator closed(derivation.S, {s.beta, s.gamma}, digits);
    std::vector<num::Real> exact_values;
    t0 = Clock::now();
    for (const auto& p : grid) exact_values.push_back(closed(p).value);
    const double closed_rate = grid.size() / seconds_since(t0);

    const std::string points_file = fmt::format("/tmp/attnverify-route-bench-{}.txt", name);
    {
      std::ofstream out(points_file);
      for (const auto& p : grid) out << name << ' ' << exact(p[0]) << ' ' << exact(p[1]) << '\n';
    }
    std::istringstream theirs(
        run_command(fmt::format("{} {}/bench/mpmath_route.py {} < {}", python, source, digits, points_file)));
    double theirs_seconds = 0;
    Accuracy acc;
    std::size_t certified = 0, enclosing = 0;
    double boost_vs_exact = 1e9;
    const num::BallExpression closed_ball(derivation.S, {s.beta, s.gamma});
    num::ScopedPrecision precision(digits + num::kGuardDigits);
    for (std::size_t k = 0; k < grid.size(); ++k) {
      const NumericS& r = ours[k];
      std::string value;
      double sec = 0;
      if (!(theirs >> value >> sec)) throw std::runtime_error("the mpmath route returned fewer points than asked");
      theirs_seconds += sec;
      const num::Real mpmath_value(value);
      const std::string at = fmt::format("beta = {}, gamma = {}", exact(grid[k][0]), exact(grid[k][1]));
      const double ours_exact = r.ok ? num::digits_of_agreement(r.S, exact_values[k], digits) : 0;
      const double theirs_exact = num::digits_of_agreement(mpmath_value, exact_values[k], digits);
      const double both = r.ok ? num::digits_of_agreement(r.S, mpmath_value, digits) : 0;
      acc.note(acc.ours_vs_exact, acc.ours_at, ours_exact, at);
      acc.note(acc.mpmath_vs_exact, acc.mpmath_at, theirs_exact, at);
      acc.note(acc.ours_vs_mpmath, acc.both_at, both, at);
      // an estimate that promised more than one digit beyond what the value has
      if (r.ok && ours_exact < digits && r.error_digits > ours_exact + 1) ++acc.optimistic;
      // certified: the ball at least P - 5 digits narrow; and it holds the closed form's value (+/- 10^-P relative)
      if (boost_values[k].ok)
        boost_vs_exact = std::min(boost_vs_exact, num::digits_of_agreement(boost_values[k].S, exact_values[k], digits));
      else
        boost_vs_exact = 0;
      const CertifiedS& b = balls[k];
      if (b.ok && b.S.relative_accuracy_digits() >= digits - 5.0) ++certified;
      if (b.ok) {
        const num::Ball value = num::evaluate_to_accuracy(closed_ball, {grid[k][0], grid[k][1]}, digits + 5.0,
                                                          num::bits_for_digits(digits + 10.0))
                                    .value;
        enclosing += arb_overlaps(value.get(), b.S.get()) != 0;
      }
    }
    const double integrals = 2.0 * grid.size();
    speed.push_back(fmt::format(
        "{:<9} {:>9.1f} {:>10.3f} {:>10.3f} {:>10.3f} {:>8.1f}x {:>8.1f}x {:>10.0f} {:>8.0f} {:>8.1f}x {:>11.0f}", name,
        derive_ms, ours_seconds * 1e3 / integrals, parallel_seconds * 1e3 / integrals, theirs_seconds * 1e3 / integrals,
        theirs_seconds / ours_seconds, theirs_seconds / parallel_seconds, evaluations / integrals,
        ours_seconds * 1e9 / evaluations, ours_seconds * 1e9 / evaluations / exp_ns, closed_rate));
    certified_lines.push_back(fmt::format(
        "{:<9} {:>10.3f} {:>10.3f} {:>10.3f} {:>10.3f} {:>8.2f}x {:>8.2f}x {:>8.2f}x {:>6}/{:<4} {:>6}/{:<4} {:>8.1f}",
        name, arb_seconds * 1e3 / integrals, ours_seconds * 1e3 / integrals, boost_seconds * 1e3 / integrals,
        theirs_seconds * 1e3 / integrals, arb_seconds / ours_seconds, boost_seconds / arb_seconds,
        theirs_seconds / arb_seconds, certified, grid.size(), enclosing, grid.size(), boost_vs_exact));
    std::size_t both_certified = 0;
    for (const CertifiedS& b : balls) both_certified += b.ok && b.S.relative_accuracy_digits() >= digits - 5.0;
    main_route_lines.push_back(fmt::format(
        "{:<9} {:>12.3f} {:>12.3f} {:>8.2f}x {:>6}/{:<4} {:>6}/{:<4} {:>6}/{:<4} {:>11.3f} {:>11.3f} {:>8.2f}x {:>4}/{:<4}",
        name, (ours_seconds + arb_seconds) * 1e3 / grid.size(), alone_seconds * 1e3 / grid.size(),
        alone_seconds / (ours_seconds + arb_seconds), both_certified, grid.size(), alone_certified, grid.size(), by_arb,
        grid.size(), moments_de * 1e3 / moment_points, moments_main * 1e3 / moment_points, moments_main / moments_de,
        moments_by_arb, moment_points));
    accuracy.push_back(fmt::format("{:<9} {:>15.1f} {:>15.1f} {:>15.1f} {:>22}", name, acc.ours_vs_exact,
                                   acc.mpmath_vs_exact, acc.ours_vs_mpmath, acc.optimistic));
    worsts.push_back(
        fmt::format("{}: attnverify fewest digits at {}; mpmath fewest at {}", name, acc.ours_at, acc.mpmath_at));
  }
  fmt::print("speed ({} threads for the parallel grid; its values equal the serial ones exactly)\n",
             omp_get_max_threads());
  fmt::print("{:<9} {:>9} {:>10} {:>10} {:>10} {:>9} {:>9} {:>10} {:>8} {:>9} {:>11}\n", "kernel", "derive ms",
             "ours ms/i", "par ms/i", "mpmath ms/i", "ratio", "par ratio", "evals/int", "ns/eval", "/ exp",
             "closed pt/s");
  for (const auto& line : speed) fmt::print("{}\n", line);
  fmt::print(
      "\ncertified route (Arb balls: acb_calc_integrate on proved analytic segments, one thread) per integral\n");
  fmt::print("{:<9} {:>10} {:>10} {:>10} {:>10} {:>9} {:>9} {:>9} {:>11} {:>11} {:>8}\n", "kernel", "arb ms/i",
             "DE ms/i", "boost ms/i", "mpmath ms/i", "arb/DE", "boost/arb", "mpm/arb", "certified", "hold closed",
             "boost dg");
  for (const auto& line : certified_lines) fmt::print("{}\n", line);
  fmt::print(
      "certified = points whose ball of S is at least {} digits narrow (the agreement tolerance); hold closed = balls "
      "that overlap the closed form's ball; boost = Boost.Math tanh_sinh/exp_sinh over MPFR (the library witness), "
      "boost dg "
      "= its fewest digits of agreement with the closed form. Target of issue 20: arb/DE <= 2.\n",
      digits - 5);
  fmt::print("\nArb as the main route (issue 30, part 4), per point, one thread\n");
  fmt::print("{:<9} {:>12} {:>12} {:>9} {:>11} {:>11} {:>11} {:>11} {:>11} {:>9} {:>9}\n", "kernel", "DE+arb ms/pt",
             "main ms/pt", "main/both", "cert. both", "cert. main", "by Arb", "E|f|^6 DE", "E|f|^6 main", "main/DE",
             "by Arb");
  for (const auto& line : main_route_lines) fmt::print("{}\n", line);
  fmt::print(
      "DE+arb = the suite's way before session 17 (the DE rules' values set the certified route's tolerance); main = "
      "KernelRoute's main route (the certified route from its own rough moments, the DE rules only where its ball is "
      "too wide or it fails); cert. = points whose ball of S is at least {} digits narrow; by Arb = points the "
      "main route served from the balls; E|f|^6 = KernelRoute::absolute_moments up to k = 6 (the sampled route's "
      "population moments), ms per point on every 7th point, DE rules alone against the main route.\n",
      digits - 5);
  fmt::print("\naccuracy: fewest digits of agreement over the grid (capped at {})\n", digits);
  fmt::print("{:<9} {:>15} {:>15} {:>15} {:>22}\n", "kernel", "ours vs closed", "mpmath vs closed", "ours vs mpmath",
             "optimistic estimates");
  for (const auto& line : accuracy) fmt::print("{}\n", line);
  for (const std::string& w : worsts) fmt::print("{}\n", w);
  fmt::print("\none MPFR exp at {} digits (the working precision plus guard digits): {:.0f} ns\n",
             digits + num::kGuardDigits, exp_ns);
  fmt::print(
      "ms/i = milliseconds per integral (two per point: E|f| and E f^2); ratio = mpmath time / attnverify time, one "
      "thread; "
      "par ratio = the same with the grid on every core; evals/int = integrand evaluations per integral, where one "
      "evaluation (f and exp(-z^2/2) at a node) serves both integrals of a point and counts half for each; closed = "
      "the "
      "derived closed form. optimistic estimates = points where attnverify's error estimate claimed more than one "
      "digit "
      "beyond its agreement with the closed form.\n");

  {
    namespace mp = boost::multiprecision;
    num::ScopedPrecision precision(60);
    const double runtime = node_arithmetic_ns<num::Real>();
    const double fixed = node_arithmetic_ns<mp::number<mp::mpfr_float_backend<60>, mp::et_off>>();
    const double stack = node_arithmetic_ns<mp::number<mp::mpfr_float_backend<60, mp::allocate_stack>, mp::et_off>>();
    fmt::print(
        "\none node's arithmetic at 60 digits (exp(-z^2/2), weight, |f| phi and f^2 phi): run-time precision {:.0f} "
        "ns, "
        "fixed mpfr_float_backend<60> {:.0f} ns ({:.2f}x), fixed on the stack {:.0f} ns ({:.2f}x)\n",
        runtime, fixed, runtime / fixed, stack, runtime / stack);
  }

  {  // the score distributions: both routes under each law, per integral, against the normal law
    fmt::print("\nscore distributions (issue 30): time per integral on the same grid, one thread\n");
    fmt::print("{:<9} {:<13} {:>7} {:>10} {:>10} {:>9} {:>9} {:>9} {:>10}\n", "kernel", "law", "points", "DE ms/i",
               "arb ms/i", "DE/normal", "arb/normal", "arb/DE", "certified");
    const num::ScoreDistributionRegistry& laws = num::standard_score_distributions();
    for (const auto& [name, text] : {std::pair<std::string, std::string>{"relu2", "relu(x)^2"}, {"identity", "x"}}) {
      const sym::KernelDerivation& derivation = derived.at(text).first;
      double normal_de = 0, normal_arb = 0;
      for (const std::string& law_name : laws.names()) {
        // nu = 5: relu^2 needs nu > 4 for E f^2 (docs/spec-format.md, "Score distributions")
        const auto law = laws.make(law_name, laws.takes_nu(law_name) ? std::optional(GiNaC::numeric(5)) : std::nullopt);
        const KernelRoute route(derivation, digits, law);
        std::vector<GridPoint> exists;
        for (const auto& p : grid)
          if (route.existence(p).state == SExistence::State::Exists) exists.push_back(p);
        std::vector<NumericS> values;
        auto t0 = Clock::now();
        for (const auto& p : exists) values.push_back(route.double_exponential(p));
        const double de_seconds = seconds_since(t0);
        std::size_t certified = 0;
        t0 = Clock::now();
        for (std::size_t k = 0; k < exists.size(); ++k) {
          const CertifiedS b = route.certify(exists[k], values[k]);
          certified += b.ok && b.S.relative_accuracy_digits() >= digits - 5.0;
        }
        const double arb_seconds = seconds_since(t0);
        const double integrals = 2.0 * static_cast<double>(std::max<std::size_t>(exists.size(), 1));
        const double de_ms = de_seconds * 1e3 / integrals, arb_ms = arb_seconds * 1e3 / integrals;
        if (law->is_normal()) normal_de = de_ms, normal_arb = arb_ms;
        fmt::print("{:<9} {:<13} {:>7} {:>10.3f} {:>10.3f} {:>8.2f}x {:>8.2f}x {:>8.2f}x {:>5}/{:<4}\n", name,
                   law_name + (laws.takes_nu(law_name) ? "(5)" : ""), exists.size(), de_ms, arb_ms,
                   de_ms / normal_de, arb_ms / normal_arb, arb_ms / de_ms, certified, exists.size());
      }
    }
    fmt::print(
        "points = grid points where S exists under the law (relu^2 under the uniform law is 0/0 where beta <= "
        "-sqrt(3) gamma); DE/normal and arb/normal = time per integral against the normal law's; certified = balls "
        "at least {} digits narrow.\n",
        digits - 5);
  }

  fmt::print("\nderivation, attnverify (GiNaC){}, seconds:\n",
             no_sympy ? "" : " vs SymPy (sympy.stats.E, gamma positive)");
  double ours_total = 0;
  for (const auto& [f, entry] : derived) {
    ours_total += entry.second;
    fmt::print("  attnverify {:<10} {:.4f}\n", f, entry.second);
  }
  {  // the fourth seed variant, decay (a sequence): sum_i lambda^(n-i) and its square
    const auto t0 = Clock::now();
    const sym::SequenceDerivation decay =
        sym::derive_sequence(sym::parse_expression("lambda^(n-i)", {"lambda", "n", "i"}));
    const double seconds = seconds_since(t0);
    if (decay.status != sym::SequenceDerivation::Status::Derived) throw std::runtime_error("decay: not derived");
    ours_total += seconds;
    fmt::print("  attnverify {:<10} {:.4f}\n", "decay", seconds);
  }
  fmt::print("  attnverify total  {:.4f}   (the four seed variants)\n", ours_total);
  if (!no_sympy) {
    std::istringstream sympy(run_command(fmt::format("{} {}/bench/sympy_derivation.py", python, source)));
    std::string kernel;
    double seconds = 0, sympy_total = 0;
    while (sympy >> kernel >> seconds) {
      sympy_total += seconds;
      fmt::print("  SymPy      {:<10} {:.4f}\n", kernel, seconds);
    }
    fmt::print(
        "  SymPy total       {:.4f}   (SymPy for three kernels / attnverify for all four seed variants: {:.0f}x)\n",
        sympy_total, sympy_total / ours_total);
  }
  return 0;
}
