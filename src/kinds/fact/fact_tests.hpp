// The built-in tests of `kind = "fact"` specs: attention facts that are not about
// sparsity (docs/claims.md section C). A fact claim names one test and, optionally, a
// deliberately broken setting in which the fact should fail; the verdict is computed
// by src/kinds/fact/fact_checks.cpp. Adding a test is one entry here and one case there.
#pragma once

#include <string>
#include <vector>

namespace attnverify {

struct FactTest {
  std::string name;  ///< the spec's `test`
  /// settings accepted as `setting` besides "as-stated": deliberately broken ones, or
  /// (entropy-linear-scale) a restriction of the claim's range
  std::vector<std::string> settings;
  std::string what;  ///< one line for docs and errors
};

/// Every test, in documentation order.
const std::vector<FactTest>& fact_tests();

/// The test called `name`, or nullptr.
const FactTest* find_fact_test(const std::string& name);

}  // namespace attnverify
