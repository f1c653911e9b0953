// The one interpreter of compiled expressions (numerics/expression_program.hpp), templated
// over the number type: the stack machine and the meaning of each instruction are written
// here once, and each number type supplies its arithmetic as a small struct of operations:
//
//   double          numerics/double_expression.cpp   (Monte Carlo)
//   MPFR Real       numerics/compiled_expression.cpp (closed forms, quadrature integrands;
//                   measures cancellation in sums)
//   Arb ball        numerics/ball_expression.cpp     (certified values; records switch signs)
//   Arb complex     numerics/analytic_piece.cpp      (acb_calc_integrate's integrands; each
//                   switch takes the branch its caller fixed)
//
// An Ops type provides, with T the stack's element type:
//   constant(T& out, long index)  variable(T& out, long index)
//   add(T* terms, size_t n)  mul(T* factors, size_t n)  -- the result in terms[0]
//   pow_int(T& x, long k)   pow(T& x, const T& y)        -- x = x^k, x = x^y
//   sqrt exp log log1p erf erfc tanh sinh cosh relu step abs: each f(T& x), x = f(x)
//   primitive(T& x, long index)  -- x = f(x) for the registered primitive f at `index`
//                                   (proofs/primitive_function.hpp), from its descriptor
// Adding an instruction is one case here and one operation in each Ops; a missing one
// does not compile.
#pragma once

#include <cstddef>
#include <vector>

#include "numerics/expression_program.hpp"

namespace attnverify::num {

/// Runs `code` on `stack` (at least the program's stack_depth slots) and leaves the value
/// in stack[0]. Ops' operations may throw; the stack is then left as it was.
template <class T, class Ops>
void interpret(const std::vector<Instruction>& code, T* stack, Ops& ops) {
  std::size_t top = 0;  // stack[0..top) is live
  for (const Instruction& ins : code) {
    switch (ins.op) {
      case Op::Constant: ops.constant(stack[top++], ins.argument); break;
      case Op::Variable: ops.variable(stack[top++], ins.argument); break;
      case Op::Add:
      case Op::Mul: {
        const std::size_t n = static_cast<std::size_t>(ins.argument), first = top - n;
        if (ins.op == Op::Add) ops.add(stack + first, n);
        else ops.mul(stack + first, n);
        top = first + 1;
        break;
      }
      case Op::PowInt: ops.pow_int(stack[top - 1], ins.argument); break;
      case Op::Pow:
        ops.pow(stack[top - 2], stack[top - 1]);
        --top;
        break;
      case Op::Sqrt: ops.sqrt(stack[top - 1]); break;
      case Op::Exp: ops.exp(stack[top - 1]); break;
      case Op::Log: ops.log(stack[top - 1]); break;
      case Op::Log1p: ops.log1p(stack[top - 1]); break;
      case Op::Erf: ops.erf(stack[top - 1]); break;
      case Op::Erfc: ops.erfc(stack[top - 1]); break;
      case Op::Tanh: ops.tanh(stack[top - 1]); break;
      case Op::Sinh: ops.sinh(stack[top - 1]); break;
      case Op::Cosh: ops.cosh(stack[top - 1]); break;
      case Op::Relu: ops.relu(stack[top - 1]); break;
      case Op::Step: ops.step(stack[top - 1]); break;
      case Op::Abs: ops.abs(stack[top - 1]); break;
      case Op::Primitive: ops.primitive(stack[top - 1], ins.argument); break;
    }
  }
}

}  // namespace attnverify::num
