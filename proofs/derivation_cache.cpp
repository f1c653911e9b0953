#include "proofs/derivation_cache.hpp"

#include <map>

namespace attnverify::sym {

namespace {

template <typename Result, typename Derive>
const Result& memo(std::map<GiNaC::ex, Result, GiNaC::ex_is_less>& cache, const GiNaC::ex& key, Derive derive) {
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, derive(key)).first;
  return it->second;
}

}  // namespace

const KernelDerivation& cached_kernel_derivation(const GiNaC::ex& f) {
  static std::map<GiNaC::ex, KernelDerivation, GiNaC::ex_is_less> cache;
  return memo(cache, f, [](const GiNaC::ex& e) { return derive_kernel(e); });
}

const FeatureMoments& cached_feature_moments(const GiNaC::ex& phi) {
  static std::map<GiNaC::ex, FeatureMoments, GiNaC::ex_is_less> cache;
  return memo(cache, phi, [](const GiNaC::ex& e) { return derive_feature_moments(e); });
}

const SequenceDerivation& cached_sequence_derivation(const GiNaC::ex& weight) {
  static std::map<GiNaC::ex, SequenceDerivation, GiNaC::ex_is_less> cache;
  return memo(cache, weight, [](const GiNaC::ex& e) { return derive_sequence(e); });
}

}  // namespace attnverify::sym
