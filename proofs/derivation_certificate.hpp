// A certificate that a derived closed form equals the quantity it was derived for,
// checked by an argument that does not reuse the derivation's steps (docs/proofs.md):
//
//   heat equation  Gaussian expectations m(beta, gamma) = E g(beta + gamma*eps)
//                  (proofs/heat_equation_certificate.hpp)
//   telescoping    sums F(N) = sum_{i=1}^N a_i (proofs/telescoping_certificate.hpp)
//
// A certificate is either verified, with the steps that were checked, or not verified,
// with the first condition that could not be shown. Nothing in it is sampled at points.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <utility>
#include <vector>

namespace attnverify::sym {

struct DerivationCertificate {
  std::string method;              ///< "heat equation", "telescoping", or "none"
  bool verified = false;           ///< every condition of the method's theorem was shown
  std::string reason;              ///< when not verified: the condition that failed, in one sentence
  std::vector<std::string> steps;  ///< when verified: what was shown, one sentence per form
  /// Which form each method certified, (label, method), in order (combine_certificates).
  std::vector<std::pair<std::string, std::string>> covered;
  /// Forms of the variant that no certificate covers (a derived limit), said beside it.
  std::string not_covered;

  /// A certificate that records why none was attempted.
  static DerivationCertificate none(std::string why) {
    DerivationCertificate c;
    c.method = "none";
    c.reason = std::move(why);
    return c;
  }
};

/// Certifies that `form` equals `definition` (an expression in earlier forms or in the
/// quantities' definitions, e.g. S = E|f| / sqrt(E f^2)) by the zero test of
/// proofs/equivalence.hpp, or, when both sides are manifestly non-negative, by the zero
/// test of their squares; `what` names the identity in the step. Never throws.
DerivationCertificate certify_identity(const GiNaC::ex& form, const GiNaC::ex& definition, const std::string& what);

/// The conjunction of the certificates of the forms of one variant: verified when every
/// part is, with the parts' steps in order; otherwise the first part's reason, prefixed
/// with its label. `parts` pairs each form's label (plain text) with its certificate.
DerivationCertificate combine_certificates(const std::vector<std::pair<std::string, DerivationCertificate>>& parts);

}  // namespace attnverify::sym
