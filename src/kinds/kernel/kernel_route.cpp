#include "src/kinds/kernel/kernel_route.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <cmath>

#include "numerics/boost_quadrature.hpp"
#include "numerics/precision.hpp"
#include "numerics/sign_changes.hpp"

#include "proofs/equivalence.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/printing.hpp"
#include "src/spec/exact_text.hpp"
#include "proofs/scoped_digits.hpp"
#include "proofs/symbols.hpp"

namespace attnverify {

using num::Real;

namespace {
std::vector<GiNaC::numeric> numeric_kinks(const std::vector<GiNaC::ex>& kinks) {
  std::vector<GiNaC::numeric> out;
  for (const auto& k : kinks) {
    GiNaC::ex value = k;
    if (!GiNaC::is_exactly_a<GiNaC::numeric>(value)) {
      // irrational kink (e.g. a root with sqrt): 60 extra digits are ample for a split point
      const sym::ScopedDigits digits(120);
      value = k.evalf();
    }
    out.push_back(GiNaC::ex_to<GiNaC::numeric>(value));
  }
  return out;
}

// Where the engine found no closed form it did not locate the sign changes of f
// either (gelu, silu: at 0): find them numerically over |x| <= 1000, which holds
// every abscissa the grid's quadrature needs for |beta| + 15 gamma <= 1000.
std::vector<GiNaC::numeric> kinks_of_abs(const sym::KernelDerivation& derivation, unsigned digits) {
  std::vector<GiNaC::numeric> kinks = numeric_kinks(derivation.kinks_abs);
  if (derivation.status == sym::KernelDerivation::Status::Derived) return kinks;
  for (const auto& root :
       num::locate_sign_changes(derivation.f, sym::symbols().x, -1000, 1000, 1.0 / 64, num::Precision{digits}.guarded()))
    if (std::none_of(kinks.begin(), kinks.end(),
                     [&](const GiNaC::numeric& k) { return abs(k - root) < GiNaC::numeric(1, 1000000); }))
      kinks.push_back(root);
  std::sort(kinks.begin(), kinks.end(), [](const GiNaC::numeric& a, const GiNaC::numeric& b) { return a < b; });
  return kinks;
}

std::optional<num::DoubleExpression> double_form(const GiNaC::ex& f) {
  try {
    return num::DoubleExpression(f, sym::symbols().x);
  } catch (const num::EvaluationError&) {
    return std::nullopt;  // the peaks are then found at working precision
  }
}

std::vector<GiNaC::numeric> union_of_kinks(const std::vector<GiNaC::numeric>& a, const std::vector<GiNaC::numeric>& b) {
  std::vector<GiNaC::numeric> all = a;
  for (const auto& k : b)
    if (std::none_of(all.begin(), all.end(), [&](const GiNaC::numeric& x) { return x == k; })) all.push_back(k);
  return all;
}

std::vector<Real> to_reals(const std::vector<GiNaC::numeric>& kinks, unsigned digits) {
  num::ScopedPrecision scope(digits);
  std::vector<Real> out;
  for (const auto& k : kinks) out.push_back(num::to_real(k));
  return out;
}

// a positive ball near an MPFR value (the certified route's tolerance only)
num::Ball estimate_ball(const Real& v) {
  num::Ball b;
  arf_set_mpfr(arb_midref(b.get()), v.backend().data());
  return b;
}

// Where no ball is needed (a claim's witness, the sampled route's moments) the main route caps
// each acb_calc_integrate call at this many evaluations of the integrand before it turns to the
// DE rules. Measured at 50 digits (session 17, beta in {-3, 0, 2}, gamma in {0.1, 1, 3, 10, 30}):
// relu^2 and x need 250-600 per call, exp 580-1170 for gamma <= 10 and 3170 at gamma = 30
// (where the DE rules are faster), a sigmoid 530-7100 (complex poles at distance pi/gamma from
// the real line, in z; the DE rules take 550-2200 nodes there, 3-6x less time). The cap keeps the
// waste where Arb loses to about half a DE run. The grid is not capped: its every point is
// certified anyway.
constexpr slong kEstimateEvalLimit = 1500;

// a ball's midpoint at the current default precision
Real midpoint(const num::Ball& b) {
  Real out;
  arf_get_mpfr(out.backend().data(), arb_midref(b.get()), MPFR_RNDN);
  return out;
}

// the fewest digits of relative accuracy the balls certify, capped at `cap` (an exact ball has +inf)
double fewest_accuracy_digits(const std::vector<num::Ball>& balls, double cap) {
  double fewest = cap;
  for (const num::Ball& b : balls) fewest = std::min(fewest, b.relative_accuracy_digits());
  return fewest;
}

}  // namespace

KernelRoute::KernelRoute(const sym::KernelDerivation& derivation, unsigned digits,
                         std::shared_ptr<const num::ScoreDistribution> law)
    : KernelRoute(derivation, digits,
                  union_of_kinks(kinks_of_abs(derivation, digits), numeric_kinks(derivation.kinks_square)),
                  std::move(law)) {}

KernelRoute::KernelRoute(const sym::KernelDerivation& derivation, unsigned digits,
                         const std::vector<GiNaC::numeric>& kinks, std::shared_ptr<const num::ScoreDistribution> law)
    : quadrature_(digits, law),
      f_(derivation.f, sym::symbols().x, num::Precision{digits}.guarded()),
      f_double_(double_form(derivation.f)),
      kinks_(to_reals(kinks, quadrature_.internal_digits())),
      certified_(derivation.f, sym::symbols().x, kinks, digits, law),
      law_(std::move(law)) {
  if (law_->is_normal()) return;  // every moment of a kernel that has a growth bound exists
  growth_ = num::end_growth(derivation.f, sym::symbols().x);
  if (!law_->support()) return;
  // where f vanishes identically (pieces of the class whose expression is 0), for S = 0/0
  try {
    const sym::Piecewise pieces = sym::split_into_pieces(derivation.f, sym::symbols().x);
    for (const sym::Piece& piece : pieces.pieces) {
      // a piece that is 0 however it is written ((sqrt2 sqrt3 - sqrt6) x): the zero test
      if (!piece.expr.is_zero() && !sym::is_identically_zero(piece.expr)) continue;
      const std::optional<GiNaC::ex> lo = piece.where.lower, hi = piece.where.upper;  // empty: infinite
      if (!zero_intervals_.empty() && zero_intervals_.back().second && lo &&
          (*zero_intervals_.back().second - *lo).is_zero())
        zero_intervals_.back().second = hi;
      else
        zero_intervals_.emplace_back(lo, hi);
    }
  } catch (const std::exception&) {
    zero_intervals_known_ = false;
    // outside the class: no interval known where f = 0 (S = 0/0 is then not detected exactly;
    // the certified route still proves E f^2 = 0 where f is proved 0 on every segment)
  }
}

SExistence KernelRoute::moment_existence(unsigned k, const GiNaC::numeric& gamma) const {
  SExistence out;
  if (law_->is_normal()) return out;
  const std::string moment = k == 2 ? "E f(X)^2" : fmt::format("E|f(X)|^{}", k);
  const std::string where = "under " + law_->title() + " scores";
  if (growth_) {
    switch (num::moment_exists(*law_, growth_->first, growth_->second, k, gamma)) {
      case num::MomentExistence::Exists:
        return out;
      case num::MomentExistence::Diverges:
        out.state = SExistence::State::Diverges;
        out.reason = fmt::format("{} diverges {} at gamma = {} (f grows too fast at an end for this law's tail)",
                                 moment, where, exact_text(gamma));
        return out;
      case num::MomentExistence::Undecided:
        out.state = SExistence::State::Undecided;
        out.reason = fmt::format("whether {} exists {} is not decided at gamma = {} (f's growth rate is within "
                                 "rounding of the law's limit)",
                                 moment, where, exact_text(gamma));
        return out;
    }
  }
  if (const auto& g = certified_.growth()) {
    const num::Ball gamma_ball = num::Ball::from_numeric(gamma, 128);
    if (num::moment_exists(*law_, *g, k, gamma_ball) == num::MomentExistence::Exists) return out;
    out.reason = moment + " is not shown to exist " + where +
                 " (f is outside the piecewise class and its growth bound does not prove the moment finite)";
  } else {
    out.reason = moment + " is not shown to exist " + where + " (f has no growth bound)";
  }
  out.state = SExistence::State::Undecided;
  return out;
}

std::string ExistenceRegion::describe() const {
  std::string out;
  if (gamma_below) out = "gamma < " + sym::to_text(*gamma_below);
  for (const GiNaC::ex& e : half_planes) out += (out.empty() ? "" : ", ") + sym::to_text(e) + " > 0";
  return out;
}

ExistenceRegion KernelRoute::existence_region() const {
  ExistenceRegion out;
  out.known = true;
  if (law_->is_normal()) return out;  // every moment of a kernel with a growth bound exists
  const std::string where = "under " + law_->title() + " scores";
  if (const std::optional<GiNaC::ex> limit = law_->rate_limit()) {
    if (!growth_) {
      out.known = false;
      out.reason = "f is outside the piecewise class, so where E f(X)^2 is finite " + where +
                   " is decided point by point only";
      return out;
    }
    if (num::exact_sign(*limit).value_or(0) <= 0) {
      // polynomial tails (Student-t): E f(X)^2 < inf at one gamma iff at every gamma, iff each end
      // of f decays exponentially or grows as |x|^p with 2p below the law's power limit (nu)
      for (const num::EndGrowth* end : {&growth_->first, &growth_->second}) {
        if (end->zero || num::exact_sign(end->rate).value_or(1) < 0) continue;
        if (num::exact_sign(end->rate).value_or(1) == 0 &&
            num::exact_sign(2 * end->power - law_->power_limit()).value_or(0) < 0)
          continue;
        out.known = false;
        out.reason = "the law's tails admit no exponential growth, and f's growth at an end is not shown below "
                     "their power (E f(X)^2 may diverge at every gamma)";
        return out;
      }
      return out;  // the whole domain
    }
    // E f(X)^2 < inf iff 2 r gamma < limit at each end of rate r > 0 (numerics/score_distribution.cpp)
    for (const num::EndGrowth* end : {&growth_->first, &growth_->second}) {
      if (end->zero) continue;
      const std::optional<int> sign = num::exact_sign(end->rate);
      if (!sign) {
        out.known = false;
        out.reason = "the sign of f's growth rate " + sym::to_text(end->rate) + " at an end is not decided";
        return out;
      }
      if (*sign <= 0) continue;
      const GiNaC::ex bound = *limit / (2 * end->rate);
      // at gamma = bound S exists iff 2 power < the law's power limit: then the region is not open
      const std::optional<int> power = num::exact_sign(2 * end->power - law_->power_limit());
      if (!power || *power < 0) {
        out.known = false;
        out.reason = "S exists " + where + " for gamma < " + sym::to_text(bound) +
                     " and, f decaying polynomially there, perhaps at its end too: a region the prover does not take";
        return out;
      }
      if (!out.gamma_below) {
        out.gamma_below = bound;
        continue;
      }
      const std::optional<int> smaller = num::exact_sign(bound - *out.gamma_below);
      if (!smaller) {
        out.known = false;
        out.reason = "which end of f bounds gamma is not decided";
        return out;
      }
      if (*smaller < 0) out.gamma_below = bound;
    }
  }
  if (law_->support()) {
    const std::optional<GiNaC::ex> radius = law_->support_radius();
    if (!zero_intervals_known_ || !radius) {
      out.known = false;
      out.reason = "where f vanishes is not known exactly, so where S = 0/0 " + where + " is decided point by point";
      return out;
    }
    const auto& s = sym::symbols();
    for (const auto& [lo, hi] : zero_intervals_) {
      if (!lo && hi) {
        out.half_planes.push_back(s.beta + *radius * s.gamma - *hi);  // support reaches beyond hi
      } else if (lo && !hi) {
        out.half_planes.push_back(*lo - s.beta + *radius * s.gamma);  // support reaches below lo
      } else {
        out.known = false;
        out.reason = "f = 0 on a bounded interval, so S = 0/0 " + where +
                     " on a triangle of (beta, gamma), a region the prover does not take";
        return out;
      }
    }
  }
  return out;
}

SExistence KernelRoute::existence(const GridPoint& point) const {
  SExistence out = moment_existence(2, point[1]);
  if (out.state != SExistence::State::Exists) {
    if (out.state == SExistence::State::Diverges) out.reason += ", so S does not exist";
    return out;
  }
  const GiNaC::numeric& beta = point[0];
  const GiNaC::numeric& gamma = point[1];
  const std::string where = "under " + law_->title() + " scores";
  if (const std::optional<long> s = law_->support()) {
    // X = beta + gamma eps_scale u, |u| <= s: f = 0 on all of it gives E f^2 = 0
    num::ScopedPrecision scope(quadrature_.internal_digits());
    num::Real weight_scale, eps_scale;
    law_->scales(weight_scale, eps_scale);
    const GiNaC::ex half_width =
        GiNaC::ex(gamma) * (*s) * GiNaC::ex(GiNaC::numeric(num::to_decimal(eps_scale, 60).c_str()));
    for (const auto& [lo, hi] : zero_intervals_) {
      // (1 - 1e-40) margins: a support touching an interval end within rounding is not counted
      const GiNaC::ex left = beta - half_width, right = beta + half_width;
      // an infinite end holds every finite point (beta = -1e300 too)
      if ((!lo || num::exact_sign(left - *lo).value_or(0) > 0) && (!hi || num::exact_sign(*hi - right).value_or(0) > 0)) {
        out.state = SExistence::State::ZeroOverZero;
        out.reason = "f = 0 on the whole support of X " + where +
                     ", so E|f(X)| = E f(X)^2 = 0 and S = 0/0 is undefined";
        return out;
      }
    }
  }
  return out;
}

NumericS KernelRoute::boost_witness(const GridPoint& point) const {
  num::ScopedPrecision scope(quadrature_.internal_digits());
  NumericS out;
  if (!law_->is_normal()) {
    out.failure = "no Boost.Math witness under " + law_->title() + " scores (numerics/boost_quadrature.hpp is Gaussian)";
    return out;
  }
  const Real beta = num::to_real(point[0]), gamma = num::to_real(point[1]);
  const auto f = [&](const Real& v) {
    return f_.evaluate_unchecked(v);
  };
  const unsigned digits = quadrature_.working_digits();
  const num::BoostExpectation a =
      num::boost_gaussian_expectation([&](const Real& v) { return Real(abs(f(v))); }, beta, gamma, kinks_, digits);
  const num::BoostExpectation b =
      num::boost_gaussian_expectation([&](const Real& v) { return Real(f(v) * f(v)); }, beta, gamma, kinks_, digits);
  if (!a.ok || !b.ok || b.value <= 0) {
    out.failure = !a.ok ? a.failure : !b.ok ? b.failure : "E f(X)^2 is not positive";
    return out;
  }
  out.ok = true;
  out.mean_abs = a.value;
  out.mean_square = b.value;
  out.S = a.value / sqrt(b.value);
  const double cap = quadrature_.internal_digits();
  const auto rel = [cap](const num::BoostExpectation& e) {
    return e.error == 0 ? std::pow(10.0, -cap) : static_cast<double>(abs(e.error / e.value));
  };
  out.error_digits = std::min(cap, -std::log10(rel(a) + 0.5 * rel(b)));
  return out;
}

CertifiedS KernelRoute::certify(const GridPoint& point, const NumericS& estimate) const {
  if (estimate.certified) return *estimate.certified;
  const slong bits = certified_.bits();
  return certify_at(num::Ball::from_numeric(point[0], bits), num::Ball::from_numeric(point[1], bits), estimate);
}

CertifiedS KernelRoute::certify_at(const num::Ball& beta, const num::Ball& gamma, const NumericS& estimate,
                                   slong eval_limit) const {
  CertifiedS out;
  std::vector<num::Ball> rough;
  if (estimate.ok) {
    rough = {estimate_ball(estimate.mean_abs), estimate_ball(estimate.mean_square)};
  } else if (auto own = certified_.rough_moments(beta, gamma)) {
    rough = std::move(*own);  // no other route's values: the certified route's own rough ones
  } else {
    out.failure = certified_.growth()
                      ? "no rough value of the moments to set the tolerance (f vanishes wherever the rough grid looked)"
                      : "no bound on the tails of f (no rule for " + certified_.growth_failure() + ")";
    if (!estimate.failure.empty()) out.failure += "; the quadrature route failed: " + estimate.failure;
    return out;
  }
  const num::CertifiedMoments m = certified_(beta, gamma, rough, eval_limit);
  out.failure = m.failure;
  if (!m.ok) return out;
  if (m.mean_square().is_zero()) {
    out.failure = "E f(X)^2 = 0 (f is proved 0 wherever X has mass): S = 0/0 is undefined";
    return out;
  }
  out.ok = true;
  out.mean_abs = m.mean_abs();
  out.mean_square = m.mean_square();
  const slong bits = certified_.bits();
  arb_rsqrt(out.S.get(), m.mean_square().get(), bits);
  arb_mul(out.S.get(), out.S.get(), m.mean_abs().get(), bits);
  return out;
}

NumericS KernelRoute::main_route(const Real& beta, const Real& gamma, const num::Ball& beta_ball,
                                 const num::Ball& gamma_ball, bool certify_fallback) const {
  const CertifiedS own = certify_at(beta_ball, gamma_ball, NumericS{}, certify_fallback ? 0 : kEstimateEvalLimit);
  const double cap = quadrature_.internal_digits();
  if (own.ok) {
    const double accuracy = fewest_accuracy_digits({own.S, own.mean_abs, own.mean_square}, cap);
    if (accuracy >= num::Precision{quadrature_.working_digits()}.required()) {
      NumericS out;
      out.ok = true;
      out.source = NumericS::Source::Arb;
      out.mean_abs = midpoint(own.mean_abs);
      out.mean_square = midpoint(own.mean_square);
      out.S = midpoint(own.S);
      out.error_digits = accuracy;
      out.certified = own;
      return out;
    }
  }
  // Arb cannot serve here: the double-exponential rules, and (for the grid) Arb once more,
  // uncapped, with their values as its tolerance (which helps where its own rough moments
  // were far off)
  NumericS out = evaluate(beta, gamma);
  if (!certify_fallback) return out;
  CertifiedS again = out.ok ? certify_at(beta_ball, gamma_ball, out) : CertifiedS{};
  out.certified = again.ok || !own.ok ? std::move(again) : own;
  if (!out.certified->ok && out.certified->failure.empty()) out.certified->failure = own.failure;
  return out;
}

NumericS KernelRoute::at_point(const GridPoint& point, Rules rules) const {
  const SExistence exists = existence(point);
  if (exists.state != SExistence::State::Exists) {
    NumericS out;
    out.failure = exists.reason;
    return out;
  }
  num::ScopedPrecision scope(quadrature_.internal_digits());
  const Real beta = num::to_real(point[0]), gamma = num::to_real(point[1]);
  if (rules == Rules::DoubleExponential) return evaluate(beta, gamma);
  const slong bits = certified_.bits();
  return main_route(beta, gamma, num::Ball::from_numeric(point[0], bits), num::Ball::from_numeric(point[1], bits),
                    rules == Rules::MainCertified);
}

NumericS KernelRoute::operator()(const GridPoint& point) const { return at_point(point, Rules::Main); }

NumericS KernelRoute::double_exponential(const GridPoint& point) const {
  return at_point(point, Rules::DoubleExponential);
}

NumericS KernelRoute::certified(const GridPoint& point) const { return at_point(point, Rules::MainCertified); }

std::vector<NumericS> KernelRoute::evaluate_grid(const std::vector<GridPoint>& grid, unsigned threads,
                                                 Rules rules,
                                                 const std::function<void(std::size_t)>& points_done) const {
  const bool certified = rules != Rules::DoubleExponential;
  num::ScopedPrecision scope(quadrature_.internal_digits());  // set once, before the threads start
  std::vector<std::pair<Real, Real>> points;
  std::vector<std::pair<num::Ball, num::Ball>> balls;  // the exact point, for the certified route
  for (const GridPoint& p : grid) {
    points.emplace_back(num::to_real(p[0]), num::to_real(p[1]));
    if (certified)
      balls.emplace_back(num::Ball::from_numeric(p[0], certified_.bits()),
                         num::Ball::from_numeric(p[1], certified_.bits()));
  }
  // no more threads (each with its copy of the route) than grid points
  const int count = std::max(1, std::min(threads > 0 ? static_cast<int>(threads) : omp_get_max_threads(),
                                         static_cast<int>(std::min<std::size_t>(grid.size(), 1u << 20))));
  const std::vector<KernelRoute> copies(static_cast<std::size_t>(count),
                                        *this);  // GiNaC copied here, not in the threads
  std::vector<NumericS> out(grid.size());
  std::atomic<std::size_t> done{0};
  std::atomic<bool> stop{false};
  std::exception_ptr stopped_by;  // what points_done threw (master thread only)
#pragma omp parallel num_threads(count)
  {
    const KernelRoute& route = copies[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 1)
    for (long k = 0; k < static_cast<long>(points.size()); ++k) {
      if (stop.load(std::memory_order_relaxed)) continue;  // an interrupt: the other points are not wanted
      const auto& [beta, gamma] = points[static_cast<std::size_t>(k)];
      NumericS& r = out[static_cast<std::size_t>(k)];
      if (certified) {
        const auto& [beta_ball, gamma_ball] = balls[static_cast<std::size_t>(k)];
        r = route.main_route(beta, gamma, beta_ball, gamma_ball, true);
      } else {
        r = route.evaluate(beta, gamma);
      }
      const std::size_t finished = done.fetch_add(1) + 1;
      if (points_done && omp_get_thread_num() == 0) try {
          points_done(finished);
        } catch (...) {
          stopped_by = std::current_exception();
          stop = true;
        }
    }
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);    // this thread's constant caches (log 2, pi): nothing left at exit
    if (certified) num::release_ball_caches();  // and Arb's
  }
  if (stopped_by) std::rethrow_exception(stopped_by);
  return out;
}

