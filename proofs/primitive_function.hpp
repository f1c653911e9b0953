// A primitive function of the expression language, described once. A primitive is a GiNaC
// function of one real argument that the spec language offers by name and that is not
// rewritten into others (an activation with an elementary definition, like softplus, is
// not a primitive: proofs/activations.hpp). Its descriptor holds everything the parser, the
// symbolic engine, the printers and the four number types need, the way GiNaC's
// REGISTER_FUNCTION holds a function's eval, derivative and TeX name in one place:
//
//   name          the name a spec writes, which is also the GiNaC function's name
//   smoothness    Analytic, Kink or Jump on the real line (no default: a descriptor without it
//                 does not compile; it decides whether the certified routes treat the function
//                 as a switch whose branch is fixed per integration piece)
//   operations    its value on a double, an MPFR number, an Arb real ball (an enclosure on any
//                 ball, also one that straddles a kink or reaches a pole) and an Arb complex ball
//                 (the analytic piece on a given side, with acb_calc_integrate's analytic flag)
//   bound         sup |f(u)| over the real u where f is defined, if finite: the growth rule of
//                 numerics/gaussian_tail_bound.hpp and the range rule of proofs/range_enclosure.hpp
//   poles         an expression that is zero exactly where f(u) is undefined (tan: cos(u)), or
//                 none: the parser records it as the condition "!= 0" (proofs/definedness.hpp)
//   latex, sympy, mathematica
//                 the function's name in TeX (a command such as \sin, or \operatorname{..}) and
//                 in the two export targets of proofs/export_syntax.hpp
//
// The registry is read by proofs/expression_parser.cpp (the name), numerics/expression_program.cpp
// (Op::Primitive with the registry index), numerics/program_interpreter.hpp's number types
// (double_expression.cpp, compiled_expression.cpp, ball_expression.cpp, analytic_piece.cpp),
// numerics/gaussian_tail_bound.cpp, proofs/range_enclosure.cpp, proofs/printing.cpp and
// proofs/export_syntax.cpp. docs/architecture.md, "Adding a function to the expression
// language", is the recipe; tests/primitive_registry_test.cpp adds one through it alone.
#pragma once

#include <acb.h>
#include <arb.h>
#include <ginac/ginac.h>
#include <mpfr.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace attnverify::sym {

/// How smooth a primitive is on the real line, where it is defined.
enum class Smoothness {
  Analytic,  ///< real-analytic wherever defined (sin, cos, atan; tan between its poles)
  Kink,      ///< continuous; analytic on each side of its argument's zero but not there (|u|)
  Jump,      ///< analytic on each side of its argument's zero, discontinuous there
};

/// A smoothness class, required: a descriptor written without `.smoothness =
/// SmoothnessClass(...)` does not compile (its default constructor exists only to fail, with
/// this message, when an omitted member would use it).
template <class>
inline constexpr bool kOmitted = false;

struct SmoothnessClass {
  explicit constexpr SmoothnessClass(Smoothness s) : value(s) {}
  template <class Omitted = void>
  SmoothnessClass() : value(Smoothness::Analytic) {
    static_assert(kOmitted<Omitted>,
                  "a primitive function needs its smoothness class: .smoothness = SmoothnessClass(Smoothness::...)");
  }
  Smoothness value;
};

/// The function's value in each number type of the numeric routes. Each may be called with
/// its output aliasing its input.
struct PrimitiveOperations {
  /// f(x) in double; NaN or an infinity where f is undefined (the caller reports it).
  double (*on_double)(double x);
  /// y = f(x), correctly rounded or within a few ulps at y's precision (MPFR_RNDN).
  void (*on_mpfr)(mpfr_ptr y, mpfr_srcptr x);
  /// y = an enclosure of f over the ball x at `bits` of working precision (non-finite where
  /// x reaches a pole).
  void (*on_ball)(arb_ptr y, arb_srcptr x, slong bits);
  /// y = the analytic piece of f at the complex ball x: for an Analytic primitive `side` is
  /// 0 and the piece is f itself; for Kink and Jump it is the continuation of f from the side
  /// of its argument's zero that `side` (+1 or -1) names. With `analytic` set, y must be
  /// indeterminate (acb_indeterminate) where x meets a branch cut (acb_calc_integrate's
  /// convention, arb/acb_calc.h).
  void (*on_complex)(acb_ptr y, acb_srcptr x, int side, int analytic, slong bits);
};

struct PrimitiveFunction {
  std::string name;
  SmoothnessClass smoothness;
  PrimitiveOperations operations;
  /// sup |f(u)| over the real u (a GiNaC constant such as 1 or Pi/2), if finite.
  std::optional<GiNaC::ex> bound;
  /// u -> an expression zero exactly where f(u) is undefined; empty: defined for every real u.
  std::function<GiNaC::ex(const GiNaC::ex& u)> poles;
  std::string latex, sympy, mathematica;

  bool is_switch() const { return smoothness.value != Smoothness::Analytic; }
  /// f(u) as a GiNaC expression (the registered GiNaC function of this name).
  GiNaC::ex operator()(const GiNaC::ex& u) const;
};

/// Adds `f` to the registry and returns its index. The GiNaC function `f.name` of one argument
/// must be registered already (GiNaC's REGISTER_FUNCTION, or one of GiNaC's own). Throws
/// std::invalid_argument for a name already registered or unknown to GiNaC.
std::size_t register_primitive(PrimitiveFunction f);

/// The registered primitive of this name, or nullptr.
const PrimitiveFunction* find_primitive(const std::string& name);

/// The primitive at `index` (as returned by register_primitive); references stay valid.
const PrimitiveFunction& primitive_at(std::size_t index);

/// The index of the primitive of this name; throws std::out_of_range if there is none.
std::size_t primitive_index(const std::string& name);

/// The registered names, in registration order.
std::vector<std::string> primitive_names();

/// The primitive applied in `e` at its top, if `e` is a call of a registered one, else nullptr.
const PrimitiveFunction* primitive_of(const GiNaC::ex& e);

}  // namespace attnverify::sym
