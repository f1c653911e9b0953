#include "numerics/expression_program.hpp"

#include <algorithm>

#include "proofs/activations.hpp"
#include "proofs/primitive_function.hpp"
#include "proofs/printing.hpp"
#include "proofs/relu.hpp"

namespace attnverify::num {

using namespace GiNaC;

namespace {

void compile_into(const ex& e, const std::vector<ex>& variables_, ExpressionProgram& out) {
  if (is_exactly_a<numeric>(e)) {
    if (!ex_to<numeric>(e).is_real()) throw EvaluationError("complex constant in expression");
    out.constants.push_back(e);
    out.code.push_back({Op::Constant, static_cast<long>(out.constants.size() - 1)});
    return;
  }
  if (is_a<symbol>(e)) {
    for (std::size_t k = 0; k < variables_.size(); ++k) {
      if (variables_[k].is_equal(e)) {
        out.code.push_back({Op::Variable, static_cast<long>(k)});
        return;
      }
    }
    throw EvaluationError("no value given for symbol '" + sym::to_text(e) + "'");
  }
  if (is_a<constant>(e)) {
    if (!e.is_equal(Pi)) throw EvaluationError("unsupported constant");
    out.constants.push_back(Pi);
    out.code.push_back({Op::Constant, static_cast<long>(out.constants.size() - 1)});
    return;
  }
  if (is_exactly_a<add>(e) || is_exactly_a<mul>(e)) {
    for (const auto& operand : e) compile_into(operand, variables_, out);
    out.code.push_back({is_exactly_a<add>(e) ? Op::Add : Op::Mul, static_cast<long>(e.nops())});
    return;
  }
  if (is_exactly_a<power>(e)) {
    compile_into(e.op(0), variables_, out);
    const ex exponent = e.op(1);
    if (exponent.info(info_flags::integer) && is_exactly_a<numeric>(exponent)) {
      out.code.push_back({Op::PowInt, ex_to<numeric>(exponent).to_long()});
    } else if (exponent.is_equal(numeric(1, 2))) {
      out.code.push_back({Op::Sqrt});
    } else if (exponent.is_equal(numeric(-1, 2))) {
      out.code.push_back({Op::Sqrt});
      out.code.push_back({Op::PowInt, -1});
    } else {
      compile_into(exponent, variables_, out);
      out.code.push_back({Op::Pow});
    }
    return;
  }
  if (is_a<function>(e)) {
    const std::string name = ex_to<function>(e).get_name();
    static const std::vector<std::pair<std::string, Op>> unary{
        {"exp", Op::Exp},   {"log", Op::Log},   {"erf", Op::Erf},   {"erfc", Op::Erfc}, {"tanh", Op::Tanh},
        {"sinh", Op::Sinh}, {"cosh", Op::Cosh}, {"relu", Op::Relu}, {"step", Op::Step}, {"abs", Op::Abs}};
    for (const auto& [fname, op] : unary) {
      if (fname == name && e.nops() == 1) {
        compile_into(e.op(0), variables_, out);
        out.code.push_back({op});
        return;
      }
    }
    if (sym::primitive_of(e)) {
      compile_into(e.op(0), variables_, out);
      out.code.push_back({Op::Primitive, static_cast<long>(sym::primitive_index(name))});
      return;
    }
    if (name == "softplus" && e.nops() == 1) {
      compile_into(sym::relu(e.op(0)), variables_, out);
      compile_into(exp(-abs(e.op(0))), variables_, out);
      out.code.push_back({Op::Log1p});
      out.code.push_back({Op::Add, 2});
      return;
    }
    if (const auto definition = sym::activation_definition(name, e.op(0)); definition && e.nops() == 1) {
      compile_into(*definition, variables_, out);
      return;
    }
    throw EvaluationError("no numeric evaluation for function '" + name + "'");
  }
  throw EvaluationError("cannot evaluate '" + sym::to_text(e) + "'");
}

}  // namespace

bool is_switch(const Instruction& ins) {
  switch (ins.op) {
    case Op::Relu:
    case Op::Step:
    case Op::Abs:
      return true;
    case Op::Primitive:
      return sym::primitive_at(static_cast<std::size_t>(ins.argument)).is_switch();
    case Op::Constant:
    case Op::Variable:
    case Op::Add:
    case Op::Mul:
    case Op::PowInt:
    case Op::Pow:
    case Op::Sqrt:
    case Op::Exp:
    case Op::Log:
    case Op::Log1p:
    case Op::Erf:
    case Op::Erfc:
    case Op::Tanh:
    case Op::Sinh:
    case Op::Cosh:
      return false;
  }
  return true;  // not reached: every Op is listed (-Wswitch); a new one counts as a switch
}

bool is_jump(const Instruction& ins) {
  if (ins.op == Op::Step) return true;
  return ins.op == Op::Primitive &&
         sym::primitive_at(static_cast<std::size_t>(ins.argument)).smoothness.value == sym::Smoothness::Jump;
}

unsigned ExpressionProgram::max_digits() const {
  for (const Instruction& ins : code)
    if (ins.op == Op::Erf || ins.op == Op::Erfc) return kMaxErfDigits;
  return 0;
}

ExpressionProgram compile_program(const ex& e, const std::vector<ex>& variables) {
  ExpressionProgram out;
  compile_into(e, variables, out);
  // stack depth: simulate pushes and pops
  std::size_t depth = 0, deepest = 0;
  for (const Instruction& ins : out.code) {
    switch (ins.op) {
      case Op::Constant:
      case Op::Variable:
        ++depth;
        break;
      case Op::Add:
      case Op::Mul:
        depth -= static_cast<std::size_t>(ins.argument) - 1;
        break;
      case Op::Pow:
        --depth;
        break;
      default:
        break;
    }
    deepest = std::max(deepest, depth);
  }
  out.stack_depth = deepest + 1;
  return out;
}

}  // namespace attnverify::num
