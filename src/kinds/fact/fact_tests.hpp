// The built-in tests of `kind = "fact"` specs: attention facts that are not about
// sparsity (docs/claims.md section C). A fact claim names one test and, optionally, a
// deliberately broken setting in which the fact should fail; the verdict is computed
// by the test's `run`. Adding a test is one entry of fact_tests() in
// src/kinds/fact/fact_checks.cpp, beside the function it runs.
#pragma once

#include <string>
#include <vector>

namespace attnverify {

struct Spec;
struct Claim;
struct RunOptions;
struct CheckRecord;
/// What a fact test may add to besides its record: the variant's tables and figures, and
/// values shared between tests of one spec (src/kinds/fact/fact_checks.cpp).
struct FactContext;

struct FactTest {
  std::string name;  ///< the spec's `test`
  /// settings accepted as `setting` besides "as-stated": deliberately broken ones, or
  /// (entropy-linear-scale) a restriction of the claim's range
  std::vector<std::string> settings;
  std::string what;  ///< one line for docs and errors
  /// Runs the test for one claim and returns its record, with the verdict it computed (the
  /// spec's expected verdict only labels it).
  CheckRecord (*run)(const Spec& spec, const Claim& claim, const RunOptions& options, FactContext& context);
};

/// Every test, in documentation order (defined in src/kinds/fact/fact_checks.cpp).
const std::vector<FactTest>& fact_tests();

/// The test called `name`, or nullptr.
const FactTest* find_fact_test(const std::string& name);

}  // namespace attnverify
