#include "proofs/telescoping_certificate.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;


DerivationCertificate certify_sum(const ex& F, const ex& summand, const symbol& N, const symbol& i) {
  DerivationCertificate out;
  out.method = "telescoping";
  try {
    // a(N) for N >= 1 (N is a positive symbol): |N lambda^(n-N)| = N lambda^(n-N), where the
    // summand in a real i keeps its absolute value
    const ex a_N = summand.subs(i == N);
    // the induction step as written, else with every b^e of a number b > 0 as exp(e log b) (an
    // identity; the zero test splits 4^N (1/2)^(2N) only as powers, and matches 2^(N/n) with
    // exp(N log(2)/n) only as exponentials)
    const auto step_holds = [&]() {
      if (is_identically_zero(F - F.subs(N == N - 1) - a_N)) return true;
      const ex G = numeric_powers_as_exp(F);
      return is_identically_zero(G - G.subs(N == N - 1) - numeric_powers_as_exp(a_N));
    };
    if (a_N.has(abs(wild())))
      out.reason = "the summand '" + to_text(summand) + "' keeps an absolute value";
    else if (!is_identically_zero(F.subs(N == 0)) && !is_identically_zero(numeric_powers_as_exp(F.subs(N == 0))))
      out.reason = "F(0) = " + to_text(F.subs(N == 0)) + " is not shown to be 0";
    else if (!step_holds())
      out.reason = "F(N) - F(N-1) - a(N) does not reduce to 0";
    else {
      out.verified = true;
      out.steps.push_back("F(0) = 0 and F(N) - F(N-1) = a(N) hold identically, so F(N) = sum_{i=1}^N a(i) by induction");
    }
  } catch (const std::exception& err) {
    out.reason = std::string("the symbolic engine failed: ") + err.what();
  }
  return out;
}

}  // namespace attnverify::sym
