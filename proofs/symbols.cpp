#include "proofs/symbols.hpp"

#include <stdexcept>

namespace attnverify::sym {

const Symbols& symbols() {
  static const Symbols table;
  return table;
}

const GiNaC::symbol& Symbols::by_name(const std::string& name) const {
  if (name == "x") return x;
  if (name == "beta") return beta;
  if (name == "gamma") return gamma;
  if (name == "lambda") return lambda;
  if (name == "n") return n;
  if (name == "i") return i;
  throw std::out_of_range("unknown symbol '" + name + "'");
}

const std::vector<std::string>& Symbols::names() {
  static const std::vector<std::string> all{"x", "beta", "gamma", "lambda", "n", "i"};
  return all;
}

}  // namespace attnverify::sym
