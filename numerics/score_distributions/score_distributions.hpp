// The score laws of the standard registry (numerics/score_distribution.hpp), one file
// each, and the tail bound they share.
#pragma once

#include <memory>
#include <optional>

#include "numerics/score_distribution.hpp"

namespace attnverify::num {

std::shared_ptr<const ScoreDistribution> laplace_distribution();
std::shared_ptr<const ScoreDistribution> uniform_distribution();
std::shared_ptr<const ScoreDistribution> logistic_distribution();
/// Throws std::invalid_argument unless nu > 2 (the variance of t_nu is nu/(nu-2)).
std::shared_ptr<const ScoreDistribution> student_t_distribution(const GiNaC::numeric& nu);

/// The tail bound of a law with W(u) <= A e^{-|u|} and e(u) = s u (Laplace, logistic):
/// for |u| >= U >= 1, 1 + |beta + gamma s u| <= (1 + |beta| + gamma s)|u|, so
///   |f|^k W <= A K |u|^n e^{-mu |u|},  K = M^k (1 + |beta| + gamma s)^n e^{k c |beta|},
///   n = k p, mu = 1 - k c gamma s,
/// and int_U^inf u^n e^{-mu u} du <= U^n e^{-mu U} / (mu - n/U) when mu > n/U (the
/// exponent's derivative is at most -(mu - n/U) beyond U). Both tails: twice that.
/// nullopt when mu <= 0 (the bound does not decay); an infinite ball when mu <= n/U.
std::optional<Ball> exponential_tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma,
                                           const Ball& U, const Ball& A, const Ball& s, slong bits);

}  // namespace attnverify::num
