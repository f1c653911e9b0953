#include "numerics/double_expression.hpp"

#include <boost/math/constants/constants.hpp>
#include <cmath>

#include "numerics/program_interpreter.hpp"
#include "proofs/primitive_function.hpp"

namespace attnverify::num {

DoubleExpression::DoubleExpression(const GiNaC::ex& e, const GiNaC::ex& variable) {
  const ExpressionProgram program = compile_program(e, {variable});
  code_ = program.code;
  for (const GiNaC::ex& c : program.constants)
    constants_.push_back(c.is_equal(GiNaC::Pi) ? boost::math::constants::pi<double>()
                                               : GiNaC::ex_to<GiNaC::numeric>(c).to_double());
  stack_.resize(program.stack_depth);
}

namespace {

// double arithmetic for numerics/program_interpreter.hpp
struct DoubleOps {
  const std::vector<double>& constants;
  double x;

  void constant(double& out, long k) const { out = constants[static_cast<std::size_t>(k)]; }
  void variable(double& out, long) const { out = x; }
  static void add(double* t, std::size_t n) {
    for (std::size_t k = 1; k < n; ++k) t[0] += t[k];
  }
  static void mul(double* t, std::size_t n) {
    for (std::size_t k = 1; k < n; ++k) t[0] *= t[k];
  }
  static void pow_int(double& v, long k) { v = k == 2 ? v * v : (k == -1 ? 1 / v : std::pow(v, static_cast<double>(k))); }
  static void pow(double& v, const double& y) { v = std::pow(v, y); }
  static void sqrt(double& v) { v = std::sqrt(v); }
  static void exp(double& v) { v = std::exp(v); }
  static void log(double& v) { v = std::log(v); }
  static void log1p(double& v) { v = std::log1p(v); }
  static void erf(double& v) { v = std::erf(v); }
  static void erfc(double& v) { v = std::erfc(v); }
  static void tanh(double& v) { v = std::tanh(v); }
  static void sinh(double& v) { v = std::sinh(v); }
  static void cosh(double& v) { v = std::cosh(v); }
  static void relu(double& v) { v = v > 0 ? v : 0.0; }
  static void step(double& v) { v = v > 0 ? 1.0 : (v < 0 ? 0.0 : 0.5); }  // GiNaC's step(0) = 1/2
  static void abs(double& v) { v = std::fabs(v); }
  static void primitive(double& v, long k) { v = sym::primitive_at(static_cast<std::size_t>(k)).operations.on_double(v); }
};

}  // namespace

double DoubleExpression::operator()(double x) const {
  DoubleOps ops{constants_, x};
  interpret(code_, stack_.data(), ops);
  return stack_[0];
}

}  // namespace attnverify::num
