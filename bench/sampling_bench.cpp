// Monte Carlo throughput (docs/history.md, issue 3): normals per second per core for the baseline
// named in the issue (std::normal_distribution with std::mt19937_64) and for the
// sampler's generator (boost::random::normal_distribution, ziggurat, with
// boost::random::mt19937_64), their ratio, and how the sampler's time splits
// between generation, the matrix-vector product and the reduction, at d = 16 and 256.
// Usage: build/bench/sampling_bench [n]   (default n = 1e6 keys per run)
#include <fmt/format.h>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <chrono>
#include <cstdlib>
#include <random>

#include "numerics/attention_sampler.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/symbols.hpp"

using namespace attnverify;
using Clock = std::chrono::steady_clock;

template <typename Draw>
double normals_per_second(Draw draw, long count) {
  double checksum = 0;
  const auto t0 = Clock::now();
  for (long k = 0; k < count; ++k) checksum += draw();
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (checksum == 0.123456789) std::puts("");  // keeps the loop from being optimised away
  return static_cast<double>(count) / seconds;
}

int main(int argc, char** argv) {
  const unsigned long n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1000000;
  const long count = 50000000;
  std::mt19937_64 std_engine(1);
  std::normal_distribution<double> std_normal;
  const double baseline = normals_per_second([&] { return std_normal(std_engine); }, count);
  boost::random::mt19937_64 boost_engine(1);
  boost::random::normal_distribution<double> ziggurat;
  const double ours = normals_per_second([&] { return ziggurat(boost_engine); }, count);
  fmt::print("normals per second, one core ({} draws each):\n", count);
  fmt::print("  baseline std::normal_distribution + std::mt19937_64     {:.3g}\n", baseline);
  fmt::print("  sampler  boost ziggurat + boost::random::mt19937_64     {:.3g}   ratio {:.2f}x (target >= 1e8/s)\n",
             ours, ours / baseline);

  const auto& s = sym::symbols();
  const GiNaC::ex f = sym::parse_expression("relu(x)^2", {"x"});
  fmt::print("\nsampler on relu(x)^2 at (beta, gamma) = (1, 1), n = {}:\n", n);
  fmt::print("  {:>4} {:>8} {:>10} {:>14} {:>10} {:>8} {:>8} {:>8}\n", "d", "threads", "wall s", "normals/s",
             "per core", "gen %", "matvec %", "reduce %");
  for (unsigned d : {16u, 256u}) {
    for (unsigned threads : {1u, 2u}) {
      const num::AttentionSampler sampler(f, s.x, d, 1.0, 1.0, 20231201);
      num::SamplerTimings t;
      const auto t0 = Clock::now();
      (void)sampler.sample(n, threads, &t);
      const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
      const double busy = t.generate + t.matvec + t.reduce;
      fmt::print("  {:>4} {:>8} {:>10.3f} {:>14.3g} {:>10.3g} {:>8.1f} {:>8.1f} {:>8.1f}\n", d, threads, wall,
                 t.normals / wall, t.normals / t.generate, 100 * t.generate / busy, 100 * t.matvec / busy,
                 100 * t.reduce / busy);
    }
  }
  return 0;
}
