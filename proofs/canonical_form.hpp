// Rewrites that bring expressions from the derivation engine and from published
// claims to comparable forms. Every rewrite is an identity on the real domain of the
// symbols (beta real, gamma > 0, lambda > 0, n > 0), so a zero found after it is a
// proof of zero (see proofs/equivalence.hpp).
//
//   merge_exponentials:  exp(a)*exp(b) -> exp(a+b),  exp(a)^k -> exp(k*a) for integer k or
//                        manifestly real a (sqrt(exp(I x)) is not exp(I x/2))
//                        (GiNaC 1.8 never merges products of exponentials itself)
//   factor_common_exponentials: e^c taken out of a sum whose exponents all hold c
//   erfc_as_erf:         erfc(z) -> 1 - erf(z)
//   split_positive_powers: (p*q)^r -> p^r * q^r and b^(s+t) -> b^s * b^t for b, p, q > 0
//   collect_transcendentals: sum of coefficient * (exp/erf/erfc factors), with each
//                        coefficient brought to a normal rational form; used for
//                        readable, reproducible printing of derived closed forms.
//   readable_arguments:  arguments of exp/erf/erfc normalised and factored, for printing.
#pragma once

#include <ginac/ginac.h>

#include <vector>

namespace attnverify::sym {

/// The factors of a product, or {e} for anything else.
std::vector<GiNaC::ex> factors_of(const GiNaC::ex& e);

/// The terms of a sum, or {e} for anything else.
std::vector<GiNaC::ex> terms_of(const GiNaC::ex& e);

/// `rewrite` applied bottom-up: to each node's children first, then to the node itself
/// (rewrite: GiNaC::ex -> GiNaC::ex).
template <typename Rewrite>
GiNaC::ex bottom_up(const GiNaC::ex& e, const Rewrite& rewrite) {
  struct Mapper : GiNaC::map_function {
    const Rewrite& fn;
    explicit Mapper(const Rewrite& f) : fn(f) {}
    GiNaC::ex operator()(const GiNaC::ex& node) override { return fn(node.map(*this)); }
  } mapper(rewrite);
  return mapper(e);
}

/// exp(a)*exp(b)*c -> exp(a+b)*c in every product, recursively; exponent arguments expanded.
GiNaC::ex merge_exponentials(const GiNaC::ex& e);

/// Common exponential factors taken out of sums and powers, recursively: a sum
/// sum_i t_i e^(a_i) -> e^c sum_i t_i e^(a_i - c), where c is the part (monomials with equal
/// coefficients) that every exponent a_i shares and c is manifestly real; (e^a q)^r ->
/// e^(r a) q^r for real a and a real number r (e^a > 0 leaves q's argument alone); then
/// merge_exponentials. An identity on the reals: S = (e^beta A)/sqrt(e^(2 beta) B) becomes
/// A/sqrt(B), free of beta, so that ball arithmetic over a box no longer loses width to it.
GiNaC::ex factor_common_exponentials(const GiNaC::ex& e);

/// b^u -> exp(u log b) everywhere, for a number b > 0, b != 1, and an exponent u that is not a
/// number (and, when `in` is given, holds `in`): an identity for real u. Series limits class
/// (1/2)^n = e^(-n log 2) as exponentially small; the telescoping certificate compares 2^(N/n)
/// with the sums' exp(N log(2)/n).
GiNaC::ex numeric_powers_as_exp(const GiNaC::ex& e, const GiNaC::ex& in = GiNaC::ex());

/// cosh(u) -> (e^u + e^-u)/2, sinh(u) -> (e^u - e^-u)/2, tanh(u) -> (e^2u - 1)/(e^2u + 1)
/// everywhere: identities on the reals, so that exp(u) - cosh(u) - sinh(u) reduces to 0.
GiNaC::ex hyperbolic_as_exp(const GiNaC::ex& e);

/// erfc(z) -> 1 - erf(z) everywhere (erf's odd symmetry then normalises signs).
GiNaC::ex erfc_as_erf(const GiNaC::ex& e);

/// (p*q)^r -> p^r*q^r and b^(s+t) -> b^s*b^t, where the bases are positive by GiNaC's
/// info(positive) and r is a real non-integer number or a real symbolic exponent (such as
/// a summation limit N); (b^k)^r -> b^(k r) for b > 0 and real k, r symbolic. Other
/// powers are left alone (integer powers are GiNaC's own).
GiNaC::ex split_positive_powers(const GiNaC::ex& e);

/// log(p/q) -> sum of k log(prime) over the primes of p and q (p/q > 0 rational, p and q below
/// 2^40; others are left alone): an identity on the reals, so that log 6 - log 2 - log 3 is 0.
GiNaC::ex split_logs_of_rationals(const GiNaC::ex& e);

/// log(1 + e^w) -> w + log(1 + e^-w) where the first term of w in GiNaC's order has a negative
/// coefficient: an identity on the reals that writes softplus(w) and w + softplus(-w) alike, so
/// that 2 s log(1 + e^(beta/s)) - beta and beta + 2 s log(1 + e^(-beta/s)) reduce to one form.
GiNaC::ex orient_softplus_logs(const GiNaC::ex& e);

/// Replaces each power b^(c*s) with symbolic exponent (b > 0, s a symbol, c rational)
/// by T^c, with one fresh positive symbol T per (b, s); `atoms` receives T -> b^s so
/// that the caller can substitute back. Lets normal() see lambda^(2n) = (lambda^n)^2.
GiNaC::ex atomize_symbolic_powers(const GiNaC::ex& e, GiNaC::exmap& atoms);

/// Rational normal form (GiNaC normal()) taken with symbolic powers atomized, then
/// substituted back: (lambda^(2n) - 1)/(lambda^n - 1) -> lambda^n + 1.
GiNaC::ex normal_with_power_atoms(const GiNaC::ex& e);

/// Each argument of exp, erf and erfc in rational normal form, factored over Q when it
/// is a polynomial ratio: exp(-1/(2 g^2) - b^2/(2 g^2) + b/g^2) -> exp(-(b-1)^2/(2 g^2)).
/// For printing: merge_exponentials expands exponents again.
GiNaC::ex readable_arguments(const GiNaC::ex& e);

/// Groups an expanded sum by its transcendental factors (products of exp, erf and
/// erfc) and normalises each coefficient: sum_k c_k(beta, gamma) * T_k.
GiNaC::ex collect_transcendentals(const GiNaC::ex& e);

}  // namespace attnverify::sym
