// A throwaway primitive added through docs/architecture.md's recipe alone ("Adding a function to
// the expression language", a new primitive): softsign(u) = u / (1 + |u|), continuous with a
// kink of its second derivative at u = 0 (smoothness class Kink). It lives in the tests only;
// tests/primitive_registry_test.cpp registers it with one line.
#pragma once

#include <ginac/ginac.h>

#include "proofs/primitive_function.hpp"

namespace attnverify::test {

DECLARE_FUNCTION_1P(throwaway_softsign)

/// The descriptor of throwaway_softsign (proofs/primitive_function.hpp).
sym::PrimitiveFunction softsign_primitive();

}  // namespace attnverify::test
