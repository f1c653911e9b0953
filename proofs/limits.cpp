#include "proofs/limits.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/domain_rewrites.hpp"
#include "proofs/erf.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/range_enclosure.hpp"
#include "proofs/relu.hpp"
#include "proofs/positivity.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

/// Terms of the asymptotic series of erfc kept (DLMF 7.12.1): the remainder after
/// kErfcTerms terms is O(z^-(2 kErfcTerms + 1)) relative, beyond the cancellations of the
/// kernels' moments (E relu(X)^4 at beta < 0, gamma -> 0 cancels its first three orders).
constexpr int kErfcTerms = 10;
/// Terms exponentially smaller than the dominant ones are O(t^kNegligibleOrder).
constexpr int kNegligibleOrder = 40;
/// Series orders tried in turn for the factor R of exp(A) R.
constexpr int kSeriesOrders[] = {4, 8, 16, 32};

// The sign of a constant (no symbols) by the positivity prover, else by an interval enclosure
// (e - 1 > 0, which the prover does not show): +1, -1, or 0 when not shown.
int constant_sign(const ex& c) {
  try {
    if (is_provably_positive(c, {})) return 1;
    if (is_provably_positive(-c, {})) return -1;
    const Range r = enclose(c, {});
    if (r.positive()) return 1;
    if (r.negative()) return -1;
  } catch (const std::exception&) {
  }
  return 0;
}

// u ~ c t^-k as t -> 0+ with c a real constant != 0 and k in 1..4: u t^k is c, or a rational
// function of t whose denominator is not 0 at t = 0 and whose value there is c ((1/t - 1)/sqrt2,
// the argument of erfc for x e^x under the normal law as beta -> -infinity); c (k through
// `power`), else nothing.
std::optional<ex> inverse_power_coefficient(const ex& u, const ex& t, int& power) {
  for (int k = 1; k <= 4; ++k) {
    const ex w = normal(u * pow(t, k));
    ex c = w;
    if (w.has(t)) {
      const ex fraction = w.numer_denom();
      const ex numerator = fraction.op(0).expand(), denominator = fraction.op(1).expand();
      if (!numerator.is_polynomial(t) || !denominator.is_polynomial(t)) continue;
      const ex at_zero = normal(denominator.subs(t == 0));
      if (at_zero.has(t) || constant_sign(at_zero) == 0) continue;
      c = normal(numerator.subs(t == 0) / at_zero);
    }
    if (!c.has(t) && constant_sign(c) != 0) {
      power = k;
      return c;
    }
  }
  return std::nullopt;
}

// erfc(z) for z ~ c t^-k -> +infinity (c > 0) as t -> 0+, with the remainder as an Order
// term: erfc(z) = exp(-z^2) / (z sqrt(pi)) [sum_{j<N} (-1)^j (2j-1)!! / (2 z^2)^j + R_N],
// |R_N| <= (2N-1)!! / (2 z^2)^N for real z > 0 (DLMF 7.12.1; the series is enveloping,
// DLMF 7.12(i)), so R_N = O(t^(2kN)).
ex erfc_at_infinity(const ex& z, const ex& t, int k) {
  ex sum = 0, double_factorial = 1;
  for (int j = 0; j < kErfcTerms; ++j) {
    sum += pow(-1, j) * double_factorial / pow(2 * pow(z, 2), j);
    double_factorial *= 2 * j + 1;
  }
  sum += Order(pow(t, 2 * k * kErfcTerms));
  return exp(-pow(z, 2)) / (z * sqrt(Pi)) * sum;
}

// erf and erfc of arguments c t^-k (|argument| -> infinity as t -> 0+) replaced by their
// asymptotic expansions: erfc(z) as above for c > 0, erfc(z) = 2 - erfc(-z) for c < 0,
// erf(z) = 1 - erfc(z).
ex erf_asymptotics(const ex& e, const ex& t) {
  struct Rewrite : map_function {
    const ex& t;
    explicit Rewrite(const ex& t) : t(t) {}
    ex operator()(const ex& x) override {
      const ex y = x.map(*this);
      const bool is_erfc = is_ex_the_function(y, erfc), is_erf = is_ex_the_function(y, erf);
      if (!is_erfc && !is_erf) return y;
      const ex u = y.op(0);
      int k = 0;
      const auto c = inverse_power_coefficient(u, t, k);
      if (!c) return y;
      const ex tail = constant_sign(*c) > 0 ? erfc_at_infinity(u, t, k) : ex(2 - erfc_at_infinity(-u, t, k));
      return is_erfc ? tail : ex(1 - tail);
    }
  } rewrite(t);
  return rewrite(e);
}

