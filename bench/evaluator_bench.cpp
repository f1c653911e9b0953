// Time per evaluation of the four interpreters of compiled expressions
// (numerics/program_interpreter.hpp): double, MPFR at 60 digits, Arb real balls at 232
// bits and Arb complex balls, on relu^2's derived E f(X)^2 (erf, exp, powers) and on a
// kernel with switches. Prints nanoseconds per evaluation; run it from two builds (e.g. a
// git worktree of the previous commit) to compare. Not a test: it asserts nothing.
#include <acb.h>
#include <fmt/format.h>

#include <chrono>
#include <vector>

#include "numerics/analytic_piece.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/compiled_expression.hpp"
#include "numerics/double_expression.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/symbols.hpp"

using namespace attnverify;

namespace {

template <class F>
double nanoseconds_per_call(long calls, F&& f) {
  const auto start = std::chrono::steady_clock::now();
  for (long k = 0; k < calls; ++k) f(k);
  const std::chrono::duration<double, std::nano> elapsed = std::chrono::steady_clock::now() - start;
  return elapsed.count() / static_cast<double>(calls);
}

}  // namespace

int main() {
  const auto& s = sym::symbols();
  const GiNaC::ex f = sym::parse_expression("relu(x)^2 + abs(x - 1/2)*exp(-x)", {"x"});
  const GiNaC::ex m = sym::derive_kernel(sym::parse_expression("relu(x)^2", {"x"})).mean_square;
  volatile double sink = 0;

  const num::DoubleExpression d(f, s.x);
  const double t_double = nanoseconds_per_call(2000000, [&](long k) { sink = sink + d(-2 + 4e-6 * static_cast<double>(k % 1000000)); });

  const num::CompiledExpression c(m, {s.beta, s.gamma}, 60);
  num::ScopedPrecision scope(60);
  const std::vector<num::Real> point{num::Real("0.5"), num::Real("1.25")};
  const double t_mpfr = nanoseconds_per_call(20000, [&](long) { sink = sink + c(point).convert_to<double>(); });

  const num::BallExpression b(m, {s.beta, s.gamma});
  const std::vector<GiNaC::numeric> exact{GiNaC::numeric(1, 2), GiNaC::numeric(5, 4)};
  const double t_ball = nanoseconds_per_call(20000, [&](long) { sink = sink + b(exact, 232).midpoint_double(); });

  const num::AnalyticPiece a(f, s.x);
  acb_t x, out;
  acb_init(x);
  acb_init(out);
  acb_set_d(x, 1.5);
  const std::vector<int> branches{1, 1};
  const double t_acb = nanoseconds_per_call(200000, [&](long) {
    a.evaluate(out, x, branches, true, 232);
    sink = sink + arf_get_d(arb_midref(acb_realref(out)), ARF_RND_NEAR);
  });
  acb_clear(x);
  acb_clear(out);

  fmt::print("ns per evaluation: double {:.0f}, MPFR (60 digits) {:.0f}, Arb ball (232 bits) {:.0f}, Arb complex {:.0f}\n",
             t_double, t_mpfr, t_ball, t_acb);
  return 0;
}
