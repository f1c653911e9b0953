// libFuzzer target: the expression reader on arbitrary text, with the kernel's and the
// claims' symbol sets. An expression is accepted or rejected with ExpressionError;
// anything else is a finding. Run by scripts/fuzz.sh.
#include <cstdint>
#include <string>

#include "proofs/expression_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const auto& symbols : {std::vector<std::string>{"x"}, std::vector<std::string>{"beta", "gamma"}}) {
    try {
      (void)attnverify::sym::parse_expression(text, symbols, {{"alpha", GiNaC::numeric(1, 10)}});
    } catch (const attnverify::sym::ExpressionError&) {
    }
  }
  return 0;
}
