#include "proofs/limits.hpp"

#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// g = exp(A) R with A = c t^-k + (higher powers), k > 0, c a real number: exp(A) tends to
// 0 (c < 0) or infinity (c > 0) faster than any power of t, so when R has a Laurent
// series (R ~ r t^L, r != 0) the limit of g is 0, or infinite for c > 0. Factors
// exp(a) and exp(a)^q are gathered into A; the rest is R.
std::optional<SeriesLimit> exponential_limit(const ex& g, const possymbol& t) {
  ex A = 0, R = 1;
  exvector factors;
  if (is_a<mul>(g))
    for (const ex& f : g) factors.push_back(f);
  else
    factors.push_back(g);
  for (const ex& factor : factors) {
    if (is_ex_the_function(factor, exp))
      A += factor.op(0);
    else if (is_a<power>(factor) && is_ex_the_function(factor.op(0), exp) && is_a<numeric>(factor.op(1)))
      A += factor.op(1) * factor.op(0).op(0);
    else
      R *= factor;
  }
  if (A.is_zero() || !A.has(t)) return std::nullopt;
  const ex a = A.series(t == 0, 1);
  if (!is_a<pseries>(a)) return std::nullopt;
  const pseries& pa = ex_to<pseries>(a);
  const int k = pa.ldegree(t);
  const ex c = pa.coeff(t, k);
  if (k >= 0 || !is_a<numeric>(c) || !ex_to<numeric>(c).is_real() || c.is_zero()) return std::nullopt;
  const ex r = R.has(t) ? R.series(t == 0, 4) : R;
  ex leading;
  int low = 0;
  if (is_a<pseries>(r)) {
    const pseries& pr = ex_to<pseries>(r);
    low = pr.ldegree(t);
    leading = pr.coeff(t, low);
  } else if (!r.has(t)) {
    leading = r;
  } else {
    return std::nullopt;
  }
  if (leading.is_zero() || leading.has(t)) return std::nullopt;
  SeriesLimit out;
  out.expansion = "exp(" + to_text(c * pow(t, k)) + " + ...) * (" + to_text(leading * pow(t, low)) + " + ...)";
  if (ex_to<numeric>(c).is_negative()) {
    out.value = 0;
  } else {
    out.finite = false;
  }
  return out;
}

}  // namespace

std::optional<SeriesLimit> series_limit(const ex& e, const symbol& v, LimitPoint to) {
  const possymbol t("t");
  try {
    const ex g = e.subs(v == (to == LimitPoint::Zero ? ex(t) : 1 / ex(t)));
    if (auto dominated = exponential_limit(g, t)) return dominated;
    const ex s = g.series(t == 0, 4);
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
