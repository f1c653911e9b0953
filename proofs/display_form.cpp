#include "proofs/display_form.hpp"

#include "proofs/erf.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// erfc written through erf (erf is odd: erf(-z) evaluates to -erf(z))
ex erf_only(const ex& e) { return e.subs(erfc(wild()) == 1 - erf(wild())); }

bool proved_equal(const ex& a, const ex& b) {
  const ex difference = erf_only(a) - erf_only(b);
  if (difference.expand().is_zero()) return true;
  return difference.normal().is_zero();
}

}  // namespace

ex display_form(const ex& e) {
  try {
    ex best = e;
    std::size_t best_length = to_latex(e).size();
    if (best_length > kMaxDisplayRewriteLength) return e;
    if (e.has(erfc(wild()))) {
      const ex through_erf = erf_only(e);
      // as it is, and with every sum's products expanded (function arguments included)
      for (const ex& candidate : {through_erf, through_erf.expand()}) {
        const std::size_t length = to_latex(candidate).size();
        if (length < best_length) best = candidate, best_length = length;
      }
      if (!best.is_equal(e) && !proved_equal(best, e)) best = e;
    }
    return best;
  } catch (const std::exception&) {
    return e;
  }
}

}  // namespace attnverify::sym
