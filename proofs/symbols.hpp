// The fixed symbol table shared by specs, derivations and evaluators.
//
//   x       real      the argument of a kernel f(x)
//   beta    real      beta = q.mu, the mean of the score X = beta + gamma*eps
//   gamma   positive  gamma = sigma*||q||, its standard deviation
//   lambda  positive  the decay factor of a sequence variant, lambda in (0, 1]
//   n       positive  the sequence length
//   i       real      the position in a sequence, i = 1..n
//
// Non-negative linear attention (kind feature_map, Su2023 eq. 8-9), a_j = q~.k~_j
// with k~ of mean mu~ and covariance Sigma~; every symbol is positive:
//   qmu     q~^T mu~              qSq     q~^T Sigma~ q~
//   q1      ||q~||_1              q2      ||q~||_2
//   mu      the common mean of iid components of k~    sigma   their std deviation
//   snr     mu/sigma, the signal-to-noise ratio of k~  r       ||q~||_2 / ||q~||_1
//   d       the dimension of q~ and k~
// The sparsity measure of a vector x of n entries (kind measure, Su2023-sparsity):
//   E_abs   E|x| = ||x||_1 / n    E_sq    E x^2 = ||x||_2^2 / n
//   Var_abs Var|x| = E_sq - E_abs^2
//   x1      ||x||_1               x2      ||x||_2
//
// Assumptions are encoded in the symbol classes (GiNaC realsymbol / possymbol), so
// that sqrt(exp(u)) -> exp(u/2) and |lambda^(n-i)| -> lambda^(n-i) hold
// automatically (docs/design.md §6). Printed names are the plain ASCII names; LaTeX names
// are \beta, \gamma, \lambda.
#pragma once

#include <ginac/ginac.h>

#include <cstddef>
#include <string>
#include <vector>

namespace attnverify::sym {

struct Symbols {
  GiNaC::realsymbol x{"x"};
  GiNaC::realsymbol beta{"beta", "\\beta"};
  GiNaC::possymbol gamma{"gamma", "\\gamma"};
  GiNaC::possymbol lambda{"lambda", "\\lambda"};
  GiNaC::possymbol n{"n"};
  GiNaC::realsymbol i{"i"};
  GiNaC::possymbol qmu{"qmu", "\\tilde q^{\\top}\\tilde\\mu"};
  GiNaC::possymbol qSq{"qSq", "\\tilde q^{\\top}\\tilde\\Sigma\\tilde q"};
  GiNaC::possymbol q1{"q1", "\\|\\tilde q\\|_1"};
  GiNaC::possymbol q2{"q2", "\\|\\tilde q\\|_2"};
  GiNaC::possymbol mu{"mu", "\\tilde\\mu"};
  GiNaC::possymbol sigma{"sigma", "\\tilde\\sigma"};
  GiNaC::possymbol snr{"snr", "\\rho"};
  GiNaC::possymbol r{"r"};
  GiNaC::possymbol d{"d"};
  GiNaC::possymbol E_abs{"E_abs", "\\mathbb{E}|x|"};
  GiNaC::possymbol E_sq{"E_sq", "\\mathbb{E}x^2"};
  GiNaC::possymbol Var_abs{"Var_abs", "\\mathbb{V}\\mathrm{ar}|x|"};
  GiNaC::possymbol x1{"x1", "\\|x\\|_1"};
  GiNaC::possymbol x2{"x2", "\\|x\\|_2"};
  /// Not a spec parameter (by_name and names() leave it out): u = n |log lambda| of the properties'
  /// reduction of lambda^n (src/properties/kinds/monotone.cpp). Created with the table, so that its
  /// serial, and with it GiNaC's term order in expressions of it, is the same in every process (a
  /// merge computes a property again and must get the same record).
  GiNaC::realsymbol power_u{"u"};
  /// Not a spec parameter either: t = beta/gamma of the properties' scale-invariance reduction
  /// (src/properties/ratio_reduction.hpp), created with the table for the same reason.
  GiNaC::realsymbol ratio_t{"t"};

  /// The symbol called `name`; throws std::out_of_range for a name outside the table.
  const GiNaC::symbol& by_name(const std::string& name) const;
  /// Every name in the table, in the order above.
  static const std::vector<std::string>& names();
};

/// The process-wide symbol table (created on first use).
const Symbols& symbols();

/// True when `e` holds no symbol: an exact constant such as sqrt(2/pi) (or a number).
bool has_no_symbol(const GiNaC::ex& e);

/// The number of nodes of e, counted up to `cap` (then cap): a bound on GiNaC's work before
/// normal forms, series and derivatives of untrusted expressions.
std::size_t tree_size(const GiNaC::ex& e, std::size_t cap);

}  // namespace attnverify::sym
