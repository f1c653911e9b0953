// The uniform law with variance 1: on [-sqrt 3, sqrt 3], density 1/(2 sqrt 3). In
// u = z/sqrt 3: e(u) = sqrt(3) u, W(u) = 1/2 on [-1, 1]. Every moment of a finite f exists;
// E f^2 = 0, and S is 0/0, where f vanishes on the whole support [beta - sqrt3 gamma,
// beta + sqrt3 gamma] (relu for beta <= -sqrt3 gamma).
#include <boost/random/uniform_01.hpp>

#include "numerics/score_distributions/score_distributions.hpp"
#include "proofs/uniform_certificate.hpp"
#include "proofs/uniform_expectation.hpp"

namespace attnverify::num {

namespace {

class Uniform final : public ScoreDistribution {
 public:
  std::string name() const override { return "uniform"; }
  std::string title() const override { return "uniform"; }
  std::string latex() const override { return "\\mathcal U[-\\sqrt3, \\sqrt3]"; }
  std::string density_latex() const override { return "p(z) = \\frac{1}{2\\sqrt3}\\ \\text{on}\\ [-\\sqrt3,\\sqrt3]"; }
  std::optional<long> support() const override { return 1; }
  std::optional<GiNaC::ex> support_radius() const override { return GiNaC::sqrt(GiNaC::ex(3)); }
  double negligible_beyond() const override { return 1; }
  void scales(Real& weight_scale, Real& eps_scale) const override {
    weight_scale = Real(1) / 2;
    eps_scale = sqrt(Real(3));
  }
  void weight_shape(Real& out, const Real& u) const override { out = abs(u) <= 1 ? 1 : 0; }
  double log_weight(double u) const override {
    return std::fabs(u) <= 1 ? -0.6931471805599453 : -std::numeric_limits<double>::infinity();
  }
  void eps(acb_t out, const acb_t u, slong prec) const override {
    arb_t s;
    arb_init(s);
    arb_set_ui(s, 3);
    arb_sqrt(s, s, prec);
    acb_mul_arb(out, u, s, prec);
    arb_clear(s);
  }
  void weight(acb_t out, const acb_t, int, bool, slong) const override {
    acb_one(out);
    acb_mul_2exp_si(out, out, -1);
  }
  void weight(Ball& out, const Ball&, slong) const override {
    arb_one(out.get());
    arb_mul_2exp_si(out.get(), out.get(), -1);
  }
  void u_of_eps(Ball& out, const Ball& e, slong bits) const override {
    Ball s;
    arb_set_ui(s.get(), 3);
    arb_rsqrt(s.get(), s.get(), bits);
    arb_mul(out.get(), e.get(), s.get(), bits);
  }
  std::optional<Ball> tail_bound(const GrowthBound&, unsigned, const Ball&, const Ball&, const Ball&,
                                 slong) const override {
    return Ball();  // nothing lies beyond |u| = 1
  }
  std::optional<GiNaC::ex> rate_limit() const override { return std::nullopt; }
  double draw(boost::random::mt19937_64& generator) const override {
    return std::sqrt(3.0) * (2 * boost::random::uniform_01<double>()(generator) - 1);
  }
  GiNaC::ex expectation(const sym::Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                        const GiNaC::ex& gamma) const override {
    return sym::uniform_expectation(g, x, beta, gamma);
  }
  sym::DerivationCertificate certify_expectation(const GiNaC::ex& m, const GiNaC::ex& g) const override {
    return sym::certify_uniform_expectation(m, g);
  }
};

}  // namespace

std::shared_ptr<const ScoreDistribution> uniform_distribution() {
  static const std::shared_ptr<const ScoreDistribution> law = std::make_shared<Uniform>();
  return law;
}

}  // namespace attnverify::num
