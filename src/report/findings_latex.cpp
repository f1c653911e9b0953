#include "src/report/findings_latex.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "numerics/ball.hpp"
#include "proofs/display_form.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/printing.hpp"
#include "src/report/latex_escape.hpp"
#include "src/report/claim_ledger.hpp"
#include "src/report/latex_pieces.hpp"
#include "src/spec/latex_math.hpp"

namespace attnverify {

namespace {

// "1 source", "2 sources": a count with its noun in the number it takes
std::string counted(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// The evidence of holds that are not proved on the whole domain, by level, in parentheses (or
// nothing): proved from a cited theorem, on a stated subdomain or box, then the other levels
std::string levels_text(std::size_t as_stated, std::size_t from_theorem, const std::string& others) {
  if (as_stated + from_theorem == 0) return "";
  return " (" +
         (from_theorem == 0 ? std::string()
                            : fmt::format("{} proved from a cited theorem{}", from_theorem, as_stated == 0 ? "" : ", ")) +
         (as_stated == 0 ? std::string()
                         : fmt::format("{} proved or certified on a stated subdomain or box", as_stated)) +
         others + ")";
}

// One judged claim or property with what the spec says about it.
struct Outcome {
  const VariantResult* variant = nullptr;
  const CheckRecord* record = nullptr;
  std::string source, equation, reason;
  std::string statement;  ///< LaTeX: the statement in words, or the formula as inline math
  std::string formula;        ///< a formula claim's right-hand side of S = ... (LaTeX); empty for a statement in words
  bool read_by_tool = false;  ///< a formula without the spec's `latex`: `formula` is attnverify's reading of S
  ClaimRole role = ClaimRole::Claim;
};

std::vector<Outcome> outcomes(const RunResult& run) {
  std::vector<Outcome> out;
  for (const auto& v : run.variants)
    for (const auto& r : v.records) {
      if (r.check != CheckKind::Claim && r.check != CheckKind::Property) continue;
      Outcome o;
      o.variant = &v;
      o.record = &r;
      for (const Claim& c : v.spec.claims)
        if (c.id == r.claim) {
          o.source = c.source, o.equation = c.equation, o.reason = c.reason, o.role = c.role;
          // a formula claim: the source's typesetting (the spec's latex key), else attnverify's reading
          o.statement = !c.statement.empty() ? latex_prose(c.statement)
                                             : "$S = " + (c.latex.empty() ? sym::to_latex(c.S) : c.latex) + "$";
          o.read_by_tool = c.statement.empty() && c.latex.empty();
          if (c.statement.empty()) o.formula = c.latex.empty() ? sym::to_latex(c.S) : c.latex;
        }
      for (const Property& p : v.spec.properties)
        if (p.id == r.claim)
          o.source = p.source, o.equation = p.equation, o.reason = p.reason, o.role = p.role,
          o.statement = latex_prose(p.statement);
      out.push_back(o);
    }
  return out;
}

std::string link(const Outcome& o) {
  return "\\hyperref[" + claim_label(o.variant->spec.name, o.record->claim) + "]{\\textbf{" +
         latex_escape(o.record->claim) + "}}";
}

std::string citation(const Outcome& o) {
  return "\\cite{" + o.source + "}" + (o.equation.empty() ? "" : ", eq.~" + latex_escape(o.equation));
}

// At most `n` characters of a computed value, so that a table cell stays short.
std::string shortened(const std::string& value, std::size_t n) {
  return value.size() <= n ? value : value.substr(0, n) + "...";
}

// A decimal value of a record rounded to `digits` significant digits (to nearest, on the
// decimal string: 0.1105541596785 -> 0.110554159679), so it is off by at most half a unit of
// the last digit kept, which the widening of a ball's radius by one unit covers; other
// text as it is.
std::string significant(const std::string& value, std::size_t digits) {
  if (!is_decimal_number_text(value)) return value;
  std::string mantissa = value, exponent;
  if (const auto e = value.find_first_of("eE"); e != std::string::npos) mantissa = value.substr(0, e), exponent = value.substr(e);
  std::size_t kept = 0;
  bool leading = true;
  std::string out;
  char next = '0';  // the first digit left out
  for (const char c : mantissa) {
    if (c >= '0' && c <= '9') {
      if (leading && c == '0') {
        out += c;
        continue;
      }
      leading = false;
      if (kept++ >= digits) {
        next = c;
        break;
      }
    }
    out += c;
  }
  // rounded to nearest (half up on the decimal digits): carry through 9s, past the point
  if (next >= '5') {
    std::size_t k = out.size();
    bool carry = true;
    while (carry && k > 0) {
      char& c = out[--k];
      if (c == '.') continue;
      if (c < '0' || c > '9') {  // the sign: a new leading digit after it
        out.insert(k + 1, "1");
        carry = false;
        break;
      }
      c = c == '9' ? '0' : static_cast<char>(c + 1);
      carry = c == '0';
    }
    if (carry) out.insert(0, "1");
  }
  return out + exponent;
}

// An Arb ball [mid +- rad] as the ledger prints it: its midpoint cut to `kept` significant
// digits and its radius widened by one unit of the last digit kept, so that the printed ball
// still contains the exact value: |x - mid'| <= |x - mid| + |mid - mid'| <= rad + 10^(E - kept
// + 1), E the exponent of mid's leading digit (mid' rounds mid). The radius is lead * 10^e,
// one significant digit rounded up; `digits` empty for a ball that is not finite.
struct PrintedBall {
  std::string digits;
  double lead = 0;
  int e = 0;
};

PrintedBall printed_ball(const Enclosure& ball, std::size_t kept) {
  const double mid = std::strtod(ball.mid.c_str(), nullptr), rad = std::strtod(ball.rad.c_str(), nullptr);
  if (!std::isfinite(mid) || !std::isfinite(rad)) return {};
  const int exponent = mid == 0 ? -300 : static_cast<int>(std::floor(std::log10(std::fabs(mid))));
  const double widened = rad + std::pow(10.0, exponent - static_cast<int>(kept) + 1);
  PrintedBall out;
  out.e = static_cast<int>(std::floor(std::log10(widened)));
  // rounded up, with a margin for the rounding of the doubles themselves (the printed
  // radius must not be smaller than the bound)
  out.lead = std::ceil(widened / std::pow(10.0, out.e) * (1 + 1e-9));
  // the digits as they are (a decimal: digits, sign, point, exponent), trailing zeros of
  // the fraction dropped; the radius bounds what they leave out
  out.digits = significant(ball.mid, kept);
  if (out.digits.find('.') != std::string::npos && out.digits.find_first_of("eE") == std::string::npos) {
    out.digits.erase(out.digits.find_last_not_of('0') + 1);
    if (out.digits.back() == '.') out.digits.pop_back();
  }
  return out;
}

std::string ball_math(const Enclosure& ball, std::size_t kept = 12) {
  const PrintedBall p = printed_ball(ball, kept);
  if (p.digits.empty()) return "[" + latex_escape(ball.mid) + " \\pm " + latex_escape(ball.rad) + "]";
  return fmt::format("[{} \\pm {}\\cdot 10^{{{}}}]", is_decimal_number_text(p.digits) ? p.digits : latex_escape(p.digits),
                     p.lead, p.e);
}

// The fewest significant digits, 12 or more, at which the printed balls of `a` and `b`
// (printed_ball) are disjoint, so that the numbers a reader sees show the separation that
// certifies a counterexample (two balls that overlap as printed show nothing; a claim wrong by
// 1e-30 needs about 32 digits); 12 when no length up to the full text separates them.
std::size_t separating_digits(const Enclosure& a, const Enclosure& b) {
  const std::size_t longest = std::max(a.mid.size(), b.mid.size());
  for (std::size_t kept = 12; kept <= longest; ++kept) {
    const PrintedBall pa = printed_ball(a, kept), pb = printed_ball(b, kept);
    if (pa.digits.empty() || pb.digits.empty()) return 12;
    try {
      const slong bits = num::bits_for_digits(static_cast<double>(longest)) + 64;
      const auto as_ball = [&](const PrintedBall& p) {
        // the printed text exactly (no rounding allowance: its digits are what the reader sees)
        return num::Ball::from_text(p.digits, fmt::format("{}e{}", p.lead, p.e), 100000, bits);
      };
      if (!arb_overlaps(as_ball(pa).get(), as_ball(pb).get())) return kept;
    } catch (const std::invalid_argument&) {
      return 12;
    }
  }
  return 12;
}

// A value that is an expression (in d, n or no symbol: "sqrt(3/2)/3", "d^(-1/2)"), as
// the routes print GiNaC results, typeset as math; "" when it is not one.
std::string expression_math(const std::string& value) {
  if (value.find_first_of("()^/*") == std::string::npos || value.size() > 200) return "";
  try {
    const sym::ParsedExpression parsed = sym::read_expression(value, {"d", "n", "lambda"});
    return "$" + sym::to_latex(parsed.value) + "$";
  } catch (const std::exception&) {
    return "";
  }
}

// A record value as text: a decimal cut to 12 significant digits, an expression as math,
// a key's underscores as spaces.
std::string value_text(const std::string& key, const std::string& value) {
  // the routes' keys as words where the key alone misleads ("greater_than = 0")
  static const std::map<std::string, std::string> words{{"greater_than", "tested: the infimum is above"},
                                                        {"less_than", "tested: the supremum is below"},
                                                        {"contexts_where_R_depends_on_x_t", "contexts where R depends on x_t:"},
                                                        {"claimed_at_d", "claimed value"},
                                                        {"largest_abs_z", "largest |z|"},
                                                        {"decimal", "that is"}};
  // a proved ratio of a bound property: the relation it was proved to satisfy
  if (key.rfind("bound_over_S_squared", 0) == 0 || key.rfind("S_over_bound_squared", 0) == 0) {
    const std::string math = expression_math(value);
    const std::string lhs = key.rfind("bound", 0) == 0 ? "(\\mathrm{bound}/S)^2" : "(S/\\mathrm{bound})^2";
    // a sequence's ratio is of S's general form, shown for 0 < lambda < 1 (lambda = 1 apart)
    const std::string suffix = "_for_lambda_below_1";
    const bool below_one = key.size() > suffix.size() && key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0;
    return "shown symbolically: $" + lhs + (math.empty() ? "$ $=$ " + latex_escape(value) : " = " + math.substr(1, math.size() - 2)) +
           (math.empty() ? " $> 1$" : " > 1$") + (below_one ? " for $0 < \\lambda < 1$" : " on the domain");
  }
  const auto word = words.find(key);
  std::string name = word != words.end() ? word->second : key;
  if (word == words.end()) std::replace(name.begin(), name.end(), '_', ' ');
  for (std::size_t k = name.find("lambda"); k != std::string::npos; k = name.find("lambda", k))
    name.replace(k, 6, "\u03bb");
  const std::string math = is_decimal_number_text(value) ? std::string() : expression_math(value);
  // a word that ends in its relation ("the infimum is above") takes the value without "="
  const bool relation = key == "greater_than" || key == "less_than" || key == "decimal" || name.back() == ':';
  // a value in units of the machine epsilon (double_residual_eps): the unit after the number
  if (key.size() > 4 && key.compare(key.size() - 4, 4, "_eps") == 0 && is_decimal_number_text(value)) {
    std::string bare = key.substr(0, key.size() - 4);
    std::replace(bare.begin(), bare.end(), '_', ' ');
    return latex_escape(bare) + " $= " + significant(value, 6) + "\\,\\epsilon$";
  }
  return detail_latex(name) + (relation ? " " : " $=$ ") + (math.empty() ? latex_escape(shortened(significant(value, 12), 80)) : math);
}

// A point for a narrow table column: each coordinate its own formula, so that the column can
// break between them; a vector or a description ("(1, 1, 1)", "4 I") as text that can break;
// with `round_long`, a decimal of more than 14 characters (a coordinate the search found,
// gamma = 0.0019952623149688796014) to 10 digits, marked as rounded.
std::string point_coordinates(const NamedValues& point, bool round_long) {
  std::string text;
  for (const auto& [name, value] : point) {
    // a number, or a limit ("-> infinity"), as point_math writes it
    const bool number = is_exact_number_text(value) || is_decimal_number_text(value) || value.rfind("-> ", 0) == 0;
    const std::string tex = "$" + parameter_tex(name);
    text += text.empty() ? "" : ", ";
    if (!number)
      text += tex + "=$ " + latex_escape(value);
    else if (round_long && is_decimal_number_text(value) && value.size() > 14)
      text += tex + "\\approx " + significant(value, 10) + "$";
    else
      text += point_math({{name, value}});
  }
  return text;
}

// The numbers that decide a ledger entry's verdict (its deciding record).
std::string deciding_text(const LedgerEntry& e, double family_alpha) {
  const CheckRecord& r = *e.deciding;
  std::map<std::string, Enclosure> balls(r.enclosure.begin(), r.enclosure.end());
  switch (e.evidence.level) {
    case EvidenceLevel::CertifiedCounterexample: {
      // the exact point, each coordinate as it is
      std::string text = "at " + point_coordinates(r.point, false);
      // the same case means other vectors in another feature map: name the variant
      if (e.variants.size() > 1) text += " in \\texttt{" + latex_escape(r.variant) + "}";
      text += ": ";
      // the balls with as many digits as it takes to see them apart (the claim's against S's)
      // (against the numeric route, without a derived S: the claim's against the route's)
      const std::string other = balls.count("closed") ? "closed" : "numeric";
      const std::size_t kept =
          balls.count("claim") && balls.count(other) ? separating_digits(balls["claim"], balls[other]) : 12;
      if (balls.count("claim")) text += "claim $\\in " + ball_math(balls["claim"], kept) + "$";
      if (balls.count("closed")) text += ", derived $S \\in " + ball_math(balls["closed"], kept) + "$";
      if (balls.count("numeric")) text += ", defining integral $\\in " + ball_math(balls["numeric"], kept) + "$";
      // a counterexample decided by exact values (a bound equal to S at lambda = 1): its values
      if (balls.empty())
        for (std::size_t k = 0; k < r.values.size() && k < 3; ++k)
          text += (k ? ", " : "") + value_text(r.values[k].first, r.values[k].second);
      return text;
    }
    case EvidenceLevel::ProvedWholeDomain:
      return r.digits ? fmt::format("at least {:.1f} digits at the claim points", *r.digits) : std::string();
    case EvidenceLevel::Statistical: {
      // the largest |z| over all of the statement's checks
      double z = 0;
      for (const CheckRecord* c : e.checks) {
        if (c->z) z = std::max(z, std::fabs(*c->z));
        for (const auto& [k, v] : c->values)
          if (k == "max |z|") z = std::max(z, std::strtod(v.c_str(), nullptr));
      }
      // Holm's family is each variant's own valid tests (the referee's b6: say so beside the |z|)
      return fmt::format("largest $|z| = {:.2f}$ over the {} valid sampled tests of {} variant{} (Holm's correction "
                         "within each variant's own tests, family-wise $\\alpha = {}$)",
                         z, e.sampled_checks, e.variants.size(), e.variants.size() == 1 ? "" : "s", family_alpha);
    }
    case EvidenceLevel::Undecided:
      return detail_latex(shortened(r.detail, 240));
    default:
      break;
  }
  if (e.formula && r.digits)
    return fmt::format("{:.1f} digits of agreement at the worst claim point", *r.digits);
  std::string text;
  std::size_t shown = 0;
  // a bound shown symbolically is decided by its ratio alone
  const bool ratio_decides = !r.values.empty() && (r.values.front().first.rfind("bound_over_S_squared", 0) == 0 ||
                                                   r.values.front().first.rfind("S_over_bound_squared", 0) == 0);
  for (const auto& [k, v] : r.values) {
    if (shown++ == (ratio_decides ? 1 : e.evidence.level == EvidenceLevel::FiniteCases ? 2 : 3)) break;  // a narrow column
    text += (text.empty() ? "" : "; ") + value_text(k, v);
  }
  const bool setting_only = r.point.size() == 1 && r.point.front().first == "setting";
  if (!r.point.empty() && !setting_only && !ratio_decides)
    text += (text.empty() ? "at " : " at ") + point_coordinates(r.point, true);
  return text;
}

// The heading row of one source in a ledger table: its reference number, author and
// title; a source without an address is said to be unidentified.
std::string source_row(const std::string& key, const RunResult& run) {
  const auto ref = run.bibliography.find(key);
  std::string who = ref == run.bibliography.end() ? std::string("not in the bibliography")
                    : ref->second.url.empty()
                        ? "unidentified source: " + latex_escape(shortened(ref->second.author, 40)) +
                              ", no address recorded"
                        : latex_escape(ref->second.author) +
                              (ref->second.year ? fmt::format(", {}", ref->second.year) : std::string()) +
                              "";
  return "\\multicolumn{3}{@{}p{0.97\\linewidth}@{}}{\\raggedright\\textbf{\\cite{" + key + "}} " + who + "}\\\\*\n";  // \\* : no page break below
}

// A source with an address in the bibliography; one without is "unidentified" wherever it is named.
bool identified_source(const std::string& key, const RunResult& run) {
  const auto ref = run.bibliography.find(key);
  return ref != run.bibliography.end() && !ref->second.url.empty();
}

// Spec prose without its final full stop, for use inside parentheses.
std::string without_final_stop(std::string text) {
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

// How the text of a published statement is held: the source's own words, quoted in the ledger
// (possibly from a copy of the source), or only the project's record of the statement.
bool quoted(const LedgerEntry& e) { return !e.quote.empty(); }

// Judged on the source's own words: a quotation from the source itself. A quotation taken from a
// copy of the source (`quote_from`, the shipped Su2023 claims: the copy is the project's only text
// of that post) gives the copy's sentence around the formula, not the source's formula: the
// formula judged is the project's record of it (the referee of 2026-11-30: "the formulas were
// really judged as recorded").
bool on_own_words(const LedgerEntry& e) { return quoted(e) && e.quote.from.empty(); }

// One ledger table: a row per statement, grouped by source (identified sources first, in
// order of first appearance; unidentified ones after them).
std::string ledger_table(const std::vector<const LedgerEntry*>& entries, const RunResult& run) {
  std::vector<std::string> order;
  for (const bool pass : {true, false})
    for (const LedgerEntry* e : entries)
      if (identified_source(e->source, run) == pass && std::find(order.begin(), order.end(), e->source) == order.end())
        order.push_back(e->source);
  std::ostringstream out;
  // three columns: the statement and the source's words; the published formula and the
  // derived one (or the statement as checked); the verdict. A long formula (eq. 6) gets a
  // full-width row of its own, as does the reason of a disagree.
  out << "{\\footnotesize\\setlength{\\tabcolsep}{3pt}\\begin{longtable}{@{}p{0.37\\linewidth}p{0.32\\linewidth}p{0.28\\linewidth}@{}}\\toprule\n"
         "statement (source) and the source's words & published and derived formula & verdict and evidence"
         "\\\\\\midrule\\endhead\n"
         "\\bottomrule\\endfoot\n";
  for (const std::string& source : order) {
    out << source_row(source, run);
    for (const LedgerEntry* e : entries) {
      if (e->source != source) continue;
      std::string ids;
      for (const std::string& id : e->ids) {
        // the subsection of the first check of this id
        const auto check = std::find_if(e->checks.begin(), e->checks.end(),
                                        [&](const CheckRecord* c) { return c->claim == id; });
        ids += (ids.empty() ? "" : ", ") + std::string("\\hyperref[") + claim_label((*check)->variant, id) +
               "]{\\textbf{" + latex_escape(id) + "}}";
      }
      std::string variants;
      for (const std::string& v : e->variants) variants += (variants.empty() ? "" : ", ") + latex_escape(v);
      // "(8)" is an equation number; "the range of S(x)" a passage
      const bool numbered = !e->equation.empty() && (e->equation[0] == '(' || std::isdigit(static_cast<unsigned char>(e->equation[0])));
      out << "\\raggedright " << ids
          << (e->equation.empty() ? "" : numbered ? " (eq.~" + latex_escape(e->equation) + ")" : " (" + latex_escape(e->equation) + ")")
          << " {\\scriptsize in " << variants << "}\\newline ";
      if (e->quote.empty()) {
        out << "{\\scriptsize quote unavailable" << (e->quote.unavailable.empty() ? "" : ": " + latex_prose(e->quote.unavailable))
            << "}";
      } else {
        out << "``" << latex_quote(e->quote.text) << "''";
        if (!e->quote.from.empty())
          out << " {\\scriptsize (the sentence as the copy \\cite{" << e->quote.from
              << "} prints it; the formula as recorded)}";
        if (!e->quote.translation.empty()) out << "\\newline \\emph{" << latex_prose(e->quote.translation) << "}";
      }
      // the middle column: the formulas when they are short, else the statement as checked
      std::string formulas, wide;
      if (e->formula && (!e->published_latex.empty() || !e->read_latex.empty())) {
        const std::string derived = e->derived ? sym::to_latex(sym::display_form(*e->derived)) : std::string();
        // a formula the project holds only as its own record (no quotation of the source itself)
        // is labelled so (a referee, 2026-11-30: "these formulas are the project's record")
        // without the spec's `latex`, attnverify's reading of the claim, marked so: never passed off
        // as the source's typesetting
        const std::string& shown = e->published_latex.empty() ? e->read_latex : e->published_latex;
        std::string text = std::string(e->published_latex.empty() ? "as attnverify reads the claim (the spec gives no "
                                                                    "\\texttt{latex})"
                                       : on_own_words(*e)       ? "published"
                                                                : "as recorded") +
                           ": \\fitformula{S = " + shown + "}";
        // a derived form of more than 300 characters of LaTeX (relu^2's) is in its section, linked
        const std::string section = "\\hyperref[" + variant_label(e->checks.front()->variant) + "]{\\texttt{" +
                                    latex_escape(e->checks.front()->variant) + "}}";
        text += !e->derived             ? "\\newline derived: per variant, in the variants' sections"
                : derived.size() > 300 ? "\\newline derived: in the section of " + section
                                       : "\\newline derived: \\fitformula{S = " + derived + "}";
        (shown.size() > 300 ? wide : formulas) = text;
      } else if (!e->statement.empty()) {
        formulas = "as checked: " + latex_prose(e->statement);
      }
      out << " & \\raggedright " << formulas << " & \\raggedright\\arraybackslash "
          << (!e->wrong_as_written.empty() ? "\\textbf{wrong as written}; as corrected: " : "")
          << (e->verdict != Verdict::Agree && e->verdict != Verdict::Disagree ? "\\verdict{inconclusive}"
                                                                               : "\\verdict{" + to_string(e->verdict) + "}")
          << ", " << to_string(e->evidence.level)
          << (e->evidence.level == EvidenceLevel::ProvedWholeDomain && derivation_certified(run, e->deciding->variant)
                  ? ", end to end"
                  : "")
          << (e->continuous_extension && e->evidence.level == EvidenceLevel::ProvedWholeDomain
                  ? " (where a divisor vanishes, as its continuous extension)"
                  : "");
      // a property's proposition, beside its statement, says what decides it; its figures are
      // in its variant's section (a statistical test's deciding text sums up the
      // tests of all its variants, which one record's proposition does not)
      const bool established_line = (e->verdict == Verdict::Agree || e->verdict == Verdict::Disagree) &&
                                    !e->evidence.proposition.empty() && !e->formula &&
                                    e->evidence.level != EvidenceLevel::FiniteCases &&
                                    e->evidence.level != EvidenceLevel::CertifiedCounterexample &&
                                    e->evidence.level != EvidenceLevel::Statistical &&
                                    e->evidence.level != EvidenceLevel::ProvedWholeDomain;
      const std::string deciding =
          established_line ? "{\\scriptsize " + detail_latex(e->evidence.proposition) + "\\par}"
                           : deciding_text(*e, run.options.family_alpha);
      if (!deciding.empty()) out << ": " << deciding;
      out << "\\\\\n";
      if (e->verdict == Verdict::Disagree && !e->reason.empty())
        wide += (wide.empty() ? "" : "\\newline ") + std::string("why: ") + latex_prose(e->reason);
      if (!e->wrong_as_written.empty())
        wide += (wide.empty() ? "" : "\\newline ") + std::string("as written: ") + latex_prose(e->wrong_as_written);
      if (!wide.empty()) out << "\\multicolumn{3}{@{}p{0.97\\linewidth}@{}}{\\raggedright\\scriptsize " << wide << "}\\\\\n";
    }
  }
  out << "\\end{longtable}}\n";
  return out.str();
}

// A statement that holds, with its deciding evidence at one of `levels`.
bool holds_with(const LedgerEntry& e, std::initializer_list<EvidenceLevel> levels) {
  return e.verdict == Verdict::Agree && std::find(levels.begin(), levels.end(), e.evidence.level) != levels.end();
}


std::string entry_link(const LedgerEntry& e) {
  const std::string& id = e.ids.front();
  const auto check =
      std::find_if(e.checks.begin(), e.checks.end(), [&](const CheckRecord* c) { return c->claim == id; });
  return "\\hyperref[" + claim_label((*check)->variant, id) + "]{\\textbf{" + latex_escape(id) + "}}";
}

// The first sentence of spec prose: up to the first ". " followed by a capital letter outside
// $...$ math; the whole text when there is none.
std::string first_sentence(const std::string& text) {
  bool math = false;
  for (std::size_t k = 0; k + 2 < text.size(); ++k) {
    if (text[k] == '$' && (k == 0 || text[k - 1] != '\\')) math = !math;
    if (!math && text[k] == '.' && text[k + 1] == ' ' && std::isupper(static_cast<unsigned char>(text[k + 2])))
      return text.substr(0, k + 1);
  }
  return text;
}

// One line of page 1's list of wrong statements: the statement, why it is wrong (the spec's
// explanation where it gives one, else the proposition the check established) and the evidence.
std::string found_item(const LedgerEntry& e, const RunResult& run) {
  const bool numbered =
      !e.equation.empty() && (e.equation[0] == '(' || std::isdigit(static_cast<unsigned char>(e.equation[0])));
  // a source without an address is said to be unidentified, here as in the ledger's heading row
  const bool unidentified = !identified_source(e.source, run);
  std::string out = "\\item " + entry_link(e) + " (\\cite{" + e.source + "}" +
                    (e.equation.empty() ? ""
                     : numbered         ? ", eq.~" + latex_escape(e.equation)
                                        : "") +
                    (unidentified ? ", an unidentified source: no address recorded" : "") + ")";
  std::string statement;
  if (!e.statement.empty())  // a corrected statement may open with the words the item says already
    statement = latex_prose(e.statement.rfind("As corrected: ", 0) == 0 ? e.statement.substr(14) : e.statement);
  else if (e.formula && !e.published_latex.empty() && e.published_latex.size() <= 150)
    statement = "$S = " + e.published_latex + "$";
  if (e.verdict == Verdict::Disagree) {
    // the reason's first sentence: the ledger gives the whole of it
    const std::string why =
        !e.reason.empty() ? latex_prose(first_sentence(e.reason)) : detail_latex(e.evidence.proposition);
    if (!statement.empty()) out += " \\emph{States:} " + statement;
    // a statement known only as recorded says what text the project holds (a referee: page 1 hid that
    // the only copy of Su2023 prints d^(-1/2) where the record says sqrt(d))
    if (!quoted(e) && !e.quote.unavailable.empty())
      out += " \\emph{Text held:} " + latex_prose(e.quote.unavailable) + ".";
    // what the check itself established, beside the explanation (which may say more: the referee
    // of 2026-11-30 on Q-linear-d, shown at d = 2 and explained for every d); a fact's proposition
    // only repeats the statement
    std::string established;
    if (e.evidence.level != EvidenceLevel::FiniteCases && !e.evidence.proposition.empty()) {
      // without its closing parenthetical (how it was shown), found from the last ')' back to
      // its own '(' (a parenthesis inside the proposition's formula stays)
      std::string p = e.evidence.proposition;
      if (!p.empty() && p.back() == ')') {
        int depth = 0;
        for (std::size_t k = p.size(); k-- > 0;) {
          depth += p[k] == ')' ? 1 : p[k] == '(' ? -1 : 0;
          if (depth == 0) {
            if (k > 0 && p[k - 1] == ' ') p = p.substr(0, k - 1);
            break;
          }
        }
      }
      established = " (" + detail_latex(p) + ")";
    }
    out += " \\emph{Why it is wrong:} " + why + " \\emph{Evidence:} " + to_string(e.evidence.level) + established + ".";
  } else {
    // what the source writes, in its own words (translated), before what is wrong with it
    const std::string& words = !e.quote.translation.empty() ? e.quote.translation : e.quote.text;
    if (!words.empty()) out += " \\emph{States:} ``" + latex_prose(words) + "''";
    out += " \\emph{Wrong as written:} " + latex_prose(e.wrong_as_written);
    if (!statement.empty()) out += " \\emph{Checked as corrected} (" + without_final_stop(statement) + "), it holds";
    out += std::string(" (") + to_string(e.evidence.level) + ").";
  }
  return out + "\n";
}

// The evidence of a judged record as page 1 names it: its level, and "end to end" for a proof
// on the whole domain whose variant's derivation is certified; an inconclusive record has none.
std::string evidence_words(const CheckRecord& r, const RunResult& run) {
  if (r.verdict != Verdict::Agree && r.verdict != Verdict::Disagree) return "";
  return std::string(", ") + to_string(r.evidence.level) +
         (r.evidence.level == EvidenceLevel::ProvedWholeDomain && derivation_certified(run, r.variant) ? ", end to end"
                                                                                                       : "");
}

// The spec author's conjectures (role "conjecture": no source cited, or one it is about), each
// with its verdict, evidence, statement and deciding numbers; a disagree says the conjecture is
// false, never that a source is wrong (docs/spec-format.md, "Roles"). Empty without conjectures.
std::string conjectures_latex(const std::vector<const Outcome*>& conjectures, const RunResult& run) {
  if (conjectures.empty()) return "";
  std::ostringstream out;
  out << "\\paragraph{Conjectures.} "
      << (conjectures.size() == 1
              ? std::string("One statement of the spec's author, a conjecture (no source states it), "
                            "was checked:")
              : fmt::format("{} statements of the specs' authors, conjectures (no source states "
                            "them), were checked:",
                            conjectures.size()))
      << "\n\\begin{itemize}\\setlength{\\itemsep}{1pt}\n";
  for (const Outcome* o : conjectures) {
    const CheckRecord& r = *o->record;
    out << "\\item " << link(*o) << " {\\scriptsize in " << latex_escape(o->variant->spec.name) << "}"
        << (o->source.empty() ? std::string() : " (about " + citation(*o) + ")") << ": "
        << verdict_text(r, ClaimRole::Conjecture) << evidence_words(r, run) << ". \\emph{States}"
        << (o->read_by_tool ? " (as attnverify reads it; the spec gives no \\texttt{latex})" : "") << ": ";
    // a formula on a line of its own, shrunk to the width when wider; a statement in words inline
    if (o->formula.empty())
      out << o->statement;
    else if (o->formula.size() <= kMaxFormulaLength)
      out << "\\newline\\fitformula{S = " << o->formula << "}\\newline";
    else
      out << fmt::format("$S$ has {} characters of \\LaTeX, too long to typeset (results.json holds the claim)",
                         o->formula.size());
    if (r.verdict == Verdict::Disagree && !o->reason.empty())
      out << " \\emph{Why:} " << latex_prose(first_sentence(o->reason));
    // the numbers that decide it, as the ledger gives them for a published statement
    LedgerEntry e;
    e.checks = {&r};
    e.deciding = &r;
    e.verdict = r.verdict;
    e.evidence = r.verdict == Verdict::Agree || r.verdict == Verdict::Disagree ? r.evidence : Evidence{};
    e.variants = {o->variant->spec.name};
    e.formula = !o->formula.empty();
    e.sampled_checks = static_cast<std::size_t>(
        std::count_if(o->variant->records.begin(), o->variant->records.end(),
                      [](const CheckRecord& c) { return c.check == CheckKind::Sampled && !c.clt_invalid(); }));
    const std::string deciding = deciding_text(e, run.options.family_alpha);
    if (!deciding.empty()) out << " \\emph{Deciding:} " << deciding << ".";
    out << "\n";
  }
  out << "\\end{itemize}\n";
  return out.str();
}

// The conjectures' counts, for the Counts paragraph: how many hold (and on what evidence), how
// many are false and how many are undecided; empty without conjectures.
std::string conjecture_counts(const std::vector<const Outcome*>& conjectures, const RunResult& run) {
  if (conjectures.empty()) return "";
  std::size_t hold = 0, proved = 0, end_to_end = 0, is_false = 0;
  for (const Outcome* o : conjectures) {
    const CheckRecord& r = *o->record;
    is_false += r.verdict == Verdict::Disagree;
    if (r.verdict != Verdict::Agree) continue;
    ++hold;
    if (r.evidence.level == EvidenceLevel::ProvedWholeDomain) {
      ++proved;
      end_to_end += derivation_certified(run, r.variant);
    }
  }
  const std::size_t open = conjectures.size() - hold - is_false;
  std::string text = fmt::format(
      "This run judged {} of the specs' authors (statements of their own, not of a source): {}", 
      counted(conjectures.size(), "conjecture", "conjectures"), hold == 0 ? "none holds" : counted(hold, "holds", "hold"));
  if (proved > 0)
    text += fmt::format(" ({} on the whole domain{})", proved == hold ? (hold == 1 ? "proved" : "all proved") : fmt::format("{} proved", proved),
                        end_to_end == 0 ? std::string()
                        : end_to_end == proved ? std::string(", end to end")
                                               : fmt::format(", {} of them end to end", end_to_end));
  text += fmt::format(", {} false", is_false == 1 ? "1 is" : fmt::format("{} are", is_false));
  if (open > 0) text += fmt::format(", {} could not be decided (inconclusive)", open);
  return text + ". ";
}

}  // namespace

std::string findings_latex(const RunResult& run) {
  const std::vector<Outcome> all = outcomes(run);
  std::ostringstream out;
  out << "\\section*{Findings}\\addcontentsline{toc}{section}{Findings}\\label{findings}\n";
  if (all.empty()) {
    out << "The specs of this run state no published claims or properties; the sections below compare the routes "
           "with each other.\n\n";
    return out.str();
  }
  std::vector<const Outcome*> controls, explanations, conjectures;
  for (const Outcome& o : all) {
    if (o.role == ClaimRole::Explanation) explanations.push_back(&o);
    if (o.role == ClaimRole::Control) controls.push_back(&o);
    if (o.role == ClaimRole::Conjecture) conjectures.push_back(&o);
  }
  const std::size_t unexpected = run.unexpected_count();
  const std::size_t controls_as_expected =
      std::count_if(controls.begin(), controls.end(), [](const Outcome* o) { return !o->record->unexpected(); });

  // A published statement is one source's equation (or, without one, its claim id); the
  // same equation checked in several variants (eq. 8 for five feature maps) is one
  // statement (src/report/claim_ledger.hpp): wrong if any of its checks disagrees, holding
  // if all agree, proved if its weakest check is a proof, else open.
  const std::vector<LedgerEntry> ledger = claim_ledger(run);
  std::vector<const LedgerEntry*> published, retyped;
  for (const LedgerEntry& e : ledger) (e.role == ClaimRole::Transcription ? retyped : published).push_back(&e);
  const auto count = [](const std::vector<const LedgerEntry*>& entries, auto pred) {
    return static_cast<std::size_t>(std::count_if(entries.begin(), entries.end(), pred));
  };
  const auto checks_of = [](const std::vector<const LedgerEntry*>& entries) {
    std::size_t n = 0;
    for (const LedgerEntry* e : entries) n += e->checks.size();
    return n;
  };

  // 1. the verdict words, before the list and the counts use them (the referee of 2026-11-30: after
  // the list, they came too late)
  std::string eq4, eq4_variants;
  for (const LedgerEntry* e : published)
    if (e->verdict == Verdict::Agree && e->evidence.level == EvidenceLevel::ProvedFromTheorem) {
      eq4 = entry_link(*e);
      eq4_variants = fmt::format("in {}", fmt::join(e->variants, ", "));
    }
  // a run without published statements (a researcher's own conjectures) says nothing of sources
  const bool any_published = !published.empty() || !retyped.empty();
  out << "{\\footnotesize\\paragraph{What the verdict words mean.} Each statement \\emph{agrees} (holds), \\emph{disagrees} "
         "(is wrong) or is \\emph{inconclusive}. "
      << (any_published
              ? "It is judged on the source's own words where the ledger quotes them, "
                "or \\emph{as recorded} where the project holds no text of the passage, or only a copy's (a finding about "
                "the project's record of the statement, not about the source); \\emph{as corrected} where the source "
                "evidently means something other than what it writes (then it is counted as wrong as written). "
              : "")
      << (conjectures.empty() ? ""
                              : "A \\emph{conjecture} is a statement of the spec's author, not of a source: a disagree "
                                "says only that the conjecture is false. ")
      << "Each verdict names its evidence: \\emph{proved} (a symbolic proof, on the "
         "whole domain or on a stated part of it); \\emph{proved from a cited theorem} (a theorem from the literature "
         "whose hypotheses are certified); \\emph{certified} (Arb ball arithmetic: rigorous enclosures, at stated "
         "points or over a stated box, nothing said beyond them); \\emph{symbolic argument} (a derivation with a "
         "step that is not certified); \\emph{checked in finite cases} (a fact tested in finitely many settings); "
         "\\emph{numeric evidence} (agreement at stated points and over a searched region: not a proof); "
         "\\emph{statistical} (a Monte Carlo $z$-test, Holm-corrected within each variant: not rejected is not "
         "proved). A formula is proved \\emph{end to end} when it is proved equal to the $S$ derived from the "
         "variant's definition and that derivation's \\emph{certificate} (a check, without sampling, that the closed "
         "form equals its defining expectation) is verified; for kernels the definition is "
         "the scalar reduction $S = \\mathbb{E}|f(X)|/\\sqrt{\\mathbb{E}f(X)^2}$ of eq.~(4), "
       << (eq4.empty() ? std::string("which this run tests statistically only")
                       : "which is proved from its theorem where the theorem's hypothesis $0 < \\mathbb{E}f(X)^2 < "
                         "\\infty$ is certified for $f$ (" + eq4 + ": " + eq4_variants + ")")
       << ". Full definitions: \\hyperref[verdicts]{``What each verdict proves''}.\n\n}\n";

  // 2. what was found: each wrong statement, before any count. A statement judged on the
  // source's own words is a finding about the source; one known only as the project records
  // it is a finding about that record.
  std::vector<const LedgerEntry*> wrong_quoted, wrong_recorded;
  for (const LedgerEntry* e : published)
    if (wrong_as_written(*e)) (on_own_words(*e) ? wrong_quoted : wrong_recorded).push_back(e);
  // each wrong copy with the first sentence of why (the spec's reason)
  std::vector<std::string> wrong_copies;
  for (const LedgerEntry* e : retyped) {
    if (e->verdict != Verdict::Disagree) continue;
    // a copy the project holds no text of is known only as recorded (a referee, 2026-11-30)
    const std::string held = quoted(*e) ? "" : "as recorded, no text of the copy held: ";
    if (e->reason.empty()) {
      wrong_copies.push_back(entry_link(*e) + (held.empty() ? "" : " (" + held.substr(0, held.size() - 2) + ")"));
    } else {  // its first sentence
      wrong_copies.push_back(entry_link(*e) + " (" + held + latex_prose(without_final_stop(first_sentence(e->reason))) +
                             ")");
    }
  }
  out << "{\\small";
  if (any_published) {
    out << "\\paragraph{What was found.}\n";
    if (wrong_quoted.empty() && wrong_recorded.empty()) {
      out << "No published statement was found wrong. ";
    } else {
      if (!wrong_quoted.empty()) {
        // a source without an address: its words are as the project quotes them, and a reader cannot
        // look them up (a referee, 2026-11-30)
        const bool unidentified_source =
            std::any_of(wrong_quoted.begin(), wrong_quoted.end(),
                        [&](const LedgerEntry* e) { return !identified_source(e->source, run); });
        out << fmt::format(
            "\\textbf{{{} published statement{} {} wrong as {} source{} write{} {}}}, judged on the "
            "source's own words (quoted in the ledger{}):\n\\begin{{itemize}}\\setlength{{\\itemsep}}{{1pt}}\n",
            wrong_quoted.size(), wrong_quoted.size() == 1 ? "" : "s", wrong_quoted.size() == 1 ? "is" : "are",
            wrong_quoted.size() == 1 ? "its" : "their", wrong_quoted.size() == 1 ? "" : "s",
            wrong_quoted.size() == 1 ? "s" : "", wrong_quoted.size() == 1 ? "it" : "them",
            unidentified_source ? "; a source without an address is quoted as the project holds it, "
                                  "which a reader cannot look up"
                                : "");
        for (const LedgerEntry* e : wrong_quoted) out << found_item(*e, run);
        out << "\\end{itemize}\n";
      }
      if (!wrong_recorded.empty()) {
        out << fmt::format(
            "{} {} wrong \\emph{{as recorded}}: the project holds no text of the passage, only its own "
            "record of the statement, so {} a finding about that record, not about the source, until "
            "the passage is read:\n\\begin{{itemize}}\\setlength{{\\itemsep}}{{1pt}}\n",
            wrong_quoted.empty()
                ? fmt::format("{} published statement{}", wrong_recorded.size(), wrong_recorded.size() == 1 ? "" : "s")
                : fmt::format("{} more", wrong_recorded.size()),
            wrong_recorded.size() == 1 ? "is" : "are", wrong_recorded.size() == 1 ? "it is" : "these are");
        for (const LedgerEntry* e : wrong_recorded) out << found_item(*e, run);
        out << "\\end{itemize}\n";
      }
    }
    if (!wrong_copies.empty())
      out << fmt::format(
          "{} of {} re-typed cop{} of published statements {} wrong as the cop{} print{} {} (judged "
          "against the derivation, not the source), so {} of the cop{}: {}. ",
          wrong_copies.size(), retyped.size(), retyped.size() == 1 ? "y" : "ies",
          wrong_copies.size() == 1 ? "is" : "are", wrong_copies.size() == 1 ? "y" : "ies",
          wrong_copies.size() == 1 ? "s" : "", wrong_copies.size() == 1 ? "it" : "them",
          wrong_copies.size() == 1 ? "it is an error" : "they are errors", wrong_copies.size() == 1 ? "y" : "ies",
          fmt::join(wrong_copies, "; "));
    out << "\n\n";
  }
  out << conjectures_latex(conjectures, run);

  // 3. the counts
  const std::size_t wrong = wrong_quoted.size() + wrong_recorded.size();
  const std::size_t hold =
      count(published, [](const LedgerEntry* e) { return e->verdict == Verdict::Agree && !wrong_as_written(*e); });
  const std::size_t proved = count(published, [](const LedgerEntry* e) {
    return !wrong_as_written(*e) && holds_with(*e, {EvidenceLevel::ProvedWholeDomain});
  });
  const std::size_t proved_formulas = count(published, [](const LedgerEntry* e) {
    return e->formula && !wrong_as_written(*e) && holds_with(*e, {EvidenceLevel::ProvedWholeDomain});
  });
  // proved statements whose deciding variant's closed forms are certified: proved end to end
  // from the variant's definition
  const std::size_t end_to_end = count(published, [&](const LedgerEntry* e) {
    return !wrong_as_written(*e) && holds_with(*e, {EvidenceLevel::ProvedWholeDomain}) &&
           derivation_certified(run, e->deciding->variant);
  });
  const std::size_t open = published.size() - wrong - hold;
  std::set<std::string> sources;
  for (const LedgerEntry* e : published) sources.insert(e->source);
  const std::size_t on_words = count(published, [](const LedgerEntry* e) { return on_own_words(*e); });
  const std::size_t from_copy =
      count(published, [](const LedgerEntry* e) { return quoted(*e) && !e->quote.from.empty(); });
  out << "{\\footnotesize\\paragraph{Counts.} ";
  if (any_published) {
    out << fmt::format(
        "This run judged {} from {} in {} (one "
        "statement counts once across variants): {} on the source's own words (quoted in the ledger) and {} as "
        "recorded{}. ",
        counted(published.size(), "distinct published statement", "distinct published statements"),
        counted(sources.size(), "source", "sources"), counted(checks_of(published), "check", "checks"), on_words,
        published.size() - on_words,
        from_copy == 0
            ? std::string(" (the project holds no text of the passage)")
            : fmt::format(" ({} of them with the sentence around the formula quoted from a copy of the source, the "
                          "project's only text of it; the formula itself is the project's record)",
                          from_copy));
    if (wrong == 0)
      out << "None is wrong. ";
    else
      out << fmt::format("{} {} wrong: {} as {} source{} write{} {}, judged on {} words, and {} as recorded. ", wrong,
                         wrong == 1 ? "is" : "are", wrong_quoted.size(), wrong_quoted.size() == 1 ? "its" : "their",
                         wrong_quoted.size() == 1 ? "" : "s", wrong_quoted.size() == 1 ? "s" : "",
                         wrong_quoted.size() == 1 ? "it" : "them", wrong_quoted.size() == 1 ? "its" : "their",
                         wrong_recorded.size());
    // proved or certified where the check states it (a part of the domain, a box, finitely many
    // dimensions), which the ledger's "established" line names: not the statement itself
    const std::size_t as_stated = count(published, [](const LedgerEntry* e) {
      return !wrong_as_written(*e) && holds_with(*e, {EvidenceLevel::ProvedOnSubdomain, EvidenceLevel::Corollary,
                                                      EvidenceLevel::CertifiedOnBox});
    });
    const std::size_t from_theorem = count(published, [](const LedgerEntry* e) {
      return !wrong_as_written(*e) && holds_with(*e, {EvidenceLevel::ProvedFromTheorem});
    });
    // the rest of the holds by their evidence, each level named (the referee: 7 went unnamed)
    std::map<std::string, std::size_t> other_levels;
    for (const LedgerEntry* e : published)
      if (e->verdict == Verdict::Agree && !wrong_as_written(*e) &&
          !holds_with(*e, {EvidenceLevel::ProvedWholeDomain, EvidenceLevel::ProvedFromTheorem,
                           EvidenceLevel::ProvedOnSubdomain, EvidenceLevel::Corollary, EvidenceLevel::CertifiedOnBox}))
        ++other_levels[to_string(e->evidence.level)];
    std::string others;
    for (const auto& [level, n] : other_levels) others += fmt::format(", {} {}", n, level);
    // (the grammar of small runs: "1 holds: it is proved", no "the other 0")
    const std::string proved_text =
        hold == 1 && proved == 1 ? std::string("it is") : fmt::format("{} {}", proved, proved == 1 ? "is" : "are");
    const std::string others_text = hold == proved ? std::string()
                                                   : fmt::format("; the other {} {} on the evidence the ledger names",
                                                                 hold - proved, hold - proved == 1 ? "rests" : "rest");
    if (hold == 0)
      out << "None holds. ";
    else if (proved == 0)
      out << fmt::format("{} {} on the evidence the ledger names{}. ", counted(hold, "holds", "hold"),
                         hold == 1 ? "and rests" : "and rest", levels_text(as_stated, from_theorem, others));
    else
      out << fmt::format(
          "{}: {} proved on the whole domain ({} formula{} equal to our derivation{}), {}{}{}. ",
          counted(hold, "holds", "hold"), proved_text, proved_formulas, proved_formulas == 1 ? "" : "s",
          proved > proved_formulas
              ? fmt::format(", and {} propert{}", proved - proved_formulas, proved - proved_formulas == 1 ? "y" : "ies")
              : std::string(),
          end_to_end == proved
              ? std::string(proved == 1 ? "end to end" : "all end to end")
              : fmt::format(
                    "{} of them end to end, the others only as far as their derivations, checked at grid points",
                    end_to_end),
          others_text, hold == proved ? std::string() : levels_text(as_stated, from_theorem, others));
    if (open > 0) out << fmt::format("{} could not be decided (inconclusive). ", open);
  }
  out << conjecture_counts(conjectures, run);
  // a sweep's variants fix its parameter (docs/spec-format.md, "Sweeps"): what they prove is proved at each value
  const std::size_t swept = static_cast<std::size_t>(
      std::count_if(run.variants.begin(), run.variants.end(), [](const VariantResult& v) { return v.spec.sweep.has_value(); }));
  if (swept > 0)
    out << fmt::format(
        "{} of this run {} the values of a parameter given as a list (a sweep, named base[t=value]): each is "
        "checked with that value fixed, so a statement checked in a sweep is judged once per value, and what is "
        "proved there is proved at each listed value (on the whole domain of the other parameters), not for the "
        "values between them. ",
        counted(swept, "variant", "variants"), swept == 1 ? "is one of" : "are");
  // a file with symbolic parameters sweeps them too, and adds claims proved for every value of them
  std::set<const Spec*> parametric;
  std::size_t certified = 0, for_every = 0;
  for (const VariantResult& v : run.variants) {
    if (!v.parametric || !parametric.insert(v.spec.parametric.get()).second) continue;
    const DerivationSummary& d = v.parametric->derivation;
    certified += d.derived && d.certificate.verified ? 1 : 0;
    for (const ParametricClaim& c : v.parametric->claims) for_every += c.proved ? 1 : 0;
  }
  if (!parametric.empty())
    out << fmt::format(
        "{} {} parameters symbolic with a range (docs/spec-format.md, ``Symbolic parameters''); {} certified for "
        "every value in the range, and {} proved for every value there (the file's section says which). ",
        counted(parametric.size(), "spec file keeps", "spec files keep"), parametric.size() == 1 ? "its" : "their",
        parametric.size() == 1 ? (certified == 1 ? "its forms in them are derived and" : "its forms in them are not")
                               : fmt::format("for {} of them the forms in those parameters are derived and", certified),
        counted(for_every, "claim is", "claims are"));
  if (!retyped.empty())
    out << fmt::format("Beside them: {} re-typed cop{} of published statements ({}). ", retyped.size(),
                       retyped.size() == 1 ? "y" : "ies", counted(checks_of(retyped), "check", "checks"));
  if (!explanations.empty())
    out << fmt::format("{} explanation{} of our own (not published, not counted). ", explanations.size(),
                       explanations.size() == 1 ? "" : "s");
  if (!controls.empty())
    out << fmt::format(
        "{} of {} negative control{} (a statement checked in a deliberately broken setting, or a derived "
        "formula perturbed on purpose) gave the verdict opposite to the statement's, so those checks can fail. What "
        "size of error the grid and sampled checks detect is stated under \\emph{{what the checks detect}} (the "
        "project's tests plant such errors in exp's closed form; those runs are not part of this report). ",
        controls_as_expected, controls.size(), controls.size() == 1 ? "" : "s");
  // that every verdict is the expected one is a check of the run, not evidence about the
  // claims: said only when it fails (the variants table counts it per variant)
  out << (unexpected == 0 ? std::string()
                          : fmt::format("{{\\color{{red}}\\textbf{{{} verdict{} differ{} from what the specs "
                                        "expect}}}} (marked in red in the sections).",
                                        unexpected, unexpected == 1 ? "" : "s", unexpected == 1 ? "s" : ""))
      << "\n\n";
  out << "}}\n";

  if (!published.empty()) {
    out << "\\subsection*{Ledger of published statements}\\label{ledger}\n"
        << fmt::format("One row per published statement ({}): its words, its formula beside the derived one, the "
                       "verdict, its evidence (\\hyperref[verdicts]{{``What each verdict proves''}}) and the deciding "
                       "ball $[m \\pm r]$ or number, or what a property's checks established.\n\n",
                       published.size());
    out << ledger_table(published, run);
  }
  if (!controls.empty()) {
    out << "\\subsection*{Negative controls}\nEach is a claim checked in a deliberately broken setting, or "
           "a derived formula perturbed on purpose; its verdict must differ from the claim's: ";
    for (std::size_t k = 0; k < controls.size(); ++k)
      out << (k ? ", " : "") << link(*controls[k]) << " "
          << (controls[k]->record->unexpected() ? "{\\color{red}" + to_string(controls[k]->record->verdict) + "}"
                                                : to_string(controls[k]->record->verdict));
    out << ".\n\n";
  }
  if (!explanations.empty()) {
    out << "\\subsection*{Our explanations (not published)}\n\\begin{itemize}\n";
    for (const Outcome* o : explanations)
      out << "\\item " << link(*o) << " (explaining " << citation(*o) << "): " << verdict_text(*o->record, o->role)
          << ". \\emph{" << o->statement << "}\n";
    out << "\\end{itemize}\n";
  }
  // the copies' table last: its rows are tall and do not break, and the text above fills the page
  if (!retyped.empty()) {
    out << "\\subsection*{Re-typed copies of published formulas}\n"
           "Formulas as a copy of a source re-typed them, checked like the published ones against the derivation: a "
           "disagree here is an error of the copy, not of the source.\n\n"
        << ledger_table(retyped, run);
  }
  return out.str();
}

}  // namespace attnverify
