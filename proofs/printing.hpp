// Canonical printing of expressions as text and LaTeX (docs/design.md §5, §5a).
//
// GiNaC orders the operands of sums and products by hash values that mix in
// typeinfo addresses, so its own printers can order terms differently from one run
// to the next (measured: the decay closed form printed in two orders by two runs).
// These printers sort operands by a deterministic key (category, then canonical
// text), so the same expression always prints the same way.
//   to_text:  GiNaC syntax that parse_expression reads back (pi for Pi).
//   to_latex: math-mode LaTeX; beta, gamma, lambda as \beta, \gamma, \lambda;
//             exp(u) as e^{u}; erf/erfc as \operatorname{erf}/\operatorname{erfc};
//             negative powers as fractions; x^(1/2) as \sqrt{x}, x^(1/4) as \sqrt[4]{x}.
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace attnverify::sym {

std::string to_text(const GiNaC::ex& e);
std::string to_latex(const GiNaC::ex& e);

}  // namespace attnverify::sym
