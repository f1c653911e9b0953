#include "numerics/compiled_expression.hpp"

#include <mpfr.h>

#include <boost/math/constants/constants.hpp>
#include <algorithm>
#include <array>
#include <limits>
#include <sstream>

#include "numerics/precision.hpp"
#include "numerics/program_interpreter.hpp"
#include "proofs/erf.hpp"
#include "proofs/mpfr_bridge.hpp"
#include "proofs/printing.hpp"
#include "proofs/primitive_function.hpp"
#include "proofs/relu.hpp"

namespace attnverify::num {

using namespace GiNaC;

Real to_real(const numeric& value) {
  Real out;
  sym::detail::numeric_to_mpfr(value, out.backend().data());
  return out;
}

CompiledExpression::CompiledExpression(const ex& e, std::vector<ex> variables, unsigned digits)
    : digits_(digits), program_(compile_program(e, variables)) {
  if (program_.max_digits() != 0 && digits_ > program_.max_digits())
    throw EvaluationError("erf/erfc are not evaluated above " + std::to_string(program_.max_digits()) +
                          " digits: MPFR 4.2.0 aborts there for some arguments (numerics/expression_program.hpp)");
  ScopedPrecision scope(digits_);
  for (const ex& c : program_.constants)
    constants_.push_back(c.is_equal(Pi) ? boost::math::constants::pi<Real>() : to_real(ex_to<numeric>(c)));
  stack_.resize(program_.stack_depth);
  power_chains_.resize(static_cast<std::size_t>(
      std::count_if(program_.code.begin(), program_.code.end(), [](const Instruction& i) { return i.op == Op::Pow; })));
}

namespace {

// MPFR arithmetic at the current precision for numerics/program_interpreter.hpp; a sum
// records the digits it lost to cancellation
struct RealOps {
  const std::vector<Real>& constants;
  const std::vector<Real>& point;
  unsigned digits;
  double& cancellation_digits;
  std::vector<PowerChain>& chains;  // one per Pow instruction, in program order
  std::array<Real, 2>& scratch;
  std::size_t next_chain = 0;

  void constant(Real& out, long k) const { out = constants[static_cast<std::size_t>(k)]; }
  void variable(Real& out, long k) const {  // mpfr_set keeps the program's precision whatever the input's
    mpfr_set(out.backend().data(), point.at(static_cast<std::size_t>(k)).backend().data(), MPFR_RNDN);
  }
  void add(Real* t, std::size_t n) const {
    // the largest |term| (the first of equals), compared in place, and kept aside when it is t[0],
    // which the sum overwrites: two scratch numbers of the expression, no temporaries
    std::size_t top = 0;
    for (std::size_t k = 1; k < n; ++k)
      if (mpfr_cmpabs(t[k].backend().data(), t[top].backend().data()) > 0) top = k;
    mpfr_ptr kept = scratch[0].backend().data(), scaled = scratch[1].backend().data();
    const mpfr_prec_t bits = mpfr_get_prec(t[0].backend().data());
    if (mpfr_get_prec(kept) != bits) mpfr_set_prec(kept, bits);
    if (mpfr_get_prec(scaled) != bits) mpfr_set_prec(scaled, bits);
    if (top == 0) mpfr_set(kept, t[0].backend().data(), MPFR_RNDN);  // exact: the same precision
    for (std::size_t k = 1; k < n; ++k) t[0] += t[k];
    mpfr_srcptr largest = top == 0 ? kept : t[top].backend().data();
    // digits lost to cancellation: log10(max |term| / |sum|), measured only past 3 digits
    // (|sum| 1000 < max |term|, the product rounded to the sum's precision);
    // a sum at rounding level (within 5 digits of the precision, or 0) has lost everything:
    // +infinity
    if (mpfr_zero_p(largest) || mpfr_nan_p(largest)) return;
    mpfr_mul_ui(scaled, t[0].backend().data(), 1000, MPFR_RNDN);
    if (!(mpfr_cmpabs(scaled, largest) < 0) || mpfr_nan_p(scaled)) return;
    double lost = std::numeric_limits<double>::infinity();
    if (!mpfr_zero_p(t[0].backend().data())) {
      Real ratio;
      mpfr_div(ratio.backend().data(), largest, t[0].backend().data(), MPFR_RNDN);
      mpfr_abs(ratio.backend().data(), ratio.backend().data(), MPFR_RNDN);
      lost = boost::multiprecision::log10(ratio).convert_to<double>();
    }
    if (lost >= Precision{digits}.required()) lost = std::numeric_limits<double>::infinity();
    cancellation_digits = std::max(cancellation_digits, lost);
  }
  static void mul(Real* t, std::size_t n) {
    for (std::size_t k = 1; k < n; ++k) t[0] *= t[k];
  }
  static void pow_int(Real& x, long k) {
    if (k == -1)
      x = 1 / x;
    else if (k == 2)
      x = x * x;
    else
      x = boost::multiprecision::pow(x, Real(k));
  }
  // x^y; a Pow instruction whose integer exponent steps from its last evaluation with the same
  // base takes its value from its chain (numerics/power_chain.hpp): the same number, sooner
  void pow(Real& x, const Real& y) {
    PowerChain& chain = chains[next_chain++];
    if (!chain.power(x.backend().data(), x.backend().data(), y.backend().data())) x = boost::multiprecision::pow(x, y);
  }
  static void sqrt(Real& x) { x = boost::multiprecision::sqrt(x); }
  static void exp(Real& x) { x = boost::multiprecision::exp(x); }
  static void log(Real& x) { x = boost::multiprecision::log(x); }
  static void log1p(Real& x) { x = boost::multiprecision::log1p(x); }
  static void erf(Real& x) { mpfr_erf(x.backend().data(), x.backend().data(), MPFR_RNDN); }
  static void erfc(Real& x) { mpfr_erfc(x.backend().data(), x.backend().data(), MPFR_RNDN); }
  static void tanh(Real& x) { x = boost::multiprecision::tanh(x); }
  static void sinh(Real& x) { x = boost::multiprecision::sinh(x); }
  static void cosh(Real& x) { x = boost::multiprecision::cosh(x); }
  static void relu(Real& x) {
    if (x < 0) x = 0;
  }
  static void step(Real& x) { x = x > 0 ? Real(1) : (x < 0 ? Real(0) : Real(1) / 2); }  // GiNaC's step(0) = 1/2
  static void abs(Real& x) { x = boost::multiprecision::abs(x); }
  static void primitive(Real& x, long k) {
    sym::primitive_at(static_cast<std::size_t>(k)).operations.on_mpfr(x.backend().data(), x.backend().data());
  }
};

}  // namespace

Real CompiledExpression::evaluate_unchecked(const std::vector<Real>& point) const {
  ScopedPrecision scope(digits_);
  cancellation_digits_ = 0;
  RealOps ops{constants_, point, digits_, cancellation_digits_, power_chains_, scratch_};
  interpret(program_.code, stack_.data(), ops);
  return stack_[0];
}

Real CompiledExpression::operator()(const std::vector<Real>& point) const {
  Real value = evaluate_unchecked(point);
  if (!isfinite(value))
    throw EvaluationError("the expression is not finite at this point (division by zero, overflow or a domain error)");
  return value;
}

}  // namespace attnverify::num
