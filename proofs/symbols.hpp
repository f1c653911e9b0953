// The fixed symbol table shared by specs, derivations and evaluators.
//
//   x       real      the argument of a kernel f(x)
//   beta    real      beta = q.mu, the mean of the score X = beta + gamma*eps
//   gamma   positive  gamma = sigma*||q||, its standard deviation
//   lambda  positive  the decay factor of a sequence variant, lambda in (0, 1]
//   n       positive  the sequence length
//   i       real      the position in a sequence, i = 1..n
//
// Assumptions are encoded in the symbol classes (GiNaC realsymbol / possymbol), so
// that sqrt(exp(u)) -> exp(u/2) and |lambda^(n-i)| -> lambda^(n-i) hold
// automatically (DESIGN §6). Printed names are the plain ASCII names; LaTeX names
// are \beta, \gamma, \lambda.
#pragma once

#include <ginac/ginac.h>

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

  /// The symbol called `name`; throws std::out_of_range for a name outside the table.
  const GiNaC::symbol& by_name(const std::string& name) const;
  /// Every name in the table, in the order above.
  static const std::vector<std::string>& names();
};

/// The process-wide symbol table (created on first use).
const Symbols& symbols();

}  // namespace attnverify::sym
