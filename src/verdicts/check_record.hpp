// One record per check (docs/design.md §4a): what was compared, where, the verdict and the
// measured figure behind it. Written to results.json and the report.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "src/spec/exact_text.hpp"
#include "src/verdicts/evidence.hpp"
#include "src/verdicts/verdict.hpp"

namespace attnverify {

using NamedValues = std::vector<std::pair<std::string, std::string>>;

/// What the counterexample search of a claim covered (src/verdicts/claim_check.hpp).
struct SearchSummary {
  std::string region;                  ///< "beta in [-50, 50], gamma in [0.001, 100]"
  std::size_t evaluations = 0;         ///< objective evaluations (NLopt and start points)
  std::size_t probes = 0;              ///< points beside kinks and singularities, checked with balls
  std::size_t undecided = 0;           ///< evaluations that could not be decided (not counterexamples)
  std::optional<double> worst_digits;  ///< the fewest digits of agreement found (estimate)
  bool worst_undefined = false;        ///< the worst point is one where the claim is not defined
  /// No evaluated point showed a relative difference above 10^-worst_digits, the search's
  /// resolution (P + 20 digits): worst_digits is that floor, not a measurement.
  bool worst_below_resolution = false;
  NamedValues worst_point;
};

/// What a record compares; results.json and the report name it by to_string.
enum class CheckKind {
  ClosedVsQuadrature,  ///< "closed-vs-quadrature": closed form vs quadrature at a grid point (kernels, phi moments)
  ClosedVsSummation,   ///< "closed-vs-summation": closed form vs exact summation (sequences)
  ClosedVsDirect,      ///< "closed-vs-direct": closed form vs direct computation (feature-map cases, vectors)
  Claim,               ///< "claim": a published claim against the derivation
  Property,            ///< "property": a qualitative claim (src/properties/)
  Sampled,             ///< "sampled": closed form vs Monte Carlo over real attention weights
  Asymptote,           ///< "asymptote": the limit n -> inf of a sequence against S_n at large n
};

/// The name of a check kind in results.json, shards and the report.
std::string to_string(CheckKind kind);
/// The check kind of a name; nullopt for an unknown one.
std::optional<CheckKind> check_kind_from_string(const std::string& name);

/// A ball in decimal: midpoint (working digits + 5 significant digits) and radius (an
/// upper bound, 3 digits). The exact value lies in [mid - rad, mid + rad].
struct Enclosure {
  std::string mid, rad;
};

struct CheckRecord {
  std::string variant;
  CheckKind check = CheckKind::Claim;
  std::string claim;  ///< claim or property id, for CheckKind::Claim and CheckKind::Property
  NamedValues point;  ///< parameter -> exact value text
  Verdict verdict = Verdict::Inconclusive;
  Verdict expected = Verdict::Agree;  ///< what the spec expects (not-applicable: not a test)
  std::string method;                  ///< how the verdict was reached, for printing only (never parsed)
  /// What the check established and how strongly (src/verdicts/evidence.hpp), written by
  /// the check itself; the ledger, the report and the summary read this, never `method`.
  Evidence evidence;
  std::optional<double> digits;        ///< digits of agreement (worst point for claims)
  std::optional<double> error_digits;  ///< -log10 of the numeric route's relative error estimate
  NamedValues values;                  ///< decimal strings at full working precision
  // sampled checks (docs/design.md §4a): keys per sample, dimension, seed and statistics
  std::optional<unsigned long> n;
  std::optional<unsigned> d;
  std::optional<unsigned long> seed;
  std::optional<double> z;               ///< (S_n - reference) / standard error
  std::optional<double> p_value;         ///< two-sided, normal approximation
  std::optional<double> standard_error;  ///< delta method
  std::optional<double> bias;            ///< estimated finite-n bias of S_n
  /// The checks of the CLT interval (src/kinds/sampled_checks.hpp): the delta-method SE from
  /// the population moments E|f|^k (quadrature), the batch-bootstrap SE from the sample, and
  /// the skewness of the delta-method statistic's mean at this n.
  std::optional<double> population_standard_error;
  std::optional<double> bootstrap_standard_error;
  std::optional<double> clt_skewness;
  /// A sampled check's confirmation sample (src/verdicts/multiple_comparisons.hpp): drawn where the
  /// first sample's p <= the family's alpha, independent of it (its own seed), with n keys (4 times
  /// the first's); z and p against the same reference. Holm's rejection stands only if it is confirmed.
  struct Confirmation {
    unsigned long n = 0;
    unsigned long seed = 0;
    double z = 0;
    double p_value = 1;
  };
  std::optional<Confirmation> confirmation;
  std::string detail;                    ///< reason or finding, one or two sentences
  std::optional<SearchSummary> search;   ///< claims: the counterexample search
  /// The verdict follows from balls that contain the exact values (numerics/ball.hpp):
  /// an agreement to 10^-(P-5) or a difference proved, not estimated. results.json
  /// writes it on every record that compares values.
  bool certified = false;
  /// The balls behind a certified verdict, by role: "closed" (or "claim") and "numeric".
  std::vector<std::pair<std::string, Enclosure>> enclosure;
  /// A symbolic proof and a certified counterexample contradict each other: a defect of
  /// attnverify, always unexpected (exit 1), whatever the spec expects.
  bool conflict = false;

