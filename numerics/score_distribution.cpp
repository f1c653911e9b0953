#include "numerics/score_distribution.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/random/normal_distribution.hpp>

#include <cmath>
#include <stdexcept>

#include "numerics/gaussian_tail_bound.hpp"
#include "numerics/score_distributions/score_distributions.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/gaussian_expectation.hpp"
#include "proofs/heat_equation_certificate.hpp"
#include "proofs/piecewise.hpp"

namespace attnverify::num {

std::optional<int> exact_sign(const GiNaC::ex& e) {
  const GiNaC::ex n = GiNaC::normal(e);
  if (n.is_zero()) return 0;
  const GiNaC::ex v = GiNaC::evalf(n);
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real()) return std::nullopt;
  const double d = GiNaC::ex_to<GiNaC::numeric>(v).to_double();
  if (std::fabs(d) < 1e-30) return std::nullopt;
  return d > 0 ? 1 : -1;
}

namespace {

// The standard normal: e(u) = u, W(u) = exp(-u^2/2)/sqrt(2 pi).
class Normal final : public ScoreDistribution {
 public:
  std::string name() const override { return "normal"; }
  std::string title() const override { return "normal"; }
  std::string latex() const override { return "\\mathcal N(0,1)"; }
  std::string density_latex() const override { return "p(z) = e^{-z^2/2}/\\sqrt{2\\pi}"; }
  double negligible_beyond() const override { return 40; }
  unsigned long half_line_scale() const override { return 1; }
  void scales(Real& weight_scale, Real& eps_scale) const override {
    weight_scale = 1 / sqrt(2 * boost::math::constants::pi<Real>());
    eps_scale = 1;
  }
  void weight_shape(Real& out, const Real& u) const override {
    mpfr_sqr(out.backend().data(), u.backend().data(), MPFR_RNDN);
    mpfr_div_2ui(out.backend().data(), out.backend().data(), 1, MPFR_RNDN);
    mpfr_neg(out.backend().data(), out.backend().data(), MPFR_RNDN);
    mpfr_exp(out.backend().data(), out.backend().data(), MPFR_RNDN);
  }
  double log_weight(double u) const override { return -u * u / 2 - 0.9189385332046727; }
  void eps(acb_t out, const acb_t u, slong) const override { acb_set(out, u); }
  void weight(acb_t out, const acb_t u, int, bool, slong prec) const override {
    acb_t t;
    acb_init(t);
    acb_sqr(t, u, prec);
    acb_mul_2exp_si(t, t, -1);
    acb_neg(t, t);
    acb_exp(out, t, prec);
    arb_t c;
    arb_init(c);
    arb_const_pi(c, prec);
    arb_mul_2exp_si(c, c, 1);
    arb_rsqrt(c, c, prec);
    acb_mul_arb(out, out, c, prec);
    arb_clear(c);
    acb_clear(t);
  }
  void weight(Ball& out, const Ball& u, slong bits) const override {
    Ball c;
    arb_sqr(out.get(), u.get(), bits);
    arb_mul_2exp_si(out.get(), out.get(), -1);
    arb_neg(out.get(), out.get());
    arb_exp(out.get(), out.get(), bits);
    arb_const_pi(c.get(), bits);
    arb_mul_2exp_si(c.get(), c.get(), 1);
    arb_rsqrt(c.get(), c.get(), bits);
    arb_mul(out.get(), out.get(), c.get(), bits);
  }
  void u_of_eps(Ball& out, const Ball& e, slong) const override { arb_set(out.get(), e.get()); }
  std::optional<Ball> tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma, const Ball& U,
                                 slong bits) const override {
    return gaussian_tail_bound(g, k, beta, gamma, U, bits);
  }
  std::optional<GiNaC::ex> rate_limit() const override { return std::nullopt; }
  double draw(boost::random::mt19937_64& generator) const override {
    return boost::random::normal_distribution<double>()(generator);
  }
  GiNaC::ex expectation(const sym::Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                        const GiNaC::ex& gamma) const override {
    return sym::gaussian_expectation(g, x, beta, gamma);
  }
  sym::DerivationCertificate certify_expectation(const GiNaC::ex& m, const GiNaC::ex& g) const override {
    return sym::certify_gaussian_expectation(m, g);
  }
};

}  // namespace

