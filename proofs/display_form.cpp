#include "proofs/display_form.hpp"

#include <vector>

#include "proofs/erf.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// erfc written through erf (erf is odd: erf(-z) evaluates to -erf(z))
ex erf_only(const ex& e) { return e.subs(erfc(wild()) == 1 - erf(wild())); }

// every sum's products expanded, bottom up (function arguments included)
ex expand_sums(const ex& e) { return e.expand(); }

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
      for (const ex& candidate : {through_erf, expand_sums(through_erf)}) {
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
