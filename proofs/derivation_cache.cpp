#include "proofs/derivation_cache.hpp"

#include <map>
#include <utility>

namespace attnverify::sym {

namespace {

// (law, f) in the order of the law's name, then GiNaC's order of f
struct LawAndExpressionLess {
  bool operator()(const std::pair<std::string, GiNaC::ex>& a, const std::pair<std::string, GiNaC::ex>& b) const {
    return a.first != b.first ? a.first < b.first : GiNaC::ex_is_less()(a.second, b.second);
  }
};

template <typename Key, typename Result, typename Less, typename Derive>
const Result& memo(std::map<Key, Result, Less>& cache, const Key& key, Derive derive) {
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, derive(key)).first;
  return it->second;
}

}  // namespace

const KernelDerivation& cached_kernel_derivation(const GiNaC::ex& f) {
  static std::map<GiNaC::ex, KernelDerivation, GiNaC::ex_is_less> cache;
  return memo(cache, f, [](const GiNaC::ex& e) { return derive_kernel(e); });
}

const KernelDerivation& cached_kernel_derivation(const GiNaC::ex& f, const std::string& law,
                                                 const PiecewiseExpectation& expectation) {
  static std::map<std::pair<std::string, GiNaC::ex>, KernelDerivation, LawAndExpressionLess> cache;
  return memo(cache, std::pair<std::string, GiNaC::ex>{law, f},
              [&](const auto& key) { return derive_kernel(key.second, expectation); });
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
