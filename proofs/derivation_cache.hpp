// Each derivation once per process: a spec's kernel (feature map, sequence) is derived once
// and the result is reused by every check of that spec (grid, claims, claim points,
// properties) and by any other spec with the same definition (exp.toml and
// linear-exp.toml share exp(x)). Keyed by the expression itself (GiNaC::ex_is_less),
// not its text. Not thread-safe: derivations run outside parallel code (GiNaC's
// reference counts are not thread-safe anyway).
#pragma once

#include <ginac/ginac.h>

#include <string>

#include "proofs/feature_moments.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/sequence_derivation.hpp"

namespace attnverify::sym {

/// derive_kernel(f), computed on the first call for f; the reference stays valid for the process.
const KernelDerivation& cached_kernel_derivation(const GiNaC::ex& f);

/// derive_kernel(f, expectation), once per (law, f): `law` names the law whose expectation
/// `expectation` is (the kernel kind passes its score law's title and expectation).
const KernelDerivation& cached_kernel_derivation(const GiNaC::ex& f, const std::string& law,
                                                 const PiecewiseExpectation& expectation);

/// derive_feature_moments(phi), computed on the first call for phi.
const FeatureMoments& cached_feature_moments(const GiNaC::ex& phi);

/// derive_sequence(weight), computed on the first call for the weight a_i.
const SequenceDerivation& cached_sequence_derivation(const GiNaC::ex& weight);

}  // namespace attnverify::sym
