#include "proofs/trigonometric_forms.hpp"

#include <map>
#include <string>

#include "proofs/canonical_form.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

bool is_trigonometric(const ex& e) { return is_ex_the_function(e, sin) || is_ex_the_function(e, cos); }

// The angle's exponentials with expanded arguments, so that cos(6 beta + 2) and cos(3 beta + 1)^2
// meet as the same exp(6 i beta + 2 i) once products of exponentials are merged.
ex euler(const ex& node) {
  const ex iu = (I * node.op(0)).expand();
  if (is_ex_the_function(node, cos)) return (exp(iu) + exp(-iu)) / 2;
  return (exp(iu) - exp(-iu)) / (2 * I);
}

// The real and imaginary parts of a sum of terms (complex number) * (factors free of complex
// numbers), the factors real because every symbol is.
void split_parts(const ex& e, ex& real, ex& imaginary) {
  real = 0;
  imaginary = 0;
  for (const ex& term : terms_of(e.expand())) {
    numeric c = 1;
    ex rest = 1;
    for (const ex& f : factors_of(term)) {
      if (is_exactly_a<numeric>(f))
        c *= ex_to<numeric>(f);
      else if (has_complex_number(f))
        throw NotInClass("the factor '" + to_text(f) + "' of a complex exponent is not a real expression times a number");
      else
        rest *= f;
    }
    real += c.real() * rest;
    imaginary += c.imag() * rest;
  }
}

// Whether the angle a is to be written as -(-a): its value at a fixed point of its symbols
// (each symbol of the engine is real; 1/3, 2/7, ... in the order of the symbols' names)
// is negative, or, where it vanishes there, its first term in GiNaC's order has a negative
// coefficient. Deterministic for a given a, and the same for a and -a up to the sign.
bool angle_is_negative(const ex& a) {
  std::map<std::string, ex> by_name;  // the point's coordinates in the order of the symbols' names
  for (const_preorder_iterator it = a.preorder_begin(); it != a.preorder_end(); ++it)
    if (is_a<symbol>(*it)) by_name.emplace(ex_to<symbol>(*it).get_name(), *it);
  exmap point;
  int k = 0;
  for (const auto& [name, symbol_of] : by_name) point[symbol_of] = numeric(1 + k, 3 + 4 * k), ++k;
  const ex value = a.subs(point).evalf();
  if (is_exactly_a<numeric>(value) && ex_to<numeric>(value).is_real() && !ex_to<numeric>(value).is_zero())
    return ex_to<numeric>(value).is_negative();
  const ex first = is_exactly_a<add>(a) ? a.op(0) : a;
  const ex coefficient = is_exactly_a<mul>(first) ? first.op(first.nops() - 1) : first;
  return is_exactly_a<numeric>(coefficient) && ex_to<numeric>(coefficient).is_real() &&
         ex_to<numeric>(coefficient).is_negative();
}

}  // namespace

bool has_complex_number(const ex& e) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_exactly_a<numeric>(*it) && !ex_to<numeric>(*it).is_real()) return true;
  return false;
}

bool has_trigonometric(const ex& e) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_trigonometric(*it)) return true;
  return false;
}

bool has_trigonometric(const ex& e, const symbol& x) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_trigonometric(*it) && it->op(0).has(x)) return true;
  return false;
}

ex trigonometric_as_exponentials(const ex& e, const symbol& x) {
  // the class is sums, products and integer powers of sin and cos of b x + c with exp-polynomial
  // terms: one inside another function (exp(cos x)) or a root is outside it, named as written
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    const bool container = is_a<function>(*it) ? !is_trigonometric(*it)
                                               : is_exactly_a<power>(*it) && !it->op(1).info(info_flags::integer);
    if (!container) continue;
    for (std::size_t k = 0; k < it->nops(); ++k)
      if (has_trigonometric(it->op(k), x))
        throw NotInClass("'" + to_text(*it) + "' holds a sine or cosine of x inside " +
                         (is_a<function>(*it) ? "another function" : "a root or a non-integer power") +
                         " (the derived class has sin and cos of b x + c as factors only)");
  }
  return bottom_up(e, [&](const ex& node) -> ex {
    if (!is_trigonometric(node) || !node.op(0).has(x)) return node;
    const ex u = node.op(0).expand();
    if (!u.is_polynomial(x) || u.degree(x) != 1)
      throw NotInClass("the argument of '" + to_text(node) +
                       "' is not linear in x (the Gaussian closed forms are those of sin and cos of b x + c)");
    return euler(node);
  });
}

ex trigonometric_as_exponentials(const ex& e) {
  return bottom_up(e, [](const ex& node) -> ex { return is_trigonometric(node) ? euler(node) : node; });
}

ex real_form(const ex& e) {
  ex out = 0;
  for (const ex& term : terms_of(merge_exponentials(e.expand()))) {
    numeric c = 1;
    ex exponent = 0, rest = 1;
    for (const ex& f : factors_of(term)) {
      if (is_exactly_a<numeric>(f))
        c *= ex_to<numeric>(f);
      else if (is_ex_the_function(f, exp))
        exponent += f.op(0);
      else if (has_complex_number(f))
        throw NotInClass("the factor '" + to_text(f) + "' of a complex form is not a real expression");
      else
        rest *= f;
    }
    ex re, im;
    split_parts(exponent, re, im);
    // the angle of a conjugate pair once: cos(-a) = cos(a), sin(-a) = -sin(a), with the sign
    // read at a fixed point, so that the two terms of each pair add up
    numeric c_im = c.imag();
    if (angle_is_negative(im)) {
      im = (-im).expand();
      c_im = -c_im;
    }
    out += rest * exp(re) * (c.real() * cos(im) - c_im * sin(im));
  }
  return out;
}

}  // namespace attnverify::sym
