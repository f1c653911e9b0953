// Baseline timings of the two kernel routes at 50 digits, for later optimisation
// (issue 7 compares them with an mpmath route): time per quadrature integral,
// closed-form evaluations per second, and the derivation time of each seed kernel.
// Usage: build/bench/quadrature_bench [points-per-variant]   (default 40)
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>

#include "numerics/adaptive_evaluation.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/kernel_route.hpp"

using namespace attnverify;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  const int points = argc > 1 ? std::atoi(argv[1]) : 40;
  const auto& s = sym::symbols();
  fmt::print("{:<10} {:>12} {:>16} {:>18}\n", "kernel", "derive ms", "ms/integral", "closed evals/s");
  for (const std::string f : {"exp(x)", "relu(x)^2", "x"}) {
    auto t0 = Clock::now();
    const sym::KernelDerivation d = sym::derive_kernel(sym::parse_expression(f, {"x"}));
    const double derive_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    const KernelRoute route(d, 50);
    const num::AdaptiveEvaluator closed(d.S, {s.beta, s.gamma}, 50);
    std::vector<GridPoint> grid;
    for (int k = 0; k < points; ++k)
      grid.push_back({GiNaC::numeric(-3) + GiNaC::numeric(6 * k, points), GiNaC::numeric(1, 10) + GiNaC::numeric(49 * k, 10 * points)});
    t0 = Clock::now();
    for (const auto& p : grid) (void)route(p);
    const double quad_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count() / (2.0 * points);
    t0 = Clock::now();
    for (const auto& p : grid) (void)closed(p);
    const double closed_rate = points / std::chrono::duration<double>(Clock::now() - t0).count();
    fmt::print("{:<10} {:>12.1f} {:>16.2f} {:>18.0f}\n", f, derive_ms, quad_ms, closed_rate);
  }
  return 0;
}
