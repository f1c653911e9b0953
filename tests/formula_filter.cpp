// Prints the lines of standard input that a spec may hold as a formula
// (latex_formula_problem, src/spec/spec_text.hpp, empty): the filter between
// tests/formula_corpus.py and tests/typeset_formulas.sh in formula_typeset_test.
#include <iostream>
#include <string>

#include "src/spec/spec_text.hpp"

int main() {
  std::size_t read = 0, accepted = 0;
  for (std::string line; std::getline(std::cin, line);) {
    ++read;
    if (!line.empty() && attnverify::latex_formula_problem(line).empty()) {
      ++accepted;
      std::cout << line << "\n";
    }
  }
  std::cerr << "formula_filter: " << accepted << " of " << read << " formulas accepted\n";
  return accepted > 0 ? 0 : 1;
}
