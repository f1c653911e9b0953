// Expressions in the syntax of other computer algebra systems, so that a user can continue
// with a derived closed form in the system they know (`attnverify derive --format`).
//
//   SymPy:       Python, with sympy's names: exp, sqrt, erf, erfc, log, Abs, Max, Heaviside,
//                Rational(p, q) for a fraction (1/2 would be a Python float), ** for powers.
//   Mathematica: Wolfram Language: Exp[...], Erf, Erfc, Log, Abs, Max, Pi, ^ for powers.
//
// Each function of the expression language maps to its definition there: relu(u) = Max(u, 0);
// step(u) = GiNaC's step, 1/2 at 0 (SymPy Heaviside(u, 1/2), Mathematica (1 + Sign[u])/2);
// sigmoid(u) = 1/(1 + e^-u); softplus(u) = log(1 + e^u); gelu(u) = u (1 + erf(u/sqrt 2))/2;
// silu(u) = u sigmoid(u) (proofs/activations.hpp). The result is exact: numbers are GiNaC's
// rationals; an expression holding a floating-point number or a function without a
// counterpart is refused (std::invalid_argument naming it).
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace attnverify::sym {

enum class ExportSyntax { SymPy, Mathematica };

/// `e` in the syntax `to` (see the file comment). Symbols are written by symbol_in(). Throws
/// std::invalid_argument for a floating-point number, a constant other than pi, or a function
/// without a counterpart.
std::string to_syntax(const GiNaC::ex& e, ExportSyntax to);

/// A symbol's name in `to`: a Python keyword, or a name the SymPy program defines itself (its
/// imports, a primitive's SymPy function, the dict `forms`), gets a trailing underscore (lambda ->
/// lambda_, forms -> forms_); Mathematica drops characters other than letters and digits (my_t ->
/// myt: '_' starts a pattern there). A symbolic parameter's name starts with a lowercase letter
/// (src/spec/spec.cpp), so it is never one of Mathematica's built-ins (I, E, N, Sqrt).
std::string symbol_in(const std::string& name, ExportSyntax to);

}  // namespace attnverify::sym
