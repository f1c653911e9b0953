// A throwaway score law for tests/score_distribution_test.cpp: the symmetric triangular law
// with variance 1, density (a - |z|)/a^2 on [-a, a], a = sqrt 6. Not in the standard registry.
#pragma once

#include <memory>

#include "numerics/score_distribution.hpp"

namespace attnverify::testing {

std::shared_ptr<const num::ScoreDistribution> triangular_distribution();

}  // namespace attnverify::testing
