#include "proofs/naive_bayes.hpp"

#include <ginac/ginac.h>

#include <fmt/format.h>

#include <random>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace attnverify::sym {

using GiNaC::numeric;

namespace {

// outcome index <-> symbols: x_1 is the most significant digit in base V, x_t the least
std::vector<unsigned> digits_of(unsigned long index, unsigned vocabulary, unsigned length) {
  std::vector<unsigned> x(length);
  for (unsigned k = length; k-- > 0;) {
    x[k] = static_cast<unsigned>(index % vocabulary);
    index /= vocabulary;
  }
  return x;
}

std::string text(const numeric& r) {
  std::ostringstream s;
  s << r;
  return s.str();
}

}  // namespace

NaiveBayesCheck check_naive_bayes(unsigned vocabulary, unsigned length, bool dependent, std::uint64_t seed) {
  if (vocabulary < 2 || vocabulary > 5 || length < 2 || length > 6)
    throw std::invalid_argument(
        fmt::format("naive Bayes check: need 2 <= V <= 5 and 2 <= t <= 6 (got V = {}, t = {})", vocabulary, length));
  std::mt19937_64 rng(seed);
  auto weight = [&] { return numeric(static_cast<long>(1 + rng() % 9)); };  // 1..9
  const unsigned V = vocabulary, t = length;
  // p(x_t) and p(x_j | x_t), normalised from random positive integers
  std::vector<numeric> prior(V);
  numeric total = 0;
  for (auto& p : prior) total += (p = weight());
  for (auto& p : prior) p = p / total;
  std::vector<std::vector<std::vector<numeric>>> conditional(
      t - 1, std::vector<std::vector<numeric>>(V, std::vector<numeric>(V)));
  for (auto& table : conditional)
    for (unsigned y = 0; y < V; ++y) {
      numeric sum = 0;
      for (unsigned x = 0; x < V; ++x) sum += (table[y][x] = weight());
      for (unsigned x = 0; x < V; ++x) table[y][x] = table[y][x] / sum;
    }
  std::vector<std::vector<std::vector<numeric>>> dependence;
  if (dependent) dependence.assign(V, std::vector<std::vector<numeric>>(V, std::vector<numeric>(V)));
  for (auto& a : dependence)
    for (auto& b : a)
      for (auto& c : b) c = weight();
  // the joint law p(x_1..x_t)
  unsigned long outcomes = 1;
  for (unsigned k = 0; k < t; ++k) outcomes *= V;
  std::vector<numeric> joint(outcomes);
  numeric mass = 0;
  for (unsigned long index = 0; index < outcomes; ++index) {
    const auto x = digits_of(index, V, t);
    numeric p = prior[x[t - 1]];
    for (unsigned j = 0; j + 1 < t; ++j) p *= conditional[j][x[t - 1]][x[j]];
    if (dependent && t >= 3) p *= dependence[x[0]][x[1]][x[t - 1]];
    joint[index] = p;
    mass += p;
  }
  for (auto& p : joint) p = p / mass;
  // marginals from the joint: p(x_t), p(x_j, x_t), p(x_j), p(x_<t)
  std::vector<numeric> p_t(V, 0), p_context(outcomes / V, 0);
  std::vector<std::vector<std::vector<numeric>>> p_pair(
      t - 1, std::vector<std::vector<numeric>>(V, std::vector<numeric>(V, 0)));
  for (unsigned long index = 0; index < outcomes; ++index) {
    const auto x = digits_of(index, V, t);
    p_t[x[t - 1]] += joint[index];
    p_context[index / V] += joint[index];
    for (unsigned j = 0; j + 1 < t; ++j) p_pair[j][x[j]][x[t - 1]] += joint[index];
  }
  std::vector<std::vector<numeric>> p_j(t - 1, std::vector<numeric>(V, 0));
  for (unsigned j = 0; j + 1 < t; ++j)
    for (unsigned a = 0; a < V; ++a)
      for (unsigned y = 0; y < V; ++y) p_j[j][a] += p_pair[j][a][y];
  NaiveBayesCheck out;
  out.vocabulary = V;
  out.length = t;
  out.contexts = outcomes / V;
  for (unsigned long context = 0; context < outcomes / V; ++context) {
    std::vector<numeric> ratios(V);
    for (unsigned y = 0; y < V; ++y) {
      const unsigned long index = context * V + y;
      const auto x = digits_of(index, V, t);
      numeric R = (joint[index] / p_context[context]) * GiNaC::pow(p_t[y], numeric(static_cast<long>(t) - 2));
      for (unsigned j = 0; j + 1 < t; ++j) R = R / (p_pair[j][x[j]][y] / p_j[j][x[j]]);
      ratios[y] = R;
    }
    bool varies = false;
    for (unsigned y = 1; y < V; ++y) varies = varies || ratios[y] != ratios[0];
    if (!varies) continue;
    if (out.contexts_varying++ == 0) {
      std::string x_text;
      for (unsigned v : digits_of(context, V, t - 1)) x_text += (x_text.empty() ? "" : ",") + std::to_string(v + 1);
      unsigned other = 1;
      while (ratios[other] == ratios[0]) ++other;
      // exact rationals, shown as decimals; their ratio is exact until printed
      out.witness =
          fmt::format("context x_<t = ({}): R = {:.12g} at x_t = 1 but {:.12g} at x_t = {} (exact ratio {})", x_text,
                      ratios[0].to_double(), ratios[other].to_double(), other + 1, text(ratios[other] / ratios[0]));
    }
  }
  return out;
}

}  // namespace attnverify::sym
