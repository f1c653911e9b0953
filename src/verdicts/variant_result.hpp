// Everything a run computes for one variant: the derivation, the check records, and
// the curves for the report's figure.
#pragma once

#include <ginac/ginac.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proofs/derivation_certificate.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/parametric_claims.hpp"
#include "src/spec/spec.hpp"

namespace attnverify {

/// A plotted series; coordinates are for display only (8 significant digits).
struct Curve {
  std::string label;
  bool dashed = false;  ///< drawn dashed (kernels: beta < 0)
  std::vector<std::pair<double, double>> points;
};

/// The rate n^(-1/2) as a dashed line labelled "slope -1/2", at every x value of `curves`,
/// through the geometric mean of the curves' first values carried at that rate to the
/// smallest x: a
/// reference against which a log-log plot's slopes are read. No points when every curve is
/// empty. Values must be positive (they are logged).
Curve inverse_sqrt_reference(const std::vector<Curve>& curves);

/// A report figure: closed-form lines and numeric-route marks.
struct Figure {
  std::string x_label, y_label;
  bool log_axes = false;      ///< both axes logarithmic
  bool log_x = false;         ///< only the x axis logarithmic
  std::vector<Curve> curves;  ///< lines
  std::vector<Curve> marks;   ///< circles, coloured like the line of the same label
  std::string caption;
  /// Also drawn when the variant is in the report's compact part (once per distinct
  /// figure: a later variant with the same curves refers to the first).
  bool in_compact_part = false;
};

/// A report table (also summarised in results.json through the records).
struct Table {
  std::string caption;
  std::vector<std::string> header;  ///< LaTeX column heads
  std::vector<std::vector<std::string>> rows;
};

/// Whether the symbolic route derived a closed form for the variant.
enum class ClosedFormStatus { Derived, NoClosedForm };

/// "derived", "no-closed-form": the spelling in shards, results.json and the report.
std::string to_string(ClosedFormStatus status);
/// The status a spelling names; nullopt for any other text.
std::optional<ClosedFormStatus> closed_form_status_from_string(std::string_view text);

struct VariantResult {
  Spec spec;
  ClosedFormStatus status = ClosedFormStatus::NoClosedForm;
  std::string reason;  ///< why no closed form
  GiNaC::ex S;         ///< the derived sparsity (kernel: S(beta, gamma); sequence: S_n for 0 < lambda < 1)
  std::vector<std::pair<std::string, GiNaC::ex>> forms;  ///< (label, derived expression)
  std::vector<std::string> notes;                        ///< derived limits and similar facts
  /// When derived: the certificate that `forms` equal what they were derived for
  /// (proofs/derivation_certificate.hpp); re-derived, never read from a shard.
  sym::DerivationCertificate certificate;
  std::vector<CheckRecord> records;
  /// A member of a file with symbolic parameters (src/verdicts/parametric_claims.hpp): the forms
  /// in them and the claims judged for every value of them, shared by the file's members;
  /// computed from the spec, never read from a shard. Null otherwise.
  std::shared_ptr<const ParametricResult> parametric;
  /// "" when this member's derived forms equal the forms in the parameters at its values (or it
  /// has none); otherwise which form does not: a defect of attnverify, counted as unexpected.
  std::string parametric_mismatch;
  Figure grid_figure;           ///< S against gamma (kernels) or n (sequences)
  std::vector<Table> tables;    ///< sampled results, asymptotes
  std::vector<Figure> figures;  ///< further figures (convergence in n)
  /// What checking the variant cost (Kind::check and the certificate; the run's variants are
  /// checked one after another, each with every thread): wall seconds (steady clock) and the
  /// process's CPU seconds over all its threads (CLOCK_PROCESS_CPUTIME_ID), and the shard that
  /// ran it (0: unsharded). Written to timings.json and shards, never to results.json, which
  /// stays the same at any thread count.
  struct Timing {
    double wall_seconds = 0;
    double cpu_seconds = 0;
    unsigned shard = 0;
  };
  std::optional<Timing> timing;

  bool derived() const { return status == ClosedFormStatus::Derived; }
};

}  // namespace attnverify