  bool unexpected() const { return conflict || verdict != expected; }
  /// A record that compares two values (grid checks and claims): it says whether it is certified.
  bool compares_values() const { return is_grid_check() || check == CheckKind::Claim; }
  /// A sampled check that is not a valid test at its n: the skewness of its statistic's mean
  /// exceeds num::kMaxCltSkewness (src/kinds/sampled_checks.hpp). Such a check counts nowhere.
  bool clt_invalid() const;
  /// A closed-form-vs-numeric-route check at a grid point (not a claim, sample or asymptote).
  bool is_grid_check() const {
    return check == CheckKind::ClosedVsQuadrature || check == CheckKind::ClosedVsSummation ||
           check == CheckKind::ClosedVsDirect;
  }
  /// A grid point where the quantity itself has no value (a kernel's S under its score law: a
  /// moment diverges, or 0/0; src/kinds/kernel/kernel_checks.cpp): not-applicable with no value
  /// written. A point computed without a closed form is not-applicable too, but has its value.
  bool no_value_exists() const { return is_grid_check() && verdict == Verdict::NotApplicable && values.empty(); }
};

/// What a sampled check expects (src/kinds/sampled_checks.hpp): `inconclusive` when it
/// produced a z-score but is not a valid test at its n, because the skewness of its
/// statistic's mean exceeds num::kMaxCltSkewness (CheckRecord::clt_invalid) or the CLT
/// interval's premise E f(X)^4 < inf is not shown at its point (`clt_premise_shown` false);
/// `agree` otherwise. Both facts are known before the sample is drawn.
Verdict sampled_expectation(const CheckRecord& record, bool clt_premise_shown);

/// Why a record's evidence does not fit the rest of it, or "" when it does: an agree or
/// disagree names some evidence (a sampled check's is written by the Holm step, which a merge
/// runs again); an inconclusive record establishes nothing; a record that compares values has a
/// certified level exactly when it is certified (so its balls back it: the merge proves a
/// certified record's verdict again from them); only a claim or property is proved. The merge
/// of shards (src/run/shard.cpp) refuses a record with such a problem; a property's record it
/// computes again whole, evidence included; a claim's proof it takes as written (the trust model
/// of README.md, "Verdicts").
std::string evidence_problem(const CheckRecord& record);

/// Whether `text` is an exact number as exact_text writes it: "-0.25", "3", "1/3".
bool is_exact_number_text(const std::string& text);
/// Whether `text` is a decimal number as the routes write values: "0.5641", "-1.2e-30",
/// "nan", "inf", "-inf".
bool is_decimal_number_text(const std::string& text);

/// The number a decimal text (is_decimal_number_text) or an exact one ("1/3", is_exact_number_text)
/// denotes, as the nearest double; nullopt where a double cannot hold it: "nan", "inf", a
/// magnitude above about 1.8e308, a non-zero magnitude below about 4.9e-324 (which a double would
/// round to 0), and any other text (an expression such as "sqrt(2/pi)"). results.json's numeric
/// mirrors (`values_number`, `point_number`) and checks.csv's `value_number` are this; never a
/// clamped number.
std::optional<double> double_of_number_text(const std::string& text);

/// Why `point` is not a point with coordinates `names` in that order, each an exact
/// number as exact_text writes it ("-0.25", "1/3") when `exact_numbers`, or "".
std::string point_shape_problem(const NamedValues& point, const std::vector<std::string>& names, bool exact_numbers);

/// "beta = -1, gamma = 0.5": a point for messages.
std::string describe_point(const NamedValues& point);

}  // namespace attnverify
