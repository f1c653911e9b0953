#include "numerics/analytic_piece.hpp"

#include <acb_hypgeom.h>

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

void AnalyticPiece::evaluate(acb_t out, const acb_t x, const std::vector<int>& branches, bool analytic,
                             slong bits) const {
  std::size_t top = 0, next_switch = 0;
  const int a = analytic ? 1 : 0;
  fmpz_t power;
  fmpz_init(power);
  const auto branch = [&]() { return next_switch < branches.size() ? branches[next_switch++] : 0; };
  for (const Instruction& ins : program_.code) {
    acb_ptr last = stack_ + top - 1;
    switch (ins.op) {
      case Op::Constant:
        acb_zero(stack_ + top);
        constants_[static_cast<std::size_t>(ins.argument)].to_ball(acb_realref(stack_ + top), bits);
        ++top;
        break;
      case Op::Variable:
        acb_set(stack_ + top, x);
        ++top;
        break;
      case Op::Add:
      case Op::Mul: {
        const std::size_t first = top - static_cast<std::size_t>(ins.argument);
        for (std::size_t k = first + 1; k < top; ++k) {
          if (ins.op == Op::Add)
            acb_add(stack_ + first, stack_ + first, stack_ + k, bits);
          else
            acb_mul(stack_ + first, stack_ + first, stack_ + k, bits);
        }
        top = first + 1;
        break;
      }
      case Op::PowInt:
        if (ins.argument == -1) {
          acb_inv(last, last, bits);
        } else {
          fmpz_set_si(power, ins.argument);
          acb_pow_fmpz(last, last, power, bits);
        }
        break;
      case Op::Pow:
        acb_pow_analytic(stack_ + top - 2, stack_ + top - 2, last, a, bits);
        --top;
        break;
      case Op::Sqrt:
        acb_sqrt_analytic(last, last, a, bits);
        break;
      case Op::Exp:
        acb_exp(last, last, bits);
        break;
      case Op::Log:
        acb_log_analytic(last, last, a, bits);
        break;
      case Op::Log1p:
        log1p_analytic(last, analytic, bits);
        break;
      case Op::Erf:
        acb_hypgeom_erf(last, last, bits);
        break;
      case Op::Erfc:
        acb_hypgeom_erfc(last, last, bits);
        break;
      case Op::Tanh:
        acb_tanh(last, last, bits);
        break;
      case Op::Sinh:
        acb_sinh(last, last, bits);
        break;
      case Op::Cosh:
        acb_cosh(last, last, bits);
        break;
      case Op::Relu: {
        const int s = branch();
        if (s < 0)
          acb_zero(last);
        else if (s == 0)
          acb_indeterminate(last);
        break;
      }
      case Op::Step: {
        const int s = branch();
        if (s > 0)
          acb_one(last);
        else if (s < 0)
          acb_zero(last);
        else
          acb_indeterminate(last);
        break;
      }
      case Op::Abs: {
        const int s = branch();
        if (s < 0)
          acb_neg(last, last);
        else if (s == 0)
          acb_indeterminate(last);
        break;
      }
    }
  }
  fmpz_clear(power);
  acb_set(out, stack_);
}

}  // namespace attnverify::num
