// Shared helpers for the test suites: reading decimal literals at working precision
// (never through double) and measuring digits of agreement.
#pragma once

#include <string>

#include "numerics/agreement.hpp"
#include "numerics/precision.hpp"
#include "proofs/expression_parser.hpp"
#include "src/spec/spec.hpp"

namespace attnverify::test {

/// Digits of agreement of a computed value with a decimal reference literal, both at `digits` + 10.
inline double digits_against(const num::Real& computed, const std::string& reference, unsigned digits) {
  num::ScopedPrecision scope(digits + 10);
  const num::Real ref(reference);
  return num::digits_of_agreement(computed, ref, digits + 10);
}

/// A claim read from `text` as the spec loader reads it (tolerant, with its conditions).
inline Claim make_claim(const std::string& id, const std::string& text, const std::vector<std::string>& symbols,
                        Verdict expected = Verdict::Agree) {
  Claim c;
  c.id = id;
  c.source = "Su2023";
  c.text = text;
  sym::ParsedExpression parsed = sym::read_expression(text, symbols, {}, true);
  c.S = parsed.value;
  c.conditions = parsed.conditions;
  c.undefined = parsed.undefined;
  c.expected = expected;
  return c;
}

/// The claim `base` with its formula replaced by `e` (conditions: those visible in e).
inline Claim with_formula(const Claim& base, const GiNaC::ex& e) {
  Claim c = base;
  c.S = e;
  c.conditions = sym::conditions_of(e);
  c.undefined.clear();
  return c;
}

}  // namespace attnverify::test
