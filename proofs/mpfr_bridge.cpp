#include "proofs/mpfr_bridge.hpp"

#include <cln/cln.h>
#include <gmp.h>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace attnverify::sym::detail {

using namespace GiNaC;

mpfr_prec_t bits_for_digits(long digits) {
  return static_cast<mpfr_prec_t>(std::ceil(static_cast<double>(digits) * 3.3219280948873623)) + 4;
}

MpfrValue::MpfrValue(long digits) { mpfr_init2(value_, bits_for_digits(digits)); }
MpfrValue::~MpfrValue() { mpfr_clear(value_); }

namespace {
std::string integer_text(const numeric& n) {
  std::ostringstream os;
  os << n;  // GiNaC prints integers as plain decimal digits
  return os.str();
}
}  // namespace

void numeric_to_mpfr(const numeric& z, mpfr_ptr out) {
  if (!z.is_real()) throw std::domain_error("numeric_to_mpfr: complex number");
  numeric q = z;
  if (!z.is_rational()) q = numeric(cln::rational(cln::realpart(z.to_cl_N())));  // exact value of a float
  mpz_t num, den;
  mpz_init_set_str(num, integer_text(q.numer()).c_str(), 10);
  mpz_init_set_str(den, integer_text(q.denom()).c_str(), 10);
  if (mpz_cmp_ui(den, 1) == 0) {
    mpfr_set_z(out, num, MPFR_RNDN);
  } else {
    mpq_t r;
    mpq_init(r);
    mpq_set_num(r, num);
    mpq_set_den(r, den);
    mpfr_set_q(out, r, MPFR_RNDN);  // one correct rounding of p/q
    mpq_clear(r);
  }
  mpz_clear(num);
  mpz_clear(den);
}

ex mpfr_to_numeric(mpfr_srcptr x, long digits) {
  if (!mpfr_number_p(x)) throw std::domain_error("mpfr_to_numeric: not a finite number");
  if (mpfr_zero_p(x)) return numeric(0);
  mpz_t m;
  mpz_init(m);
  const mpfr_exp_t e = mpfr_get_z_2exp(m, x);
  char* text = mpz_get_str(nullptr, 10, m);
  numeric mantissa(text);
  void (*freefunc)(void*, size_t);
  mp_get_memory_functions(nullptr, nullptr, &freefunc);
  freefunc(text, std::char_traits<char>::length(text) + 1);
  mpz_clear(m);
  const numeric exact = mantissa * pow(numeric(2), numeric(static_cast<long>(e)));
  const cln::cl_RA rational_value = cln::the<cln::cl_RA>(exact.to_cl_N());
  return numeric(cln::cl_float(rational_value, cln::float_format(static_cast<uintC>(digits))));
}

}  // namespace attnverify::sym::detail
