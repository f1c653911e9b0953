// Student's t with nu > 2 degrees of freedom, scaled to variance 1: eps = t sqrt((nu-2)/nu),
// density p(z) = Gamma((nu+1)/2) / (sqrt((nu-2) pi) Gamma(nu/2)) (1 + z^2/(nu-2))^{-(nu+1)/2}.
// In u with z = sqrt(nu-2) sinh u the algebraic tail becomes exponential:
//   e(u) = sqrt(nu-2) sinh u,   W(u) = Gamma((nu+1)/2)/(sqrt(pi) Gamma(nu/2)) cosh(u)^-nu,
// analytic for |Im u| < pi/2 (Re cosh u > 0 there, so the principal power is analytic).
// E|f|^k exists only for f of polynomial growth |x|^q, and then exactly when k q < nu
// (exp never; relu^2's E f^2 needs nu > 4). No closed form is derived for this law.
//
// Tail bound, for |u| >= U >= 1 and f with growth constant c = 0: 1 + |x| <= A e^{|u|},
// A = 1 + |beta| + gamma sqrt(nu-2), and cosh(u)^-nu <= 2^nu e^{-nu|u|}, so
//   tail <= 2 K 2^nu M^k A^{kp} e^{-(nu - kp) U} / (nu - kp),   K = Gamma((nu+1)/2)/(sqrt(pi) Gamma(nu/2)).
#include <boost/math/constants/constants.hpp>
#include <boost/random/student_t_distribution.hpp>

#include <sstream>
#include <stdexcept>

#include "numerics/score_distributions/score_distributions.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/moment_certificate.hpp"
#include "proofs/moment_expectation.hpp"

