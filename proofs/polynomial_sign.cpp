#include "proofs/polynomial_sign.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace attnverify::sym {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

/// p expanded, when it is a polynomial in x alone with rational coefficients of degree at most
/// kMaxSturmDegree; else nullopt.
std::optional<ex> rational_polynomial(const ex& p, const GiNaC::symbol& x) {
  const ex e = GiNaC::expand(p);
  if (!e.is_polynomial(x)) return std::nullopt;
  const int degree = e.degree(x);
  if (degree > kMaxSturmDegree) return std::nullopt;
  for (int i = 0; i <= degree; ++i) {
    const ex c = e.coeff(x, i);
    if (!GiNaC::is_exactly_a<numeric>(c) || !GiNaC::ex_to<numeric>(c).is_rational()) return std::nullopt;
  }
  return e;
}

int sign_of(const numeric& v) { return v.is_zero() ? 0 : v.is_positive() ? 1 : -1; }

/// p / gcd(p, p'): the same real roots, each simple.
ex square_free_part(const ex& p, const GiNaC::symbol& x) { return GiNaC::quo(p, GiNaC::gcd(p, p.diff(x)), x); }

/// The Sturm sequence q, q', -rem(q, q'), ... of q (of degree >= 1), up to its last nonzero term.
std::vector<ex> sturm_sequence(const ex& q, const GiNaC::symbol& x) {
  std::vector<ex> sequence{q, q.diff(x)};
  while (!sequence.back().is_zero() && sequence.back().degree(x) > 0) {
    const ex r = GiNaC::expand(-GiNaC::rem(sequence[sequence.size() - 2], sequence.back(), x));
    if (r.is_zero()) break;
    sequence.push_back(r);
  }
  return sequence;
}

/// The number of distinct real roots of q (nonzero, square-free) by Sturm's theorem.
int real_root_count(const ex& q, const GiNaC::symbol& x) {
  const std::vector<ex> sequence = sturm_sequence(q, x);
  const auto changes = [&](bool at_plus_infinity) {
    int count = 0, last = 0;
    for (const ex& s : sequence) {
      if (s.is_zero()) continue;
      int sign = sign_of(GiNaC::ex_to<numeric>(s.lcoeff(x)));
      if (!at_plus_infinity && s.degree(x) % 2 == 1) sign = -sign;
      if (last != 0 && sign != last) ++count;
      last = sign;
    }
    return count;
  };
  return changes(false) - changes(true);
}

/// The sign of p at the first of x = 0, 1, -1, 2, -2, ... where it is not 0 (p nonzero of
/// degree d: one of d + 1 points).
int sign_off_its_roots(const ex& p, const GiNaC::symbol& x) {
  const int degree = p.degree(x);
  for (int k = 0; k <= 2 * degree + 2; ++k) {
    const numeric at = k % 2 == 1 ? numeric((k + 1) / 2) : numeric(-(k / 2));
    const int sign = sign_of(GiNaC::ex_to<numeric>(p.subs(x == at)));
    if (sign != 0) return sign;
  }
  return 0;
}

LineSign strict(int sign) { return sign > 0 ? LineSign::Positive : LineSign::Negative; }
LineSign weak(int sign) { return sign > 0 ? LineSign::Nonnegative : LineSign::Nonpositive; }

bool is_strict(LineSign s) { return s == LineSign::Positive || s == LineSign::Negative; }
int direction(LineSign s) { return s == LineSign::Positive || s == LineSign::Nonnegative ? 1 : -1; }

LineSign product(LineSign a, LineSign b) {
  if (a == LineSign::Unknown || b == LineSign::Unknown) return LineSign::Unknown;
  const int sign = direction(a) * direction(b);
  return is_strict(a) && is_strict(b) ? strict(sign) : weak(sign);
}

}  // namespace

