#include "proofs/limits.hpp"

#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

std::optional<SeriesLimit> series_limit(const ex& e, const symbol& v, LimitPoint to) {
  const possymbol t("t");
  try {
    const ex g = e.subs(v == (to == LimitPoint::Zero ? ex(t) : 1 / ex(t)));
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
