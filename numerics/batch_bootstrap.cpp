#include "numerics/batch_bootstrap.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include <algorithm>
#include <cmath>

namespace attnverify::num {

BootstrapResult bootstrap_sparsity(const std::vector<BatchSums>& batches, std::size_t replicates, std::uint64_t seed) {
  BootstrapResult out;
  out.replicates = replicates;
  // merge consecutive batches into at most kMaxBootstrapUnits units
  const std::size_t per_unit = (batches.size() + kMaxBootstrapUnits - 1) / kMaxBootstrapUnits;
  std::vector<BatchSums> units;
  for (std::size_t k = 0; k < batches.size(); ++k) {
    if (k % std::max<std::size_t>(per_unit, 1) == 0) units.emplace_back();
    units.back().sum_u += batches[k].sum_u;
    units.back().sum_v += batches[k].sum_v;
    units.back().count += batches[k].count;
  }
  out.units = units.size();
  if (units.size() < 2 || replicates < 2) return out;
  boost::random::mt19937_64 generator(seed);
  boost::random::uniform_int_distribution<std::size_t> pick(0, units.size() - 1);
  std::vector<double> S;
  S.reserve(replicates);
  std::vector<std::size_t> picked(units.size());
  for (std::size_t b = 0; b < replicates; ++b) {
    // a replicate's picks first, then its sums in pick order: the same numbers as summing while
    // picking, in half the time (the loads of the picked units no longer wait on the generator)
    for (std::size_t& k : picked) k = pick(generator);
    long double su = 0, sv = 0, count = 0;
    for (const std::size_t k : picked) {
      const BatchSums& unit = units[k];
      su += unit.sum_u, sv += unit.sum_v, count += unit.count;
    }
    if (!(sv > 0) || !(count > 0)) return out;
    S.push_back(static_cast<double>((su / count) / std::sqrt(sv / count)));
  }
  double mean = 0;
  for (double s : S) mean += s;
  mean /= static_cast<double>(S.size());
  double ss = 0;
  for (double s : S) ss += (s - mean) * (s - mean);
  out.standard_error = std::sqrt(ss / static_cast<double>(S.size() - 1));
  std::sort(S.begin(), S.end());
  // percentiles by the order statistics at ceil(0.025 B) and ceil(0.975 B) (1-based)
  const auto order = [&](double q) {
    const std::size_t k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(S.size())));
    return S[std::min(S.size(), std::max<std::size_t>(k, 1)) - 1];
  };
  out.lower = order(0.025);
  out.upper = order(0.975);
  out.ok = true;
  return out;
}

}  // namespace attnverify::num