// true when exp(a) -> 0 faster than any power of t as t -> 0+: a ~ c t^-k, c < 0, k > 0
// (the sign of c shown by the positivity prover)
bool exponentially_small(const ex& a, const ex& t) {
  if (!a.has(t)) return false;
  const ex s = a.series(t == 0, 1);
  if (!is_a<pseries>(s)) return false;
  const pseries& p = ex_to<pseries>(s);
  const int m = p.ldegree(t);
  const ex c = p.coeff(t, m);
  return m < 0 && !c.has(t) && constant_sign(c) < 0;
}

bool has_laurent_series(const ex& r, const ex& t) {
  if (!r.has(t)) return true;
  try {
    return is_a<pseries>(r.series(t == 0, 2));
  } catch (const std::exception&) {
    return false;
  }
}

bool has_nonzero_leading_term(const ex& r, const ex& t);
ex without_negligible_terms(const ex& e);

// Whether |r| <= C t^L for some C, L as t -> 0+, shown from r's shape where its series is not
// at hand: sums and products of such, an Order term, a non-negative integer power of such, or a
// real power of a base ~ b t^M with b != 0 (b^p t^(pM) (1 + o(1))^p); a factor free of t; else
// a Laurent series. A class exp(A) r with A ~ c t^-k, c < 0, is then O(t^M) for every M. GiNaC's
// series stops at (t^-2 + 2/t + 2 + O(t^20))^(-1/2), the root of a second moment as beta ->
// infinity (S of a kernel piecewise(exp(x), 0, 1 + x) under the normal law).
bool polynomially_bounded(const ex& r, const ex& t) {
  if (!r.has(t) || r.is_equal(t) || is_ex_the_function(r, Order)) return true;
  if (is_a<add>(r) || is_a<mul>(r)) {
    for (const ex& op : r)
      if (!polynomially_bounded(op, t)) return false;
    return true;
  }
  if (is_a<power>(r) && is_a<numeric>(r.op(1)) && ex_to<numeric>(r.op(1)).is_real()) {
    if (!polynomially_bounded(r.op(0), t)) return false;
    if (r.op(1).info(info_flags::nonnegint)) return true;
    return has_nonzero_leading_term(without_negligible_terms(r.op(0)), t);
  }
  return has_laurent_series(r, t);
}

// The marker of an exponentially small class that gather_exponentials absorbed into a
// dominant one: R + negligible() t^kNegligibleOrder stands for R + d with d = O(t^M) for every
// M. A symbol of its own, not GiNaC's Order: an O-term in the base of a power stops GiNaC's
// series ((O(t^40) + sqrt(3) t/12)^(-1/2), S of exp under uniform scores as gamma -> infinity),
// and the O-terms of erfc's asymptotic expansion must not be dropped with these.
const symbol& negligible() {
  static const symbol marker("negligible");
  return marker;
}

// e with the exponentially small terms dropped, and powers of positive products split
// ((sqrt(3) t)^(-1/2) = 3^(-1/4) t^(-1/2), t > 0, whose unsplit form GiNaC's series divides by 0).
ex without_negligible_terms(const ex& e) { return split_positive_powers(e.subs(negligible() == 0)); }

// Whether r has a Laurent series at t = 0 whose lowest coefficient is not 0 (r ~ c t^L, c != 0).
bool has_nonzero_leading_term(const ex& r, const ex& t) {
  if (!r.has(t)) return !r.is_zero();
  for (const int order : {6, 12, 24, 48}) {
    try {
      const ex s = r.series(t == 0, order);
      if (!is_a<pseries>(s)) return false;
      const pseries& p = ex_to<pseries>(s);
      const ex c = p.coeff(t, p.ldegree(t));
      if (c.is_zero()) continue;  // only an O-term so far: a higher order
      return !c.has(t) && !c.has(Order(wild()));
    } catch (const std::exception&) {
      return false;
    }
  }
  return false;
}

