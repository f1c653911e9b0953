// Rewrites of a claim that hold on its parameter domain, applied before the zero test so
// that claims written with the domain's facts in mind can be proved (docs/proofs.md,
// "Rules of the claim prover"). Each rule is an identity on the domain; none is tried
// where its premise is not shown.
//
//   signed switches   relu(u) -> u or 0, abs(u) -> u or -u where u >= 0 or u <= 0 on the
//                     whole domain, step(u) -> 1 or 0 where u > 0 or u < 0 (interval
//                     arithmetic over the domain's ranges, proofs/range_enclosure.hpp):
//                     relu(gamma) = gamma for gamma > 0, relu(lambda - 1) = 0 for lambda <= 1;
//                     otherwise the factors of u positive on the domain come out:
//                     relu(p v) = p relu(v), |p v| = p |v|, step(p v) = step(v) for p > 0
//   integer powers    (-1)^(2n) -> 1 where n takes integer values only
//   exp-log form      tanh, cosh, sinh of an argument with a logarithm as exponentials, then
//                     exp(c log(b) + r) -> b^c exp(r) for b > 0, shown by the sign prover on the
//                     domain (exp(n log lambda) = lambda^n),
//                     b^(w / log b) -> exp(w) for a number b > 0, b != 1 (2^(x/log 2) = e^x)
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <vector>

#include "proofs/range_enclosure.hpp"

namespace attnverify::sym {

/// relu, abs and step whose argument has one sign on `ranges` replaced by their branch; an
/// argument that is a positive number times one of `positive` (expressions known positive on
/// the domain, such as the derived S) counts as positive.
GiNaC::ex resolve_signed_switches(const GiNaC::ex& e, const SymbolRanges& ranges,
                                  const std::vector<GiNaC::ex>& positive = {});

/// (-c)^(2p) -> c^(2p) and (-c)^(2p+1) -> -c^(2p+1) for a number c > 0 and p a polynomial
/// with integer coefficients in `integers` (symbols that take only integer values):
/// (-1)^(2n) = 1 for n = 1, 2, ...
GiNaC::ex even_powers_of_negative_numbers(const GiNaC::ex& e, const std::vector<GiNaC::ex>& integers);

/// exp of a logarithm of a positive base written as a power, and a positive number to a
/// power over its own logarithm written as exp. A base counts as positive when GiNaC knows it
/// (a positive symbol or number) or `positive` proves it (the sign prover on the claim's domain:
/// exp(log(beta^2 + gamma^2) - log(m)/2) = (beta^2 + gamma^2)/sqrt(m) for a moment m > 0).
GiNaC::ex exp_log_as_powers(const GiNaC::ex& e, const std::function<bool(const GiNaC::ex&)>& positive = {});

}  // namespace attnverify::sym
