#include "proofs/derivation_work.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "proofs/trigonometric_forms.hpp"
#include "proofs/exp_poly.hpp"

namespace attnverify::sym {

using namespace GiNaC;

std::size_t count_kinks(const ex& e, const symbol& x) {
  std::set<ex, ex_is_less> arguments;  // u and -u are one kink
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (!is_switch(*it) || !it->op(0).has(x)) continue;
    const ex u = it->op(0).expand();
    if (arguments.count(-u) == 0) arguments.insert(u);
  }
  return arguments.size();
}

double derivation_work(const Piecewise& f, const symbol& x) {
  double work = 0;
  for (const Piece& piece : f.pieces) {
    unsigned degree = 0;
    bool exponential = false;
    std::set<ex, ex_is_less> slopes;
    // sin and cos of b x + c count as the two exponentials e^{+-i(bx + c)} they are derived as
    const ex expr = has_trigonometric(piece.expr, x) ? trigonometric_as_exponentials(piece.expr, x) : piece.expr;
    for (const ExpPolyTerm& term : to_gaussian_exp_poly(expr, x)) {
      degree = std::max(degree, term.power);
      exponential = exponential || !term.slope.is_zero() || !term.curvature.is_zero();
      slopes.insert(term.slope + term.curvature * x);  // distinct exponents
    }
    const bool whole_line = !piece.where.lower && !piece.where.upper;
    const double products = std::pow(static_cast<double>(slopes.size()), 2);  // f^2 multiplies every pair
    work += products * std::pow(degree + 1.0, whole_line && !exponential ? 3 : 4) * (exponential ? 8 : 1);
  }
  return work;
}

std::string work_bound_problem(const Piecewise& f, const symbol& x, const std::string& what) {
  const double work = derivation_work(f, x);
  if (work <= kMaxDerivationWork) return {};
  std::ostringstream reason;
  reason.precision(3);
  reason << "the derivation is estimated at " << work << " units of work, above the bound of " << kMaxDerivationWork
         << " that keeps it to seconds (proofs/derivation_work.hpp: the pieces of " << what
         << " have too high a degree or too many exponentials); the closed form was not attempted";
  return reason.str();
}

}  // namespace attnverify::sym