namespace attnverify::num {

namespace {

class StudentT final : public ScoreDistribution {
 public:
  explicit StudentT(const GiNaC::numeric& nu) : nu_(nu), nu_double_(nu.to_double()) {
    if (!nu.is_rational()) throw std::invalid_argument("nu must be a rational number");
    if (!(nu > 2)) throw std::invalid_argument("nu must be > 2 (the variance of t_nu is nu/(nu-2))");
    // the quadrature coordinate u = asinh(z/sqrt(nu-2)) puts the mass within |u| < 6/sqrt(nu): beyond
    // nu = 100 the route's unit-scale peak search would no longer see its shape
    if (nu > 100) throw std::invalid_argument("nu must be at most 100 (the route resolves t_nu up to there; beyond, use the normal law, its limit)");
    if (nu.numer() > 1000000000 || nu.denom() > 1000000000)
      throw std::invalid_argument("nu must be a ratio of integers below 1e9");
    numerator_ = nu.numer().to_long();
    denominator_ = nu.denom().to_long();
  }
  std::string name() const override { return "student_t"; }
  std::string title() const override { return "Student-t (nu = " + to_text() + ")"; }
  std::string latex() const override {
    // the standardizing factor sqrt((nu-2)/nu) as a number, e.g. t_{9}\sqrt{7/9}
    const GiNaC::numeric ratio = (nu_ - 2) / nu_;
    std::ostringstream factor;
    factor << ratio.numer() << '/' << ratio.denom();
    return "t_{" + to_text() + "}\\sqrt{" + factor.str() + "}";
  }
  std::string density_latex() const override {
    return "p(z) \\propto (1 + z^2/(\\nu-2))^{-(\\nu+1)/2},\\ \\nu = " + to_text();
  }
  double negligible_beyond() const override { return 801 / nu_double_ + 2; }
  void scales(Real& weight_scale, Real& eps_scale) const override {
    const Real nu = Real(numerator_) / denominator_;
    weight_scale = tgamma(Real((nu + 1) / 2)) / (sqrt(boost::math::constants::pi<Real>()) * tgamma(Real(nu / 2)));
    eps_scale = sqrt(Real(nu - 2));
  }
  void weight_shape(Real& out, const Real& u) const override {
    // cosh(u)^-nu = exp(-nu log cosh u)
    mpfr_cosh(out.backend().data(), u.backend().data(), MPFR_RNDN);
    mpfr_log(out.backend().data(), out.backend().data(), MPFR_RNDN);
    mpfr_mul_si(out.backend().data(), out.backend().data(), -numerator_, MPFR_RNDN);
    mpfr_div_si(out.backend().data(), out.backend().data(), denominator_, MPFR_RNDN);
    mpfr_exp(out.backend().data(), out.backend().data(), MPFR_RNDN);
  }
  void eps_shape(Real& out, const Real& u) const override { mpfr_sinh(out.backend().data(), u.backend().data(), MPFR_RNDN); }
  void eps_shape_inverse(Real& out, const Real& v) const override {
    mpfr_asinh(out.backend().data(), v.backend().data(), MPFR_RNDN);
  }
  double log_weight(double u) const override {
    const double a = std::fabs(u);
    return std::lgamma((nu_double_ + 1) / 2) - std::lgamma(nu_double_ / 2) - 0.5723649429247001 -
           nu_double_ * (a + std::log1p(std::exp(-2 * a)) - 0.6931471805599453);
  }
  void eps(acb_t out, const acb_t u, slong prec) const override {
    arb_t s;
    arb_init(s);
    nu_ball(s, prec);
    arb_sub_ui(s, s, 2, prec);
    arb_sqrt(s, s, prec);
    acb_sinh(out, u, prec);
    acb_mul_arb(out, out, s, prec);
    arb_clear(s);
  }
  void weight(acb_t out, const acb_t u, int, bool analytic, slong prec) const override {
    acb_t c, e;
    acb_init(c);
    acb_init(e);
    acb_cosh(c, u, prec);
    nu_ball(acb_realref(e), prec);
    acb_neg(e, e);
    acb_pow_analytic(out, c, e, analytic, prec);
    arb_t K;
    arb_init(K);
    constant(K, prec);
    acb_mul_arb(out, out, K, prec);
    arb_clear(K);
    acb_clear(c);
    acb_clear(e);
  }
  void weight(Ball& out, const Ball& u, slong bits) const override {
    Ball e, K;
    arb_cosh(out.get(), u.get(), bits);
    nu_ball(e.get(), bits);
    arb_neg(e.get(), e.get());
    arb_pow(out.get(), out.get(), e.get(), bits);
    constant(K.get(), bits);
    arb_mul(out.get(), out.get(), K.get(), bits);
  }
  void u_of_eps(Ball& out, const Ball& e, slong bits) const override {
    Ball s;
    nu_ball(s.get(), bits);
    arb_sub_ui(s.get(), s.get(), 2, bits);
    arb_rsqrt(s.get(), s.get(), bits);
    arb_mul(out.get(), e.get(), s.get(), bits);
    arb_asinh(out.get(), out.get(), bits);
  }
  std::optional<Ball> tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma, const Ball& U,
                                 slong bits) const override {
    if (!g.c.is_zero()) return std::nullopt;  // exponential growth: no moment
    Ball kp, nu, rate, A, out, factor;
    arb_mul_ui(kp.get(), g.p.get(), k, bits);
    nu_ball(nu.get(), bits);
    arb_sub(rate.get(), nu.get(), kp.get(), bits);
    if (!rate.positive()) return std::nullopt;
    // A = 1 + |beta| + gamma sqrt(nu - 2)
    arb_sub_ui(A.get(), nu.get(), 2, bits);
    arb_sqrt(A.get(), A.get(), bits);
    arb_mul(A.get(), A.get(), gamma.get(), bits);
    arb_abs(factor.get(), beta.get());
    arb_add(A.get(), A.get(), factor.get(), bits);
    arb_add_ui(A.get(), A.get(), 1, bits);
    fmpz_t kf;
    fmpz_init_set_ui(kf, k);
    arb_pow_fmpz(out.get(), g.M.get(), kf, bits);
    fmpz_clear(kf);
    arb_pow(factor.get(), A.get(), kp.get(), bits);
    arb_mul(out.get(), out.get(), factor.get(), bits);
    arb_set_ui(factor.get(), 2);
    arb_pow(factor.get(), factor.get(), nu.get(), bits);
    arb_mul(out.get(), out.get(), factor.get(), bits);
    constant(factor.get(), bits);
    arb_mul(out.get(), out.get(), factor.get(), bits);
    arb_mul(factor.get(), rate.get(), U.get(), bits);
    arb_neg(factor.get(), factor.get());
    arb_exp(factor.get(), factor.get(), bits);
    arb_mul(out.get(), out.get(), factor.get(), bits);
    arb_div(out.get(), out.get(), rate.get(), bits);
    arb_mul_2exp_si(out.get(), out.get(), 1);
    return out;
  }
  std::optional<GiNaC::ex> rate_limit() const override { return GiNaC::ex(0); }
  GiNaC::ex power_limit() const override { return nu_; }
  double draw(boost::random::mt19937_64& generator) const override {
    return boost::random::student_t_distribution<double>(nu_double_)(generator) *
           std::sqrt((nu_double_ - 2) / nu_double_);
  }
  // truncated t moments are incomplete beta functions, outside the engine's class: polynomials
  // on the whole line only, from the moments that exist (proofs/moment_expectation.hpp)
  GiNaC::ex expectation(const sym::Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                        const GiNaC::ex& gamma) const override {
    return sym::moment_expectation(
        g, x, beta, gamma, [this](unsigned j) { return sym::student_t_moment(j, nu_); },
        [](const GiNaC::ex&) -> std::optional<GiNaC::ex> { return std::nullopt; },
        [](const GiNaC::ex&) -> std::optional<GiNaC::ex> { return std::nullopt; }, title() + " scores");
  }
  sym::DerivationCertificate certify_expectation(const GiNaC::ex& m, const GiNaC::ex& g) const override {
    return sym::certify_student_t_expectation(m, g, nu_);
  }

 private:
  GiNaC::numeric nu_;
  double nu_double_;
  long numerator_ = 0, denominator_ = 1;

  std::string to_text() const {
    return denominator_ == 1 ? std::to_string(numerator_)
                             : std::to_string(numerator_) + "/" + std::to_string(denominator_);
  }
  void nu_ball(arb_t out, slong prec) const {
    arb_set_si(out, numerator_);
    arb_div_si(out, out, denominator_, prec);
  }
  // Gamma((nu+1)/2) / (sqrt(pi) Gamma(nu/2))
  void constant(arb_t out, slong prec) const {
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    nu_ball(a, prec);
    arb_add_ui(a, a, 1, prec);
    arb_mul_2exp_si(a, a, -1);
    arb_gamma(out, a, prec);
    nu_ball(b, prec);
    arb_mul_2exp_si(b, b, -1);
    arb_gamma(b, b, prec);
    arb_div(out, out, b, prec);
    arb_const_sqrt_pi(a, prec);
    arb_div(out, out, a, prec);
    arb_clear(a);
    arb_clear(b);
  }
};

}  // namespace

std::shared_ptr<const ScoreDistribution> student_t_distribution(const GiNaC::numeric& nu) {
  return std::make_shared<StudentT>(nu);
}

}  // namespace attnverify::num
