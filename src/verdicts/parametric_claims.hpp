// What a spec file with symbolic parameters establishes for every value of them
// (docs/spec-format.md, "Symbolic parameters"): a parameter written t = { range = [a, b] } is
// kept as the symbol t in the file's parametric reading (Spec::parametric), whose closed forms
// the kind derives in beta, gamma and t, with the signs of the derivation and of its
// certificate decided for every t in [a, b] (proofs/parameter_ranges.hpp). The file's members
// fix t at the values of `at` and are checked as any variant (numeric and sampled routes,
// claims judged at that t); this adds, once per file:
//
//   - the forms in t and their certificate, which holds for every t in [a, b];
//   - each member's forms against the forms in t at its values (an identity, by the zero test
//     of proofs/equivalence.hpp), so that the members' numeric checks bear on the forms in t;
//   - for each claim, whether it is proved for every beta in R, gamma > 0 and t in [a, b]: the
//     certificate verified, S's closed form shown defined on that box, every divisor, radicand and log argument of the claim proved of one
//     sign on that box (proofs/definedness.hpp, the derivation's E|f(X)|, E f(X)^2 and S as
//     positive facts), and claim - S, or claim^2 - S^2 with the claim shown >= 0 on the box,
//     reducing to 0 (proofs/equivalence.hpp). Otherwise, when the forms in t are certified, the
//     claim is compared with S at probe points (t at the seven inner eighths of its range, beta
//     in {-1, 1/2, 2}, gamma in {1/2, 1}) by Arb balls at 50
//     digits: a certified difference refutes it ("refuted for some value", with the point).
//     Otherwise it is "not proved for every t", with the reason; the members' verdicts at their
//     t stand on their own.
//
// A claim false only away from the probe points is left unproved, never refuted or proved.
// Never throws for a spec that loaded.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "src/kinds/derivation_summary.hpp"
#include "src/spec/spec.hpp"

namespace attnverify {

struct ParametricClaim {
  std::string id;
  bool proved = false;
  std::string method;  ///< how it was proved (one sentence), when proved
  /// Refuted for some value: at `counterexample` (beta, gamma and the parameters, exact) Arb balls
  /// of the claim and of the certified S prove them different (numerics/ball_comparison.hpp).
  bool refuted = false;
  std::string counterexample;  ///< "beta = 1/2, gamma = 1, t = 1/4: the claim ..., S ...", when refuted
  std::string reason;          ///< why it is neither proved nor refuted, when it is not proved
};

struct ParametricResult {
  std::string parameters;        ///< "t in [0, 2]"
  std::string domain;            ///< "beta in R, gamma > 0, t in [0, 2]"
  DerivationSummary derivation;  ///< the forms in the parameters, certified for every value of them
  std::vector<ParametricClaim> claims;  ///< in the spec's order
};

/// The forms in the symbolic parameters of `parametric` (a Spec with Spec::symbolic set) and its
/// claims judged for every value of them, as above.
ParametricResult check_parametric(const Spec& parametric);

/// check_parametric of member.parametric, computed once per parametric Spec (the members of a file
/// share it); null for a Spec without one. Thread-safe.
std::shared_ptr<const ParametricResult> parametric_result(const Spec& member);

struct VariantResult;

/// For a member of a file with symbolic parameters (v.spec.parametric set; nothing otherwise):
/// sets v.parametric and v.parametric_mismatch, and marks as a conflict (a defect, exit 1) each
/// claim record of v that disagrees although the claim is proved for every value of the
/// parameters. Idempotent: the merge calls it again on a shard's records.
void attach_parametric(VariantResult& v);

/// Whether the member's derived forms equal the forms in the parameters at the member's values,
/// each by the zero test (same labels, same order); "" when they do or when either derivation
/// found no closed form (nothing to compare), else which one does not.
std::string parametric_mismatch(const Spec& member, const DerivationSummary& member_forms,
                                const ParametricResult& parametric);

}  // namespace attnverify
