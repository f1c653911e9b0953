// A property kind: what `kind = "..."` in a property's check table selects (even, limit,
// infimum, ...), how that table is read and how the check is decided. One class per kind, in
// its own file under src/properties/kinds/, registered once in src/properties/registry.cpp,
// the way variant kinds (src/spec/kind.hpp) and score laws are. Every step is a pure virtual
// function, so a kind that leaves one out does not compile. docs/architecture.md, "Adding a
// property kind", lists what a new kind brings.
//
// The steps:
//   read    the check table's keys into the kind's own data (a struct deriving from
//           PropertyCheckData, private to the kind's file): a SpecError with file, line and key
//           for anything malformed
//   input   what the check is decided from: the variant's derived S (or, without one, its
//           certified numeric route), an expression of its own, or the variant's sampled checks
//   box     the closed box of parameters on which the check evaluates S, when it evaluates S
//           nowhere else (a closed form that holds on part of the domain only is used there
//           when the box is certified inside that part: PropertyTarget::RegionalForm)
//   check   the outcome (src/properties/property_outcome.hpp): verdict, the evidence and the
//           proposition it establishes, the figures
#pragma once

#include <ginac/ginac.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <utility>
#include <vector>

namespace attnverify {

class TomlReader;
struct Spec;
struct PropertyCheck;

/// `over = {name = [lo, hi], ...}`: closed ranges of parameters, exact.
using ParameterRanges = std::vector<std::pair<std::string, std::pair<GiNaC::numeric, GiNaC::numeric>>>;
struct PropertyTarget;    // src/properties/property_checks.hpp
struct PropertyOutcome;   // src/properties/property_outcome.hpp
struct RunOptions;

/// What only one property kind reads from its check table; each kind derives its own.
struct PropertyCheckData {
  virtual ~PropertyCheckData() = default;
};

/// What a check is decided from.
enum class PropertyInput {
  DerivedS,       ///< the variant's S: its closed form (PropertyTarget::S), else its certified route
  OwnExpression,  ///< an expression the check states itself (norm-ratio: a quantity in r and d)
  SampledChecks,  ///< the variant's Monte Carlo checks after the multiple-comparison correction
  Definition,     ///< the variant's definition itself (the scalar reduction: f's growth, where f != 0)
};

class PropertyKind {
 public:
  virtual ~PropertyKind() = default;

  /// The value of `kind` in a check table, e.g. "monotone".
  virtual std::string name() const = 0;

  /// Reads the check's keys from `reader` (its table; the caller read `kind` and calls
  /// finish()). `parameters` are the names the check may refer to (the variant's
  /// Spec::property_parameters()). Throws SpecError (file, line, key) for anything malformed.
  virtual std::shared_ptr<const PropertyCheckData> read(TomlReader& reader,
                                                        const std::vector<std::string>& parameters) const = 0;

  virtual PropertyInput input() const = 0;

  /// The closed box (every parameter's range) on which `check` evaluates S, when the check
  /// evaluates S there and nowhere else (infimum, monotone, convex: their `over`); nullopt when
  /// it needs S beyond any box (a limit, evenness, a bound on the whole domain) or no S at all.
  virtual std::optional<ParameterRanges> box(const PropertyCheck& check) const = 0;

  /// Decides one check of a property on the variant's target. Deterministic in the spec, the
  /// target and the options' digits and seed (a merge computes it again). May throw; the
  /// caller turns an exception into an inconclusive outcome that says what failed.
  virtual PropertyOutcome check(const Spec& spec, const PropertyCheck& check, const PropertyTarget& target,
                                const RunOptions& options) const = 0;
};

/// The property kinds a spec may name, looked up by name. The standard registry is
/// standard_property_kinds() (src/properties/registry.hpp); a test may add a kind of its own.
class PropertyKindRegistry {
 public:
  /// Adds `kind`; throws std::invalid_argument for a name already registered.
  void add(std::shared_ptr<const PropertyKind> kind);
  /// The kind called `name`, or nullptr.
  std::shared_ptr<const PropertyKind> find(const std::string& name) const;
  /// Every name, in registration order.
  std::vector<std::string> names() const;

 private:
  std::vector<std::shared_ptr<const PropertyKind>> kinds_;
};

}  // namespace attnverify
