#include "numerics/compiled_expression.hpp"

#include <mpfr.h>

#include <boost/math/constants/constants.hpp>
#include <algorithm>
#include <limits>
#include <sstream>

#include "proofs/erf.hpp"
#include "proofs/mpfr_bridge.hpp"
#include "proofs/printing.hpp"
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
}

Real CompiledExpression::evaluate_unchecked(const std::vector<Real>& point) const {
  ScopedPrecision scope(digits_);
  cancellation_digits_ = 0;
  std::size_t top = 0;  // stack_[0..top) is live
  for (const Instruction& ins : program_.code) {
    switch (ins.op) {
      case Op::Constant:
        stack_[top++] = constants_[static_cast<std::size_t>(ins.argument)];
        break;
      case Op::Variable:  // mpfr_set keeps the program's precision whatever the input's
        mpfr_set(stack_[top++].backend().data(), point.at(static_cast<std::size_t>(ins.argument)).backend().data(),
                 MPFR_RNDN);
        break;
      case Op::Add: {
        const std::size_t first = top - static_cast<std::size_t>(ins.argument);
        Real largest = abs(stack_[first]);
        for (std::size_t k = first + 1; k < top; ++k) {
          if (abs(stack_[k]) > largest) largest = abs(stack_[k]);
          stack_[first] += stack_[k];
        }
        // digits lost to cancellation: log10(max |term| / |sum|), measured only past 3
        // digits; a sum at rounding level (within 5 digits of the precision, or 0) has
        // lost everything: +infinity
        if (largest > 0 && abs(stack_[first]) * 1000 < largest) {
          double lost = stack_[first] == 0 ? std::numeric_limits<double>::infinity()
                                           : log10(Real(largest / abs(stack_[first]))).convert_to<double>();
          if (lost >= static_cast<double>(digits_) - 5) lost = std::numeric_limits<double>::infinity();
          cancellation_digits_ = std::max(cancellation_digits_, lost);
        }
        top = first + 1;
        break;
      }
      case Op::Mul: {
        const std::size_t first = top - static_cast<std::size_t>(ins.argument);
        for (std::size_t k = first + 1; k < top; ++k) stack_[first] *= stack_[k];
        top = first + 1;
        break;
      }
      case Op::PowInt: {
        Real& x = stack_[top - 1];
        const long k = ins.argument;
        if (k == -1)
          x = 1 / x;
        else if (k == 2)
          x = x * x;
        else
          x = pow(x, Real(k));
        break;
      }
      case Op::Pow:
        stack_[top - 2] = pow(stack_[top - 2], stack_[top - 1]);
        --top;
        break;
      case Op::Sqrt:
        stack_[top - 1] = sqrt(stack_[top - 1]);
        break;
      case Op::Exp:
        stack_[top - 1] = exp(stack_[top - 1]);
        break;
      case Op::Log:
        stack_[top - 1] = log(stack_[top - 1]);
        break;
      case Op::Log1p:
        stack_[top - 1] = log1p(stack_[top - 1]);
        break;
      case Op::Erf:
        mpfr_erf(stack_[top - 1].backend().data(), stack_[top - 1].backend().data(), MPFR_RNDN);
        break;
      case Op::Erfc:
        mpfr_erfc(stack_[top - 1].backend().data(), stack_[top - 1].backend().data(), MPFR_RNDN);
        break;
      case Op::Tanh:
        stack_[top - 1] = tanh(stack_[top - 1]);
        break;
      case Op::Sinh:
        stack_[top - 1] = sinh(stack_[top - 1]);
        break;
      case Op::Cosh:
        stack_[top - 1] = cosh(stack_[top - 1]);
        break;
      case Op::Relu:
        if (stack_[top - 1] < 0) stack_[top - 1] = 0;
        break;
      case Op::Step: {  // GiNaC's convention: step(0) = 1/2
        Real& x = stack_[top - 1];
        x = x > 0 ? Real(1) : (x < 0 ? Real(0) : Real(1) / 2);
        break;
      }
      case Op::Abs:
        stack_[top - 1] = abs(stack_[top - 1]);
        break;
    }
  }
  return stack_[0];
}

Real CompiledExpression::operator()(const std::vector<Real>& point) const {
  Real value = evaluate_unchecked(point);
  if (!isfinite(value))
    throw EvaluationError("the expression is not finite at this point (division by zero, overflow or a domain error)");
  return value;
}

}  // namespace attnverify::num
