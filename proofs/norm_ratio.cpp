#include "proofs/norm_ratio.hpp"

#include <stdexcept>

namespace attnverify::sym {

using namespace GiNaC;

NormRatioExtremes norm_ratio_extremes(unsigned d) {
  if (d == 0) throw std::invalid_argument("the dimension must be at least 1");
  std::vector<symbol> y;
  for (unsigned i = 0; i < d; ++i) y.emplace_back("y" + std::to_string(i + 1));
  const symbol multiplier("L");
  ex F = 0, total = 0;
  for (const auto& v : y) {
    F += pow(v, 2);
    total += v;
  }
  NormRatioExtremes out;
  out.d = d;

  // stationary points of F on sum y = 1 (Lagrange)
  lst equations, unknowns;
  for (const auto& v : y) {
    equations.append(F.diff(v) == multiplier * total.diff(v));
    unknowns.append(v);
  }
  equations.append(total == 1);
  unknowns.append(multiplier);
  const ex solution = lsolve(equations, unknowns);
  if (solution.nops() != d + 1) throw std::logic_error("norm ratio: the Lagrange system has no unique solution");
  exmap at_minimum;
  for (const ex& eq : solution) at_minimum[eq.lhs()] = eq.rhs();
  for (const auto& v : y) {
    const ex value = at_minimum[v];
    if (!(is_exactly_a<numeric>(value) && ex_to<numeric>(value).is_positive()))
      throw std::logic_error("norm ratio: the stationary point is not in the interior of the simplex");
    out.minimiser.push_back(value);
  }

  // convexity: the Hessian is 2 I
  for (unsigned i = 0; i < d; ++i) {
    const ex gradient = F.diff(y[i]);
    for (unsigned j = 0; j < d; ++j)
      if (!(gradient.diff(y[j]) - (i == j ? 2 : 0)).is_zero())
        throw std::logic_error("norm ratio: the Hessian of sum y_i^2 is not 2 I");
  }
  out.minimum = sqrt(F.subs(at_minimum));

  // maximum of a convex function over the simplex: at a vertex
  ex best;
  for (unsigned k = 0; k < d; ++k) {
    exmap vertex;
    for (unsigned i = 0; i < d; ++i) vertex[y[i]] = i == k ? 1 : 0;
    const ex value = F.subs(vertex);
    if (k == 0 || ex_to<numeric>(value) > ex_to<numeric>(best)) {
      best = value;
      out.maximiser.clear();
      for (unsigned i = 0; i < d; ++i) out.maximiser.push_back(i == k ? 1 : 0);
    }
  }
  out.maximum = sqrt(best);
  out.argument = "on the simplex r^2 = sum y_i^2, whose Hessian is 2I (strictly convex): the Lagrange point y_i = 1/" +
                 std::to_string(d) + " is the unique minimum and the maximum lies at a vertex e_k";
  return out;
}

}  // namespace attnverify::sym
