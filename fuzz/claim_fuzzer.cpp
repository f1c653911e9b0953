// libFuzzer target: a published claim on arbitrary text, read as the spec loader reads
// claims (tolerantly) and judged against softmax's derived S = exp(-gamma^2/2) with the
// whole claim judge (src/verdicts/claim_check.hpp): conditions, symbolic proof, ball arithmetic
// at the documented points, and the counterexample search (with a small budget). A
// claim is rejected with ExpressionError or gets a verdict; anything else (a crash, an
// exception escaping the judge, a hang past libFuzzer's -timeout) is a finding.
#include <cstdint>
#include <string>

#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "src/kinds/registry.hpp"
#include "src/verdicts/claim_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace attnverify;
  static const Spec spec = [] {
    Spec s;
    s.name = "fuzz";
    s.kind = standard_kinds().find("kernel");
    s.definition = sym::parse_expression("exp(x)", {"x"});
    return s;
  }();
  static const sym::KernelDerivation d = sym::derive_kernel(spec.definition);
  const std::string text(reinterpret_cast<const char*>(data), size);
  Claim claim;
  claim.id = "fuzz";
  try {
    sym::ParsedExpression parsed =
        sym::read_expression(text, {"beta", "gamma"}, {{"alpha", GiNaC::numeric(1, 10)}}, true);
    claim.S = parsed.value;
    claim.conditions = parsed.conditions;
    claim.undefined = parsed.undefined;
  } catch (const sym::ExpressionError&) {
    return 0;
  }
  claim.continuous_extension = size % 2 == 1;
  const CheckRecord r = check_claim(spec, claim, {d.S, std::nullopt, {d.mean_square, d.mean_abs}}, 30, {}, kDefaultSeed,
                                    num::SearchBudget{20, 1, 10});
  if (r.conflict) __builtin_trap();  // a proof contradicted by a certified counterexample: a defect
  return 0;
}
