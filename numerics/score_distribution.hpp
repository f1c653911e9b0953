// The law of the standardized score eps in X = beta + gamma eps (mean 0, variance 1, so
// beta is the mean and gamma the standard deviation of the score q.k): what the kernel
// routes need of it, as one value (docs/architecture.md, "Adding a score distribution").
//
// Coordinates. Every route integrates in a quadrature coordinate u chosen per law so that
// the weight decays at least exponentially and has unit-scale features:
//
//   E g(beta + gamma eps) = int g(beta + gamma e(u)) W(u) du,   W(u) = p(e(u)) e'(u),
//
// p the density of eps. normal: e(u) = u, W = exp(-u^2/2)/sqrt(2 pi); Laplace: e(u) =
// u/sqrt 2, W = exp(-|u|)/2 (a kink at u = 0); uniform on [-sqrt 3, sqrt 3]: e(u) = sqrt(3) u,
// W = 1/2 on [-1, 1]; logistic with scale sqrt(3)/pi: e(u) = sqrt(3) u/pi, W = 1/(4
// cosh^2(u/2)); Student-t with nu > 2 scaled by sqrt((nu-2)/nu): e(u) = sqrt(nu-2) sinh u,
// W = Gamma((nu+1)/2)/(sqrt(pi) Gamma(nu/2)) cosh(u)^-nu (the heavy tail becomes
// exp(-nu |u|)).
//
// Moments. E|f(X)|^k exists for f growing like |x|^q e^{a|x|} at an end exactly when the
// rate r = k a gamma (in units of eps) and the power kq pass the law's limits (rate_limit,
// power_limit below): r < rate_limit, or r = rate_limit and kq < power_limit. normal and
// uniform: every r; Laplace: r < sqrt 2; logistic: r < pi/sqrt 3; Student-t: r < 0, or r = 0
// and kq < nu (so E f^2 for relu^2, q = 2, needs nu > 4, and exp never has one).
//
// Tails. tail_bound() bounds int_{|u| >= U} |f(beta + gamma e(u))|^k W(u) du from f's
// growth bound |f(x)| <= M (1 + |x|)^p e^{c|x|} (numerics/gaussian_tail_bound.hpp); the
// formula of each law is in its file (numerics/score_distributions/).
#pragma once

#include <acb.h>
#include <boost/random/mersenne_twister.hpp>
#include <ginac/ginac.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "numerics/ball.hpp"
#include "numerics/gaussian_tail_bound.hpp"
#include "numerics/precision.hpp"
#include "proofs/derivation_certificate.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/piecewise.hpp"

namespace attnverify::num {

/// Whether a moment exists at a point: proved, disproved (it diverges) or undecided (a
/// rate within rounding of the law's limit, or a growth known only as an upper bound).
enum class MomentExistence { Exists, Diverges, Undecided };

class ScoreDistribution {
 public:
  virtual ~ScoreDistribution() = default;

  /// The spec's name: "normal", "laplace", "uniform", "logistic", "student_t".
  virtual std::string name() const = 0;
  /// The law with its parameter for messages, e.g. "Student-t (nu = 5)".
  virtual std::string title() const = 0;
  /// The law of eps in LaTeX math, e.g. "\\mathcal N(0,1)"; the report's wording.
  virtual std::string latex() const = 0;
  /// Its density in LaTeX math, for the report ("p(z) = ...").
  virtual std::string density_latex() const = 0;

  /// The support of u: [-s, s], or nullopt for the whole line.
  virtual std::optional<long> support() const { return std::nullopt; }
  /// The exact half-width of eps's support, s * eps_scale ([-sqrt3, sqrt3]: sqrt(3)), or
  /// nullopt for the whole line; where S is 0/0 as a region (src/kinds/kernel/kernel_route.hpp).
  virtual std::optional<GiNaC::ex> support_radius() const { return std::nullopt; }
  /// Points of u where W is not analytic (Laplace: 0), exact small integers.
  virtual std::vector<long> breakpoints() const { return {}; }
  /// The quadrature's half-lines reach L times the exp-exp rule's s_max = 64 (1 for the
  /// Gaussian; 4 for a law whose weight decays like e^{-|u|}, which is 1e-111 at 256).
  virtual unsigned long half_line_scale() const { return 4; }
  /// |u| beyond which W(u) < 1e-348: a non-finite g W there is taken as 0.
  virtual double negligible_beyond() const = 0;

  /// W(u) = weight_scale w(u) and e(u) = eps_scale psi(u): the constants at Real's current
  /// precision (a route computes them once), and the shapes w, psi and psi^-1.
  virtual void scales(Real& weight_scale, Real& eps_scale) const = 0;
  virtual void weight_shape(Real& out, const Real& u) const = 0;
  virtual void eps_shape(Real& out, const Real& u) const { out = u; }
  virtual void eps_shape_inverse(Real& out, const Real& v) const { out = v; }
  /// log W(u) in double (-inf outside the support), to place a split at the peak.
  virtual double log_weight(double u) const = 0;

  /// e(u) and W(u) in complex ball arithmetic on the segment between consecutive
  /// breakpoints numbered `side` (0 left of the first breakpoint); with `analytic` set,
  /// an indeterminate result where the function is not analytic (acb_calc_integrate's
  /// convention).
  virtual void eps(acb_t out, const acb_t u, slong prec) const = 0;
  virtual void weight(acb_t out, const acb_t u, int side, bool analytic, slong prec) const = 0;
  /// Enclosures on a real ball: W over every point of u; u of every point of eps.
  virtual void weight(Ball& out, const Ball& u, slong bits) const = 0;
  virtual void u_of_eps(Ball& out, const Ball& eps, slong bits) const = 0;

