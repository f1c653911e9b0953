#include "proofs/derivation_certificate.hpp"

#include "proofs/equivalence.hpp"

namespace attnverify::sym {

DerivationCertificate certify_identity(const GiNaC::ex& form, const GiNaC::ex& definition, const std::string& what) {
  DerivationCertificate out;
  out.method = "identity";
  bool squared = false;
  try {
    out.verified = is_identically_zero(form - definition);
    // a, b >= 0 and a^2 = b^2 give a = b (radicals of products of positive symbols)
    squared = !out.verified && is_manifestly_nonnegative(form) && is_manifestly_nonnegative(definition) &&
              is_identically_zero(GiNaC::pow(form, 2) - GiNaC::pow(definition, 2));
    out.verified = out.verified || squared;
  } catch (const std::exception& err) {
    out.reason = std::string("the symbolic engine failed: ") + err.what();
    return out;
  }
  if (out.verified)
    out.steps.push_back(what + (squared ? " holds: both sides are non-negative and their squares are identical"
                                        : " holds identically"));
  else
    out.reason = what + " does not reduce to an identity";
  return out;
}

DerivationCertificate combine_certificates(const std::vector<std::pair<std::string, DerivationCertificate>>& parts) {
  DerivationCertificate out;
  out.verified = !parts.empty();
  for (const auto& [label, part] : parts) {
    if (out.method.empty())
      out.method = part.method;
    else if (out.method.find(part.method) == std::string::npos)
      out.method += ", " + part.method;
    if (!part.verified && out.verified) {
      out.verified = false;
      out.reason = label + ": " + part.reason;
    }
    for (const std::string& step : part.steps) out.steps.push_back(label + ": " + step);
    out.covered.emplace_back(label, part.method);
  }
  if (parts.empty()) out.reason = "no closed form to certify";
  if (!out.verified) out.steps.clear(), out.covered.clear();
  return out;
}

}  // namespace attnverify::sym