std::optional<numeric> point_with_sign(const ex& p, const GiNaC::symbol& x, int sign, int max_steps) {
  try {
    const std::optional<ex> e = rational_polynomial(p, x);
    if (!e || e->is_zero()) return std::nullopt;
    const auto value_sign = [&](const numeric& at) { return sign_of(GiNaC::ex_to<numeric>(e->subs(x == at))); };
    const int degree = e->degree(x);
    if (degree == 0) return value_sign(0) == sign ? std::optional<numeric>(0) : std::nullopt;
    const ex q = square_free_part(*e, x);
    const std::vector<ex> sturm = sturm_sequence(q, x);
    const auto changes_at = [&](const numeric& at) {
      int count = 0, last = 0;
      for (const ex& s : sturm) {
        const int v = sign_of(GiNaC::ex_to<numeric>(s.subs(x == at)));
        if (v == 0) continue;
        if (last != 0 && v != last) ++count;
        last = v;
      }
      return count;
    };
    // Cauchy's bound: every real root lies in (-M, M)
    const numeric lead = GiNaC::ex_to<numeric>(q.lcoeff(x));
    numeric M = 1;
    for (int i = 0; i < q.degree(x); ++i) M = std::max(M, abs(GiNaC::ex_to<numeric>(q.coeff(x, i)) / lead) + 1);
    // isolating intervals (a, b], a and b not roots, left to right
    std::vector<std::pair<numeric, numeric>> isolated, pending{{-M, M}};
    int steps = 0;
    while (!pending.empty()) {
      auto [a, b] = pending.back();
      pending.pop_back();
      const int count = changes_at(a) - changes_at(b);
      if (count == 0) continue;
      if (count == 1) {
        isolated.emplace_back(a, b);
        continue;
      }
      if (++steps > max_steps) return std::nullopt;
      numeric m = (a + b) / 2;
      // a midpoint that is a root is moved off it (a root of q is simple: a point beside it is not)
      for (int k = 3; value_sign(m) == 0 && k < 64; ++k) m = a + (b - a) * numeric(k - 1, 2 * k);
      if (value_sign(m) == 0) return std::nullopt;
      pending.emplace_back(m, b);
      pending.emplace_back(a, m);
    }
    std::sort(isolated.begin(), isolated.end(), [](const auto& u, const auto& v) { return u.first < v.first; });
    // candidates: beyond the outermost roots, and between consecutive isolating intervals (each
    // holds one root, so the sign between two of them is constant); a single interval's ends
    std::vector<numeric> candidates{-M - 1, M + 1, 0};
    for (std::size_t i = 0; i + 1 < isolated.size(); ++i) candidates.push_back(isolated[i].second);
    for (const auto& [a, b] : isolated) candidates.push_back(a), candidates.push_back(b);
    for (const numeric& at : candidates)
      if (value_sign(at) == sign) return at;
    return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

LineSign polynomial_sign_on_real_line(const ex& p, const GiNaC::symbol& x) {
  try {
    const std::optional<ex> e = rational_polynomial(p, x);
    if (!e) return LineSign::Unknown;
    if (e->is_zero()) return LineSign::Nonnegative;
    if (e->degree(x) == 0) return strict(sign_of(GiNaC::ex_to<numeric>(*e)));
    // square-free part: no real root, so one strict sign
    if (real_root_count(square_free_part(*e, x), x) == 0) return strict(sign_off_its_roots(*e, x));
    // the factors of odd multiplicity, where p changes sign: none real, so one weak sign
    const ex decomposition = GiNaC::sqrfree(*e, GiNaC::lst{x});
    const std::vector<ex> factors = GiNaC::is_exactly_a<GiNaC::mul>(decomposition)
                                        ? std::vector<ex>(decomposition.begin(), decomposition.end())
                                        : std::vector<ex>{decomposition};
    ex odd = 1;
    for (const ex& f : factors) {
      if (GiNaC::is_exactly_a<numeric>(f)) continue;
      if (GiNaC::is_exactly_a<GiNaC::power>(f)) {
        if (!GiNaC::is_exactly_a<numeric>(f.op(1)) || !GiNaC::ex_to<numeric>(f.op(1)).is_pos_integer())
          return LineSign::Unknown;
        if (GiNaC::ex_to<numeric>(f.op(1)).is_odd()) odd *= f.op(0);
      } else {
        odd *= f;
      }
    }
    odd = GiNaC::expand(odd);
    if (odd.degree(x) > 0 && real_root_count(odd, x) > 0) return LineSign::Unknown;  // p changes sign
    return weak(sign_off_its_roots(*e, x));
  } catch (const std::exception&) {
    return LineSign::Unknown;
  }
}

LineSign sign_on_real_line(const ex& e, const GiNaC::symbol& x) {
  try {
    if (GiNaC::is_exactly_a<numeric>(e)) {
      const numeric& v = GiNaC::ex_to<numeric>(e);
      if (!v.is_rational()) return LineSign::Unknown;
      return v.is_zero() ? LineSign::Nonnegative : strict(sign_of(v));
    }
    if (GiNaC::is_exactly_a<GiNaC::mul>(e)) {
      LineSign sign = LineSign::Positive;
      for (const ex& f : e) sign = product(sign, sign_on_real_line(f, x));
      return sign;
    }
    if (GiNaC::is_exactly_a<GiNaC::power>(e)) {
      if (!GiNaC::is_exactly_a<numeric>(e.op(1))) return LineSign::Unknown;
      const numeric k = GiNaC::ex_to<numeric>(e.op(1));
      if (!k.is_rational() || k.is_zero()) return LineSign::Unknown;
      const LineSign base = sign_on_real_line(e.op(0), x);
      if (base == LineSign::Unknown) return LineSign::Unknown;
      if (k.is_negative() && !is_strict(base)) return LineSign::Unknown;  // 1/0 where the base is 0
      if (!k.is_integer()) {  // a real root: defined only for a base >= 0
        if (direction(base) < 0) return LineSign::Unknown;
        return base;
      }
      if (k.is_even()) return is_strict(base) ? LineSign::Positive : LineSign::Nonnegative;
      return base;
    }
    return polynomial_sign_on_real_line(e, x);
  } catch (const std::exception&) {
    return LineSign::Unknown;
  }
}

}  // namespace attnverify::sym
