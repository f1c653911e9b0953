// A closed form as the report displays it: the same function, written the way a reader
// expects, and proved equal to the derived form before it is used.
#pragma once

#include <ginac/ginac.h>

#include <cstddef>

namespace attnverify::sym {

/// Forms longer than this many characters of LaTeX are displayed as derived: the equality
/// check (normal()) of a rewrite could take long, and the report does not typeset them.
inline constexpr std::size_t kMaxDisplayRewriteLength = 3000;

/// `e` rewritten for display, or `e` itself when no rewrite is shorter or the rewrite
/// cannot be proved equal: erfc(z) = 1 - erf(z), with erf odd, then each sum's products
/// expanded, taken only when the printed form gets shorter (eq. 7's beta erf(u) instead of
/// beta erfc(-u) - beta erfc(u)) and when the difference (erfc written through erf on both
/// sides) expands, or normal()s, to zero. Signs (1 - lambda rather than -1 + lambda) are
/// the printer's (proofs/printing.cpp, print_mul). Never throws for a GiNaC error of a
/// rewrite (the original is returned).
GiNaC::ex display_form(const GiNaC::ex& e);

}  // namespace attnverify::sym
