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
  if (name == "qmu") return qmu;
  if (name == "qSq") return qSq;
  if (name == "q1") return q1;
  if (name == "q2") return q2;
  if (name == "mu") return mu;
  if (name == "sigma") return sigma;
  if (name == "snr") return snr;
  if (name == "r") return r;
  if (name == "d") return d;
  if (name == "E_abs") return E_abs;
  if (name == "E_sq") return E_sq;
  if (name == "Var_abs") return Var_abs;
  if (name == "x1") return x1;
  if (name == "x2") return x2;
  throw std::out_of_range("unknown symbol '" + name + "'");
}

const std::vector<std::string>& Symbols::names() {
  static const std::vector<std::string> all{"x",   "beta",  "gamma", "lambda",  "n",     "i",   "qmu",
                                            "qSq", "q1",    "q2",    "mu",      "sigma", "snr", "r",
                                            "d",   "E_abs", "E_sq",  "Var_abs", "x1",    "x2"};
  return all;
}

std::size_t tree_size(const GiNaC::ex& e, std::size_t cap) {
  std::size_t n = 0;
  for (auto it = e.preorder_begin(); it != e.preorder_end() && n < cap; ++it) ++n;
  return n;
}

bool has_no_symbol(const GiNaC::ex& e) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (GiNaC::is_a<GiNaC::symbol>(*it)) return false;
  return true;
}

}  // namespace attnverify::sym
