// One record per check (DESIGN §4a): what was compared, where, the verdict and the
// measured figure behind it. Written to results.json and the report.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "src/verdict.hpp"

namespace attnverify {

using NamedValues = std::vector<std::pair<std::string, std::string>>;

struct CheckRecord {
  std::string variant;
  std::string check;   ///< closed-vs-quadrature | closed-vs-summation | claim | sampled | asymptote
  std::string claim;   ///< claim id, for check == "claim"
  NamedValues point;   ///< parameter -> exact value text
  Verdict verdict = Verdict::Inconclusive;
  std::string expected = "agree";
  std::string method;  ///< how the verdict was reached
  std::optional<double> digits;        ///< digits of agreement (worst point for claims)
  std::optional<double> error_digits;  ///< -log10 of the numeric route's relative error estimate
  NamedValues values;  ///< decimal strings at full working precision
  // sampled checks (DESIGN §4a): keys per sample, dimension, seed and statistics
  std::optional<unsigned long> n;
  std::optional<unsigned> d;
  std::optional<unsigned long> seed;
  std::optional<double> z;               ///< (S_n - reference) / standard error
  std::optional<double> p_value;         ///< two-sided, normal approximation
  std::optional<double> standard_error;  ///< delta method
  std::optional<double> bias;            ///< estimated finite-n bias of S_n
  std::string detail;  ///< reason or finding, one or two sentences

  bool unexpected() const { return to_string(verdict) != expected; }
  /// A closed-form-vs-numeric-route check at a grid point (not a claim, sample or asymptote).
  bool is_grid_check() const {
    return check == "closed-vs-quadrature" || check == "closed-vs-summation" || check == "closed-vs-direct";
  }
};

/// "beta = -1, gamma = 0.5": a point for messages.
std::string describe_point(const NamedValues& point);

/// Exact text of a rational: a terminating decimal when there is one ("-0.25"),
/// else "p/q".
std::string exact_text(const GiNaC::numeric& value);

}  // namespace attnverify
