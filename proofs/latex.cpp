#include "proofs/latex.hpp"

#include <sstream>

namespace attnverify::sym {

std::string to_latex(const GiNaC::ex& e) {
  std::ostringstream os;
  os << GiNaC::latex << e;
  return os.str();
}

std::string to_text(const GiNaC::ex& e) {
  std::ostringstream os;
  os << GiNaC::dflt << e;
  return os.str();
}

}  // namespace attnverify::sym
