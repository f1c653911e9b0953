#include "numerics/double_expression.hpp"

#include <boost/math/constants/constants.hpp>
#include <cmath>

namespace attnverify::num {

DoubleExpression::DoubleExpression(const GiNaC::ex& e, const GiNaC::ex& variable) {
  const ExpressionProgram program = compile_program(e, {variable});
  code_ = program.code;
  for (const GiNaC::ex& c : program.constants)
    constants_.push_back(c.is_equal(GiNaC::Pi) ? boost::math::constants::pi<double>()
                                               : GiNaC::ex_to<GiNaC::numeric>(c).to_double());
  stack_.resize(program.stack_depth);
}

double DoubleExpression::operator()(double x) const {
  double* st = stack_.data();
  std::size_t top = 0;
  for (const Instruction& ins : code_) {
    switch (ins.op) {
      case Op::Constant:
        st[top++] = constants_[static_cast<std::size_t>(ins.argument)];
        break;
      case Op::Variable:
        st[top++] = x;
        break;
      case Op::Add: {
        const std::size_t first = top - static_cast<std::size_t>(ins.argument);
        for (std::size_t k = first + 1; k < top; ++k) st[first] += st[k];
        top = first + 1;
        break;
      }
      case Op::Mul: {
        const std::size_t first = top - static_cast<std::size_t>(ins.argument);
        for (std::size_t k = first + 1; k < top; ++k) st[first] *= st[k];
        top = first + 1;
        break;
      }
      case Op::PowInt: {
        const long k = ins.argument;
        double& v = st[top - 1];
        v = k == 2 ? v * v : (k == -1 ? 1 / v : std::pow(v, static_cast<double>(k)));
        break;
      }
      case Op::Pow:
        st[top - 2] = std::pow(st[top - 2], st[top - 1]);
        --top;
        break;
      case Op::Sqrt:
        st[top - 1] = std::sqrt(st[top - 1]);
        break;
      case Op::Exp:
        st[top - 1] = std::exp(st[top - 1]);
        break;
      case Op::Log:
        st[top - 1] = std::log(st[top - 1]);
        break;
      case Op::Log1p:
        st[top - 1] = std::log1p(st[top - 1]);
        break;
      case Op::Erf:
        st[top - 1] = std::erf(st[top - 1]);
        break;
      case Op::Erfc:
        st[top - 1] = std::erfc(st[top - 1]);
        break;
      case Op::Tanh:
        st[top - 1] = std::tanh(st[top - 1]);
        break;
      case Op::Sinh:
        st[top - 1] = std::sinh(st[top - 1]);
        break;
      case Op::Cosh:
        st[top - 1] = std::cosh(st[top - 1]);
        break;
      case Op::Relu:
        st[top - 1] = st[top - 1] > 0 ? st[top - 1] : 0.0;
        break;
      case Op::Step:
        st[top - 1] = st[top - 1] > 0 ? 1.0 : (st[top - 1] < 0 ? 0.0 : 0.5);
        break;
      case Op::Abs:
        st[top - 1] = std::fabs(st[top - 1]);
        break;
    }
  }
  return st[0];
}

}  // namespace attnverify::num
