// A variant spec: what the variant is, where to check it, and which published
// claims to compare. Schema and examples: docs/spec-format.md. Loading validates
// every field; any problem raises SpecError with file, line and key.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "src/bibliography.hpp"

namespace attnverify {

enum class VariantKind { Kernel, Sequence };

/// One published claim about S, as an expression in the variant's parameters
/// (beta, gamma for kernels; lambda, n for sequences).
struct Claim {
  std::string id;
  std::string source;    ///< bibliography key
  std::string equation;  ///< e.g. "(6)"; may be empty
  std::string text;      ///< the expression as written in the spec
  GiNaC::ex S;           ///< parsed
  std::string latex;     ///< the formula as the source prints it (may be empty)
  std::string expected = "agree";  ///< agree | disagree | inconclusive
  std::string reason;    ///< why a non-agree verdict is expected
  std::string note;
  std::size_t line = 0;  ///< line of the claim in the spec
};

/// A grid point: exact parameter values, in the kind's parameter order
/// (beta, gamma) or (lambda, n).
using GridPoint = std::vector<GiNaC::numeric>;

/// The sampled route of a kernel variant: Monte Carlo over real attention weights.
struct SamplingPlan {
  std::vector<unsigned> dimensions;          ///< d values
  std::vector<unsigned long> sizes;          ///< n values (keys per sample)
  std::vector<GridPoint> points;             ///< (beta, gamma)
  std::optional<unsigned long> seed;         ///< the spec's seed, if given
};

struct Spec {
  std::string file;
  std::string name;
  std::string title;
  std::string description;
  std::string source;  ///< bibliography key of the variant's origin (may be empty)
  VariantKind kind = VariantKind::Kernel;
  std::string definition_text;  ///< f(x) or a_i as written
  GiNaC::ex definition;         ///< f(x) or a_i(lambda, n, i)
  std::vector<GridPoint> grid;  ///< every point to check closed form vs numeric route
  std::vector<Claim> claims;
  std::optional<SamplingPlan> sampling;  ///< kernels only

  /// Parameter names in grid order: {"beta","gamma"} or {"lambda","n"}.
  std::vector<std::string> parameter_names() const;

  /// The point as (parameter name, exact value text) pairs, e.g. {("beta","-1"),("gamma","0.5")}.
  std::vector<std::pair<std::string, std::string>> named_point(const GridPoint& p) const;
};

/// Loads and validates one spec file. Claim sources must be keys of `bibliography`.
/// Throws SpecError.
Spec load_spec(const std::string& path, const Bibliography& bibliography);

/// Upper bounds enforced on grids (bad input beyond them is refused with a message).
inline constexpr std::size_t kMaxGridPoints = 100000;
inline constexpr unsigned long kMaxSequenceLength = 10000000;
inline constexpr unsigned kMaxSamplingDimension = 4096;
inline constexpr unsigned long kMaxSamplingSize = 100000000;

std::string to_string(VariantKind kind);

}  // namespace attnverify