std::optional<Ball> exponential_tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma,
                                           const Ball& U, const Ball& A, const Ball& s, slong bits) {
  Ball n, kc, abs_beta, base, K, mu, t;
  arb_mul_ui(n.get(), g.p.get(), k, bits);
  arb_mul_ui(kc.get(), g.c.get(), k, bits);
  arb_abs(abs_beta.get(), beta.get());
  // mu = 1 - k c gamma s
  arb_mul(mu.get(), kc.get(), gamma.get(), bits);
  arb_mul(mu.get(), mu.get(), s.get(), bits);
  arb_sub_ui(mu.get(), mu.get(), 1, bits);
  arb_neg(mu.get(), mu.get());
  if (!mu.positive()) return std::nullopt;
  // mu - n/U
  arb_div(t.get(), n.get(), U.get(), bits);
  arb_sub(t.get(), mu.get(), t.get(), bits);
  if (!t.positive()) {
    Ball infinite;
    arb_indeterminate(infinite.get());
    return infinite;
  }
  // K = M^k (1 + |beta| + gamma s)^n e^{k c |beta|}
  fmpz_t kf;
  fmpz_init_set_ui(kf, k);
  arb_pow_fmpz(K.get(), g.M.get(), kf, bits);
  fmpz_clear(kf);
  arb_mul(base.get(), gamma.get(), s.get(), bits);
  arb_add(base.get(), base.get(), abs_beta.get(), bits);
  arb_add_ui(base.get(), base.get(), 1, bits);
  Ball factor;
  arb_pow(factor.get(), base.get(), n.get(), bits);
  arb_mul(K.get(), K.get(), factor.get(), bits);
  arb_mul(factor.get(), kc.get(), abs_beta.get(), bits);
  arb_exp(factor.get(), factor.get(), bits);
  arb_mul(K.get(), K.get(), factor.get(), bits);
  // 2 A K U^n e^{-mu U} / (mu - n/U)
  arb_pow(factor.get(), U.get(), n.get(), bits);
  arb_mul(K.get(), K.get(), factor.get(), bits);
  arb_mul(factor.get(), mu.get(), U.get(), bits);
  arb_neg(factor.get(), factor.get());
  arb_exp(factor.get(), factor.get(), bits);
  arb_mul(K.get(), K.get(), factor.get(), bits);
  arb_div(K.get(), K.get(), t.get(), bits);
  arb_mul(K.get(), K.get(), A.get(), bits);
  arb_mul_2exp_si(K.get(), K.get(), 1);
  return K;
}

std::optional<std::pair<EndGrowth, EndGrowth>> end_growth(const GiNaC::ex& f, const GiNaC::symbol& x) {
  try {
    const sym::Piecewise pieces = sym::split_into_pieces(f, x);
    if (pieces.pieces.empty()) return std::nullopt;
    std::pair<EndGrowth, EndGrowth> out;
    for (int end = 0; end < 2; ++end) {
      const sym::Piece& piece = end == 0 ? pieces.pieces.front() : pieces.pieces.back();
      const int direction = end == 0 ? -1 : 1;  // x -> direction * inf
      // like terms (slope, power) summed; then the one with the largest growth
      std::vector<sym::ExpPolyTerm> terms;
      for (const sym::ExpPolyTerm& t : sym::to_exp_poly(piece.expr, x)) {
        const GiNaC::ex c = t.coefficient * GiNaC::exp(t.offset);
        bool merged = false;
        for (auto& u : terms)
          if (u.power == t.power && GiNaC::normal(u.slope - t.slope).is_zero()) {
            u.coefficient += c;
            merged = true;
            break;
          }
        if (!merged) terms.push_back({c, t.power, t.slope, 0});
      }
      EndGrowth& g = end == 0 ? out.first : out.second;
      g.zero = true;
      for (const auto& t : terms) {
        const std::optional<int> nonzero = exact_sign(t.coefficient);
        if (!nonzero) return std::nullopt;
        if (*nonzero == 0) continue;
        const GiNaC::ex rate = direction * t.slope;  // e^{slope x} = e^{rate |x|}
        if (g.zero) {
          g = {false, rate, t.power};
          continue;
        }
        const std::optional<int> faster = exact_sign(rate - g.rate);
        if (!faster) return std::nullopt;
        if (*faster > 0 || (*faster == 0 && GiNaC::ex(t.power) > g.power)) g = {false, rate, t.power};
      }
    }
    return out;
  } catch (const std::exception&) {
    return std::nullopt;  // outside the class (sym::NotInClass) or roots not located
  }
}

MomentExistence moment_exists(const ScoreDistribution& law, const EndGrowth& left, const EndGrowth& right,
                              unsigned k, const GiNaC::numeric& gamma) {
  const std::optional<GiNaC::ex> limit = law.rate_limit();
  if (!limit) return MomentExistence::Exists;
  MomentExistence out = MomentExistence::Exists;
  for (const EndGrowth* end : {&left, &right}) {
    if (end->zero) continue;
    const GiNaC::ex r = GiNaC::ex(k) * end->rate * gamma;
    const std::optional<int> side = exact_sign(r - *limit);
    if (!side) {
      out = MomentExistence::Undecided;
      continue;
    }
    if (*side < 0) continue;
    if (*side > 0) return MomentExistence::Diverges;
    const std::optional<int> power = exact_sign(GiNaC::ex(k) * end->power - law.power_limit());
    if (!power) {
      out = MomentExistence::Undecided;
      continue;
    }
    if (*power >= 0) return MomentExistence::Diverges;
  }
  return out;
}