NumericS KernelRoute::evaluate(const Real& beta, const Real& gamma) const {
  num::ScopedPrecision scope(quadrature_.internal_digits());
  NumericS out;
  try {
    // g_0 = |f| and g_1 = f^2 from one evaluation of f
    const num::IntegrandFamily family = [&](const Real& v, Real* values) {
      values[1] = f_.evaluate_unchecked(v);
      mpfr_abs(values[0].backend().data(), values[1].backend().data(), MPFR_RNDN);
      mpfr_sqr(values[1].backend().data(), values[1].backend().data(), MPFR_RNDN);
    };
    num::LogMagnitudes log_abs;
    if (f_double_) {
      log_abs = [this](double v, double* logs) {
        logs[0] = std::log(std::abs((*f_double_)(v)));
        logs[1] = 2 * logs[0];
      };
    }
    const std::vector<num::QuadratureResult> r = quadrature_.expectations(family, 2, beta, gamma, kinks_, log_abs);
    const num::QuadratureResult &a = r[0], &b = r[1];
    out.evaluations = a.evaluations;
    if (!a.ok || !b.ok) {
      out.failure = "quadrature failed: " + (a.ok ? b.failure : a.failure);
      return out;
    }
    if (b.value <= 0) {
      // f is not 0 everywhere (refused at load), but it may be 0 on the whole support of a bounded
      // law in a form the engine did not see as 0: then S = 0/0 (not shown here), else an underflow
      out.failure = b.value == 0 ? "E f(X)^2 is 0 wherever the quadrature looked: either f is 0 on the whole "
                                   "support of X (S = 0/0, which attnverify could not show) or the integrand is below "
                                   "MPFR's smallest number (about 10^(-1.4e18))"
                                 : "E f(X)^2 is not positive at this point";
      return out;
    }
    out.mean_abs = a.value;
    out.mean_square = b.value;
    out.S = a.value / sqrt(b.value);
    // relative error of S <= rel(E|f|) + rel(E f^2)/2
    const double cap = quadrature_.internal_digits();
    const double ea = a.relative_error_digits(cap), eb = b.relative_error_digits(cap);
    out.error_digits = -std::log10(std::pow(10.0, -ea) + 0.5 * std::pow(10.0, -eb));
    out.ok = true;
  } catch (const std::exception& err) {
    out.ok = false;
    out.failure = err.what();
  }
  return out;
}

