#include "proofs/constant_sign.hpp"

#include <arb.h>
#include <arb_hypgeom.h>
#include <flint/fmpq.h>

#include <sstream>
#include <string>

#include "proofs/erf.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

struct BallOf {
  arb_t v;
  BallOf() { arb_init(v); }
  ~BallOf() { arb_clear(v); }
  BallOf(const BallOf&) = delete;
  BallOf& operator=(const BallOf&) = delete;
};

struct Unsupported {};

bool has_symbol(const ex& e) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_a<symbol>(*it)) return true;
  return false;
}

std::string integer_text(const numeric& z) {
  std::ostringstream out;
  out << z;
  return out.str();
}

void rational_ball(arb_t out, const numeric& q, slong bits) {
  if (!q.is_rational()) throw Unsupported{};
  fmpq_t r;
  fmpq_init(r);
  fmpz_set_str(fmpq_numref(r), integer_text(q.numer()).c_str(), 10);
  fmpz_set_str(fmpq_denref(r), integer_text(q.denom()).c_str(), 10);
  arb_set_fmpq(out, r, bits);
  fmpq_clear(r);
}

// a ball of e at `bits` bits of working precision; throws Unsupported
void evaluate(arb_t out, const ex& e, slong bits) {
  if (is_exactly_a<numeric>(e)) {
    const numeric z = ex_to<numeric>(e);
    if (!z.is_real()) throw Unsupported{};
    rational_ball(out, z, bits);
    return;
  }
  if (e.is_equal(Pi)) {
    arb_const_pi(out, bits);
    return;
  }
  if (is_exactly_a<add>(e) || is_exactly_a<mul>(e)) {
    const bool sum = is_exactly_a<add>(e);
    arb_set_si(out, sum ? 0 : 1);
    BallOf part;
    for (const ex& op : e) {
      evaluate(part.v, op, bits);
      if (sum)
        arb_add(out, out, part.v, bits);
      else
        arb_mul(out, out, part.v, bits);
    }
    return;
  }
  if (is_exactly_a<power>(e)) {
    BallOf base;
    evaluate(base.v, e.op(0), bits);
    const ex k = e.op(1);
    if (is_exactly_a<numeric>(k) && ex_to<numeric>(k).is_integer()) {
      const numeric n = ex_to<numeric>(k);
      if (abs(n) > numeric(1000000)) throw Unsupported{};
      arb_pow_ui(out, base.v, static_cast<ulong>(abs(n).to_long()), bits);
      if (n.is_negative()) arb_inv(out, out, bits);
      return;
    }
    if (!arb_is_positive(base.v)) throw Unsupported{};  // a real power of a base not shown > 0
    BallOf exponent;
    evaluate(exponent.v, k, bits);
    arb_pow(out, base.v, exponent.v, bits);
    return;
  }
  if (is_a<function>(e) && e.nops() == 1) {
    BallOf x;
    evaluate(x.v, e.op(0), bits);
    if (is_ex_the_function(e, exp)) arb_exp(out, x.v, bits);
    else if (is_ex_the_function(e, log)) {
      if (!arb_is_positive(x.v)) throw Unsupported{};
      arb_log(out, x.v, bits);
    } else if (is_ex_the_function(e, sin)) arb_sin(out, x.v, bits);
    else if (is_ex_the_function(e, cos)) arb_cos(out, x.v, bits);
    else if (is_ex_the_function(e, atan)) arb_atan(out, x.v, bits);
    else if (is_ex_the_function(e, sinh)) arb_sinh(out, x.v, bits);
    else if (is_ex_the_function(e, cosh)) arb_cosh(out, x.v, bits);
    else if (is_ex_the_function(e, tanh)) arb_tanh(out, x.v, bits);
    else if (is_ex_the_function(e, erf)) arb_hypgeom_erf(out, x.v, bits);
    else if (is_ex_the_function(e, erfc)) arb_hypgeom_erfc(out, x.v, bits);
    else throw Unsupported{};
    return;
  }
  throw Unsupported{};
}

}  // namespace

std::optional<int> constant_sign_by_balls(const ex& constant, long max_bits) {
  try {
    if (has_symbol(constant)) return std::nullopt;
    BallOf value;
    for (slong bits = 64; bits <= max_bits; bits *= 2) {
      evaluate(value.v, constant, bits);
      if (arb_is_positive(value.v)) return 1;
      if (arb_is_negative(value.v)) return -1;
      if (!arb_is_finite(value.v)) return std::nullopt;
    }
  } catch (const Unsupported&) {
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

}  // namespace attnverify::sym