MomentExistence moment_exists(const ScoreDistribution& law, const GrowthBound& g, unsigned k, const Ball& gamma) {
  const std::optional<GiNaC::ex> limit = law.rate_limit();
  if (!limit) return MomentExistence::Exists;
  constexpr slong bits = 128;
  Ball r, limit_ball;
  arb_mul_ui(r.get(), g.c.get(), k, bits);
  arb_mul(r.get(), r.get(), gamma.get(), bits);
  const GiNaC::ex l = GiNaC::evalf(*limit);
  if (!GiNaC::is_a<GiNaC::numeric>(l)) return MomentExistence::Undecided;
  // the limit to 40 digits, widened by 1e-35: only a strict comparison is used
  arb_set_d(limit_ball.get(), GiNaC::ex_to<GiNaC::numeric>(l).to_double());
  mag_set_d(arb_radref(limit_ball.get()), 1e-12 * (1 + std::fabs(GiNaC::ex_to<GiNaC::numeric>(l).to_double())));
  if (arb_lt(r.get(), limit_ball.get())) return MomentExistence::Exists;
  if (r.is_zero() && limit_ball.contains_zero()) {
    // Student-t: polynomial growth only; k p < nu
    Ball kp, power;
    arb_mul_ui(kp.get(), g.p.get(), k, bits);
    const GiNaC::ex pl = GiNaC::evalf(law.power_limit());
    if (!GiNaC::is_a<GiNaC::numeric>(pl)) return MomentExistence::Undecided;
    arb_set_d(power.get(), GiNaC::ex_to<GiNaC::numeric>(pl).to_double());
    mag_set_d(arb_radref(power.get()), 1e-12 * (1 + std::fabs(GiNaC::ex_to<GiNaC::numeric>(pl).to_double())));
    if (arb_lt(kp.get(), power.get())) return MomentExistence::Exists;
  }
  return MomentExistence::Undecided;
}

sym::DerivationCertificate ScoreDistribution::certify_expectation(const GiNaC::ex&, const GiNaC::ex&) const {
  return sym::DerivationCertificate::none("no certificate is implemented for expectations under " + title() +
                                          " scores");
}

sym::PiecewiseExpectation symbolic_expectation(std::shared_ptr<const ScoreDistribution> law) {
  return [law = std::move(law)](const sym::Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                                const GiNaC::ex& gamma) { return law->expectation(g, x, beta, gamma); };
}

std::shared_ptr<const ScoreDistribution> normal_distribution() {
  static const std::shared_ptr<const ScoreDistribution> law = std::make_shared<Normal>();
  return law;
}

void ScoreDistributionRegistry::add(const std::string& name, bool takes_nu, Factory factory) {
  for (const Entry& e : entries_)
    if (e.name == name) throw std::invalid_argument("score distribution '" + name + "' registered twice");
  entries_.push_back({name, takes_nu, std::move(factory)});
}

std::shared_ptr<const ScoreDistribution> ScoreDistributionRegistry::make(
    const std::string& name, const std::optional<GiNaC::numeric>& nu) const {
  for (const Entry& e : entries_) {
    if (e.name != name) continue;
    if (nu && !e.takes_nu) throw std::invalid_argument("the " + name + " law takes no parameter nu");
    return e.factory(nu);
  }
  return nullptr;
}

bool ScoreDistributionRegistry::takes_nu(const std::string& name) const {
  for (const Entry& e : entries_)
    if (e.name == name) return e.takes_nu;
  return false;
}

std::vector<std::string> ScoreDistributionRegistry::names() const {
  std::vector<std::string> out;
  for (const Entry& e : entries_) out.push_back(e.name);
  return out;
}

const ScoreDistributionRegistry& standard_score_distributions() {
  static const ScoreDistributionRegistry registry = [] {
    ScoreDistributionRegistry r;
    r.add("normal", false, [](const auto&) { return normal_distribution(); });
    r.add("laplace", false, [](const auto&) { return laplace_distribution(); });
    r.add("uniform", false, [](const auto&) { return uniform_distribution(); });
    r.add("logistic", false, [](const auto&) { return logistic_distribution(); });
    r.add("student_t", true, [](const std::optional<GiNaC::numeric>& nu) {
      if (!nu) throw std::invalid_argument("the student_t law needs nu = <number> (degrees of freedom, > 2)");
      return student_t_distribution(*nu);
    });
    return r;
  }();
  return registry;
}

}  // namespace attnverify::num