// g = exp(A) R, exactly or up to terms O(t^kNegligibleOrder): exponentials are gathered out
// of products and real powers (exp(A)^p = exp(p A), exp(A) > 0), and out of sums by their
// dominant class: terms whose exponents differ by a constant share exp(A_D); a class
// whose exponent minus A_D tends to -infinity like c t^-k is exponentially small and,
// when its factor has a Laurent series, O(t^kNegligibleOrder). Nothing when no class
// dominates every other.
std::optional<std::pair<ex, ex>> gather_exponentials(const ex& g, const ex& t) {
  if (!g.has(t)) return std::make_pair(ex(0), g);
  if (is_ex_the_function(g, exp)) return std::make_pair(g.op(0), ex(1));
  if (is_a<mul>(g)) {
    ex A = 0, R = 1;
    for (const ex& factor : g) {
      const auto part = gather_exponentials(factor, t);
      if (!part) return std::nullopt;
      A += part->first;
      R *= part->second;
    }
    return std::make_pair(A, R);
  }
  if (is_a<power>(g)) {
    if (!is_a<numeric>(g.op(1)) || !ex_to<numeric>(g.op(1)).is_real()) return std::make_pair(ex(0), g);
    const auto part = gather_exponentials(g.op(0), t);
    if (!part) return std::nullopt;
    // (R + d)^p with d = O(t^kNegligibleOrder) is R^p (1 + d/R)^p, R^p up to a relative
    // O(t^(kNegligibleOrder - L)), only when R ~ r t^L with r != 0 (a base that is all
    // negligible terms is not negligible under a power)
    if (part->second.has(negligible()) && !has_nonzero_leading_term(without_negligible_terms(part->second), t))
      return std::nullopt;
    return std::make_pair(g.op(1) * part->first, pow(part->second, g.op(1)));
  }
  if (is_a<add>(g)) {
    // classes of terms whose exponents differ by a constant, each exp(A_c) R_c; a class
    // whose R_c is identically 0 (erf(u1) - erf(u2) leaves 1 - 1) contributes nothing
    std::vector<std::pair<ex, ex>> classes;  // (A_c, R_c)
    for (const ex& term : g) {
      const auto part = gather_exponentials(term, t);
      if (!part) return std::nullopt;
      bool placed = false;
      for (auto& [A_c, R_c] : classes) {
        const ex difference = normal(part->first - A_c);
        if (difference.has(t)) continue;
        R_c += exp(difference) * part->second;
        placed = true;
        break;
      }
      if (!placed) classes.push_back(*part);
    }
    std::vector<std::pair<ex, ex>> live;
    for (const auto& [A_c, R_c] : classes)
      if (R_c.has(Order(wild())) || !normal(R_c).is_zero()) live.emplace_back(A_c, R_c);
    if (live.empty()) return std::make_pair(ex(0), ex(0));
    // the dominant class: every other one is exponentially smaller
    for (const auto& [A_D, R_D] : live) {
      ex R = R_D;
      bool dominant = true;
      for (const auto& [A, R_c] : live) {
        if (A.is_equal(A_D) && R_c.is_equal(R_D)) continue;
        if (exponentially_small(normal(A - A_D), t) &&
            (has_laurent_series(R_c, t) || polynomially_bounded(R_c, t))) {
          R += negligible() * pow(t, kNegligibleOrder);
        } else {
          dominant = false;
          break;
        }
      }
      if (dominant) return std::make_pair(A_D, R);
    }
    return std::nullopt;
  }
  return std::make_pair(ex(0), g);  // a function of t without a gathered exponential
}

