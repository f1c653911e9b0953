#include "numerics/analytic_piece.hpp"

#include <acb_hypgeom.h>

#include "numerics/program_interpreter.hpp"
#include "proofs/primitive_function.hpp"

namespace attnverify::num {

namespace {

// log(1 + z), principal branch; non-finite if `analytic` and 1 + z may lie on the cut
void log1p_analytic(acb_t z, bool analytic, slong bits) {
  if (analytic) {
    acb_t w;
    acb_init(w);
    acb_add_ui(w, z, 1, bits);
    const bool on_cut = arb_contains_zero(acb_imagref(w)) && !arb_is_positive(acb_realref(w));
    acb_clear(w);
    if (on_cut) {
      acb_indeterminate(z);
      return;
    }
  }
  acb_log1p(z, z, bits);
}

}  // namespace

AnalyticPiece::AnalyticPiece(const GiNaC::ex& f, const GiNaC::ex& x) : program_(compile_program(f, {x})) {
  for (const GiNaC::ex& c : program_.constants) constants_.push_back(ExactConstant::from_ex(c));
  stack_ = _acb_vec_init(static_cast<slong>(program_.stack_depth));
}

AnalyticPiece::AnalyticPiece(const AnalyticPiece& other) : program_(other.program_), constants_(other.constants_) {
  stack_ = _acb_vec_init(static_cast<slong>(program_.stack_depth));
}

AnalyticPiece::~AnalyticPiece() { _acb_vec_clear(stack_, static_cast<slong>(program_.stack_depth)); }

namespace {

// Arb complex-ball arithmetic for numerics/program_interpreter.hpp, with acb_calc_integrate's
// analytic flag: a function evaluated where it is not analytic (on a branch cut) gives an
// indeterminate ball. Each switch takes the next branch of `branches` (its argument's sign
// on the segment: 1, -1, or 0 when the segment may cross the switch point: indeterminate).
struct AcbOps {
  const std::vector<ExactConstant>& constants;
  const acb_struct* x;
  const std::vector<int>& branches;
  bool analytic;
  slong bits;
  std::size_t next_switch = 0;
  fmpz_t power;

  AcbOps(const std::vector<ExactConstant>& c, const acb_struct* at, const std::vector<int>& b, bool a, slong p)
      : constants(c), x(at), branches(b), analytic(a), bits(p) {
    fmpz_init(power);
  }
  ~AcbOps() { fmpz_clear(power); }
  AcbOps(const AcbOps&) = delete;
  AcbOps& operator=(const AcbOps&) = delete;

  int branch() { return next_switch < branches.size() ? branches[next_switch++] : 0; }
  void constant(acb_struct& out, long k) const {
    acb_zero(&out);
    constants[static_cast<std::size_t>(k)].to_ball(acb_realref(&out), bits);
  }
  void variable(acb_struct& out, long) const { acb_set(&out, x); }
  void add(acb_struct* t, std::size_t n) const {
    for (std::size_t k = 1; k < n; ++k) acb_add(t, t, t + k, bits);
  }
  void mul(acb_struct* t, std::size_t n) const {
    for (std::size_t k = 1; k < n; ++k) acb_mul(t, t, t + k, bits);
  }
  void pow_int(acb_struct& v, long k) {
    if (k == -1) {
      acb_inv(&v, &v, bits);
    } else {
      fmpz_set_si(power, k);
      acb_pow_fmpz(&v, &v, power, bits);
    }
  }
  void pow(acb_struct& v, const acb_struct& y) const { acb_pow_analytic(&v, &v, &y, analytic ? 1 : 0, bits); }
  void sqrt(acb_struct& v) const { acb_sqrt_analytic(&v, &v, analytic ? 1 : 0, bits); }
  void exp(acb_struct& v) const { acb_exp(&v, &v, bits); }
  void log(acb_struct& v) const { acb_log_analytic(&v, &v, analytic ? 1 : 0, bits); }
  void log1p(acb_struct& v) const { log1p_analytic(&v, analytic, bits); }
  void erf(acb_struct& v) const { acb_hypgeom_erf(&v, &v, bits); }
  void erfc(acb_struct& v) const { acb_hypgeom_erfc(&v, &v, bits); }
  void tanh(acb_struct& v) const { acb_tanh(&v, &v, bits); }
  void sinh(acb_struct& v) const { acb_sinh(&v, &v, bits); }
  void cosh(acb_struct& v) const { acb_cosh(&v, &v, bits); }
  void relu(acb_struct& v) {
    const int s = branch();
    if (s < 0)
      acb_zero(&v);
    else if (s == 0)
      acb_indeterminate(&v);
  }
  void step(acb_struct& v) {
    const int s = branch();
    if (s > 0)
      acb_one(&v);
    else if (s < 0)
      acb_zero(&v);
    else
      acb_indeterminate(&v);
  }
  void abs(acb_struct& v) {
    const int s = branch();
    if (s < 0)
      acb_neg(&v, &v);
    else if (s == 0)
      acb_indeterminate(&v);
  }
  // a registered primitive: its descriptor's analytic piece; a switch takes the next branch
  // (BallOps::primitive recorded it under the same test)
  void primitive(acb_struct& v, long k) {
    const sym::PrimitiveFunction& f = sym::primitive_at(static_cast<std::size_t>(k));
    if (!f.is_switch()) {
      f.operations.on_complex(&v, &v, 0, analytic ? 1 : 0, bits);
      return;
    }
    const int s = branch();
    if (s == 0)
      acb_indeterminate(&v);
    else
      f.operations.on_complex(&v, &v, s, analytic ? 1 : 0, bits);
  }
};

}  // namespace

void AnalyticPiece::evaluate(acb_t out, const acb_t x, const std::vector<int>& branches, bool analytic,
                             slong bits) const {
  AcbOps ops(constants_, x, branches, analytic, bits);
  interpret(program_.code, stack_, ops);
  acb_set(out, stack_);
}

}  // namespace attnverify::num
