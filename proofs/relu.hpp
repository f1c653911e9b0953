// The rectified linear unit as a GiNaC function.
//
//   relu(z) = max(z, 0) = z * step(z)
//
// GiNaC's own step(z) (with step(0) = 1/2) and abs(z) are used as they are; relu is
// registered here so that specs can write `relu(x)^2` (GAU, Su2023 eq. 6) and the
// piecewise engine (proofs/piecewise.hpp) can find its breakpoint z = 0.
// Rules: relu(number) -> max(number, 0); derivative relu'(z) = step(z);
// LaTeX \operatorname{relu}.
#pragma once

#include <ginac/ginac.h>

namespace attnverify::sym {

DECLARE_FUNCTION_1P(relu)

}  // namespace attnverify::sym
