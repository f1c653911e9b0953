#include "proofs/power_sums.hpp"

#include "proofs/canonical_form.hpp"

namespace attnverify::sym {

using namespace GiNaC;

std::optional<PowerWeightLimit> power_weight_limit(const ex& weight, const symbol& i) {
  try {
    // weight = c i^q: one factor in i, a power of i with a rational exponent (or i itself)
    numeric q = 0;
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
      } else if (is_exactly_a<power>(f) && f.op(0).is_equal(i) && is_exactly_a<numeric>(f.op(1)) &&
                 f.op(1).info(info_flags::rational)) {
        q = ex_to<numeric>(f.op(1));
      } else {
        return std::nullopt;
      }
      seen = true;
    }
    if (!seen) return std::nullopt;
    PowerWeightLimit out;
    out.q = q;
    const numeric half(1, 2);
    if (q > -half) {
      out.limit = sqrt(ex(2 * q + 1)) / (q + 1);
      out.reason = "q > -1/2: sum i^q ~ n^(q+1)/(q+1) and sum i^(2q) ~ n^(2q+1)/(2q+1), so S_n -> sqrt(2q+1)/(q+1)";
    } else {
      out.limit = 0;
      out.reason = q == -half     ? "q = -1/2: sum i^q ~ 2 sqrt(n) and sum i^(2q) ~ log n, so S_n ~ 2/sqrt(log n) -> 0"
                   : q > -1       ? "-1 < q < -1/2: sum i^q ~ n^(q+1)/(q+1) and sum i^(2q) -> zeta(-2q), so S_n ~ "
                                    "n^(q+1/2)/((q+1) sqrt(zeta(-2q))) -> 0"
                   : q == -1      ? "q = -1: sum i^q ~ log n and sum i^(2q) -> zeta(2), so S_n ~ log n/sqrt(zeta(2) n) -> 0"
                                  : "q < -1: sum i^q -> zeta(-q) and sum i^(2q) -> zeta(-2q), so S_n ~ zeta(-q)/sqrt(zeta(-2q) "
                                    "n) -> 0";
    }
    return out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace attnverify::sym
