// attnverify's quadrature route against the researcher's baseline, side by side in one
// run (issue 7): the same grid of (beta, gamma) for relu^2 and identity, at the same
// digits, by
//   attnverify: KernelRoute (Boost tanh-sinh / exp-sinh over MPFR, split at kinks);
//   mpmath:     bench/mpmath_route.py (mp.quad split at the kink), run by the Python
//               named in the output.
// Prints time per integral for each route and their ratio, the smallest number of
// digits to which the two routes' S agree (a cross-check), integrand evaluations per
// integral and ns per evaluation next to one MPFR exp at the same precision (the
// practical floor), closed-form evaluations per second, and the derivation time of
// exp, relu^2 and identity next to SymPy's (bench/sympy_derivation.py) unless
// --no-sympy. It replaces the earlier quadrature_bench, which timed the same route
// without a baseline.
// Usage: build/bench/route_bench [--points-beta 15] [--points-gamma 14] [--digits 50]
//        [--python /usr/bin/python3] [--no-sympy]
#include <CLI/CLI.hpp>
#include <fmt/format.h>

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
#include "proofs/symbols.hpp"
#include "src/kernel_route.hpp"

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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"attnverify's quadrature route against mpmath and SymPy on one grid (issue 7)"};
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
  const std::string version = run_command(python + " -c 'import mpmath, sys; print(mpmath.__version__, sys.version.split()[0])'");
  fmt::print("grid: {} points (beta in [-3, 3] x gamma in [0.1, 5]) x 2 kernels, {} digits; mpmath route: {} (mpmath, Python "
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
  std::vector<std::string> worsts;
  fmt::print("{:<9} {:>10} {:>13} {:>13} {:>7} {:>14} {:>10} {:>9} {:>14} {:>12}\n", "kernel", "derive ms", "ours ms/int",
             "mpmath ms/int", "ratio", "min digits", "evals/int", "ns/eval", "ns/eval / exp", "closed pts/s");
  for (const auto& [name, text] : {std::pair<std::string, std::string>{"relu2", "relu(x)^2"}, {"identity", "x"}}) {
    const auto& [derivation, derive_seconds] = derived.at(text);
    const double derive_ms = derive_seconds * 1e3;
    const KernelRoute route(derivation, digits);
    std::vector<NumericS> ours;
    std::size_t evaluations = 0;
    auto t0 = Clock::now();
    for (const auto& p : grid) {
      ours.push_back(route(p));
      evaluations += ours.back().evaluations;
    }
    const double ours_seconds = seconds_since(t0);
    const num::AdaptiveEvaluator closed(derivation.S, {s.beta, s.gamma}, digits);
    t0 = Clock::now();
    for (const auto& p : grid) (void)closed(p);
    const double closed_rate = grid.size() / seconds_since(t0);

    const std::string points_file = fmt::format("/tmp/attnverify-route-bench-{}.txt", name);
    {
      std::ofstream out(points_file);
      for (const auto& p : grid) out << name << ' ' << exact(p[0]) << ' ' << exact(p[1]) << '\n';
    }
    std::istringstream theirs(run_command(fmt::format("{} {}/bench/mpmath_route.py {} < {}", python, source, digits, points_file)));
    double theirs_seconds = 0, min_digits = 1e9;
    std::string worst;
    num::ScopedPrecision precision(digits + num::kGuardDigits);
    for (const NumericS& r : ours) {
      std::string value;
      double sec = 0;
      if (!(theirs >> value >> sec)) throw std::runtime_error("the mpmath route returned fewer points than asked");
      theirs_seconds += sec;
      const std::size_t k = &r - ours.data();
      const double agree = r.ok ? num::digits_of_agreement(r.S, num::Real(value), digits) : 0;
      if (agree < min_digits) {
        min_digits = agree;
        worst = fmt::format("beta = {}, gamma = {}: attnverify {} (error estimate 1e-{:.0f}), mpmath {}", exact(grid[k][0]),
                            exact(grid[k][1]), r.ok ? num::to_decimal(r.S, 20) : r.failure, r.error_digits, value.substr(0, 22));
      }
    }
    worsts.push_back(name + ", fewest digits at " + worst);
    const double integrals = 2.0 * grid.size();
    fmt::print("{:<9} {:>10.1f} {:>13.3f} {:>13.3f} {:>6.1f}x {:>14.1f} {:>10.0f} {:>9.0f} {:>13.1f}x {:>12.0f}\n", name,
               derive_ms, ours_seconds * 1e3 / integrals, theirs_seconds * 1e3 / integrals, theirs_seconds / ours_seconds,
               min_digits, evaluations / integrals, ours_seconds * 1e9 / evaluations, ours_seconds * 1e9 / evaluations / exp_ns,
               closed_rate);
  }
  for (const std::string& w : worsts) fmt::print("{}\n", w);
  fmt::print("\none MPFR exp at {} digits (the working precision plus guard digits): {:.0f} ns\n", digits + num::kGuardDigits,
             exp_ns);
  fmt::print("ratio = mpmath time / attnverify time per integral; min digits = the fewest digits to which the two routes' "
             "S agree over the grid (capped at {}).\n",
             digits);

  fmt::print("\nderivation, attnverify (GiNaC){}, seconds:\n", no_sympy ? "" : " vs SymPy (sympy.stats.E, gamma positive)");
  double ours_total = 0;
  for (const auto& [f, entry] : derived) {
    ours_total += entry.second;
    fmt::print("  attnverify {:<10} {:.4f}\n", f, entry.second);
  }
  fmt::print("  attnverify total  {:.4f}\n", ours_total);
  if (!no_sympy) {
    std::cout << run_command(fmt::format("{} {}/bench/sympy_derivation.py", python, source)) << std::flush;
  }
  return 0;
}
