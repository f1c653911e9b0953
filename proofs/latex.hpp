// LaTeX typesetting of derived expressions (DESIGN §5a): GiNaC's LaTeX printer,
// with beta, gamma, lambda printed as \beta, \gamma, \lambda (their symbols'
// TeX names) and erf/erfc as \operatorname{erf}/\operatorname{erfc}.
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace attnverify::sym {

/// LaTeX for e (math mode content, no delimiters).
std::string to_latex(const GiNaC::ex& e);

/// Plain GiNaC text for e (the parser reads it back).
std::string to_text(const GiNaC::ex& e);

}  // namespace attnverify::sym
