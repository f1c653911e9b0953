#include "proofs/truncated_moments.hpp"

#include "proofs/erf.hpp"

namespace attnverify::sym {

using namespace GiNaC;

ex normal_density(const ex& z) { return exp(-pow(z, 2) / 2) / sqrt(2 * Pi); }

ex truncated_normal_moment(unsigned k, const std::optional<ex>& lower, const std::optional<ex>& upper) {
  // boundary(z, j) = z^j phi(z), zero at an infinite endpoint
  auto boundary = [](const std::optional<ex>& z, unsigned j) -> ex {
    return z ? pow(*z, j) * normal_density(*z) : ex(0);
  };
  if (k == 0) {
    if (!lower && !upper) return 1;
    if (!lower) return erfc(-*upper / sqrt(ex(2))) / 2;                  // Phi(u)
    if (!upper) return erfc(*lower / sqrt(ex(2))) / 2;                   // 1 - Phi(l)
    return (erf(*upper / sqrt(ex(2))) - erf(*lower / sqrt(ex(2)))) / 2;  // Phi(u) - Phi(l)
  }
  if (k == 1) return boundary(lower, 0) - boundary(upper, 0);
  return (k - 1) * truncated_normal_moment(k - 2, lower, upper) + boundary(lower, k - 1) - boundary(upper, k - 1);
}

}  // namespace attnverify::sym
