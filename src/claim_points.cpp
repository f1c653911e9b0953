#include "src/claim_points.hpp"

namespace attnverify {

using GiNaC::numeric;

std::vector<GridPoint> claim_points(VariantKind kind) {
  std::vector<GridPoint> out;
  if (kind == VariantKind::Kernel) {
    for (const numeric& beta : {numeric(-2), numeric(-1), numeric(-1, 2), numeric(0), numeric(1, 2), numeric(1), numeric(2)})
      for (const numeric& gamma : {numeric(1, 4), numeric(1, 2), numeric(1), numeric(2), numeric(3)})
        out.push_back({beta, gamma});
  } else {
    for (const numeric& lambda : {numeric(1, 10), numeric(1, 2), numeric(9, 10), numeric(99, 100)})
      for (const numeric& n : {numeric(1), numeric(2), numeric(3), numeric(10), numeric(100)})
        out.push_back({lambda, n});
  }
  return out;
}

GridPoint kernel_reference_point() { return {numeric(1, 2), numeric(1)}; }

}  // namespace attnverify