  /// An upper bound (the ball's upper end) of int_{|u| >= U} |f(beta + gamma e(u))|^k W(u) du
  /// for U >= 1, from f's growth bound; nullopt when that bound does not make the tail finite.
  virtual std::optional<Ball> tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma,
                                         const Ball& U, slong bits) const = 0;

  /// The limits of the header's existence rule: r < rate_limit, or r = rate_limit and the
  /// power < power_limit. nullopt rate_limit: every rate (normal, uniform).
  virtual std::optional<GiNaC::ex> rate_limit() const = 0;
  virtual GiNaC::ex power_limit() const { return 0; }

  /// One draw of eps (the sampled route draws scores beta + gamma eps directly).
  virtual double draw(boost::random::mt19937_64& generator) const = 0;

  /// The symbolic expectation E[g(beta + gamma eps)] of a piecewise exp-polynomial g in x
  /// (proofs/piecewise.hpp), where it exists: normal proofs/gaussian_expectation.hpp, Laplace
  /// proofs/laplace_expectation.hpp, uniform proofs/uniform_expectation.hpp. Throws
  /// sym::NotInClass with the reason when the law has no closed form in the engine's class
  /// (logistic, Student-t: their expectations of x^m e^{a x} are polygamma and
  /// hypergeometric functions, outside it).
  virtual GiNaC::ex expectation(const sym::Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                                const GiNaC::ex& gamma) const = 0;

  /// A certificate that m(beta, gamma) = E[g(beta + gamma eps)] for g in x as the spec wrote
  /// it (|f|, f^2), checked independently of the derivation (docs/proofs.md): normal
  /// proofs/heat_equation_certificate.hpp, Laplace proofs/laplace_certificate.hpp, uniform
  /// proofs/uniform_certificate.hpp. The default is method "none" with the reason: a law with
  /// a closed form but no certificate has its forms checked at points only. Never throws.
  virtual sym::DerivationCertificate certify_expectation(const GiNaC::ex& m, const GiNaC::ex& g) const;

  bool is_normal() const { return name() == "normal"; }
};

/// The sign of an exact real constant: -1, 0 (proved zero by GiNaC's normal form) or 1 (from
/// a 40-digit evaluation that is at least 1e-30 away from 0); nullopt when undecided.
std::optional<int> exact_sign(const GiNaC::ex& e);

/// Exact growth of |f(x)| at one end, |f| ~ C |x|^power e^{rate |x|} as |x| -> inf on that
/// side (rate may be negative: decay); `zero` when f is 0 near that end.
struct EndGrowth {
  bool zero = false;
  GiNaC::ex rate = 0;
  GiNaC::ex power = 0;
};

/// The exact growth of f at -inf and +inf when f is in the piecewise exp-polynomial class
/// (proofs/piecewise.hpp: the dominant term of the outer pieces, after like terms are
/// summed); nullopt outside it.
std::optional<std::pair<EndGrowth, EndGrowth>> end_growth(const GiNaC::ex& f, const GiNaC::symbol& x);

/// Whether E|f(beta + gamma eps)|^k exists under `law`, from the exact growth of f at both
/// ends (proofs: the piecewise class) at gamma > 0.
MomentExistence moment_exists(const ScoreDistribution& law, const EndGrowth& left, const EndGrowth& right,
                              unsigned k, const GiNaC::numeric& gamma);

/// The same from a growth bound only (f outside the piecewise class): Exists when the
/// bound proves it, Undecided otherwise (a bound cannot show divergence).
MomentExistence moment_exists(const ScoreDistribution& law, const GrowthBound& g, unsigned k, const Ball& gamma);

/// The law's symbolic expectation as the derivation engine takes it (proofs/kernel_derivation.hpp);
/// the function keeps the law alive.
sym::PiecewiseExpectation symbolic_expectation(std::shared_ptr<const ScoreDistribution> law);

/// The standard normal law (the default of a kernel spec).
std::shared_ptr<const ScoreDistribution> normal_distribution();

/// The laws a kernel spec may name (`distribution = "..."`), each made from the spec's
/// optional parameter nu. A new law is one file in numerics/score_distributions/ and one
/// line in standard_score_distributions() (numerics/score_distribution.cpp); a test may
/// build its own registry with a throwaway law (tests/score_distribution_test.cpp).
class ScoreDistributionRegistry {
 public:
  /// Makes the law from nu (nullopt when the spec gives none); throws std::invalid_argument
  /// with the reason for a bad or missing parameter.
  using Factory = std::function<std::shared_ptr<const ScoreDistribution>(const std::optional<GiNaC::numeric>& nu)>;
  void add(const std::string& name, bool takes_nu, Factory factory);
  /// nullptr for an unknown name; throws std::invalid_argument for a bad parameter.
  std::shared_ptr<const ScoreDistribution> make(const std::string& name,
                                                const std::optional<GiNaC::numeric>& nu) const;
  bool takes_nu(const std::string& name) const;
  std::vector<std::string> names() const;

 private:
  struct Entry {
    std::string name;
    bool takes_nu;
    Factory factory;
  };
  std::vector<Entry> entries_;
};

/// normal, laplace, uniform, logistic, student_t.
const ScoreDistributionRegistry& standard_score_distributions();

}  // namespace attnverify::num
