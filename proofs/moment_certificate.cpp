#include "proofs/moment_certificate.hpp"

#include "proofs/equivalence.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/polynomial_sign.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"

#include <functional>
#include <vector>

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// g as a polynomial in x: itself, or |p| for p of one sign on the real line (Sturm)
std::optional<ex> as_polynomial(const ex& g, const symbol& x) {
  const ex e = g.expand();
  if (e.is_polynomial(x)) return e;
  if (is_ex_the_function(g, abs) && g.op(0).is_polynomial(x)) {
    const ex p = g.op(0).expand();
    const LineSign s = polynomial_sign_on_real_line(p, x);
    if (s == LineSign::Positive || s == LineSign::Nonnegative) return p;
    if (s == LineSign::Negative || s == LineSign::Nonpositive) return -p;
  }
  return std::nullopt;
}

DerivationCertificate certify_from_moments(const ex& m, const ex& g, const std::string& method,
                                           const std::function<std::vector<ex>(int degree)>& moments,
                                           const std::string& moments_how) {
  try {
    const auto& s = symbols();
    const symbol& x = s.x;
    const std::optional<ex> p = as_polynomial(g, x);
    if (!p)
      return DerivationCertificate::none(to_text(g) +
                                         " is not a polynomial (nor |p| of a polynomial of one sign): only "
                                         "polynomial expectations are certified from the moments");
    const int degree = p->degree(x);
    const std::vector<ex> mu = moments(degree);
    if (static_cast<int>(mu.size()) <= degree) {
      DerivationCertificate c;
      c.method = method;
      c.reason = "E eps^" + std::to_string(mu.size()) + " does not exist, so E of " + to_text(*p) + " does not";
      return c;
    }
    ex taylor = 0, derivative = *p;
    for (int j = 0; j <= degree; ++j) {
      taylor += derivative.subs(x == s.beta) * pow(s.gamma, j) * mu[j] / factorial(j);
      derivative = derivative.diff(x);
    }
    DerivationCertificate c;
    c.method = method;
    if (!(m - taylor).expand().is_zero()) {
      c.reason = "the form differs from Taylor's formula with the moments " + moments_how;
      return c;
    }
    c.verified = true;
    c.steps.push_back("E " + to_text(*p) + " (beta + gamma eps) is Taylor's formula sum_j p^(j)(beta) gamma^j E eps^j / j! "
                      "with the moments " + moments_how + " (to j = " + std::to_string(degree) + ")");
    return c;
  } catch (const std::exception& err) {
    return DerivationCertificate::none(std::string("the certificate failed: ") + err.what());
  }
}

// E g(X) under logistic scores for g constant or linear on each piece of an interval
// subdivision (step(x), |x|, |x - a|): X = beta + gamma eps has the logistic law with location beta
// and scale s = sqrt3 gamma/pi, cdf F(x) = 1/(1 + e^-u) and density p(x) = e^-u/(s (1 + e^-u)^2),
// u = (x - beta)/s. On a piece c + d x over (a, b) the expectation is A(b) - A(a) with
// A(x) = c F(x) + d (x F(x) - s log(1 + e^u)), whose derivative is checked to be (c + d x) p(x)
// by the zero test; at the infinite ends A(inf) = c + d beta and A(-inf) = 0 (F -> 1 and 0;
// x F - s log(1 + e^u) = beta F + s (u F - log(1 + e^u)), and u F - log(1 + e^u) = -u e^-u/(1 + e^-u)
// - log(1 + e^-u) -> 0 as u -> inf, while u F -> 0 and log(1 + e^u) -> 0 as u -> -inf).
DerivationCertificate certify_logistic_pieces(const ex& m, const ex& g) {
  try {
    const auto& sy = symbols();
    const symbol& x = sy.x;
    const Piecewise pieces = split_into_pieces(g, x);
    const ex s = sqrt(ex(3)) * sy.gamma / Pi;
    const ex u = (x - sy.beta) / s;
    const ex F = 1 / (1 + exp(-u));
    const ex density = exp(-u) / (s * pow(1 + exp(-u), 2));
    ex total = 0;
    for (const Piece& piece : pieces.pieces) {
      const ex e = piece.expr.expand();
      if (!e.is_polynomial(x) || e.degree(x) > 1)
        return DerivationCertificate::none("the piece " + to_text(e) +
                                           " is not constant or linear in x: only such pieces on intervals are "
                                           "certified under logistic scores");
      const ex c = e.coeff(x, 0), d = e.coeff(x, 1);
      const ex A = c * F + d * (x * F - s * log(1 + exp(u)));
      if (!is_identically_zero(A.diff(x) - e * density))
        return DerivationCertificate::none("the antiderivative of " + to_text(e) +
                                           " times the logistic density is not shown by the zero test");
      const ex upper = piece.where.upper ? A.subs(x == *piece.where.upper) : c + d * sy.beta;
      const ex lower = piece.where.lower ? A.subs(x == *piece.where.lower) : ex(0);
      total += upper - lower;
    }
    DerivationCertificate c;
    c.method = "antiderivatives";
    if (!is_identically_zero(m - total)) {
      c.reason = "the form differs from the sum over the pieces of the antiderivatives of (c + d x) times the "
                 "logistic density";
      return c;
    }
    c.verified = true;
    c.steps.push_back("on each of the " + std::to_string(pieces.pieces.size()) + " pieces of " + to_text(g) +
                      ", c + d x, A(x) = c F(x) + d (x F(x) - s log(1 + e^u)) with F the logistic cdf, s = "
                      "sqrt3 gamma/pi, u = (x - beta)/s, has A' = (c + d x) times the logistic density "
                      "(zero test)");
    c.steps.push_back("A(inf) = c + d beta and A(-inf) = 0 (F -> 1, 0 and u F - log(1 + e^u) -> 0 at both "
                      "ends), and the sum of A over the pieces' ends is the form (zero test)");
    return c;
  } catch (const std::exception& err) {
    return DerivationCertificate::none(std::string("the certificate failed: ") + err.what());
  }
}

}  // namespace

DerivationCertificate certify_logistic_expectation(const ex& m, const ex& g) {
  if (!as_polynomial(g, symbols().x)) return certify_logistic_pieces(m, g);
  return certify_from_moments(
      m, g, "moments",
      [](int degree) {
        const symbol t("t");
        // E e^{t eps} = sqrt3 t / sin(sqrt3 t): its Taylor coefficients times j!
        const ex mgf = series(sqrt(ex(3)) * t / sin(sqrt(ex(3)) * t), t == 0, degree + 2);
        const ex poly = series_to_poly(mgf).expand();
        std::vector<ex> mu;
        for (int j = 0; j <= degree; ++j) mu.push_back((poly.coeff(t, j) * factorial(j)).expand());
        return mu;
      },
      "from the series of E e^{t eps} = sqrt3 t / sin(sqrt3 t)");
}

DerivationCertificate certify_student_t_expectation(const ex& m, const ex& g, const numeric& nu) {
  return certify_from_moments(
      m, g, "moments",
      [&](int degree) {
        std::vector<ex> mu;
        for (int j = 0; j <= degree && numeric(j) < nu; ++j) {
          if (j == 0) mu.push_back(1);
          else if (j == 1) mu.push_back(0);
          else mu.push_back(numeric(j - 1) * (nu - 2) * mu[j - 2] / (nu - numeric(j)));  // k = j - 1
        }
        return mu;
      },
      "from the Pearson equation (nu + t^2) p' = -(nu + 1) t p of the density, nu = " + to_text(nu));
}

}  // namespace attnverify::sym
