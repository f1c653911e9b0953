// A closed form with a kink, split into cases a reader can evaluate: S on each side of the
// kink of its relu and abs terms, each with those terms replaced by their value there.
//
// The Laplace law's S holds relu(beta) (proofs/laplace_expectation.hpp); printed as derived it
// keeps terms such as e^{(-sqrt2 relu(beta) + sqrt2 beta)/gamma} that are huge and cancel for
// beta < 0, so that in double precision it divides by zero at (beta, gamma) = (-2, 0.1). On each
// side of beta = 0 the substitution relu(beta) = 0 or beta is exact, GiNaC's evaluation then
// cancels the opposite terms (e^0 = 1, c e^u - c e^u = 0), and each case is shorter and
// evaluates without the cancellation.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>

namespace attnverify::sym {

/// S = below for parameter < at, S = above for parameter >= at.
struct CasesForm {
  GiNaC::ex parameter;  ///< the one parameter (a symbol) of every kinked argument
  GiNaC::ex at;             ///< the kink: the common root of the kinked arguments
  GiNaC::ex below, above;   ///< `e` with each relu(u) and abs(u) replaced by its value on that side
};

/// `e` split at its kink, when its only kinked functions are relu and abs (continuous, so that
/// either case holds at the kink itself) of arguments linear in one and the same parameter with
/// one common root; nullopt otherwise (no kink, step, several parameters or roots), and for a
/// GiNaC error. The cases are exact rewrites of `e` (a substitution by the function's value on
/// a side), not simplifications that need a proof.
std::optional<CasesForm> kink_cases(const GiNaC::ex& e);

/// The cases in LaTeX: "\begin{cases} below & \beta < 0 \\ above & \beta \ge 0 \end{cases}",
/// each case as proofs/display_form.hpp displays it.
std::string cases_latex(const CasesForm& cases);

/// The cases as text: "below  for beta < 0;  above  for beta >= 0".
std::string cases_text(const CasesForm& cases);

}  // namespace attnverify::sym
