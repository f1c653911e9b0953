// A GiNaC expression compiled once into a postfix program that any number type can
// interpret, through the one interpreter numerics/program_interpreter.hpp: double
// (numerics/double_expression.hpp, Monte Carlo), MPFR (numerics/compiled_expression.hpp,
// closed forms and quadrature integrands), Arb real and complex balls
// (numerics/ball_expression.hpp, numerics/analytic_piece.hpp).
//
// Instructions: push a constant or a variable; add or multiply the top k values;
// integer power, real power, sqrt; exp, log, log1p, erf, erfc, tanh, sinh, cosh,
// relu, step (step(0) = 1/2, GiNaC's convention), abs; and any registered primitive
// (proofs/primitive_function.hpp: sin, cos, tan, atan), whose descriptor supplies each
// number type's operation and its smoothness class. The activations of
// proofs/activations.hpp compile to their elementary definitions; softplus(z) as
// relu(z) + log1p(exp(-|z|)), which neither overflows nor loses the left tail. Constants are kept exact (GiNaC
// rationals, or pi) so that each interpreter rounds them once, at its own precision.
#pragma once

#include <ginac/ginac.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace attnverify::num {

/// The expression could not be evaluated: an unsupported node at compile time, or a
/// non-finite result (division by zero, log of a negative number, overflow).
class EvaluationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Op {
  Constant,
  Variable,
  Add,
  Mul,
  PowInt,
  Pow,
  Sqrt,
  Exp,
  Log,
  Log1p,
  Erf,
  Erfc,
  Tanh,
  Sinh,
  Cosh,
  Relu,
  Step,
  Abs,
  Primitive  ///< a registered primitive (proofs/primitive_function.hpp); argument = its index
};

struct Instruction {
  Op op;
  long argument = 0;  ///< constant/variable index, operand count, integer exponent, or primitive index
};

/// The highest precision, in decimal digits, at which erf and erfc are evaluated.
/// Measured on Debian 12's MPFR 4.2.0: mpfr_erf and mpfr_erfc abort on an internal
/// assertion (erf.c:247) for some arguments above about 1000 bits, e.g. erf(-sqrt 3)
/// at 425 of 564 precisions tried between 1026 and 3994 bits, and for 22 of 480
/// arguments sqrt(k/4) between 1000 and 3400 bits; no failure in 80 000 cases below
/// 1024 bits. 295 digits are about 984 bits.
inline constexpr unsigned kMaxErfDigits = 295;

struct ExpressionProgram {
  std::vector<Instruction> code;
  std::vector<GiNaC::ex> constants;  ///< exact rationals, or Pi
  std::size_t stack_depth = 0;       ///< enough stack slots for any evaluation

  /// The highest precision (decimal digits) this program may be evaluated at:
  /// kMaxErfDigits if it calls erf or erfc, else unlimited (0).
  unsigned max_digits() const;
};

/// True when `ins` is a switch: relu, step, abs, or a primitive whose smoothness class is
/// Kink or Jump. Switches are the instructions whose argument's sign the certified routes
/// record (numerics/ball_expression.hpp) and fix per integration piece
/// (numerics/analytic_piece.hpp); the Taylor tests of numerics/box_branch_and_bound.hpp need
/// a program without them.
bool is_switch(const Instruction& ins);

/// True when `ins` may jump: step, or a primitive of smoothness class Jump.
bool is_jump(const Instruction& ins);

/// Compiles `e` with `variables` bound by position. Throws EvaluationError for a
/// symbol not in `variables`, a complex constant or an unsupported function.
ExpressionProgram compile_program(const GiNaC::ex& e, const std::vector<GiNaC::ex>& variables);

}  // namespace attnverify::num
