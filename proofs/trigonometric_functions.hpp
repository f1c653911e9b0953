// The trigonometric primitives of the expression language, as descriptors
// (proofs/primitive_function.hpp): sin, cos and atan, defined for every real u, and tan,
// undefined where cos(u) = 0 (allowed in claims and sequence weights; f, which must be
// defined for every real x, refuses it through that condition). GiNaC's own functions carry
// their symbolic rules (sin(0) = 0, derivatives, series).
#pragma once

#include <vector>

#include "proofs/primitive_function.hpp"

namespace attnverify::sym {

/// The descriptors of sin, cos, tan and atan, in that order.
std::vector<PrimitiveFunction> trigonometric_primitives();

}  // namespace attnverify::sym
