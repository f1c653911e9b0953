#include "proofs/feature_moments.hpp"

#include "proofs/derivation_work.hpp"
#include "proofs/gaussian_expectation.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

FeatureMoments derive_feature_moments(const ex& phi) {
  const Symbols& s = symbols();
  FeatureMoments out;
  out.phi = phi;
  try {
    const Piecewise pieces = split_into_pieces(phi, s.x);
    out.reason = work_bound_problem(pieces, s.x, "phi");
    if (!out.reason.empty()) return out;
    out.mean = gaussian_expectation(pieces, s.x, s.beta, s.gamma);
    out.mean_square = gaussian_expectation(square(pieces), s.x, s.beta, s.gamma);
    out.variance = out.mean_square - pow(out.mean, 2);
    out.derived = true;
  } catch (const NotInClass& err) {
    out.reason = err.what();
  } catch (const std::exception& err) {  // GiNaC/CLN giving up (e.g. an overflowing constant): no closed form, said so
    out.reason = std::string("the symbolic engine failed: ") + err.what();
  }
  return out;
}

FeatureCase feature_case(const FeatureMoments& m, const std::vector<numeric>& q, const std::vector<numeric>& mu,
                         const std::vector<numeric>& sigma) {
  const Symbols& s = symbols();
  FeatureCase out;
  out.qmu = out.qSq = out.q1 = 0;
  ex q2_squared = 0;
  out.iid = true;
  for (std::size_t i = 0; i < q.size(); ++i) {
    const ex feature = m.phi.subs(s.x == q[i]);
    const lst at{s.beta == mu[i], s.gamma == sigma[i]};
    out.qmu += feature * m.mean.subs(at);
    out.qSq += pow(feature, 2) * m.variance.subs(at);
    out.q1 += feature;
    q2_squared += pow(feature, 2);
    if (mu[i] != mu[0] || sigma[i] != sigma[0]) out.iid = false;
  }
  out.q2 = sqrt(q2_squared);
  out.substitution = lst{s.qmu == out.qmu, s.qSq == out.qSq, s.q1 == out.q1, s.q2 == out.q2};
  if (out.iid) {
    const lst at{s.beta == mu[0], s.gamma == sigma[0]};
    out.mu = m.mean.subs(at);
    out.sigma = sqrt(m.variance.subs(at));
    out.substitution.append(s.mu == out.mu);
    out.substitution.append(s.sigma == out.sigma);
  }
  return out;
}

}  // namespace attnverify::sym