// (c t^k)^r = c^r t^(k r) for a constant c > 0 (its sign certified) and t > 0, everywhere in e,
// after expanding the base of every non-integer power of an expression in t:
// split_positive_powers leaves (t/(e - 1))^(-1/2) whole (e - 1 is not positive by GiNaC's info),
// and GiNaC's series of it divides by 0 (S of a sequence with weights exp(lambda i) as n -> infinity).
ex split_constant_powers(const ex& e, const symbol& t) {
  struct Rewrite : map_function {
    const symbol& t;
    explicit Rewrite(const symbol& s) : t(s) {}
    ex operator()(const ex& node) override {
      ex m = node.map(*this);
      if (!is_exactly_a<power>(m) || !is_exactly_a<numeric>(m.op(1)) || m.op(1).info(info_flags::integer)) return m;
      // the base expanded: GiNaC's series of (t (5 + 9/t^2 - 6/t))^(-1/2) tries to assemble a
      // Puiseux series even in v = sqrt(t), that of (5 t + 9/t - 6)^(-1/2) does not
      if (m.op(0).has(t)) m = pow(m.op(0).expand(), m.op(1));
      if (!is_exactly_a<power>(m)) return m;
      // a base that is a Laurent polynomial c t^L + (higher powers) with c > 0: B^r = c^r t^(L r)
      // (B/(c t^L))^r, the last factor -> 1 (GiNaC's series of v^2 (9/v^2 - 6 + 5 v^2)^(-1/2) still
      // tried a Puiseux series: S of a sequence with weights i lambda^(n-i) as n -> infinity)
      if (const ex& B = m.op(0); B.has(t) && is_a<add>(B)) {
        // every term c_k t^k with an integer k and c_k free of t
        bool laurent = true;
        for (const ex& term : B) {
          const int k = term.ldegree(t);
          laurent = laurent && term.degree(t) == k && !(term / pow(t, k)).expand().has(t);
        }
        if (laurent) {
          const int L = B.ldegree(t);
          const ex c = B.coeff(t, L);
          if (constant_sign(c) > 0)  // (c is free of t: every term was checked above)
            return pow(c, m.op(1)) * pow(t, L * m.op(1)) * pow((B / (c * pow(t, L))).expand(), m.op(1));
        }
      }
      if (!is_exactly_a<mul>(m.op(0))) return m;
      ex of_t = 1, constant = 1;
      for (const ex& factor : m.op(0)) {
        if (factor.is_equal(t) || (is_exactly_a<power>(factor) && factor.op(0).is_equal(t) &&
                                   is_exactly_a<numeric>(factor.op(1)) && ex_to<numeric>(factor.op(1)).is_real()))
          of_t *= factor;
        else if (!factor.has(t))
          constant *= factor;
        else
          return m;
      }
      if (of_t.is_equal(ex(1)) || constant_sign(constant) <= 0) return m;
      return pow(constant, m.op(1)) * pow(of_t, m.op(1));
    }
  } rewrite(t);
  return rewrite(e);
}

