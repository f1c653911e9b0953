#include "proofs/kernel_derivation.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/derivation_work.hpp"
#include "proofs/gaussian_expectation.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

KernelDerivation derive_kernel(const ex& f) { return derive_kernel(f, gaussian_expectation); }

KernelDerivation derive_kernel(const ex& f, const PiecewiseExpectation& expectation) {
  const Symbols& s = symbols();
  KernelDerivation out;
  out.f = f;
  try {
    const Piecewise pieces = split_into_pieces(f, s.x);
    out.kinks_square = pieces.boundaries();
    out.kinks_abs = out.kinks_square;
    out.reason = work_bound_problem(pieces, s.x, "f");
    if (!out.reason.empty()) return out;
    const Piecewise absolute = absolute_value(pieces, s.x);
    out.kinks_abs = absolute.boundaries();
    out.mean_abs = expectation(absolute, s.x, s.beta, s.gamma);
    out.mean_square = expectation(square(pieces), s.x, s.beta, s.gamma);
    out.S = readable_arguments(merge_exponentials(out.mean_abs / sqrt(out.mean_square)));
    out.status = KernelDerivation::Status::Derived;
  } catch (const NotInClass& err) {
    out.status = KernelDerivation::Status::NoClosedForm;
    out.reason = err.what();
  } catch (const std::exception& err) {  // GiNaC/CLN giving up (e.g. an overflowing constant): no closed form, said so
    out.status = KernelDerivation::Status::NoClosedForm;
    out.reason = std::string("the symbolic engine failed: ") + err.what();
  }
  return out;
}

}  // namespace attnverify::sym