AbsoluteMoments KernelRoute::absolute_moments(const GridPoint& point, unsigned highest, Rules rules) const {
  AbsoluteMoments out;
  if (const SExistence e = moment_existence(highest, point[1]); e.state != SExistence::State::Exists) {
    out.failure = e.reason;
    return out;
  }
  num::ScopedPrecision scope(quadrature_.internal_digits());
  if (rules == Rules::Main) {
    // the certified route first: every moment's ball at least P - 5 digits narrow
    const slong bits = certified_.bits();
    const num::Ball beta = num::Ball::from_numeric(point[0], bits), gamma = num::Ball::from_numeric(point[1], bits);
    if (const auto rough = certified_.rough_moments(beta, gamma, highest)) {
      const num::CertifiedMoments c = certified_(beta, gamma, *rough, kEstimateEvalLimit);
      if (c.ok && fewest_accuracy_digits(c.absolute, quadrature_.internal_digits()) >=
                      num::Precision{quadrature_.working_digits()}.required()) {
        out.ok = true;
        out.source = NumericS::Source::Arb;
        out.m.assign(1, Real(1));
        for (const num::Ball& b : c.absolute) out.m.push_back(midpoint(b));
        return out;
      }
    }
  }
  try {
    const Real beta = num::to_real(point[0]), gamma = num::to_real(point[1]);
    const num::IntegrandFamily family = [&](const Real& v, Real* values) {
      values[0] = abs(f_.evaluate_unchecked(v));
      for (unsigned k = 1; k < highest; ++k) values[k] = values[k - 1] * values[0];
    };
    num::LogMagnitudes log_abs;
    if (f_double_) {
      log_abs = [this, highest](double v, double* logs) {
        const double log_f = std::log(std::abs((*f_double_)(v)));
        for (unsigned k = 0; k < highest; ++k) logs[k] = (k + 1) * log_f;
      };
    }
    const std::vector<num::QuadratureResult> r = quadrature_.expectations(family, highest, beta, gamma, kinks_, log_abs);
    out.m.assign(1, Real(1));
    for (unsigned k = 0; k < highest; ++k) {
      if (!r[k].ok) {
        out.failure = fmt::format("E|f(X)|^{} by quadrature failed: {}", k + 1, r[k].failure);
        out.m.clear();
        return out;
      }
      out.m.push_back(r[k].value);
    }
    out.ok = true;
  } catch (const std::exception& err) {
    out.failure = err.what();
    out.m.clear();
  }
  return out;
}

}  // namespace attnverify
