// The property kind `scalar-reduction`: Su2023 eq. 4, proved from a cited theorem whose
// hypotheses are certified for the variant's f (docs/proofs.md, "The scalar reduction").
//
// Theorem. Let k_1, k_2, ... be iid N(mu, sigma^2 I_d) in R^d, q != 0, sigma > 0, and
// a_j = f(q.k_j)/Z for any Z != 0 (S is scale-invariant). If 0 < E f(X)^2 < infinity for
// X ~ N(beta, gamma^2), beta = q.mu, gamma = sigma ||q||, then as n -> infinity
//
//   S(a_1..a_n) = (1/n sum |a_j|) / sqrt(1/n sum a_j^2)  ->  E|f(X)| / sqrt(E f(X)^2)   almost surely.
//
// Proof: q.k_j = q.mu + sigma q.z_j with z_j ~ N(0, I_d), and q.z_j ~ N(0, ||q||^2) (an affine image
// of a Gaussian vector is Gaussian), so the scores q.k_j are iid N(beta, gamma^2) for every d;
// E|f(X)| <= sqrt(E f(X)^2) < infinity (Cauchy-Schwarz), so by the strong law of large numbers
// (Kolmogorov; e.g. Durrett, Probability: Theory and Examples, Thm 2.4.1) the two sample means
// tend almost surely to E|f(X)| and E f(X)^2, and (u, v) -> u/sqrt(v) is continuous at v > 0.
//
// The check certifies the hypothesis for f at every beta in R, gamma > 0 at once
// (PropertyTarget::gaussian_keys, set by the kind: src/kinds/kernel/reduction_hypotheses.hpp)
// and is proved from the theorem; else it is not decided, with the hypothesis not certified.
// The variant's Monte Carlo (a `sampled` check beside it) is a second, independent check.
#include <fmt/format.h>

#include <memory>

#include "src/properties/property_checks.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/spec/property_kind.hpp"
#include "src/spec/spec.hpp"
#include "src/spec/toml_reader.hpp"

namespace attnverify {

namespace {

struct ScalarReductionCheck : PropertyCheckData {};

class ScalarReduction final : public PropertyKind {
 public:
  std::string name() const override { return "scalar-reduction"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader&, const std::vector<std::string>&) const override {
    return std::make_shared<ScalarReductionCheck>();
  }
  PropertyInput input() const override { return PropertyInput::Definition; }
  std::optional<ParameterRanges> box(const PropertyCheck&) const override { return std::nullopt; }
  PropertyOutcome check(const Spec&, const PropertyCheck&, const PropertyTarget& target,
                        const RunOptions&) const override {
    if (!target.gaussian_keys)
      return not_decided(
          "the scalar reduction (Su2023 eq. 4) is a statement about weights f(q.k_j) of Gaussian keys k_j ~ "
          "N(mu, sigma^2 I_d), and this variant's weights are not of that form");
    const PropertyTarget::GaussianKeys& h = *target.gaussian_keys;
    if (h.growth.empty() || h.nonzero.empty())
      return not_decided("the scalar reduction's hypothesis 0 < E f(X)^2 < infinity is not certified for f(x) = " +
                         h.f + ": " + h.not_shown);
    PropertyOutcome out;
    out.verdict = Verdict::Agree;
    out.method = "scalar reduction theorem (Gaussian scores, strong law of large numbers), hypotheses certified";
    const std::string proposition = fmt::format(
        "S(a) -> E|f(X)|/sqrt(E f(X)^2) almost surely as n -> infinity for f(x) = {}, every d, every beta and every "
        "gamma > 0",
        h.f);
    out.finding = fmt::format(
        "From the scalar reduction theorem: the scores q.k_j are iid N(beta, gamma^2) in every d (an affine image of "
        "a Gaussian vector is Gaussian: the isotropy the source invokes), and the two sample means converge by the "
        "strong law of large numbers (Kolmogorov; Durrett, Probability: Theory and Examples, Thm 2.4.1), with "
        "E|f(X)| <= sqrt(E f(X)^2) by Cauchy-Schwarz and u/sqrt(v) continuous at v > 0. Its hypotheses: "
        "E f(X)^2 < infinity by {}, E f(X)^2 > 0 as {}.",
        h.growth, h.nonzero);
    out.evidence = {EvidenceLevel::ProvedFromTheorem, proposition};
    return out;
  }
};

}  // namespace

std::shared_ptr<const PropertyKind> scalar_reduction_property() { return std::make_shared<ScalarReduction>(); }

}  // namespace attnverify
