// The logistic law with variance 1: scale s = sqrt(3)/pi, density
// p(z) = e^{-z/s}/(s (1 + e^{-z/s})^2). In u = z/s: e(u) = s u, W(u) = 1/(4 cosh^2(u/2)) <=
// e^{-|u|} (poles at u = i pi (2m + 1), so analytic near the real line). E|f|^k needs
// k a gamma < pi/sqrt 3 for f growing like e^{a|x|}. No closed form of E f(X)^2 is derived for
// this law: the numeric routes serve it.
#include <boost/math/constants/constants.hpp>
#include <boost/random/uniform_01.hpp>

#include "numerics/score_distributions/score_distributions.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/moment_certificate.hpp"
#include "proofs/moment_expectation.hpp"

namespace attnverify::num {

namespace {

class Logistic final : public ScoreDistribution {
 public:
  std::string name() const override { return "logistic"; }
  std::string title() const override { return "logistic"; }
  std::string latex() const override { return "\\mathrm{Logistic}(0, \\sqrt3/\\pi)"; }
  std::string density_latex() const override {
    return "p(z) = \\frac{\\pi}{4\\sqrt3}\\,\\mathrm{sech}^2\\frac{\\pi z}{2\\sqrt3}";
  }
  double negligible_beyond() const override { return 802; }
  void scales(Real& weight_scale, Real& eps_scale) const override {
    weight_scale = Real(1) / 4;
    eps_scale = sqrt(Real(3)) / boost::math::constants::pi<Real>();
  }
  void weight_shape(Real& out, const Real& u) const override {
    // 1/cosh^2(u/2) = 4 e^{-|u|} / (1 + e^{-|u|})^2, without overflow
    Real t;
    mpfr_abs(t.backend().data(), u.backend().data(), MPFR_RNDN);
    mpfr_neg(t.backend().data(), t.backend().data(), MPFR_RNDN);
    mpfr_exp(t.backend().data(), t.backend().data(), MPFR_RNDN);
    out = 4 * t / ((1 + t) * (1 + t));
  }
  double log_weight(double u) const override {
    const double a = std::fabs(u);
    return -a - 2 * std::log1p(std::exp(-a));
  }
  void eps(acb_t out, const acb_t u, slong prec) const override {
    arb_t s, pi;
    arb_init(s);
    arb_init(pi);
    arb_set_ui(s, 3);
    arb_sqrt(s, s, prec);
    arb_const_pi(pi, prec);
    arb_div(s, s, pi, prec);
    acb_mul_arb(out, u, s, prec);
    arb_clear(s);
    arb_clear(pi);
  }
  void weight(acb_t out, const acb_t u, int, bool, slong prec) const override {
    acb_t h;
    acb_init(h);
    acb_mul_2exp_si(h, u, -1);
    acb_sech(h, h, prec);  // a pole inside the ball gives an indeterminate result
    acb_sqr(out, h, prec);
    acb_mul_2exp_si(out, out, -2);
    acb_clear(h);
  }
  void weight(Ball& out, const Ball& u, slong bits) const override {
    arb_mul_2exp_si(out.get(), u.get(), -1);
    arb_sech(out.get(), out.get(), bits);
    arb_sqr(out.get(), out.get(), bits);
    arb_mul_2exp_si(out.get(), out.get(), -2);
  }
  void u_of_eps(Ball& out, const Ball& e, slong bits) const override {
    Ball s, pi;
    arb_set_ui(s.get(), 3);
    arb_sqrt(s.get(), s.get(), bits);
    arb_const_pi(pi.get(), bits);
    arb_div(s.get(), pi.get(), s.get(), bits);
    arb_mul(out.get(), e.get(), s.get(), bits);
  }
  std::optional<Ball> tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma, const Ball& U,
                                 slong bits) const override {
    Ball A, s, pi;
    arb_one(A.get());
    arb_set_ui(s.get(), 3);
    arb_sqrt(s.get(), s.get(), bits);
    arb_const_pi(pi.get(), bits);
    arb_div(s.get(), s.get(), pi.get(), bits);
    return exponential_tail_bound(g, k, beta, gamma, U, A, s, bits);
  }
  std::optional<GiNaC::ex> rate_limit() const override { return GiNaC::Pi / GiNaC::sqrt(GiNaC::ex(3)); }
  double draw(boost::random::mt19937_64& generator) const override {
    double v = boost::random::uniform_01<double>()(generator);
    while (v == 0) v = boost::random::uniform_01<double>()(generator);
    return std::sqrt(3.0) / boost::math::constants::pi<double>() * std::log(v / (1 - v));
  }
  // E e^{aX} is a ratio of sines (pi a s / sin(pi a s)) but E x^m e^{ax} 1{x_l < X < x_u}
  // leads to polylogarithms for m >= 2: polynomials on the whole line (from the moments), and
  // constants and linear pieces on intervals (from the elementary cdf and partial first moment)
  // only (proofs/moment_expectation.hpp)
  GiNaC::ex expectation(const sym::Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                        const GiNaC::ex& gamma) const override {
    return sym::moment_expectation(
        g, x, beta, gamma, [](unsigned j) { return sym::logistic_moment(j); },
        [](const GiNaC::ex& z) -> std::optional<GiNaC::ex> { return sym::logistic_cdf(z); },
        [](const GiNaC::ex& z) -> std::optional<GiNaC::ex> { return sym::logistic_partial_mean(z); },
        "logistic scores");
  }
  sym::DerivationCertificate certify_expectation(const GiNaC::ex& m, const GiNaC::ex& g) const override {
    return sym::certify_logistic_expectation(m, g);
  }
};

}  // namespace

std::shared_ptr<const ScoreDistribution> logistic_distribution() {
  static const std::shared_ptr<const ScoreDistribution> law = std::make_shared<Logistic>();
  return law;
}

}  // namespace attnverify::num