// g = exp(A) R (gather_exponentials) with A = c t^-k + (higher powers), k > 0, c real:
// exp(A) tends to 0 (c < 0) or infinity (c > 0) faster than any power of t, so when R has
// a Laurent series (R ~ r t^L, r != 0) the limit of g is 0, or infinite for c > 0. With A
// free of t, the limit is exp(A) times R's t^0 coefficient when R ~ r t^L, L >= 0.
std::optional<SeriesLimit> exponential_limit(const ex& g, const possymbol& t) {
  const auto gathered = gather_exponentials(g, t);
  if (!gathered) return std::nullopt;
  const ex A = gathered->first, R = gathered->second;
  // plain series, the caller's route, when nothing was gathered; exponentials in t that cancel
  // between classes (A = 0: e^(1/t + sqrt3) in a numerator and the root of e^(2/t + 2 sqrt3) in a
  // denominator) leave R, whose series is taken here: GiNaC's series of g itself divides by 0,
  // and whether the classes' representatives cancelled to 0 or to a constant depended on GiNaC's
  // ordering of the terms (the attack of 2026-11-29: relu(x) e^x under uniform scores)
  const bool exponential_in_t = [&] {
    for (const_preorder_iterator it = g.preorder_begin(); it != g.preorder_end(); ++it)
      if (is_ex_the_function(*it, exp) && it->op(0).has(t)) return true;
    return false;
  }();
  if (A.is_zero() && !R.has(Order(wild())) && !R.has(negligible()) && !exponential_in_t) return std::nullopt;
  int k = 0;
  ex c = 0;
  if (A.has(t)) {
    const ex a = A.series(t == 0, 1);
    if (!is_a<pseries>(a)) return std::nullopt;
    const pseries& pa = ex_to<pseries>(a);
    k = pa.ldegree(t);
    c = pa.coeff(t, k);
    // c a real constant of certified sign (-sqrt(2)/2 for S of relu under Laplace scores as
    // beta -> -infinity, not only a rational)
    if (k >= 0 || c.has(t) || constant_sign(c) == 0) return std::nullopt;
  }
  // R's leading term r v^L: in v = t, or, for a Puiseux series (R ~ t^(1/2) from the square
  // root of a moment ~ t^5), in v = sqrt(t), t = v^2 (v -> 0+ as t -> 0+)
  ex leading, leading_term;  // r and r v^L
  int low = 0;
  std::string remainder;
  const possymbol v("v");
  // the exponentially small terms dropped: each was O(t^M) for every M in a sum, and where it
  // sat in the base of a power that base has a nonzero Laurent leading term (checked by
  // gather_exponentials), so the drop changes R by a relative O(t^M) only
  const bool dropped = R.has(negligible());
  const ex R0 = split_constant_powers(dropped ? without_negligible_terms(R) : R, t);
  for (const auto& [variable, form] : {std::make_pair(ex(t), R0), std::make_pair(ex(v), R0.subs(t == pow(v, 2)))}) {
    for (const int order : kSeriesOrders) {
      ex r;
      try {
        r = form.has(variable) ? form.series(variable == 0, order) : form;
      } catch (const std::exception&) {
        break;
      }
      if (is_a<pseries>(r)) {
        const pseries& pr = ex_to<pseries>(r);
        low = pr.ldegree(variable);
        leading = pr.coeff(variable, low);
        leading_term = leading * pow(variable, low);
        remainder = pr.is_terminating() ? "" : " + O(" + to_text(pow(variable, pr.exponop(pr.nops() - 1))) + ")";
        if (variable.is_equal(v)) remainder += ", v = sqrt(t)";
      } else if (!r.has(variable)) {
        leading = leading_term = r;
        low = 0;
      } else {
        break;
      }
      if (!leading.is_zero()) break;
    }
    if (!leading.is_zero()) break;
  }
  // a coefficient that holds an O-term (Order(1) from a remainder the series could not place)
  // is not a leading term
  if (leading.is_zero() || leading.has(t) || leading.has(Order(wild()))) return std::nullopt;
  if (dropped) {
    const std::string::size_type note = remainder.find(", v = sqrt(t)");
    remainder.insert(note == std::string::npos ? remainder.size() : note, " + exponentially small terms");
  }
  SeriesLimit out;
  if (k < 0) {
    out.expansion = "exp(" + to_text(c * pow(t, k)) + " + ...) * (" + to_text(leading_term) + " + ..." + remainder + ")";
    if (constant_sign(c) < 0)
      out.value = 0;
    else
      out.finite = false;
    return out;
  }
  // exp(A) with A constant: the limit of R
  out.expansion = (A.is_zero() ? "" : "exp(" + to_text(A) + ") * ") + std::string("(") +
                  to_text(leading_term) + " + ..." + remainder + ")";
  if (low < 0) {
    out.finite = false;
    return out;
  }
  out.value = low > 0 ? ex(0) : normal(exp(A) * leading);
  return out;
}

// Whether e has a relu, step or abs whose argument vanishes at t = 0: a switch GiNaC's series
// would expand with step(0), blind to which side t > 0 lies on (relu(sqrt3 t) read as
// 3 t step(0)/2: a false limit of 0 for S of x under the uniform law at beta = 0, issue 43).
bool switch_at_zero(const ex& e, const symbol& t) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (!is_ex_the_function(*it, relu) && !is_ex_the_function(*it, step) && !is_ex_the_function(*it, abs)) continue;
    const ex& argument = it->op(0);
    if (!argument.has(t)) continue;
    try {
      if (normal(argument.subs(t == 0)).is_zero()) return true;
    } catch (const std::exception&) {
      return true;  // not evaluable at t = 0 (a pole): not decided, so not expanded
    }
  }
  return false;
}

// The sign of a rational function u of t (constant coefficients) for every t in some (0, delta):
// that of the lowest-order coefficients of its numerator and denominator (each shown by an
// interval enclosure); 0 when not shown. relu(1/t - sqrt3) at t -> 0 (beta -> infinity under the
// uniform law) has a pole at t = 0, which switch_at_zero cannot evaluate.
int sign_near_zero(const ex& u, const symbol& t) {
  try {
    const ex fraction = normal(u).numer_denom();
    int sign = 1;
    for (const ex& part : {fraction.op(0), fraction.op(1)}) {
      const ex polynomial = part.expand();
      if (!polynomial.is_polynomial(t)) return 0;
      const ex lowest = polynomial.coeff(t, polynomial.ldegree(t));
      if (!has_no_symbol(lowest)) return 0;
      const Range r = enclose(lowest, {});
      if (r.positive()) continue;
      if (!r.negative()) return 0;
      sign = -sign;
    }
    return sign;
  } catch (const std::exception&) {
    return 0;
  }
}

