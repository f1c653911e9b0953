// Small LaTeX pieces the report's sections share (src/report/report_latex.cpp,
// src/report/findings_latex.cpp): a point as math, a verdict with what was expected, the
// words for a claim's role, and the label a claim's subsection carries for links.
#pragma once

#include <string>

#include "src/run/run_result.hpp"

namespace attnverify {

/// A point coordinate's name as TeX math: beta -> \beta, snr -> \rho, x -> x, a longer
/// name upright (\mathrm{case}).
std::string parameter_tex(const std::string& name);

/// The point as inline math, e.g. "$\beta=-1,\ \gamma=1/2$"; limit points "-> 0" as \to.
std::string point_math(const NamedValues& point);

/// "\verdict{disagree} (as expected: error of the source)"; an unexpected verdict in red
/// with the expected one. The words after "as expected" come from the claim's role.
std::string verdict_text(const CheckRecord& r, ClaimRole role);

/// What a disagree of a claim with this role means: "error of the source",
/// "transcription error of the copy", "negative control".
const char* role_meaning(ClaimRole role);

/// A record's detail or method (plain text written by the routes, e.g. "beta in [-50, 50],
/// gamma -> 0", "|S - L| <= 10^-45") as LaTeX: the words beta, gamma, lambda, sigma, mu,
/// eps, pi, phi, theta, Pi and Sigma as Greek letters, inf and infinity as the symbol,
/// -> <= >= +- || as arrows, relations and the norm bars, and the plain-text formula
/// notation typeset: x^2, x^(a+b), x^{a}, 10^-45 as superscripts, a one-letter name's _i
/// as a subscript (k_i; not double_residual), sqrt as the radical sign, a*b as a centred
/// dot, q~ as q with a tilde; everything else through latex_escape.
/// Only whole words change (gamma_max and betas stay). Never throws.
std::string detail_latex(const std::string& text);
/// The formula notation part of detail_latex alone (superscripts, subscripts, sqrt, *, ~),
/// on text whose words are already mapped. Never throws.
std::string plain_math_latex(const std::string& text);

/// A derived form as the report displays it: its cases on each side of its kink where it has
/// one (proofs/cases_form.hpp: relu(beta) replaced by 0 and by beta, exact, each case shorter
/// and free of the cancelling exponentials), else proofs/display_form.hpp's rewrite; LaTeX.
std::string form_latex(const GiNaC::ex& e);

/// `lhs = latex` as a display formula (\fitformula, shrunk to the line when wider), or,
/// when `latex` is longer than kMaxFormulaLength characters (src/spec/latex_math.hpp:
/// wider than TeX's largest dimension, 16383pt, even at the widest font), a sentence
/// that gives its length and says that results.json holds it (`where`, e.g. "the
/// variant's closed_form.forms"). Never fails to typeset for a length reason.
std::string display_formula(const std::string& lhs, const std::string& latex, const std::string& where);

/// The run's grid checks where a derived closed form meets a numeric route (every grid
/// check but the not-applicable ones of variants without a closed form), and how many of
/// them are certified. The findings and "What each verdict proves" both state them.
struct GridCertification {
  std::size_t checked = 0, certified = 0;
};
GridCertification grid_certification(const RunResult& run);

/// Derived variants of the run, and those whose closed forms carry a verified certificate
/// (proofs/derivation_certificate.hpp); the findings and "What each verdict proves" state both.
std::size_t derived_variants(const RunResult& run);
std::size_t certified_derivations(const RunResult& run);
/// True when the variant called `name` has derived closed forms with a verified certificate.
bool derivation_certified(const RunResult& run, const std::string& name);

/// One sentence (ending in a space) on a derived variant's certificate: verified (its
/// methods and how many steps) or not (the reason, typeset). Empty for a variant without
/// a closed form.
std::string certificate_latex(const VariantResult& v);
/// The same sentence for a certificate of forms (a file's forms in its symbolic parameters).
std::string certificate_latex(const sym::DerivationCertificate& c);

/// The hyperref label of a claim's (or property's) subsection in a variant's section:
/// "claim:<variant>:<id>", the variant's name as in variant_label.
std::string claim_label(const std::string& variant, const std::string& id);

/// The hyperref label of a variant's section, "variant:<name>": a sweep member's brackets
/// (base[t=0.5], src/spec/spec.hpp) become parentheses, "variant:base(t=0.5)", since a ']' would
/// end \hyperref's optional argument. Names are otherwise identifiers (src/spec/spec_text.hpp).
std::string variant_label(const std::string& name);

/// The hyperref label of a sweep's section (src/report/report_latex.cpp), "sweep:<first>": named
/// after its first variant as variant_label names it, since two sweeps may share a base name.
std::string sweep_label(const std::string& first_variant);

}  // namespace attnverify
