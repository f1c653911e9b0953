#include "src/properties/ratio_reduction.hpp"

#include "proofs/symbols.hpp"

#include <algorithm>
#include <stdexcept>

#include "proofs/equivalence.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/relu.hpp"

namespace attnverify {

namespace {

using GiNaC::ex;
using GiNaC::numeric;

// B^a -> g^((m - k) a) B(g = 1)^a for a non-integer a and a base B = g^m N / (g^k D)
// with N, D free of g (a base homogeneous in g of degree m - k != 0): an identity for
// g > 0 (a positive factor leaves the power's branch unchanged).
ex positive_factor_out_of_radicands(const ex& e, const ex& g) {
  if (GiNaC::is_a<GiNaC::power>(e)) {
    const ex base = positive_factor_out_of_radicands(e.op(0), g);
    const ex exponent = positive_factor_out_of_radicands(e.op(1), g);
    if (!exponent.info(GiNaC::info_flags::integer) && base.has(g)) {
      const ex fraction = base.numer_denom();
      const ex numerator = fraction.op(0).expand(), denominator = fraction.op(1).expand();
      if (numerator.is_polynomial(g) && denominator.is_polynomial(g)) {
        const int m = numerator.ldegree(g), k = denominator.ldegree(g);
        const ex rest = (numerator / GiNaC::pow(g, m)).expand() / (denominator / GiNaC::pow(g, k)).expand();
        // base = g^(m - k) rest with rest free of g, so rest = base at g = 1 (written so, the
        // radicand is the same expression as in S(t, 1), for the zero test's atoms)
        if ((m > 0 || k > 0) && !rest.normal().has(g))
          return GiNaC::pow(g, (m - k) * exponent) * GiNaC::pow(base.subs(g == 1), exponent);
      }
    }
    return GiNaC::pow(base, exponent);
  }
  // relu(g^p u) = g^p relu(u), |g^p u| = g^p |u| and step(g^p u) = step(u) for g > 0 and u free of
  // g: a positive factor leaves the kink's branch unchanged (abs under Laplace scores, whose S
  // keeps relu(beta) from the law's split: relu(t gamma) = gamma relu(t))
  if (sym::is_switch(e)) {
    const auto same_switch = [&](const ex& argument) -> ex {
      if (GiNaC::is_the_function<GiNaC::step_SERIAL>(e)) return GiNaC::step(argument);
      if (GiNaC::is_the_function<GiNaC::abs_SERIAL>(e)) return GiNaC::abs(argument);
      return sym::relu(argument);
    };
    const ex u = positive_factor_out_of_radicands(e.op(0), g);
    if (u.has(g)) {
      const ex fraction = u.numer_denom();
      const ex numerator = fraction.op(0).expand(), denominator = fraction.op(1).expand();
      if (numerator.is_polynomial(g) && denominator.is_polynomial(g)) {
        const int m = numerator.ldegree(g), k = denominator.ldegree(g);
        const ex rest = u.subs(g == 1);
        if ((m > 0 || k > 0) && !(u / GiNaC::pow(g, m - k)).normal().has(g))
          return GiNaC::is_the_function<GiNaC::step_SERIAL>(e) ? same_switch(rest) : GiNaC::pow(g, m - k) * same_switch(rest);
      }
    }
    return same_switch(u);
  }
  struct Children : GiNaC::map_function {
    const ex& g;
    explicit Children(const ex& g) : g(g) {}
    ex operator()(const ex& child) override { return positive_factor_out_of_radicands(child, g); }
  } children(g);
  return e.map(children);
}

}  // namespace

std::optional<RatioReduction> reduce_to_ratio(const ex& S, const ex& beta, const ex& gamma,
                                              const std::vector<num::BoxAxis>& box) {
  const GiNaC::symbol& t = sym::symbols().ratio_t;
  if (box.size() != 2 || !box[1].lo.is_positive() || !GiNaC::is_a<GiNaC::symbol>(gamma)) return std::nullopt;
  try {
    const ex S_t = S.subs(GiNaC::lst{beta == t, gamma == 1});
    const ex scaled = positive_factor_out_of_radicands(S.subs(beta == t * gamma), gamma);
    if (!scaled.has(t) || scaled.has(beta) || !sym::is_identically_zero(scaled - S_t)) return std::nullopt;
    std::vector<numeric> corners;
    for (const numeric& b : {box[0].lo, box[0].hi})
      for (const numeric& g : {box[1].lo, box[1].hi}) corners.push_back(b / g);
    return RatioReduction{t, S_t, {*std::min_element(corners.begin(), corners.end()),
                                   *std::max_element(corners.begin(), corners.end())}};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<numeric> point_with_ratio(const numeric& t, const std::vector<num::BoxAxis>& box) {
  // gamma in [gamma_lo, gamma_hi] with beta_lo <= t gamma <= beta_hi
  numeric lo = box[1].lo, hi = box[1].hi;
  if (t.is_positive()) {
    lo = std::max(lo, box[0].lo / t);
    hi = std::min(hi, box[0].hi / t);
  } else if (t.is_negative()) {
    lo = std::max(lo, box[0].hi / t);
    hi = std::min(hi, box[0].lo / t);
  } else if (box[0].lo.is_positive() || box[0].hi.is_negative()) {
    lo = 1, hi = 0;  // beta = 0 is not in the box
  }
  if (lo > hi) throw std::invalid_argument("point_with_ratio: beta/gamma = t is not attained on the box");
  const numeric g = (lo + hi) / 2;
  return {t * g, g};
}

}  // namespace attnverify
