// In u = z/sqrt 6: e(u) = sqrt(6) u, W(u) = 1 - |u| on [-1, 1], a kink at 0 (docs/architecture.md,
// "Adding a score distribution", followed step by step).
#include "tests/score_distributions/triangular.hpp"

#include <boost/random/uniform_01.hpp>

#include <cmath>
#include <limits>

#include "proofs/exp_poly.hpp"

namespace attnverify::testing {

namespace {

class Triangular final : public num::ScoreDistribution {
 public:
  std::string name() const override { return "triangular"; }
  std::string title() const override { return "triangular"; }
  std::string latex() const override { return "\\mathrm{Tri}(-\\sqrt6, \\sqrt6)"; }
  std::string density_latex() const override { return "p(z) = (\\sqrt6 - |z|)/6"; }
  std::optional<long> support() const override { return 1; }
  std::vector<long> breakpoints() const override { return {0}; }
  double negligible_beyond() const override { return 1; }
  void scales(num::Real& weight_scale, num::Real& eps_scale) const override {
    weight_scale = 1;
    eps_scale = sqrt(num::Real(6));
  }
  void weight_shape(num::Real& out, const num::Real& u) const override {
    out = abs(u) <= 1 ? num::Real(1 - abs(u)) : num::Real(0);
  }
  double log_weight(double u) const override {
    return std::fabs(u) < 1 ? std::log1p(-std::fabs(u)) : -std::numeric_limits<double>::infinity();
  }
  void eps(acb_t out, const acb_t u, slong prec) const override {
    arb_t s;
    arb_init(s);
    arb_set_ui(s, 6);
    arb_sqrt(s, s, prec);
    acb_mul_arb(out, u, s, prec);
    arb_clear(s);
  }
  void weight(acb_t out, const acb_t u, int side, bool, slong prec) const override {
    // 1 + u left of 0, 1 - u right of it
    if (side == 0)
      acb_add_ui(out, u, 1, prec);
    else {
      acb_neg(out, u);
      acb_add_ui(out, out, 1, prec);
    }
  }
  void weight(num::Ball& out, const num::Ball& u, slong bits) const override {
    arb_abs(out.get(), u.get());
    arb_neg(out.get(), out.get());
    arb_add_ui(out.get(), out.get(), 1, bits);
  }
  void u_of_eps(num::Ball& out, const num::Ball& e, slong bits) const override {
    num::Ball s;
    arb_set_ui(s.get(), 6);
    arb_rsqrt(s.get(), s.get(), bits);
    arb_mul(out.get(), e.get(), s.get(), bits);
  }
  std::optional<num::Ball> tail_bound(const num::GrowthBound&, unsigned, const num::Ball&, const num::Ball&,
                                      const num::Ball&, slong) const override {
    return num::Ball();
  }
  std::optional<GiNaC::ex> rate_limit() const override { return std::nullopt; }
  double draw(boost::random::mt19937_64& generator) const override {
    boost::random::uniform_01<double> u;
    return std::sqrt(6.0) * (u(generator) - u(generator));  // the difference of two uniforms
  }
  GiNaC::ex expectation(const sym::Piecewise&, const GiNaC::symbol&, const GiNaC::ex&,
                        const GiNaC::ex&) const override {
    throw sym::NotInClass("no closed form is derived under triangular scores (a test law)");
  }
};

}  // namespace

std::shared_ptr<const num::ScoreDistribution> triangular_distribution() {
  return std::make_shared<Triangular>();
}

}  // namespace attnverify::testing
