// The kinked functions of the spec language, written in relu and step so that the
// piecewise engine (proofs/piecewise.hpp) finds their breakpoints (docs/design.md §2):
//
//   max(a, b)           = b + relu(a - b)
//   min(a, b)           = a - relu(a - b)
//   clip(u, lo, hi)     = lo + relu(u - lo) - relu(u - hi)       lo < hi constants
//   leaky_relu(u, c)    = relu(u) - c relu(-u)                   (Maas et al. 2013)
//   elu(u, c)           = relu(u) + c (exp(u) - 1) step(-u)      (Clevert et al. 2016, eq. 1)
//   piecewise(f0, b1, f1, ..., bk, fk) = f0 on x < b1, f_j on b_j < x < b_{j+1},
//                         fk on x > bk, with constants b1 < ... < bk
//                       = f0 step(b1 - x) + sum_j f_j step(x - b_j) step(b_{j+1} - x) + ...
//
// Values at the breakpoints themselves follow step(0) = 1/2; they are a set of
// Gaussian measure zero and change no expectation. Each throws std::invalid_argument
// with a message that names the function when its constant arguments are not real
// constants or not in increasing order.
#pragma once

#include <ginac/ginac.h>

#include <vector>

namespace attnverify::sym {

GiNaC::ex max_of(const GiNaC::ex& a, const GiNaC::ex& b);
GiNaC::ex min_of(const GiNaC::ex& a, const GiNaC::ex& b);
GiNaC::ex clip(const GiNaC::ex& u, const GiNaC::ex& lower, const GiNaC::ex& upper);
GiNaC::ex leaky_relu(const GiNaC::ex& u, const GiNaC::ex& slope);
GiNaC::ex elu(const GiNaC::ex& u, const GiNaC::ex& scale);

/// `arguments` = f0, b1, f1, ..., bk, fk (odd length >= 3), in the variable x.
GiNaC::ex piecewise(const std::vector<GiNaC::ex>& arguments, const GiNaC::symbol& x);

/// The default negative slope of leaky_relu(u): 1/100, as in PyTorch and TensorFlow.
GiNaC::ex default_leaky_slope();

}  // namespace attnverify::sym
