// Everything a run computes for one variant: the derivation, the check records, and
// the curves for the report's figure.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <utility>
#include <vector>

#include "src/check_record.hpp"
#include "src/spec.hpp"

namespace attnverify {

/// A plotted series; coordinates are for display only (8 significant digits).
struct Curve {
  std::string label;
  bool dashed = false;  ///< drawn dashed (kernels: beta < 0)
  std::vector<std::pair<double, double>> points;
};

struct VariantResult {
  Spec spec;
  std::string status;  ///< derived | no-closed-form
  std::string reason;  ///< why no closed form
  GiNaC::ex S;  ///< the derived sparsity (kernel: S(beta, gamma); sequence: S_n for 0 < lambda < 1)
  std::vector<std::pair<std::string, GiNaC::ex>> forms;  ///< (label, derived expression)
  std::vector<std::string> notes;                        ///< derived limits and similar facts
  std::vector<CheckRecord> records;
  std::vector<Curve> curves;  ///< closed form
  std::vector<Curve> marks;   ///< numeric route at grid points
  std::string x_label, y_label;
  bool log_axes = false;
};

}  // namespace attnverify
