#include "numerics/gaussian_tail_bound.hpp"

#include <arb_hypgeom.h>
#include <fmt/format.h>

#include <vector>

#include "numerics/ball_expression.hpp"
#include "proofs/primitive_function.hpp"

namespace attnverify::num {

namespace {

constexpr slong kBits = 128;  // the bounds' constants need no more

Ball ball(long v) {
  Ball b;
  arb_set_si(b.get(), v);
  return b;
}
Ball add(const Ball& a, const Ball& b) {
  Ball r;
  arb_add(r.get(), a.get(), b.get(), kBits);
  return r;
}
Ball mul(const Ball& a, const Ball& b) {
  Ball r;
  arb_mul(r.get(), a.get(), b.get(), kBits);
  return r;
}
Ball max(const Ball& a, const Ball& b) {
  Ball r;
  arb_max(r.get(), a.get(), b.get(), kBits);
  return r;
}
Ball absolute(const Ball& a) {
  Ball r;
  arb_abs(r.get(), a.get());
  return r;
}
Ball exp_of(const Ball& a) {
  Ball r;
  arb_exp(r.get(), a.get(), kBits);
  return r;
}
Ball log_of(const Ball& a) {
  Ball r;
  arb_log(r.get(), a.get(), kBits);
  return r;
}
Ball pow_of(const Ball& a, const Ball& e) {
  Ball r;
  arb_pow(r.get(), a.get(), e.get(), kBits);
  return r;
}
Ball negate(const Ball& a) {
  Ball r;
  arb_neg(r.get(), a.get());
  return r;
}

// What is known of one value of the program, for all real x (docs in the header):
//   upper  |g| <= M (1+|x|)^(p - decay) e^{c|x|}     lin  |g| <= la + lb|x|
//   up     g <= ua + ub|x|                            pos  g >= m (1+|x|)^rise e^{-d|x|}, m > 0
//   floor  |g| >= fa |x|^fk, fa >= 0
// with p, decay, rise, fk >= 0 and p = 0 or decay = 0 (normalize). Each rule that predates
// decay, rise and floor holds with them left out (decay and rise at 0, no floor): they only
// sharpen, as (1+|x|)^(p - decay) <= (1+|x|)^p and (1+|x|)^rise >= 1.
struct Node {
  bool has_upper = false, has_lin = false, has_up = false, nonneg = false, has_pos = false, is_const = false,
       has_floor = false;
  Ball M, p, c, la, lb, ua, ub, m, d, value, decay, rise, fa, fk;
};

// p - decay as one of them: the other 0
void normalize(Node& n) {
  Ball net;
  arb_sub(net.get(), n.p.get(), n.decay.get(), kBits);
  if (arb_is_nonnegative(net.get())) {
    n.p = net;
    n.decay = Ball();
  } else if (arb_is_negative(net.get())) {
    n.decay = Ball();
    arb_neg(n.decay.get(), net.get());
    n.p = Ball();
  }  // a ball holding 0 with both ends: keep p and decay as they are (still a valid bound)
}

void complete(Node& n) {
  if (n.is_const) {
    n.has_upper = n.has_lin = n.has_up = true;
    n.M = n.la = absolute(n.value);
    n.p = n.c = n.lb = n.ub = ball(0);
    n.ua = n.value;
    n.nonneg = arb_is_nonnegative(n.value.get());
    if (arb_is_positive(n.value.get())) {
      n.has_pos = true;
      n.m = n.value;
      n.d = ball(0);
    }
  }
  if (n.has_upper) normalize(n);
  if (n.has_lin && !n.has_upper) {  // a + b|x| <= (a + b)(1 + |x|); a bounded value (b = 0) needs no power
    n.has_upper = true;
    const bool bounded = arb_is_zero(n.lb.get());
    n.M = add(n.la, n.lb);
    n.p = ball(bounded ? 0 : 1);
    n.c = ball(0);
  }
  if (n.has_upper && !n.has_lin && arb_is_zero(n.c.get()) && arb_is_zero(n.p.get())) {
    n.has_lin = true;  // M (1+|x|)^(-decay) <= M: bounded
    n.la = n.M;
    n.lb = ball(0);
  } else if (n.has_upper && !n.has_lin && arb_is_zero(n.c.get()) && arb_le(n.p.get(), ball(1).get())) {
    n.has_lin = true;  // M (1+|x|)^p <= M + M|x| for p <= 1
    n.la = n.lb = n.M;
  }
  if (n.has_lin && !n.has_up) {
    n.has_up = true;
    n.ua = n.la;
    n.ub = n.lb;
  }
  if (n.has_pos) n.nonneg = true;
}

Node constant(const Ball& v) {
  Node n;
  n.is_const = true;
  n.value = v;
  n.has_floor = true;  // |c| >= |c| |x|^0
  n.fa = absolute(v);
  complete(n);
  return n;
}

Node bounded(const Ball& bound, bool nonneg) {  // |g| <= bound
  Node n;
  n.has_lin = true;
  n.la = bound;
  n.lb = ball(0);
  n.nonneg = nonneg;
  complete(n);
  return n;
}

Node bounded(long bound, bool nonneg) { return bounded(ball(bound), nonneg); }

// exp(a + b|x|)-type bound from |u| <= a + b|x| (sinh, cosh) or u <= a + b|x| (exp)
Node exponential_of(const Ball& a, const Ball& b) {
  Node n;
  n.has_upper = true;
  n.M = exp_of(a);
  n.p = ball(0);
  n.c = b;
  complete(n);
  return n;
}

Node sum(const std::vector<Node>& terms) {
  Node n;
  bool all_const = true, all_upper = true, all_lin = true, all_up = true, all_nonneg = true;
  for (const Node& t : terms) {
    all_const &= t.is_const;
    all_upper &= t.has_upper;
    all_lin &= t.has_lin;
    all_up &= t.has_up;
    all_nonneg &= t.nonneg;
  }
  if (all_const) {
    Ball v = ball(0);
    for (const Node& t : terms) v = add(v, t.value);
    return constant(v);
  }
  if (all_upper) {  // sum M (1+|x|)^(net) <= (sum M) (1+|x|)^(max net)
    n.has_upper = true;
    n.M = ball(0);
    n.c = ball(0);
    std::optional<Ball> net;
    for (const Node& t : terms) {
      n.M = add(n.M, t.M);
      Ball term_net;
      arb_sub(term_net.get(), t.p.get(), t.decay.get(), kBits);
      net = net ? max(*net, term_net) : term_net;
      n.c = max(n.c, t.c);
    }
    n.p = *net;  // normalize (in complete) splits it into p and decay
    n.decay = ball(0);
    if (!arb_is_nonnegative(n.p.get()) && !arb_is_negative(n.p.get())) n.p = max(n.p, ball(0));
  }
  if (all_lin) {
    n.has_lin = true;
    n.la = ball(0);
    n.lb = ball(0);
    for (const Node& t : terms) {
      n.la = add(n.la, t.la);
      n.lb = add(n.lb, t.lb);
    }
  }
  if (all_up) {
    n.has_up = true;
    n.ua = ball(0);
    n.ub = ball(0);
    for (const Node& t : terms) {
      n.ua = add(n.ua, t.ua);
      n.ub = add(n.ub, t.ub);
    }
  }
  n.nonneg = all_nonneg;
  if (all_nonneg) {  // a sum of non-negative terms is at least any one of them
    for (const Node& t : terms) {
      if (t.has_pos && (!n.has_pos || arf_cmp(arb_midref(t.d.get()), arb_midref(n.d.get())) < 0)) {
        n.has_pos = true;
        n.m = t.m;
        n.d = t.d;
        n.rise = t.rise;
      }
      // and at least any one term's floor
      if (t.has_floor && (!n.has_floor || arf_cmp(arb_midref(t.fk.get()), arb_midref(n.fk.get())) > 0)) {
        n.has_floor = true;
        n.fa = t.fa;
        n.fk = t.fk;
      }
    }
    // a positive constant c plus a term >= a|x|^k (a > 0, k >= 1):
    //   c + a|x|^k >= min(c, a) (1 + |x|^k) >= min(c, a) 2^(1-k) (1+|x|)^k
    // (convexity of t^k: ((1 + |x|)/2)^k <= (1 + |x|^k)/2), a lower bound that grows
    std::optional<Ball> c;
    for (const Node& t : terms)
      if (t.is_const && arb_is_positive(t.value.get())) c = c ? add(*c, t.value) : t.value;
    for (const Node& t : terms) {
      if (!c || t.is_const || !t.has_floor || !arb_is_positive(t.fa.get()) || !arb_ge(t.fk.get(), ball(1).get()))
        continue;
      if (n.has_pos && arb_is_zero(n.d.get()) && arb_ge(n.rise.get(), t.fk.get())) continue;
      Ball smaller;
      arb_min(smaller.get(), c->get(), t.fa.get(), kBits);
      Ball one_minus_k, scale;
      arb_sub(one_minus_k.get(), ball(1).get(), t.fk.get(), kBits);
      Ball two = ball(2);
      arb_pow(scale.get(), two.get(), one_minus_k.get(), kBits);
      n.has_pos = true;
      n.m = mul(smaller, scale);
      n.d = ball(0);
      n.rise = t.fk;
    }
  }
  complete(n);
  return n;
}

Node product(const std::vector<Node>& factors) {
  Node n;
  bool all_const = true, all_upper = true, all_pos = true;
  int negative_constants = 0, varying_lin = 0, varying = 0;
  bool others_nonneg = true;
  Ball constant_factor = ball(1);
  const Node* lin_factor = nullptr;
  for (const Node& f : factors) {
    all_const &= f.is_const;
    all_upper &= f.has_upper;
    all_pos &= f.has_pos;
    if (f.is_const) {
      constant_factor = mul(constant_factor, f.value);
      if (arb_is_negative(f.value.get()))
        ++negative_constants;
      else if (!arb_is_nonnegative(f.value.get()))
        others_nonneg = false;
    } else {
      ++varying;
      if (f.has_lin) {
        ++varying_lin;
        lin_factor = &f;
      }
      others_nonneg &= f.nonneg;
    }
  }
  if (all_const) return constant(constant_factor);
  if (all_upper) {
    n.has_upper = true;
    n.M = ball(1);
    n.p = ball(0);
    n.c = ball(0);
    for (const Node& f : factors) {
      n.M = mul(n.M, f.M);
      n.p = add(n.p, f.p);
      n.decay = add(n.decay, f.decay);
      n.c = add(n.c, f.c);
    }
  }
  if (std::all_of(factors.begin(), factors.end(), [](const Node& f) { return f.has_floor; })) {
    n.has_floor = true;  // |prod| = prod |f| >= prod fa |x|^(sum fk)
    n.fa = ball(1);
    n.fk = ball(0);
    for (const Node& f : factors) {
      n.fa = mul(n.fa, f.fa);
      n.fk = add(n.fk, f.fk);
    }
  }
  if (varying == 1 && varying_lin == 1) {  // K u with |u| <= a + b|x|
    n.has_lin = true;
    n.la = mul(absolute(constant_factor), lin_factor->la);
    n.lb = mul(absolute(constant_factor), lin_factor->lb);
  }
  if (others_nonneg) {
    n.nonneg = negative_constants % 2 == 0;
    if (negative_constants % 2 == 1) {  // a non-positive product: g <= 0
      n.has_up = true;
      n.ua = ball(0);
      n.ub = ball(0);
    }
  }
  if (all_pos) {
    n.has_pos = true;
    n.m = ball(1);
    n.d = ball(0);
    for (const Node& f : factors) {
      n.m = mul(n.m, f.m);
      n.d = add(n.d, f.d);
      n.rise = add(n.rise, f.rise);
    }
  }
  complete(n);
  return n;
}

// u^r for a constant real r, u > 0 (or u >= 0 and r > 0)
std::optional<Node> real_power(const Node& u, const Ball& r) {
  Node n;
  if (u.is_const) {
    if (!arb_is_positive(u.value.get())) return std::nullopt;
    return constant(pow_of(u.value, r));
  }
  if (arb_is_positive(r.get())) {
    if (!u.has_upper || !(u.nonneg || u.has_pos)) return std::nullopt;
    n.has_upper = true;
    n.M = pow_of(u.M, r);
    n.p = mul(r, u.p);
    n.decay = mul(r, u.decay);
    n.c = mul(r, u.c);
    if (u.has_pos) {
      n.has_pos = true;
      n.m = pow_of(u.m, r);
      n.d = mul(r, u.d);
      n.rise = mul(r, u.rise);
    }
    if (u.has_floor) {  // u >= 0 here: u^r >= fa^r |x|^(r fk)
      n.has_floor = true;
      n.fa = pow_of(u.fa, r);
      n.fk = mul(r, u.fk);
    }
    n.nonneg = true;
  } else if (arb_is_negative(r.get())) {
    if (!u.has_pos || !u.has_upper) return std::nullopt;
    // u >= m (1+|x|)^rise e^{-d|x|}  =>  u^r <= m^r (1+|x|)^(-|r| rise) e^{|r| d |x|};
    // u <= M e^{(p+c)|x|}  =>  u^r >= M^r e^{-|r|(p+c)|x|}
    const Ball s = absolute(r);
    n.has_upper = true;
    n.M = pow_of(u.m, r);
    n.p = ball(0);
    n.decay = mul(s, u.rise);
    n.c = mul(s, u.d);
    n.has_pos = true;
    n.m = pow_of(u.M, r);
    n.d = mul(s, add(u.p, u.c));
  } else {
    return constant(ball(1));
  }
  complete(n);
  return n;
}

// a unary function of a constant is a constant (log 2 in 2^x = exp(x log 2))
bool fold_constant(Op op, long op_argument, Node& u) {
  if (!u.is_const) return false;
  Ball v = u.value;
  arb_ptr x = v.get();
  switch (op) {
    case Op::Sqrt:
      arb_sqrt(x, x, kBits);
      break;
    case Op::Exp:
      arb_exp(x, x, kBits);
      break;
    case Op::Log:
      arb_log(x, x, kBits);
      break;
    case Op::Log1p:
      arb_log1p(x, x, kBits);
      break;
    case Op::Erf:
      arb_hypgeom_erf(x, x, kBits);
      break;
    case Op::Erfc:
      arb_hypgeom_erfc(x, x, kBits);
      break;
    case Op::Tanh:
      arb_tanh(x, x, kBits);
      break;
    case Op::Sinh:
      arb_sinh(x, x, kBits);
      break;
    case Op::Cosh:
      arb_cosh(x, x, kBits);
      break;
    case Op::Abs:
      arb_abs(x, x);
      break;
    case Op::Primitive:
      sym::primitive_at(static_cast<std::size_t>(op_argument)).operations.on_ball(x, x, kBits);
      break;
    default:
      return false;  // relu, step: handled by their rules
  }
  if (!v.finite()) return false;  // e.g. log of a negative constant: no rule applies
  u = constant(v);
  return true;
}

}  // namespace

GrowthBoundResult growth_bound(const ExpressionProgram& program) {
  std::vector<Node> stack;
  const auto fail = [](const std::string& why) { return GrowthBoundResult{std::nullopt, why}; };
  for (const Instruction& ins : program.code) {
    if (!stack.empty() && fold_constant(ins.op, ins.argument, stack.back())) continue;
    switch (ins.op) {
      case Op::Constant: {
        Ball v;
        ExactConstant::from_ex(program.constants[static_cast<std::size_t>(ins.argument)]).to_ball(v.get(), kBits);
        stack.push_back(constant(v));
        break;
      }
      case Op::Variable: {
        Node n;
        n.has_lin = true;
        n.la = ball(0);
        n.lb = ball(1);
        n.has_floor = true;  // |x| >= 1 |x|^1
        n.fa = ball(1);
        n.fk = ball(1);
        complete(n);
        stack.push_back(n);
        break;
      }
      case Op::Add:
      case Op::Mul: {
        const auto first = stack.end() - ins.argument;
        std::vector<Node> operands(first, stack.end());
        stack.erase(first, stack.end());
        stack.push_back(ins.op == Op::Add ? sum(operands) : product(operands));
        if (!stack.back().has_upper) return fail(ins.op == Op::Add ? "a sum" : "a product");
        break;
      }
      case Op::PowInt: {
        Node& u = stack.back();
        if (ins.argument >= 0) {
          const Node base = u;
          std::vector<Node> factors(static_cast<std::size_t>(ins.argument), base);
          u = ins.argument == 0 ? constant(ball(1)) : product(factors);
          if (ins.argument % 2 == 0) u.nonneg = true;
        } else {
          const auto p = real_power(u, ball(ins.argument));
          if (!p) return fail("a reciprocal of a value not bounded away from 0");
          u = *p;
        }
        break;
      }
      case Op::Pow: {
        const Node exponent = stack.back();
        stack.pop_back();
        Node& base = stack.back();
        if (exponent.is_const) {
          const auto p = real_power(base, exponent.value);
          if (!p) return fail("a real power of a value not bounded away from 0");
          base = *p;
        } else if (base.is_const && arb_is_positive(base.value.get()) && exponent.has_lin) {
          const Ball s = absolute(log_of(base.value));  // q^u = e^{u log q}
          Node n = exponential_of(mul(s, exponent.la), mul(s, exponent.lb));
          n.has_pos = true;
          n.m = exp_of(negate(mul(s, exponent.la)));
          n.d = mul(s, exponent.lb);
          complete(n);
          base = n;
        } else {
          return fail("a power with a variable exponent");
        }
        break;
      }
      case Op::Sqrt: {
        Node& u = stack.back();
        if (u.is_const) {
          if (!arb_is_nonnegative(u.value.get())) return fail("the square root of a negative constant");
          Ball r;
          arb_sqrt(r.get(), u.value.get(), kBits);
          u = constant(r);
        } else {
          if (!u.has_upper) return fail("a square root");
          Node n;  // |sqrt u| = sqrt |u|
          n.has_upper = true;
          arb_sqrt(n.M.get(), u.M.get(), kBits);
          arb_mul_2exp_si(n.p.get(), u.p.get(), -1);
          arb_mul_2exp_si(n.decay.get(), u.decay.get(), -1);
          arb_mul_2exp_si(n.c.get(), u.c.get(), -1);
          if (u.has_pos) {
            n.has_pos = true;
            arb_sqrt(n.m.get(), u.m.get(), kBits);
            arb_mul_2exp_si(n.d.get(), u.d.get(), -1);
            arb_mul_2exp_si(n.rise.get(), u.rise.get(), -1);
          }
          if (u.has_floor) {  // sqrt|u| >= sqrt(fa) |x|^(fk/2)
            n.has_floor = true;
            arb_sqrt(n.fa.get(), u.fa.get(), kBits);
            arb_mul_2exp_si(n.fk.get(), u.fk.get(), -1);
          }
          n.nonneg = true;
          complete(n);
          u = n;
        }
        break;
      }
      case Op::Exp: {
        Node& u = stack.back();
        if (u.is_const) {
          u = constant(exp_of(u.value));
          break;
        }
        if (!u.has_up) return fail("exp of a function that may grow faster than |x|");
        Node n = exponential_of(u.ua, u.ub);
        if (u.has_lin) {
          n.has_pos = true;
          n.m = exp_of(negate(u.la));
          n.d = u.lb;
        }
        n.nonneg = true;
        complete(n);
        u = n;
        break;
      }
      case Op::Sinh:
      case Op::Cosh: {
        Node& u = stack.back();
        if (!u.has_lin) return fail("sinh or cosh of a function that may grow faster than |x|");
        Node n = exponential_of(u.la, u.lb);
        if (ins.op == Op::Cosh) {
          n.has_pos = true;
          n.m = ball(1);
          n.d = ball(0);
        }
        complete(n);
        u = n;
        break;
      }
      case Op::Log: {
        Node& u = stack.back();
        if (!u.has_pos || !u.has_upper) return fail("log of a value not bounded away from 0");
        Node n;
        n.has_lin = true;
        n.la = max(absolute(log_of(u.M)), absolute(log_of(u.m)));
        n.lb = max(add(u.p, u.c), u.d);
        complete(n);
        u = n;
        break;
      }
      case Op::Log1p: {
        Node& u = stack.back();
        if (!u.nonneg || !u.has_upper) return fail("log1p of a value that may be negative");
        Node n;  // 0 <= log(1 + u) <= log(1 + M) + (p + c)|x|
        n.has_lin = true;
        Ball one_plus;
        arb_add_ui(one_plus.get(), u.M.get(), 1, kBits);
        n.la = log_of(one_plus);
        n.lb = add(u.p, u.c);
        n.nonneg = true;
        complete(n);
        u = n;
        break;
      }
      case Op::Erf:
      case Op::Tanh:
        stack.back() = bounded(1, false);
        break;
      case Op::Erfc:
        stack.back() = bounded(2, true);
        break;
      case Op::Step:
        stack.back() = bounded(1, true);
        break;
      case Op::Primitive: {  // |f(u)| <= the descriptor's bound, for every real u
        const sym::PrimitiveFunction& f = sym::primitive_at(static_cast<std::size_t>(ins.argument));
        if (!f.bound) return fail(f.name + ", which is unbounded");
        stack.back() = bounded(BallExpression(*f.bound, {})({}, kBits), false);
        break;
      }
      case Op::Relu:
      case Op::Abs: {
        Node& u = stack.back();
        Node n;
        n.has_upper = u.has_upper;
        n.M = u.M;
        n.p = u.p;
        n.decay = u.decay;
        n.c = u.c;
        n.has_lin = u.has_lin;
        n.la = u.la;
        n.lb = u.lb;
        if (ins.op == Op::Relu && u.has_up) {  // relu(u) <= max(u, 0)
          n.has_up = true;
          n.ua = max(u.ua, ball(0));
          n.ub = u.ub;
        }
        if (ins.op == Op::Abs && u.has_pos) {
          n.has_pos = true;
          n.m = u.m;
          n.d = u.d;
          n.rise = u.rise;
        }
        if (ins.op == Op::Abs && u.has_floor) {  // ||u|| = |u|
          n.has_floor = true;
          n.fa = u.fa;
          n.fk = u.fk;
        }
        n.nonneg = true;
        complete(n);
        u = n;
        break;
      }
    }
  }
  if (stack.size() != 1 || !stack.back().has_upper) return fail("the result");
  const Node& f = stack.back();
  return GrowthBoundResult{GrowthBound{f.M, f.p, f.c}, ""};
}

Ball gaussian_tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma, const Ball& T,
                         slong bits) {
  // K = M^k (1 + |beta| + gamma)^{kp} n! e^{k c |beta|},  lambda = k c gamma + [n > 0]
  Ball kp, kc, abs_beta, A, K, lambda, t;
  arb_mul_ui(kp.get(), g.p.get(), k, bits);
  arb_mul_ui(kc.get(), g.c.get(), k, bits);
  arb_abs(abs_beta.get(), beta.get());
  arb_add(A.get(), abs_beta.get(), gamma.get(), bits);
  arb_add_ui(A.get(), A.get(), 1, bits);
  // n = ceil of the upper end of k p
  arf_t upper;
  arf_init(upper);
  arb_get_ubound_arf(upper, kp.get(), bits);
  arf_ceil(upper, upper);
  const slong n = arf_get_si(upper, ARF_RND_CEIL);
  arf_clear(upper);
  fmpz_t kf;
  fmpz_init_set_ui(kf, k);
  arb_pow_fmpz(K.get(), g.M.get(), kf, bits);
  fmpz_clear(kf);
  Ball factor;
  arb_pow(factor.get(), A.get(), kp.get(), bits);
  arb_mul(K.get(), K.get(), factor.get(), bits);
  arb_fac_ui(factor.get(), static_cast<ulong>(n), bits);
  arb_mul(K.get(), K.get(), factor.get(), bits);
  arb_mul(factor.get(), kc.get(), abs_beta.get(), bits);
  arb_exp(factor.get(), factor.get(), bits);
  arb_mul(K.get(), K.get(), factor.get(), bits);
  arb_mul(lambda.get(), kc.get(), gamma.get(), bits);
  if (n > 0) arb_add_ui(lambda.get(), lambda.get(), 1, bits);
  // K e^{lambda^2/2} erfc((T - lambda)/sqrt 2)
  arb_sqr(factor.get(), lambda.get(), bits);
  arb_mul_2exp_si(factor.get(), factor.get(), -1);
  arb_exp(factor.get(), factor.get(), bits);
  arb_mul(K.get(), K.get(), factor.get(), bits);
  arb_sub(t.get(), T.get(), lambda.get(), bits);
  Ball root2;
  arb_set_ui(root2.get(), 2);
  arb_rsqrt(root2.get(), root2.get(), bits);
  arb_mul(t.get(), t.get(), root2.get(), bits);
  arb_hypgeom_erfc(t.get(), t.get(), bits);
  arb_mul(K.get(), K.get(), t.get(), bits);
  return K;
}

}  // namespace attnverify::num
