#include "proofs/power_sums.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/range_enclosure.hpp"

namespace attnverify::sym {

using namespace GiNaC;

std::optional<PowerWeightLimit> power_weight_limit(const ex& weight, const symbol& i) {
  try {
    // weight = c i^q: one factor in i, a power of i with a constant real exponent (or i itself)
    ex q = 0;
    bool seen = false;
    for (const ex& f : factors_of(weight.expand())) {
      if (!f.has(i)) {
        // a constant factor (no symbol: its value is a number), nonzero: |c| cancels in S_n
        const ex value = f.evalf();
        if (!is_exactly_a<numeric>(value) || !ex_to<numeric>(value).is_real() || ex_to<numeric>(value).is_zero())
          return std::nullopt;
        continue;
      }
      if (seen) return std::nullopt;
      if (f.is_equal(i)) {
        q = 1;
      } else if (is_exactly_a<power>(f) && f.op(0).is_equal(i) && !f.op(1).has(i) &&
                 is_exactly_a<numeric>(f.op(1).evalf()) && ex_to<numeric>(f.op(1).evalf()).is_real()) {
        q = f.op(1);  // a rational, or a constant such as sqrt(2) (no symbol: its value is a number)
      } else {
        return std::nullopt;
      }
      seen = true;
    }
    if (!seen) return std::nullopt;
    // the sign of q - c for c = -1/2, -1: exact for a rational q, else by an interval enclosure
    // (strict; a constant that equals c without being the number c is left undecided)
    const auto sign_against = [&q](const numeric& c) -> int {
      if (is_exactly_a<numeric>(q)) {
        const numeric d = ex_to<numeric>(q) - c;
        return d.is_zero() ? 0 : d.is_positive() ? 1 : -1;
      }
      const Range r = enclose(q - c, {});
      return r.positive() ? 1 : r.negative() ? -1 : 2;
    };
    const int above_half = sign_against(numeric(-1, 2)), above_one = sign_against(numeric(-1));
    if (above_half == 2 || above_one == 2) return std::nullopt;
    PowerWeightLimit out;
    out.q = q;
    if (above_half > 0) {
      out.limit = sqrt(2 * q + 1) / (q + 1);
      out.reason = "q > -1/2: sum i^q ~ n^(q+1)/(q+1) and sum i^(2q) ~ n^(2q+1)/(2q+1), so S_n -> sqrt(2q+1)/(q+1)";
    } else {
      out.limit = 0;
      out.reason = above_half == 0 ? "q = -1/2: sum i^q ~ 2 sqrt(n) and sum i^(2q) ~ log n, so S_n ~ 2/sqrt(log n) -> 0"
                   : above_one > 0 ? "-1 < q < -1/2: sum i^q ~ n^(q+1)/(q+1) and sum i^(2q) -> zeta(-2q), so S_n ~ "
                                     "n^(q+1/2)/((q+1) sqrt(zeta(-2q))) -> 0"
                   : above_one == 0 ? "q = -1: sum i^q ~ log n and sum i^(2q) -> zeta(2), so S_n ~ log n/sqrt(zeta(2) n) -> 0"
                                    : "q < -1: sum i^q -> zeta(-q) and sum i^(2q) -> zeta(-2q), so S_n ~ zeta(-q)/sqrt(zeta(-2q) "
                                      "n) -> 0";
    }
    return out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace attnverify::sym
