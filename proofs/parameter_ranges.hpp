// Symbolic parameters of a derivation (docs/spec-format.md, "Symbolic parameters"): a spec's
// parameter declared `t = { range = [a, b] }` stays the symbol t in f and in the derived forms,
// which then hold for every t in the closed interval [a, b].
//
// Every decision a derivation or a certificate takes by a sign (the order of two breakpoints,
// the branch of relu on a piece, the sign of f on it, a discriminant) depends on t once t is a
// symbol. While a ScopedParameterRanges is alive, those decisions are taken for every value of
// the parameters at once: a sign is the sign of the interval enclosure of the expression over
// the parameters' box (proofs/range_enclosure.hpp), the box bisected into up to 1024 sub-boxes, and a sign
// that differs within the box or is not shown by the enclosure is no sign (the caller reports
// NotInClass or NotShown with the reason). Nothing is decided at a sample value of t: the box's
// midpoint serves only to order points and pick test points, whose order and signs are then
// certified over the whole box.
//
// The scope is per thread (a derivation runs on one thread); outside one, no symbol is a
// parameter and every function here behaves as for constants.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "proofs/range_enclosure.hpp"

namespace attnverify::sym {

/// The real symbol of a spec's symbolic parameter called `name`, with TeX name `tex`: the same
/// symbol for the same name throughout the process, and one whose GiNaC serial number depends on
/// the name alone (a hash of it, in a range GiNaC's own counter does not reach), not on how many
/// symbols were made before it. GiNaC orders the terms of a sum by their hashes, which derive from
/// the serial: so a form in t prints alike in a run and in the merge of its shards, which load the
/// specs in another order. Thread-safe.
GiNaC::ex parameter_symbol(const std::string& name, const std::string& tex);

/// A symbolic parameter and its range, the closed interval [lo, hi], lo < hi.
struct ParameterRange {
  GiNaC::ex symbol;  ///< a GiNaC realsymbol
  GiNaC::numeric lo, hi;
};

/// Makes `ranges` the active parameters of this thread until destroyed (the previous ones are
/// restored: scopes nest).
class ScopedParameterRanges {
 public:
  explicit ScopedParameterRanges(std::vector<ParameterRange> ranges);
  ~ScopedParameterRanges();
  ScopedParameterRanges(const ScopedParameterRanges&) = delete;
  ScopedParameterRanges& operator=(const ScopedParameterRanges&) = delete;

 private:
  std::vector<ParameterRange> saved_;
};

/// The active parameters of this thread (empty outside a ScopedParameterRanges).
const std::vector<ParameterRange>& parameter_ranges();

/// Whether e holds an active parameter.
bool has_parameter(const GiNaC::ex& e);

/// Whether e is a constant once the parameters are fixed: no symbol but active parameters, and
/// a real number at their midpoints.
bool is_parametric_constant(const GiNaC::ex& e);

/// e with every active parameter at its range's midpoint (to order points and pick test points
/// only, never to decide a sign).
GiNaC::ex at_parameter_midpoints(const GiNaC::ex& e);

/// [p.lo, p.hi] as a Range of doubles that contains it: closed ends, each the exact double where the
/// end is one, else rounded outward. For enclose and for a definedness domain's variable.
Range enclosing_range(const ParameterRange& p);

/// The active parameters' ranges for range_enclosure's `enclose` (closed ends).
SymbolRanges parameter_symbol_ranges();

/// The strict sign (+1 or -1) of e, an expression in the active parameters alone, for every value
/// of them in their ranges, shown by interval enclosure on the box bisected along its widest
/// parameter into up to 1024 sub-boxes; std::nullopt when no strict sign is shown (e may vanish, change sign,
/// or the enclosure may be too wide).
std::optional<int> sign_for_every_parameter(const GiNaC::ex& e);

/// "t in [0, 2]", the active ranges in words (for reasons).
std::string parameter_ranges_text();

}  // namespace attnverify::sym