// e with each relu, step and abs whose argument has, by sign_near_zero, one sign on some (0, delta)
// replaced by its branch there, innermost first: all a limit at t -> 0+ sees.
ex branches_near_zero(const ex& e, const symbol& t) {
  return with_branches(e, [&](const ex& call) {
    const ex& u = call.op(0);
    return u.has(t) && !has_switch(u) ? sign_near_zero(u, t) : 0;
  });
}

}  // namespace

std::string to_text(LimitPoint to) {
  switch (to) {
    case LimitPoint::Zero: return "0";
    case LimitPoint::Infinity: return "infinity";
    case LimitPoint::NegativeInfinity: return "-infinity";
  }
  return "";
}

std::optional<SeriesLimit> series_limit(const ex& e, const symbol& v, LimitPoint to) {
  const possymbol t("t");
  try {
    // t > 0: a switch of one sign for every t > 0 takes its branch (relu(sqrt3 t) = sqrt3 t,
    // relu(-t) = 0); one still switching at t = 0 is left to the numeric route
    const ex approach = to == LimitPoint::Zero ? ex(t) : to == LimitPoint::Infinity ? 1 / ex(t) : -1 / ex(t);
    const ex at_t = branches_near_zero(resolve_signed_switches(e.subs(v == approach),
                                                               SymbolRanges{{t, Range{0, HUGE_VAL, true, true}}}, {}),
                                       t);
    if (switch_at_zero(at_t, t)) return std::nullopt;
    // a switch whose argument is not 0 at t = 0 keeps that argument's sign near t = 0, all a
    // limit sees: it takes its branch there (GiNaC's series of relu(1 - sqrt3 t)^2 kept step(1)
    // in a linear term that S's form does not have, the attack of 2026-11-29, D2)
    int unresolved = 0;  // a switch whose sign at t = 0 is not shown stays (the series decides)
    const ex near_zero = branches_at(at_t, t, 0, unresolved);
    // b^u = exp(u log b) for a number b > 0 and an exponent in t: gather_exponentials then classes
    // (1/2)^(1/t) = exp(-log(2)/t) as exponentially small (S of a sequence at lambda = 1/2 as n -> inf)
    const ex g = erf_asymptotics(numeric_powers_as_exp(near_zero, t), t);
    // products of sums distributed, so that terms of the same exponential class meet in one
    // sum (erf(u) (1 + t^2) - erf(u) (1 + t^2) would otherwise keep two O-terms)
    const ex expanded = g.has(Order(wild())) ? g.expand() : g;
    if (auto dominated = exponential_limit(expanded, t)) return dominated;
    // GiNaC's series of a power whose base's series keeps cancelled leading terms gives up
    // ("trying to assemble a Puiseux series": the square root of sqrt3 (1/t + sqrt3)^3 -
    // sqrt3 (1/t - sqrt3)^3 = 18/t^2 + 18, relu under uniform scores as beta -> infinity); the
    // normal form, equal to g wherever both are defined (a cancelled factor vanishes at isolated
    // points only, which a limit does not see), is expanded then
    const auto series_of = [&]() -> ex {
      try {
        return g.series(t == 0, 4);
      } catch (const std::exception&) {
        if (g.has(Order(wild())) || tree_size(g, 2000) >= 2000) throw;
        return normal(g).series(t == 0, 4);
      }
    };
    const ex s = series_of();
    if (!is_a<pseries>(s)) return std::nullopt;
    const pseries& p = ex_to<pseries>(s);
    SeriesLimit out;
    // GiNaC's pseries ends with its Order term unless it terminates: O(t^k) with the k of
    // that term (degree(t) counts the Order term itself, so degree + 1 overstated the order)
    out.expansion = to_text(series_to_poly(s));
    if (!p.is_terminating()) out.expansion += " + O(" + to_text(pow(t, p.exponop(p.nops() - 1))) + ")";
    const int low = p.ldegree(t);
    if (low < 0 && !p.coeff(t, low).is_zero()) {
      out.finite = false;
      return out;
    }
    out.value = normal(p.coeff(t, 0));
    if (out.value.has(t) || out.value.has(v)) return std::nullopt;
    return out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace attnverify::sym
