// The Laplace law with variance 1: density p(z) = e^{-sqrt2 |z|}/sqrt 2 (scale b = 1/sqrt 2).
// In u = sqrt(2) z: e(u) = u/sqrt 2, W(u) = e^{-|u|}/2, not analytic at u = 0.
// E|f|^k needs k a gamma < sqrt 2 for f growing like e^{a|x|} (so exp: gamma < 1/sqrt 2 for E f^2).
#include <boost/random/exponential_distribution.hpp>
#include <boost/random/uniform_01.hpp>

#include "numerics/score_distributions/score_distributions.hpp"
#include "proofs/laplace_certificate.hpp"
#include "proofs/laplace_expectation.hpp"

namespace attnverify::num {

namespace {

class Laplace final : public ScoreDistribution {
 public:
  std::string name() const override { return "laplace"; }
  std::string title() const override { return "Laplace"; }
  std::string latex() const override { return "\\mathrm{Laplace}(0, 1/\\sqrt2)"; }
  std::string density_latex() const override { return "p(z) = e^{-\\sqrt2|z|}/\\sqrt2"; }
  std::vector<long> breakpoints() const override { return {0}; }
  double negligible_beyond() const override { return 802; }
  void scales(Real& weight_scale, Real& eps_scale) const override {
    weight_scale = Real(1) / 2;
    eps_scale = 1 / sqrt(Real(2));
  }
  void weight_shape(Real& out, const Real& u) const override {
    mpfr_abs(out.backend().data(), u.backend().data(), MPFR_RNDN);
    mpfr_neg(out.backend().data(), out.backend().data(), MPFR_RNDN);
    mpfr_exp(out.backend().data(), out.backend().data(), MPFR_RNDN);
  }
  double log_weight(double u) const override { return -std::fabs(u) - 0.6931471805599453; }
  void eps(acb_t out, const acb_t u, slong prec) const override {
    arb_t s;
    arb_init(s);
    arb_set_ui(s, 2);
    arb_rsqrt(s, s, prec);
    acb_mul_arb(out, u, s, prec);
    arb_clear(s);
  }
  void weight(acb_t out, const acb_t u, int side, bool, slong prec) const override {
    // e^{u}/2 left of 0, e^{-u}/2 right of it: each entire
    if (side == 0)
      acb_exp(out, u, prec);
    else {
      acb_neg(out, u);
      acb_exp(out, out, prec);
    }
    acb_mul_2exp_si(out, out, -1);
  }
  void weight(Ball& out, const Ball& u, slong bits) const override {
    arb_abs(out.get(), u.get());
    arb_neg(out.get(), out.get());
    arb_exp(out.get(), out.get(), bits);
    arb_mul_2exp_si(out.get(), out.get(), -1);
  }
  void u_of_eps(Ball& out, const Ball& e, slong bits) const override {
    Ball s;
    arb_set_ui(s.get(), 2);
    arb_sqrt(s.get(), s.get(), bits);
    arb_mul(out.get(), e.get(), s.get(), bits);
  }
  std::optional<Ball> tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma, const Ball& U,
                                 slong bits) const override {
    Ball A, s;
    arb_set_ui(A.get(), 1);
    arb_mul_2exp_si(A.get(), A.get(), -1);
    arb_set_ui(s.get(), 2);
    arb_rsqrt(s.get(), s.get(), bits);
    return exponential_tail_bound(g, k, beta, gamma, U, A, s, bits);
  }
  std::optional<GiNaC::ex> rate_limit() const override { return GiNaC::sqrt(GiNaC::ex(2)); }
  double draw(boost::random::mt19937_64& generator) const override {
    const double e = boost::random::exponential_distribution<double>()(generator);
    return (boost::random::uniform_01<double>()(generator) < 0.5 ? -e : e) / std::sqrt(2.0);
  }
  GiNaC::ex expectation(const sym::Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                        const GiNaC::ex& gamma) const override {
    return sym::laplace_expectation(g, x, beta, gamma);
  }
  sym::DerivationCertificate certify_expectation(const GiNaC::ex& m, const GiNaC::ex& g) const override {
    return sym::certify_laplace_expectation(m, g);
  }
};

}  // namespace

std::shared_ptr<const ScoreDistribution> laplace_distribution() {
  static const std::shared_ptr<const ScoreDistribution> law = std::make_shared<Laplace>();
  return law;
}

}  // namespace attnverify::num
