// A throwaway variant kind that exists only to show how a kind is added
// (docs/architecture.md, "Adding a variant kind"): this folder and one registration line
// in tests/kind_registry_test.cpp, nothing else. Its attention has n equal weights
// a_i = c (c != 0, [variant] c), so S_n = |c| / sqrt(c^2) = 1 for every n; claims are in
// n, and the grid is [grid] n = [...].
#pragma once

#include <ginac/ginac.h>

#include <memory>

#include "src/spec/kind.hpp"
#include "src/spec/spec.hpp"

namespace attnverify::testing {

/// The throwaway kind's own spec data (Spec::kind_data): the common weight c, read from
/// [variant] c; what docs/architecture.md's "Adding a variant kind" asks of a kind's data.
struct UniformData final : KindData {
  GiNaC::numeric c;
};

std::shared_ptr<const Kind> uniform_kind();

}  // namespace attnverify::testing
