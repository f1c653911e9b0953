#include "proofs/sequence_derivation.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/definedness.hpp"
#include "proofs/printing.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/geometric_sum.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

ex sparsity(const ex& sum_abs, const ex& sum_square, const ex& n) {
  return normal_with_power_atoms(sum_abs / n) / sqrt(normal_with_power_atoms(sum_square / n));
}

// Large-n behaviour for lambda < 1: substitute lambda^n -> 0 (valid only when lambda^n
// appears with positive powers), then read p = n dS/dn / S, which must be constant.
void derive_asymptote(SequenceDerivation& out) {
  const Symbols& s = symbols();
  exmap atoms;
  const ex atomized = atomize_symbolic_powers(normal_with_power_atoms(pow(out.S, 2)), atoms).normal();
  ex squared = atomized;
  for (const auto& [atom, power] : atoms) {
    if (!power.op(0).is_equal(s.lambda) || !power.op(1).is_equal(s.n)) return;  // only lambda^n is known to vanish
    const ex num = atomized.numer().expand(), den = atomized.denom().expand();
    if (num.ldegree(atom) < 0 || den.ldegree(atom) < 0) return;
    if (den.subs(atom == 0).normal().is_zero()) return;
    squared = squared.subs(atom == 0);
  }
  squared = squared.normal();
  if (squared.has(s.i)) return;
  // S^2 ~ C^2 n^(2p): p = n d(S^2)/dn / (2 S^2)
  const ex power = (s.n * squared.diff(s.n) / (2 * squared)).normal();
  if (!is_exactly_a<numeric>(power)) return;
  out.asymptote_power = power;
  out.asymptote_coefficient = sqrt((squared * pow(s.n, -2 * power)).normal());
  const numeric p = ex_to<numeric>(power);
  if (p.is_positive()) return;  // S_n <= 1 always; a growing asymptote would be a derivation error
  out.limit = p.is_negative() ? ex(0) : out.asymptote_coefficient;
  out.asymptote_derived = true;
}

}  // namespace

const possymbol& summation_limit() {
  static const possymbol N("N");
  return N;
}

SequenceDerivation derive_sequence(const ex& weight) {
  const Symbols& s = symbols();
  SequenceDerivation out;
  out.weight = weight;
  try {
    // |lambda^(n-i)| -> lambda^(n-i) for lambda > 0, and |i lambda^(n-i)| -> i lambda^(n-i): the
    // sums take i >= 1 only, so |a_i| is taken with i positive
    const possymbol positive_i("i");
    const auto abs_for_positive_i = [&](const ex& a) { return ex(abs(a.subs(s.i == positive_i))).subs(positive_i == s.i); };
    const ex magnitude = abs_for_positive_i(weight);
    if (magnitude.has(abs(wild())))
      throw NotInClass("cannot remove the absolute value of the weight '" + std::string("|a_i|") + "'");
    const possymbol& N = summation_limit();
    out.partial_abs = sum_geometric(magnitude, s.i, 1, N);
    out.partial_square = sum_geometric(pow(weight, 2), s.i, 1, N);
    // summed with the upper limit n itself, which GiNaC simplifies further (1 - lambda^n, not
    // lambda^(-n) lambda^n (1 - lambda^n)); the certificate checks sum_abs = partial_abs at N = n
    out.sum_abs = sum_geometric(magnitude, s.i, 1, s.n);
    out.sum_square = sum_geometric(pow(weight, 2), s.i, 1, s.n);
    out.S = sparsity(out.sum_abs, out.sum_square, s.n);
    // the geometric sums assume every ratio != 1 where lambda != 1; a ratio that is 1 at some
    // lambda in (0, 1) ((2 lambda)^i at lambda = 1/2) leaves S 0/0 there, which no closed form may be
    {
      ParameterDomain open = sequence_domain();
      for (DomainVariable& v : open.variables)
        if (v.symbol.is_equal(s.lambda)) v.range.hi_open = true;
      for (const Condition& c : conditions_of(out.S)) {
        if (c.kind == ConditionKind::Continuous) continue;
        const ConditionAnalysis a = analyse_condition(c, open);
        if (a.status == ConditionStatus::Violated && !a.point.empty() && open.contains(a.point))
          throw NotInClass("the sums' form for lambda != 1 is not defined at lambda = " + to_text(a.point[0]) +
                           ", n = " + to_text(a.point[1]) + " (" + c.describe() +
                           " fails: a geometric ratio is 1 there), so it is no closed form on (0, 1)");
        // a ratio that is 1 at an irrational lambda or an integer n between the samples (e^lambda/2
        // at lambda = log 2, 2^(n-5) at n = 5) fails nowhere that was tried: the form is a closed
        // form only where every divisor outside a root is proved non-zero, 1 - r among them (the
        // attack of 2026-11-29; a root's radicand is a mean of squares, its zero not a ratio of 1)
        if (c.kind == ConditionKind::NonZero && c.origin == "denominator" && a.status != ConditionStatus::Holds)
          throw NotInClass("the sums' form for lambda != 1 is not shown defined on lambda in (0, 1), n >= 1 (" +
                           c.describe() + " is not proved: a geometric ratio may be 1 there), so it is no closed form");
      }
    }

    const ex weight_one = weight.subs(s.lambda == 1);
    out.partial_abs_at_lambda_one = sum_geometric(abs_for_positive_i(weight_one), s.i, 1, N);
    out.partial_square_at_lambda_one = sum_geometric(pow(weight_one, 2), s.i, 1, N);
    out.S_at_lambda_one = sparsity(out.partial_abs_at_lambda_one.subs(N == s.n),
                                   out.partial_square_at_lambda_one.subs(N == s.n), s.n);
    // a weight that is not real somewhere (sqrt(-lambda)) sums to a complex form: not a sparsity
    for (const ex& form : {out.sum_abs, out.sum_square, out.S, out.S_at_lambda_one})
      for (const_preorder_iterator it = form.preorder_begin(); it != form.preorder_end(); ++it)
        if (is_exactly_a<numeric>(*it) && !ex_to<numeric>(*it).is_real())
          throw NotInClass("the sums of the weights have a complex constant (the weight is not real on the domain)");
    derive_asymptote(out);
    out.status = SequenceDerivation::Status::Derived;
  } catch (const NotInClass& err) {
    out.status = SequenceDerivation::Status::NoClosedForm;
    out.reason = err.what();
  } catch (const std::exception& err) {  // GiNaC/CLN giving up (e.g. an overflowing constant): no closed form, said so
    out.status = SequenceDerivation::Status::NoClosedForm;
    out.reason = std::string("the symbolic engine failed: ") + err.what();
  }
  return out;
}

}  // namespace attnverify::sym
