#include "src/report/report_latex.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <cstdint>
#include <sstream>
#include <tuple>

#include "numerics/precision.hpp"
#include "numerics/batch_bootstrap.hpp"
#include "numerics/sparsity_estimate.hpp"
#include "proofs/display_form.hpp"
#include "proofs/printing.hpp"
#include "src/report/claim_ledger.hpp"
#include "src/report/findings_latex.hpp"
#include "src/report/latex_pieces.hpp"
#include "src/verdicts/route_comparison.hpp"
#include "src/report/reproducibility.hpp"
#include "src/report/verdict_meanings.hpp"
#include "src/spec/spec_text.hpp"
#include "src/verdicts/claim_points.hpp"
#include "proofs/symbols.hpp"

namespace attnverify {

namespace {

const char* kPreamble = R"(\documentclass[10pt]{article}
\usepackage[a4paper,hmargin=2cm,vmargin=1.7cm]{geometry}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage{textcomp}
\usepackage{microtype}
\usepackage{amsmath,amssymb}
\usepackage{graphicx}
\usepackage{booktabs}
\usepackage{longtable}
\usepackage{array}
\usepackage{xcolor}
\usepackage{pgfplots}
\pgfplotsset{compat=1.17}
\usepackage[colorlinks=true,linkcolor=blue!60!black,citecolor=green!40!black,urlcolor=blue!60!black,
  pdftitle={attnverify report},pdfauthor={attnverify},bookmarksnumbered=true]{hyperref}
% \zh{text}: Chinese in a quotation of a source (latex_quote, src/report/latex_escape.hpp),
% in the gbsn font of the CJK package (Debian: latex-cjk-chinese-arphic-gbsn00lp)
\usepackage{CJKutf8}
\newcommand{\zh}[1]{\begin{CJK*}{UTF8}{gbsn}#1\end{CJK*}}
\DeclareUnicodeCharacter{221D}{\ensuremath{\propto}}\DeclareUnicodeCharacter{2264}{\ensuremath{\le}}\DeclareUnicodeCharacter{2265}{\ensuremath{\ge}}\DeclareUnicodeCharacter{00B7}{\ensuremath{\cdot}}
\setlength{\parindent}{0pt}
\setlength{\parskip}{3pt}
% numbered figures and tables of our own (longtable steps LaTeX's table counter for every table)
\newcounter{avfigure}\newcounter{avtable}
% long identifiers, formulas in words and 50-digit values (no spaces) may stretch a line
% rather than overrun the margin
\sloppy
% less space above and below a long table than the default \bigskip
\setlength{\LTpre}{4pt}\setlength{\LTpost}{4pt}
% \fitformula{math}: display math, shrunk to the line width only when wider.
\newsavebox{\avformulabox}
\newcommand{\fitformula}[1]{\sbox{\avformulabox}{$\displaystyle #1$}%
  \ifdim\wd\avformulabox>\linewidth\resizebox{\linewidth}{!}{\usebox{\avformulabox}}\else\usebox{\avformulabox}\fi}
\newcommand{\verdict}[1]{\textbf{#1}}
\begin{document}
% the title as one line: the findings and the ledger start on page 1
{\centering\Large attnverify report\par}
)";

// Series colours; a figure with more series than colours also varies the line style
// (write_figure), so that no two series look alike.
// The most coordinates a figure plots (write_figure).
constexpr std::size_t kMaxPlottedPoints = 4000;

// At most this many variants without claims get full sections; more share the compact part
// (README.md, "Reading the report"): the standard suite's sixteen fit its 30-page budget only so.
constexpr std::size_t kMaxFullSectionsWithoutClaims = 4;

const std::vector<std::string> kColors{"blue", "red", "black", "orange", "teal", "violet", "brown", "olive"};

struct GridStats {
  std::size_t total = 0, agree = 0, disagree = 0, inconclusive = 0, certified = 0;
  std::size_t not_applicable = 0;  ///< computed without a closed form to compare with (values written)
  /// of agree and not_applicable: the ones whose value rests on an error estimate alone
  /// (estimated_only: the certified route could not serve there)
  std::size_t estimated = 0;
  std::size_t no_value = 0;        ///< where S does not exist (CheckRecord::no_value_exists)
  double worst = 0, median = 0;
  const CheckRecord* worst_record = nullptr;
};

// what a grid point without a value is (GridStats::no_value)
constexpr const char* kNoValueText = "$S$ does not exist (a moment diverges under the score law, or $0/0$)";

GridStats grid_stats(const VariantResult& v) {
  GridStats st;
  std::vector<double> digits;
  for (const auto& r : v.records) {
    if (!r.is_grid_check()) continue;
    ++st.total;
    st.certified += r.certified;
    st.estimated += estimated_only(r);
    if (r.no_value_exists()) {
      ++st.no_value;
      continue;
    }
    switch (r.verdict) {
      case Verdict::Agree:
        ++st.agree;
        break;
      case Verdict::Disagree:
        ++st.disagree;
        break;
      case Verdict::Inconclusive:
        ++st.inconclusive;
        break;
      case Verdict::NotApplicable:
        ++st.not_applicable;
        break;
    }
    if (r.digits && r.verdict == Verdict::Agree) {  // an inconclusive point's figure decides nothing
      digits.push_back(*r.digits);
      if (!st.worst_record || *r.digits < *st.worst_record->digits) st.worst_record = &r;
    }
  }
  if (!digits.empty()) {
    std::sort(digits.begin(), digits.end());
    st.worst = digits.front();
    st.median =
        digits.size() % 2 ? digits[digits.size() / 2] : (digits[digits.size() / 2 - 1] + digits[digits.size() / 2]) / 2;
  }
  return st;
}

void write_figure(std::ostringstream& out, const Figure& v) {
  // pgfplots fails ("Dimension too large") on a degenerate axis range, so a figure
  // with fewer than two distinct x values is not drawn, and equal y values get limits.
  std::set<double> xs, ys;
  for (const auto* group : {&v.curves, &v.marks})
    for (const Curve& c : *group)
      for (const auto& [x, y] : c.points) {
        xs.insert(x);
        ys.insert(y);
      }
  if (xs.size() < 2) {
    if (!xs.empty())
      out << "{\\small (A figure against " << latex_prose(v.x_label) << " needs at least two values; there is one.)}\n\n";
    return;
  }
  // centred without the center environment's vertical space (the report's 30-page budget)
  out << "\\par\\smallskip{\\centering\\begin{tikzpicture}\n\\begin{axis}[width=0.7\\linewidth, height=3.1cm, xlabel={" << latex_prose(v.x_label)
      << "}, ylabel={" << latex_prose(v.y_label)
      << "}, legend pos=outer north east, legend style={font=\\small}, grid=major, "
         "yticklabel style={/pgf/number format/precision=4}, scaled y ticks=false";
  if (v.log_axes)
    out << ", xmode=log, ymode=log";
  else if (v.log_x)
    out << ", xmode=log";
  if (ys.size() == 1) {
    const double y = *ys.begin();
    out << (v.log_axes ? fmt::format(", ymin={:.8g}, ymax={:.8g}", y / 2, y * 2)
                       : fmt::format(", ymin={:.8g}, ymax={:.8g}", y - 1, y + 1));
  }
  out << "]\n";
  std::map<std::string, std::string> color_of;
  std::size_t series = 0;  // colour k, and from the ninth series on a dotted line as well
  const auto next_style = [&] {
    const std::size_t k = series++;
    return kColors[k % kColors.size()] + (k >= kColors.size() ? std::string(", densely dotted") : std::string());
  };
  // TeX's main memory holds about 10 000 pgfplots coordinates per axis: a figure with more
  // than kMaxPlottedPoints plots every k-th point of each series (the first and the last
  // always) and says so; results.json keeps every value. Ten coordinates per line.
  std::size_t total = 0;
  for (const auto* group : {&v.curves, &v.marks})
    for (const Curve& c : *group) total += c.points.size();
  const std::size_t stride = (total + kMaxPlottedPoints - 1) / kMaxPlottedPoints;
  const auto write_points = [&](const Curve& c) {
    std::size_t written = 0;
    for (std::size_t k = 0; k < c.points.size(); ++k)
      if (k % stride == 0 || k + 1 == c.points.size())
        out << fmt::format("({:.8g},{:.8g})", c.points[k].first, c.points[k].second)
            << (++written % 10 ? " " : "\n");
  };
  for (const Curve& c : v.curves) {
    // an empty series draws nothing, and pgfplots would give its legend entry to the next one
    if (c.points.empty()) continue;
    const std::string style = next_style();
    color_of[c.label] = style;
    // a line of one point is drawn as a horizontal tick, or it would not show
    out << "\\addplot[" << style << ", thick, " << (c.points.size() == 1 ? "mark=-, mark size=6pt" : "no marks")
        << (c.dashed ? ", dashed" : "") << "] coordinates {";
    write_points(c);
    out << "};\n\\addlegendentry{{" << latex_prose(c.label) << "}}\n";
  }
  for (const Curve& m : v.marks) {
    if (m.points.empty()) continue;
    // marks of a curve take its colour; marks without a curve (a kernel with no closed
    // form) get a colour and a legend entry of their own
    const bool own = !color_of.count(m.label);
    const std::string style = own ? next_style() : color_of[m.label];
    out << "\\addplot[" << style << ", only marks, mark=o, mark size=1.8pt"
        << (own && !m.label.empty() ? "" : ", forget plot") << "] coordinates {";
    write_points(m);
    out << "};\n";
    if (own && !m.label.empty()) out << "\\addlegendentry{{" << latex_prose(m.label) << "}}\n";
  }
  out << "\\end{axis}\n\\end{tikzpicture}\\par}\\smallskip\n";
  // numbered (the referee's d11: "Figure 7" can be cited), with LaTeX's own counter
  out << "{\\small\\refstepcounter{avfigure}\\textbf{Figure~\\theavfigure.}";
  if (!v.caption.empty() || stride > 1) {
    out << " " << latex_prose(v.caption);
    if (stride > 1)
      out << fmt::format("{}(Of its {} points, one in {} is plotted; results.json holds every value.)",
                         v.caption.empty() ? "" : " ", total, stride);
  }
  out << "}\n\n";
}

void write_table(std::ostringstream& out, const Table& t) {
  out << "\\begin{center}{\\small\\begin{longtable}{" << std::string(t.header.size(), 'l') << "}\\toprule\n";
  for (std::size_t k = 0; k < t.header.size(); ++k) out << (k ? " & " : "") << latex_prose(t.header[k]);
  out << "\\\\\\midrule\n";
  for (const auto& row : t.rows) {
    // a row has as many cells as the header (a shorter one is padded, a longer one cut)
    for (std::size_t k = 0; k < t.header.size(); ++k) out << (k ? " & " : "") << (k < row.size() ? latex_prose(row[k]) : "");
    out << "\\\\\n";
  }
  out << "\\bottomrule\\end{longtable}}\\end{center}\n";
  out << "{\\small\\refstepcounter{avtable}\\textbf{Table~\\theavtable.}"
      << (t.caption.empty() ? std::string() : " " + latex_prose(t.caption)) << "}\n\n";
}

// A variant's sampled checks, counted once for the variants table, the variant's section and
// the compact part.
struct SampledStats {
  std::size_t total = 0, agree = 0, inconclusive = 0;
  std::size_t reversed = 0;  ///< valid tests that agree after a first-stage rejection not confirmed
  std::size_t invalid = 0;  ///< not valid tests at their n (the CLT interval's skewness)
  /// per point, the smallest n at which a check was a valid test (0 if none was), and the
  /// sizes at which checks were not
  std::map<std::string, unsigned long> first_valid;
  std::map<std::string, std::set<unsigned long>> invalid_sizes;
  /// ranges of SE(sample) / SE(population) and SE(bootstrap) / SE(sample), [0] over the valid
  /// tests, [1] over the others
  std::pair<double, double> plug_in_ratio[2] = {{1e300, 0}, {1e300, 0}}, bootstrap_ratio[2] = {{1e300, 0}, {1e300, 0}};
  double max_z = 0;
  std::set<unsigned> dims;
  std::set<unsigned long> sizes;
  std::set<std::string> points;
  std::optional<unsigned long> seed;
};

SampledStats sampled_stats(const VariantResult& v) {
  SampledStats st;
  for (const auto& r : v.records) {
    if (r.check != CheckKind::Sampled) continue;
    ++st.total;
    const bool invalid = r.clt_invalid();
    st.invalid += invalid;
    // agree and inconclusive count the valid tests only
    st.agree += !invalid && r.verdict == Verdict::Agree;
    st.reversed += !invalid && r.verdict == Verdict::Agree && r.confirmation.has_value();
    st.inconclusive += !invalid && r.verdict == Verdict::Inconclusive;
    if (r.z && !invalid) st.max_z = std::max(st.max_z, std::fabs(*r.z));
    if (r.d) st.dims.insert(*r.d);
    if (r.n) st.sizes.insert(*r.n);
    const std::string point = point_math(r.point);
    st.points.insert(point);
    unsigned long& first = st.first_valid[point];
    if (!invalid && r.n && (first == 0 || *r.n < first)) first = *r.n;
    if (invalid && r.n) st.invalid_sizes[point].insert(*r.n);
    const auto widen = [](std::pair<double, double>& range, double x) {
      range.first = std::min(range.first, x), range.second = std::max(range.second, x);
    };
    if (r.standard_error && *r.standard_error > 0) {
      if (r.population_standard_error)
        widen(st.plug_in_ratio[invalid], *r.standard_error / *r.population_standard_error);
      if (r.bootstrap_standard_error) widen(st.bootstrap_ratio[invalid], *r.bootstrap_standard_error / *r.standard_error);
    }
    if (!st.seed) st.seed = r.seed;
  }
  return st;
}

// "agree/total" of a variant's sampled checks, or "--" without any.
std::string sampled_summary(const VariantResult& v) {
  const SampledStats st = sampled_stats(v);
  if (!st.total) return "--";
  // agree over the valid tests; the checks that are not tests at their n beside them
  return fmt::format("{}/{}", st.agree, st.total - st.invalid) +
         (st.invalid ? fmt::format(" (+{} n.t.)", st.invalid) : std::string());
}

// "0.97 to 1.03", or "0.97" when the two print alike (a range of one ratio).
std::string ratio_range(double lo, double hi) {
  const std::string a = fmt::format("{:.2f}", lo), b = fmt::format("{:.2f}", hi);
  return a == b ? a : a + " to " + b;
}

// The sampled checks of a variant in one paragraph: how many agree, the largest |z|, the
// dimensions and sizes; the method is stated once, in "What each verdict proves", and each
// check's estimate, interval and z are in results.json.
void write_sampled_summary(std::ostringstream& out, const VariantResult& v, const std::string& heading) {
  const SampledStats st = sampled_stats(v);
  if (st.total == 0) return;
  out << "\\" << heading << "*{Closed form vs sampled attention weights}\n";
  out << fmt::format(
      "{} sampled checks at {} point{}, $d \\in \\{{{}\\}}$, $n$ from {} to {}; of the {} valid tests {} agree{}, "
      "largest $|z| = {:.2f}$ (the statistical test of ``What each verdict proves'', Holm's family being these {} "
      "valid tests of this variant; seed {}). Each check's "
      "estimate $S_n$, its standard error (the 95\\% interval is $\\pm 1.96$ of it), bias and $z$ are in "
      "results.json (check \\texttt{{sampled}}).\n\n",
      st.total, st.points.size(), st.points.size() == 1 ? "" : "s", fmt::join(st.dims, ", "),
      st.sizes.empty() ? std::string("--") : std::to_string(*st.sizes.begin()),
      st.sizes.empty() ? std::string("--") : std::to_string(*st.sizes.rbegin()), st.total - st.invalid, st.agree,
      (st.inconclusive ? fmt::format(", {} inconclusive", st.inconclusive) : std::string()) +
          (st.reversed ? fmt::format(" ({} of them rejected by Holm's procedure at the first stage but not by an "
                                     "independent confirmation sample of $4n$ keys, as the statistical test requires)",
                                     st.reversed)
                       : std::string()),
      st.max_z,
      st.total - st.invalid, st.seed ? std::to_string(*st.seed) : std::string("--"));
  if (st.plug_in_ratio[0].second > 0)
    out << fmt::format(
        "On the valid tests the sample's delta-method SE is {} times the population's (from "
        "the moments of the weights by quadrature){}",
        ratio_range(st.plug_in_ratio[0].first, st.plug_in_ratio[0].second),
        st.bootstrap_ratio[0].second > 0
            ? fmt::format(", and a batch bootstrap's SE ({} resamples of the {}-key batches) {} times "
                          "the sample's.",
                          num::kBootstrapReplicates, num::kBatchRows,
                          ratio_range(st.bootstrap_ratio[0].first, st.bootstrap_ratio[0].second))
            : std::string("."));
  if (st.invalid) {
    out << fmt::format(" {} of the checks {} at {} $n$: the skewness of the statistic's mean "
                       "exceeds {} there, so the 95\\% interval is not trustworthy (",
                       st.invalid, st.invalid == 1 ? "is not a valid test" : "are not valid tests",
                       st.invalid == 1 ? "its" : "their", num::kMaxCltSkewness);
    std::size_t k = 0;
    for (const auto& [point, sizes] : st.invalid_sizes) {
      const auto found = st.first_valid.find(point);
      const unsigned long first = found == st.first_valid.end() ? 0 : found->second;
      out << (k++ ? "; " : "") << point << ": $n = " << fmt::format("{}", fmt::join(sizes, ", ")) << "$"
          << (first ? fmt::format(", tests from $n = {}$ on", first) : std::string(", no size a test"));
    }
    out << (st.invalid == 1 ? "). It is inconclusive by design and not counted among the tests."
                            : "). They are inconclusive by design and not counted among the tests.");
    if (st.plug_in_ratio[1].second > 0)
      out << fmt::format(
          " On {} the sample's SE is {} times the population's{}", st.invalid == 1 ? "it" : "them",
          ratio_range(st.plug_in_ratio[1].first, st.plug_in_ratio[1].second),
          st.bootstrap_ratio[1].second > 0
              ? fmt::format(", and the bootstrap's {} times the sample's: resampling the sample "
                            "cannot see the tails it missed.",
                            ratio_range(st.bootstrap_ratio[1].first, st.bootstrap_ratio[1].second))
              : std::string("."));
  }
  out << "\n\n";
}

// The grid and sampled checks of a variant that did not agree, at most `limit` of them
// listed (`sampled`: the sampled checks too); the rest are counted.
// Digits of agreement of the closed form with the numeric route over the (beta, gamma) grid
// of a kernel, as a colour map (Herbie's accuracy over the inputs); the caption gives the
// range the colours span and where the worst point is. Nothing without two grid points.
void write_digits_map(std::ostringstream& out, const VariantResult& v, unsigned run_digits) {
  std::vector<std::tuple<double, double, double>> points;
  const CheckRecord* worst = nullptr;
  for (const CheckRecord& r : v.records) {
    if (!r.is_grid_check() || !r.digits || r.point.size() != 2) continue;
    const double beta = std::strtod(r.point[0].second.c_str(), nullptr), gamma = std::strtod(r.point[1].second.c_str(), nullptr);
    if (!std::isfinite(beta) || !std::isfinite(gamma) || gamma <= 0) continue;
    points.emplace_back(beta, gamma, *r.digits);
    if (!worst || *r.digits < *worst->digits) worst = &r;
  }
  if (points.size() < 2) return;
  double lo = 1e9, hi = -1e9, gmin = 1e300, gmax = 0;
  for (const auto& [b, g, d] : points) lo = std::min(lo, d), hi = std::max(hi, d), gmin = std::min(gmin, g), gmax = std::max(gmax, g);
  out << "\\par\\smallskip{\\centering\\begin{tikzpicture}\n\\begin{axis}[width=0.6\\linewidth, height=3.8cm, xlabel={$\\beta$}, "
         "ylabel={$\\gamma$}, colorbar, colormap/viridis, point meta min="
      << fmt::format("{:.1f}", lo) << ", point meta max=" << fmt::format("{:.1f}", std::max(hi, lo + 0.1))
      << (gmax > 20 * gmin ? ", ymode=log" : "") << "]\n\\addplot[scatter, only marks, mark=square*, mark size=2.2pt, "
      << "scatter src=explicit] coordinates {";
  for (const auto& [b, g, d] : points) out << fmt::format("({:.6g},{:.6g}) [{:.2f}] ", b, g, d);
  out << "};\n\\end{axis}\n\\end{tikzpicture}\\par}\\smallskip\n";
  out << fmt::format(
             "{{\\small\\refstepcounter{{avfigure}}\\textbf{{Figure~\\theavfigure.}} Digits of agreement of the derived closed form with the quadrature at the {} grid points of "
             "\\texttt{{{}}} (colour), from {:.1f} to {:.1f} (at most $P+10 = {}$, where no difference is "
             "measurable); the fewest at ",
             points.size(), latex_escape(v.spec.name), lo, hi, num::Precision{run_digits}.guarded())
      << point_math(worst->point) << ".}\n\n";
}

void write_points_not_agreeing(std::ostringstream& out, const VariantResult& v, bool sampled, std::size_t limit) {
  std::size_t listed = 0;
  for (const auto& r : v.records) {
    if (r.verdict == Verdict::Agree || r.verdict == Verdict::NotApplicable) continue;
    if (!r.is_grid_check() && !(sampled && r.check == CheckKind::Sampled)) continue;
    // a sampled check that is not a test at its n is counted in the sampled paragraph
    if (r.clt_invalid()) continue;
    if (listed++ == 0) out << "Points that did not agree:\\begin{itemize}\n";
    NamedValues where = r.point;
    if (r.check == CheckKind::Sampled && r.d && r.n) {
      where.emplace_back("d", std::to_string(*r.d));
      where.emplace_back("n", std::to_string(*r.n));
    }
    if (listed <= limit)
      out << "\\item " << point_math(where) << ": " << verdict_text(r, ClaimRole::Claim) << " --- "
          << detail_latex(r.detail) << "\n";
  }
  if (listed > limit) out << fmt::format("\\item \\dots\\ and {} more (see results.json)\n", listed - limit);
  if (listed) out << "\\end{itemize}\n";
}

// The leading sentences of a record's detail, about `budget` characters at most (at least
// one sentence), and whether any were left out. A sentence ends at ". " before a capital.
std::pair<std::string, bool> leading_sentences(const std::string& detail, std::size_t budget) {
  std::size_t end = std::string::npos;
  for (std::size_t k = detail.find(". "); k != std::string::npos; k = detail.find(". ", k + 1)) {
    if (k + 2 >= detail.size() || !std::isupper(static_cast<unsigned char>(detail[k + 2]))) continue;
    if (end != std::string::npos && k + 1 > budget) break;
    end = k + 1;
  }
  if (end == std::string::npos || end + 1 >= detail.size()) return {detail, false};
  return {detail.substr(0, end), true};
}

// The detail as the report prints it: its leading sentences, and where the rest is.
std::string short_detail(const std::string& detail, std::size_t budget) {
  const auto [head, cut] = leading_sentences(detail, budget);
  return detail_latex(head) + (cut ? " (In full, with every value, in results.json.)" : "");
}

// A fact variant (docs/claims.md C): one table row per claim with its setting, verdict,
// method and the measured figures (a published claim's statement is in the ledger; a
// control's is given here), then the tables and figures of the tests.
void write_claim_table(std::ostringstream& out, const VariantResult& v) {
  out << "{\\small\\begin{longtable}{@{}p{0.2\\linewidth}p{0.76\\linewidth}@{}}\\toprule\n"
         "claim (setting) & verdict, method and what the routes measured\\\\\\midrule\\endhead\n";
  for (const Claim& claim : v.spec.claims)
    for (const auto& r : v.records)
      if (r.check == CheckKind::Claim && r.claim == claim.id) {
        out << "\\raggedright\\phantomsection\\label{" << claim_label(v.spec.name, claim.id) << "}"
            << latex_escape(claim.id) << " {\\footnotesize("
            // the unbroken setting of a claim checked as corrected runs the corrected statement, not the
            // statement as written (the referee of 2026-11-30, F4: "Perm-4 (as-stated) agree")
            << (claim.wrong_as_written.empty() ? latex_escape(claim.setting)
                                               : latex_escape(claim.setting) + ", checked as corrected")
            << ")} & "
            << "\\raggedright\\arraybackslash ";
        if (claim.role != ClaimRole::Claim) out << "\\emph{" << latex_prose(claim.statement) << "} ";
        out << verdict_text(r, claim.role) << " (method: " << detail_latex(r.method) << "). "
            << short_detail(r.detail, 600);
        if (claim.role != ClaimRole::Claim && !claim.reason.empty()) out << " " << latex_prose(claim.reason);
        if (!claim.note.empty()) out << " " << latex_prose(claim.note);
        out << "\\\\\n";
      }
  out << "\\bottomrule\\end{longtable}}\n";
}

// A variant's spec file as the sections name it: within the run's one spec folder (which the
// reproducibility block names once) its file name alone, else the path as given.
std::string shown_spec_file(const Spec& spec, const RunResult& run) {
  const std::filesystem::path parent = std::filesystem::path(spec.file).parent_path();
  for (const VariantResult& v : run.variants)
    if (std::filesystem::path(v.spec.file).parent_path() != parent) return spec.file;
  return parent.empty() ? spec.file : std::filesystem::path(spec.file).filename().string();
}

// A figure that depends on f alone (the law comparison, Figure::in_compact_part), drawn once per
// run: a later variant with the same curves names the variant that drew it. `drawn`: the
// figures drawn, by their curves, with the variant that drew each.
void write_figure_once(std::ostringstream& out, const Figure& f, const std::string& variant,
                       std::map<std::string, std::string>& drawn) {
  std::string key = f.x_label + "\n" + f.y_label;
  for (const Curve& c : f.curves) {
    key += "\n" + c.label;
    for (const auto& [x, y] : c.points) key += fmt::format(" {:.8g},{:.8g}", x, y);
  }
  const auto [first, added] = drawn.emplace(key, variant);
  if (added)
    write_figure(out, f);
  else
    out << "The figure of $S$ under each score law for this $f$ is drawn with \\hyperref[" << variant_label(first->second)
        << "]{\\texttt{" << latex_escape(first->second) << "}}.\n\n";
}

// A parameter's name in math mode (src/spec/spec_text.hpp: \alpha, t, \mathit{t\_max}).
std::string parameter_latex(const std::string& name) { return parameter_symbol_latex(name); }

// "t = 0.5" or "a = 1/3, t = -2": a sweep member's values, in math mode.
std::string sweep_values_latex(const SweepMember& member) {
  std::string out;
  for (const auto& [name, value] : member.values)
    out += (out.empty() ? "" : ", ") + std::string("$") + parameter_latex(name) + " = " +
           sym::to_latex(value) + "$";
  return out;
}

// A variant that no source states a claim about, in a few lines: its definition, S (or why
// there is none), the grid and sampled summaries and any point that did not agree. Its
// per-point values and figures stay in results.json (the part's opening says so).
// `drawn`: the compact figures already drawn, by their curves, with the variant that drew each.
void write_compact_variant(std::ostringstream& out, const VariantResult& v, const RunResult& run,
                           std::map<std::string, std::string>& drawn) {
  const Spec& spec = v.spec;
  // a heading tighter than \subsection*'s: some thirty variants share the part's last pages
  out << "\\par\\medskip\\noindent{\\bfseries " << latex_escape(spec.title)
      << (spec.sweep ? " (" + sweep_values_latex(*spec.sweep) + ")" : std::string()) << "}\\phantomsection\\label{"
      << variant_label(spec.name) << "}\\par\\nopagebreak\\smallskip\\noindent\n";
  // the definition alone; the part's opening states the setting once
  const std::string defined = spec.kind->defined_symbol(spec);
  if (!defined.empty() && !spec.definition.is_zero())
    out << "$" << defined << " = " << sym::to_latex(spec.definition) << "$ (\\texttt{"
        << latex_escape(shown_spec_file(spec, run)) << "}).\n\n";
  else
    out << "\\texttt{" << latex_escape(shown_spec_file(spec, run)) << "}. " << spec.kind->report_intro(spec);
  if (!spec.description.empty()) out << latex_prose(spec.description) << "\n\n";
  if (v.derived()) {
    // S under its kind's label ("S", "S_n (0 < lambda < 1)")
    const auto S = std::find_if(v.forms.begin(), v.forms.end(), [&](const auto& f) { return f.second.is_equal(v.S); });
    if (S != v.forms.end())
      out << display_formula(S->first, form_latex(S->second), "the variant's closed_form.forms");
  } else {
    out << "\\textbf{No closed form}: " << detail_latex(v.reason) << "; the quadrature route alone gives $S$.\n\n";
  }
  const GridStats st = grid_stats(v);
  if (!v.certificate.verified) out << certificate_latex(v);  // the part's opening says the others are certified
  out << fmt::format("Grid: {} points, {} ", st.total,
                     v.derived() ? fmt::format("{} agree", st.agree)
                                 : fmt::format("{} values certified by balls of the defining quantities",
                                               st.not_applicable - st.estimated));
  out << (v.derived() ? fmt::format("({} certified", st.certified)
                      : fmt::format("({} estimated, not certified: their error estimates met the target",
                                    st.estimated));
  if (st.worst_record) out << fmt::format("; worst agreement {:.1f} digits", st.worst);
  out << ")";
  if (st.disagree + st.inconclusive) out << fmt::format(", {} disagree, {} inconclusive", st.disagree, st.inconclusive);
  if (st.no_value) out << fmt::format(", {} where {}", st.no_value, kNoValueText);
  const SampledStats sampled = sampled_stats(v);
  if (sampled.total)
    out << fmt::format("; sampled: {} of {} valid tests agree{}, largest $|z| = {:.2f}$", sampled.agree,
                       sampled.total - sampled.invalid,
                       sampled.invalid ? fmt::format(" ({} more check{} not {} at {} $n$: the interval's "
                                                     "skewness exceeds {})",
                                                     sampled.invalid, sampled.invalid == 1 ? " is" : "s are",
                                                     sampled.invalid == 1 ? "a test" : "tests",
                                                     sampled.invalid == 1 ? "its" : "their", num::kMaxCltSkewness)
                                       : std::string(),
                       sampled.max_z);
  out << ".\n\n";
  write_points_not_agreeing(out, v, true, 6);
  for (const Figure& f : v.figures)
    if (f.in_compact_part) write_figure_once(out, f, spec.name, drawn);
}

// `shown`: claims already printed in full, by (id, published form, text), with the variant
// that printed them; write_variant adds its own.
using ShownClaims = std::map<std::string, std::string>;

void write_derivation(std::ostringstream& out, const VariantResult& v, ShownClaims& shown, const std::string& heading) {
  const Spec& spec = v.spec;
  out << "\\" << heading << "*{Derivation}\n";
  if (v.derived()) {
    out << "Derived by attnverify's symbolic engine (GiNaC) from the definition. " << certificate_latex(v) << "\n\n";
    // a form an earlier section displayed (the linear-attention S of every feature map) is named, not repeated
    std::map<std::string, std::vector<std::string>> repeated;  // first variant -> labels
    for (const auto& [label, e] : v.forms) {
      // as displayed (proofs/display_form.hpp: proved equal to the derived form)
      const std::string latex = form_latex(e);  // cases where it has a kink
      const auto first = shown.find("form\n" + label + "\n" + latex);
      if (first != shown.end()) {
        repeated[first->second].push_back("$" + label + "$");
        continue;
      }
      shown.emplace("form\n" + label + "\n" + latex, spec.name);
      out << display_formula(label, latex, "the variant's closed_form.forms");
    }
    for (const auto& [first, labels] : repeated)
      out << fmt::format("{} as derived in \\hyperref[{}]{{\\texttt{{{}}}}}.\n\n", fmt::join(labels, ", "),
                         variant_label(first), latex_escape(first));
    for (const auto& note : v.notes) out << latex_prose(note) << "\n\n";
  } else {
    const std::string route = to_string(spec.kind->numeric_route(spec));
    out << "\\textbf{No closed form}: " << detail_latex(v.reason) << ".\n\n"
        << "\\textbf{Only the " << route << (v.spec.sampling ? " and sampled routes were" : " route was")
        << " used for this variant}: the values below are not checked against a derivation, only against "
        << (v.spec.sampling ? "each other (the Monte Carlo estimates against the " + route + " values) and " : "")
        << "the " << route << "'s own balls (certified values) or, where it gives none, its error target "
           "(estimated values, counted apart).\n\n";
  }
}

void write_grid(std::ostringstream& out, const VariantResult& v, const RunResult& run, const std::string& heading) {
  const Spec& spec = v.spec;
  const GridStats st = grid_stats(v);
  if (!v.derived()) {
    double worst_error = std::numeric_limits<double>::infinity();
    for (const auto& r : v.records)
      if (r.is_grid_check() && r.error_digits) worst_error = std::min(worst_error, *r.error_digits);
    const std::string route = to_string(spec.kind->numeric_route(spec));
    out << "\\" << heading << "*{" << static_cast<char>(std::toupper(static_cast<unsigned char>(route[0]))) << route.substr(1)
        << " only}\n"
        << fmt::format("{} grid points: {} values certified (enclosed in balls at least {:.0f} digits narrow), {} "
                       "estimated, not certified (the {}'s error estimate met the target $10^{{-{:.0f}}}$, but no ball "
                       "proves it; results.json says why, per point), {} inconclusive",
                       st.total, st.not_applicable - st.estimated, required_digits(run.options.digits), st.estimated,
                       route, required_digits(run.options.digits), st.inconclusive);
    if (st.no_value) out << fmt::format(", {} where {}", st.no_value, kNoValueText);
    if (std::isfinite(worst_error)) out << fmt::format(" (worst error estimate $10^{{-{:.1f}}}$)", worst_error);
    const auto grid = std::find_if(v.records.begin(), v.records.end(), [](const CheckRecord& r) { return r.is_grid_check(); });
    out << ". The values are in results.json"
        << (grid == v.records.end() ? std::string()
                                    : " (check \\texttt{" + latex_escape(to_string(grid->check)) + "}, value \\texttt{numeric})")
        << ".\n\n";
  } else {
    out << "\\" << heading << "*{Closed form vs " << to_string(spec.kind->numeric_route(spec)) << "}\n";
    out << fmt::format("{} grid points: {} agree, {} disagree, {} inconclusive", st.total, st.agree, st.disagree,
                       st.inconclusive);
    if (st.no_value) out << fmt::format(", {} where {}", st.no_value, kNoValueText);
    out << fmt::format(" (working precision {} digits; agreement required: {:.0f} digits).", run.options.digits,
                       required_digits(run.options.digits));
    const std::size_t judged = st.total - st.no_value;  // points with a value to compare
    if (judged)
      out << fmt::format(
          " \\textbf{{{} of {} certified}}: {}.", st.certified, judged,
          st.certified == 0 ? "every verdict rests on the numeric route's error estimate"
          : st.certified == judged
              ? "at every point Arb balls of the closed form and of the numeric side prove the verdict"
              : "Arb balls prove the verdict there; the others rest on the numeric route's error estimate "
                "(results.json says why, per point)");
    if (st.worst_record)
      out << fmt::format(" Digits of agreement: worst {:.1f}, median {:.1f}; the worst point is ", st.worst, st.median)
          << point_math(st.worst_record->point) << ".";
    out << "\n\n";
  }
  write_points_not_agreeing(out, v, false, 12);
  write_figure(out, v.grid_figure);
}

// The run's variant whose grid agrees least, among the derived variants with claims whose kind
// lists the digits map: the one that draws it.
const VariantResult* least_agreeing(const RunResult& run) {
  const VariantResult* least = nullptr;
  double least_digits = 1e9;
  for (const VariantResult& other : run.variants) {
    const auto sections = other.spec.kind->report_sections(other.spec);
    if (std::find(sections.begin(), sections.end(), ReportSection::DigitsMap) == sections.end() || !other.derived() ||
        (other.spec.claims.empty() && other.spec.properties.empty()))
      continue;
    for (const CheckRecord& r : other.records)
      if (r.is_grid_check() && r.digits && *r.digits < least_digits) least_digits = *r.digits, least = &other;
  }
  return least;
}

void write_claims_checked_here(std::ostringstream& out, const VariantResult& v, ShownClaims& shown,
                               const std::string& heading) {
  const Spec& spec = v.spec;
  // the claims and properties checked here, one row each: the ledger (Findings) shows each
  // with its source's words and formula; this row gives the whole record of this variant's check
  struct Row {
    const CheckRecord* record;
    ClaimRole role;
    std::string extra;  ///< what the spec adds: attnverify's reading of a formula, the note
  };
  std::vector<Row> rows;
  for (const Claim& claim : spec.claims)
    for (const auto& r : v.records)
      if (r.check == CheckKind::Claim && r.claim == claim.id) {
        const std::string latex = sym::to_latex(claim.S);
        // the same claim read the same way in an earlier section: a link instead of the formula
        const auto first = shown.emplace("read\n" + claim.id + "\n" + latex, spec.name).first->second;
        const std::string read =
            first != spec.name
                ? fmt::format("Read as in \\hyperref[{}]{{\\texttt{{{}}}}}. ", claim_label(first, claim.id),
                              latex_escape(first))
            : latex.size() <= 400 ? "Read by attnverify as $S = " + latex + "$. "
                                  : "attnverify's reading of the claim is in results.json. ";
        rows.push_back({&r, claim.role, read + (claim.note.empty() ? "" : latex_prose(claim.note) + " ")});
      }
  for (const Property& p : spec.properties)
    for (const auto& r : v.records)
      if (r.check == CheckKind::Property && r.claim == p.id)
        rows.push_back({&r, p.role, p.note.empty() ? "" : latex_prose(p.note) + " "});
  if (rows.empty()) return;
  // a conjecture is on page 1's list, not in the ledger of published statements
  const bool published = std::any_of(rows.begin(), rows.end(), [](const Row& row) { return cites_published_statement(row.role); });
  const bool conjectures = std::any_of(rows.begin(), rows.end(), [](const Row& row) { return row.role == ClaimRole::Conjecture; });
  out << "\\" << heading << "*{Claims checked here}\n"
      << (published && conjectures ? "Each published one is stated with its source's words and formula in the \\hyperref[ledger]{ledger}, each conjecture on \\hyperref[findings]{page 1}; here "
          : published ? "Each is stated with its source's words and formula in the \\hyperref[ledger]{ledger}; here "
          : conjectures ? "Each is listed with its verdict on \\hyperref[findings]{page 1}; here "
                        : "Here ")
      << "the verdict of this "
         "variant's check and its whole record (verdict, what it established, and what decided it, with the method for a "
         "claim), which may run across a page break:\n"
         "{\\small\\begin{description}\\setlength{\\itemsep}{2pt}\n";
  for (const Row& row : rows) {
    const CheckRecord& r = *row.record;
    // the evidence as the check wrote it: its level and the proposition it establishes
    const EvidenceLevel level = r.evidence.level;
    // a property's proposition (a claim's is claim = S on the domain, or a counterexample at the
    // point its detail gives)
    const bool established = !r.evidence.proposition.empty() && r.check == CheckKind::Property &&
                             (r.verdict == Verdict::Agree || r.verdict == Verdict::Disagree);
    out << "\\item[" << latex_escape(r.claim) << "] \\phantomsection\\label{" << claim_label(r.variant, r.claim) << "}"
        << verdict_text(r, row.role)
        << (r.verdict != Verdict::Agree && r.verdict != Verdict::Disagree ? std::string()
            : level == EvidenceLevel::ProvedWholeDomain
                ? std::string(", proved on the whole domain") + (v.certificate.verified ? ", end to end" : "")
            : level == EvidenceLevel::NumericEvidence
                ? std::string(", numeric evidence on the points and the searched region, not a proof")
                : std::string(", ") + to_string(level))
        << (established ? " (established: " + detail_latex(r.evidence.proposition) + ")" : std::string())
        // a property's method repeats its established proposition and its detail (which says how
        // it was decided); results.json keeps it
        << (established ? std::string(". ") : " (method: " + detail_latex(r.method) + "). ") << row.extra
        << detail_latex(r.detail) << "\n";
  }
  out << "\\end{description}}\n";
}

// S in its one symbolic parameter at the grid point of `computed` (a curve of the sweep's figure,
// labelled "$\\beta = b$, $\\gamma = g$"): 41 points across the parameter's range, from the forms
// in it, evaluated by GiNaC in double precision (a figure, not a check); a point that does not
// evaluate to a finite real is left out.
Curve curve_in_parameter(const ParametricResult& in_t, const Spec& parametric, const Curve& computed,
                         const std::vector<const VariantResult*>& members) {
  Curve out{computed.label, false, {}};
  // the grid point: the first member's grid check with this label
  const CheckRecord* at = nullptr;
  for (const CheckRecord& r : members.front()->records) {
    if (!r.is_grid_check()) continue;
    std::string label;
    for (const auto& [name, text] : r.point)
      label += (label.empty() ? "$" : ", $") + parameter_latex(name) + " = " + text + "$";
    if (label == computed.label) at = &r;
  }
  if (!at) return computed;
  const std::optional<GridPoint> point = exact_grid_point(at->point, {"beta", "gamma"});
  if (!point) return computed;
  const auto& s = sym::symbols();
  const sym::ParameterRange& range = parametric.symbolic.front();
  const GiNaC::ex S = in_t.derivation.S.subs(GiNaC::lst{s.beta == (*point)[0], s.gamma == (*point)[1]});
  constexpr int kPoints = 41;
  for (int k = 0; k < kPoints; ++k) {
    const GiNaC::numeric t = range.lo + (range.hi - range.lo) * GiNaC::numeric(k, kPoints - 1);
    try {
      const GiNaC::ex value = S.subs(range.symbol == t).evalf();
      if (!GiNaC::is_a<GiNaC::numeric>(value) || !GiNaC::ex_to<GiNaC::numeric>(value).is_real()) continue;
      const double y = GiNaC::ex_to<GiNaC::numeric>(value).to_double();
      if (std::isfinite(y) && std::isfinite(t.to_double())) out.points.emplace_back(t.to_double(), y);
    } catch (const std::exception&) {
    }
  }
  return out.points.size() < 2 ? computed : out;
}

// A file with symbolic parameters (src/verdicts/parametric_claims.hpp): its forms in them, their
// certificate for every value, each member's forms against them, and each claim proved for every
// value or not, with the reason.
void write_parametric(std::ostringstream& out, const std::vector<const VariantResult*>& members) {
  const ParametricResult& p = *members.front()->parametric;
  const Spec& first = members.front()->spec;
  std::string names, ranges, values;
  for (const sym::ParameterRange& r : first.parametric->symbolic) {
    const std::string name = parameter_latex(sym::to_text(r.symbol));
    names += (names.empty() ? "$" : ", $") + name + "$";
    ranges += (ranges.empty() ? "$" : ", $") + name + " \\in [" + sym::to_latex(r.lo) + ", " + sym::to_latex(r.hi) + "]$";
  }
  // one parameter: "0, 1/2 and 2"; several: each variant's values, "t = 0, u = 1; t = 2, u = 1"
  for (std::size_t k = 0; k < members.size(); ++k) {
    const SweepMember& m = *members[k]->spec.sweep;
    const std::string these =
        m.values.size() == 1 ? "$" + sym::to_latex(m.values.front().second) + "$" : sweep_values_latex(m);
    values += (k == 0 ? "" : m.values.size() > 1 ? "; " : k + 1 == members.size() ? " and " : ", ") + these;
  }
  out << "\\subsection*{For every " << ranges << "}\n";
  const bool one = first.parametric->symbolic.size() == 1;
  out << "The parameter" << (one ? " " : "s ") << names << (one ? " is" : " are")
      << " kept symbolic: the closed forms below are derived in $\\beta$, $\\gamma$ and " << names
      << ", and every sign that the derivation and its certificate read is decided for all of " << ranges
      << " at once (interval arithmetic over the range), so they hold for every value there. The variants below fix "
      << names << " at " << values << " for the numeric and sampled routes";
  std::vector<std::string> unlike;
  for (const VariantResult* v : members)
    if (!v->parametric_mismatch.empty()) unlike.push_back("\\texttt{" + latex_escape(v->spec.name) + "}");
  if (unlike.empty())
    out << "; at each of them the variant's own derived forms equal these (an identity), so their grid checks "
           "test these forms there.\n\n";
  else
    out << fmt::format(". \\textbf{{A defect of attnverify}}: the derived forms of {} differ from these at their "
                       "values (counted as unexpected).\n\n",
                       fmt::join(unlike, ", "));
  const DerivationSummary& d = p.derivation;
  if (!d.derived) {
    out << "\\textbf{No closed form in " << names << "}: " << detail_latex(d.reason) << ".\n\n";
  } else {
    out << certificate_latex(d.certificate) << "\n\n";
    for (const auto& [label, e] : d.forms)
      out << display_formula(label, form_latex(e), "the variant's symbolic_parameters.closed_form.forms");
  }
  if (p.claims.empty()) return;
  out << "\\paragraph{Claims for every " << ranges << "}\n\\begin{itemize}\n";
  for (const ParametricClaim& c : p.claims) {
    out << "\\item \\texttt{" << latex_escape(c.id) << "}: ";
    if (c.proved)
      out << "\\textbf{proved for every} $\\beta \\in \\mathbb{R}$, $\\gamma > 0$, " << ranges << " ("
          << detail_latex(c.method) << ").\n";
    else if (c.refuted)
      out << "\\textbf{refuted for some value}: at " << detail_latex(c.counterexample)
          << ". So it is not true for every value, whatever its verdicts at the listed values.\n";
    else
      out << "not proved for every value (" << detail_latex(c.reason)
          << "); its verdicts at the listed values are those of the variants below, and nothing is claimed "
             "between them"
          << (d.derived && d.certificate.verified
                  ? " (nor refuted: no certified difference at the probe points, each parameter at the inner eighths "
                    "of its range)"
                  : "")
          << ".\n";
  }
  out << "\\end{itemize}\n\n";
}

// The opening of a sweep's section (docs/spec-format.md, "Sweeps"): the file, its list
// parameters and their values, the description once, and one figure of S at the grid points
// across the values of a sweep over one parameter (the numeric route's values, results.json's
// `numeric`); each member follows as a subsection.
void write_sweep_opening(std::ostringstream& out, const std::vector<const VariantResult*>& members,
                         const RunResult& run) {
  const Spec& first = members.front()->spec;
  const SweepMember& sweep = *first.sweep;
  out << "\\section{" << latex_escape(first.title) << "}\\label{" << sweep_label(first.name) << "}\n";
  std::string names;
  for (const auto& swept : sweep.values) names += (names.empty() ? "$" : ", $") + parameter_latex(swept.first) + "$";
  out << "Spec file \\texttt{" << latex_escape(shown_spec_file(first, run)) << "} (" << latex_escape(first.kind->name())
      << "), a sweep over " << names << ": " << members.size() << " variant" << (members.size() == 1 ? "" : "s")
      << ", one for each value, each checked on its own as a subsection of this section, named \\texttt{"
      << latex_escape(first.name) << "} and so on.\n\n";
  if (!first.description.empty()) out << latex_prose(first.description) << "\n\n";
  if (members.front()->parametric) write_parametric(out, members);
  if (sweep.values.size() != 1) return;
  // S at each grid point that every member has a value for, against the swept parameter
  const std::string& parameter = sweep.values.front().first;
  std::vector<Curve> curves;
  std::map<std::string, std::size_t> curve_of;  // the point's text -> its curve
  for (const VariantResult* v : members)
    for (const CheckRecord& r : v->records) {
      if (!r.is_grid_check()) continue;
      const auto value = std::find_if(r.values.begin(), r.values.end(), [](const auto& n) { return n.first == "numeric"; });
      const std::optional<double> y = value == r.values.end() ? std::nullopt : double_of_number_text(value->second);
      if (!y || !std::isfinite(*y)) continue;
      std::string label;
      for (const auto& [name, text] : r.point)
        label += (label.empty() ? "$" : ", $") + parameter_latex(name) + " = " + text + "$";
      const auto [at, added] = curve_of.emplace(label, curves.size());
      if (added) curves.push_back(Curve{label, false, {}});
      // a value beyond a double's range (10^400) cannot be drawn: its curve is not full, so not drawn
      const double x = v->spec.sweep->values.front().second.to_double();
      if (std::isfinite(x)) curves[at->second].points.emplace_back(x, *y);
    }
  // the points with a value at every member, at most kMaxSweepCurves of them spread over the grid
  std::vector<Curve> full;
  for (Curve& c : curves)
    if (c.points.size() == members.size()) full.push_back(std::move(c));
  if (full.empty()) return;
  Figure figure;
  figure.x_label = "$" + parameter_latex(parameter) + "$";
  figure.y_label = "$S$";
  constexpr std::size_t kMaxSweepCurves = 6;
  const std::size_t drawn = std::min(full.size(), kMaxSweepCurves);
  // with t symbolic and its forms certified for every t, the lines are S in t itself
  const ParametricResult* in_t = members.front()->parametric.get();
  const bool lines_in_t = in_t && in_t->derivation.derived && in_t->derivation.certificate.verified &&
                          first.parametric->symbolic.size() == 1;
  for (std::size_t k = 0; k < drawn; ++k) {
    const Curve& computed = full[k * full.size() / drawn];
    figure.marks.push_back(computed);  // circles at the computed values
    figure.curves.push_back(lines_in_t ? curve_in_parameter(*in_t, *first.parametric, computed, members)
                                       : computed);
  }
  std::string values;
  for (const VariantResult* v : members)
    values += (values.empty() ? "$" : ", $") + sym::to_latex(v->spec.sweep->values.front().second) + "$";
  figure.caption = fmt::format(
      "$S$ across the sweep's values of ${}$, at {} of the {} grid points where every variant of the sweep has a value "
      "(the numeric route's values: value numeric of each grid check in results.json). Circles are the values "
      "computed, at ${}$ = {}; {}",
      parameter_latex(parameter), drawn, full.size(), parameter_latex(parameter), values,
      lines_in_t ? "the lines are the closed form in $" + parameter_latex(parameter) +
                       "$ above (certified for every value in its range), evaluated in double precision at 41 points."
                 : std::string("the lines only join them."));
  write_figure(out, figure);
}

void write_variant(std::ostringstream& out, const VariantResult& v, const RunResult& run, ShownClaims& shown,
                   std::map<std::string, std::string>& drawn) {
  const Spec& spec = v.spec;
  // a sweep's member is a subsection of the sweep's section (write_sweep_opening)
  const std::string heading = spec.sweep ? "subsubsection" : "subsection";
  if (spec.sweep) {
    out << "\\subsection{" << sweep_values_latex(*spec.sweep) << "}\\label{" << variant_label(spec.name) << "}\n";
    out << "Variant \\texttt{" << latex_escape(spec.name) << "}.\n\n";
  } else {
    out << "\\section{" << latex_escape(spec.title) << "}\\label{" << variant_label(spec.name) << "}\n";
    out << "Spec \\texttt{" << latex_escape(spec.name) << "} (" << latex_escape(spec.kind->name()) << ", file \\texttt{"
        << latex_escape(shown_spec_file(spec, run)) << "}).\n\n";
    if (!spec.description.empty()) out << latex_prose(spec.description) << "\n\n";
  }
  out << spec.kind->report_intro(spec);
  for (const ReportSection section : spec.kind->report_sections(spec)) switch (section) {
      case ReportSection::Derivation: write_derivation(out, v, shown, heading); break;
      case ReportSection::Grid: write_grid(out, v, run, heading); break;
      case ReportSection::DigitsMap:
        if (v.derived() && least_agreeing(run) == &v) write_digits_map(out, v, run.options.digits);
        break;
      case ReportSection::Sampled: write_sampled_summary(out, v, heading); break;
      case ReportSection::TablesAndFigures:
        for (const Table& t : v.tables) write_table(out, t);
        for (const Figure& f : v.figures) {
          if (f.in_compact_part)
            write_figure_once(out, f, spec.name, drawn);  // drawn once per f
          else
            write_figure(out, f);
        }
        break;
      case ReportSection::Claims: write_claims_checked_here(out, v, shown, heading); break;
      case ReportSection::ClaimTable: write_claim_table(out, v); break;
    }
}

}  // namespace

std::string report_latex(const RunResult& run) {
  std::ostringstream out;
  out << kPreamble;
  // Sections in the order a reader looks for them: variants with claims, by their source,
  // then those without claims (the spec files' alphabetical order within each group).
  std::vector<const VariantResult*> ordered;
  for (const auto& v : run.variants) ordered.push_back(&v);
  const auto has_claims = [](const VariantResult* v) { return !v->spec.claims.empty() || !v->spec.properties.empty(); };
  std::stable_sort(ordered.begin(), ordered.end(), [&](const VariantResult* a, const VariantResult* b) {
    if (has_claims(a) != has_claims(b)) return has_claims(a);
    return has_claims(a) && a->spec.source < b->spec.source;
  });
  out << findings_latex(run);
  // the variants table is the report's contents: each row links to its section and gives its page
  out << "\\section*{Variants}\\addcontentsline{toc}{section}{Variants}\n"
         "{\\small\\setlength{\\tabcolsep}{3pt}\\begin{longtable}{@{}lllrrrrr@{}}\\toprule\n"
         "variant & kind & closed form & grid agree & sampled & worst digits & as expected & page"
         "\\\\\\midrule\\endhead\n";
  for (const VariantResult* v : ordered) {
    const GridStats st = grid_stats(*v);
    std::size_t claims = 0, unexpected = 0;
    for (const auto& r : v->records)
      if (r.check == CheckKind::Claim || r.check == CheckKind::Property) {
        ++claims;
        unexpected += r.unexpected();
      }
    out << "\\hyperref[" << variant_label(v->spec.name) << "]{" << latex_escape(v->spec.name) << "} & "
        << [&] {  // the kind's name in words: "feature map", not "feature_map" (the referee's d7)
             std::string name = v->spec.kind->name();
             std::replace(name.begin(), name.end(), '_', ' ');
             return latex_escape(name);
           }()
        << " & "
        // a variant that defines no S (a fact) has no closed form to derive: not "derived" (the
        // referee's a1; derived_variants counts the same way)
        << (v->derived() && v->forms.empty() ? std::string("none (no $S$)") : latex_escape(to_string(v->status)))
        << " & "
        << (v->derived() ? fmt::format("{}/{}", st.agree - st.estimated, st.total)
                         : fmt::format("{}/{}", st.not_applicable - st.estimated, st.total))
        << (st.estimated ? fmt::format(" {{\\scriptsize(+{} est.)}}", st.estimated) : std::string())
        << " & " << sampled_summary(*v) << " & " << (st.worst_record ? fmt::format("{:.1f}", st.worst) : "--") << " & "
        << (claims ? fmt::format("{}/{}", claims - unexpected, claims) : std::string("--"))
        << (unexpected ? " {\\color{red}(!)}" : "") << " & \\pageref{" << variant_label(v->spec.name) << "}\\\\\n";
  }
  out << "\\bottomrule\\end{longtable}}\n";
  out << "Grid: the derived closed form against the independent numeric route at every grid point, the certified "
         "agreements (without a closed form: the values certified by Arb balls or exact sums in ball arithmetic); "
         "+k est.: k more that rest on an error estimate only; sampled: the "
         "closed form against Monte Carlo estimates from real attention weights, how many of the valid tests agree "
         "(+k n.t.: k more checks that are not tests at their $n$, ``What each verdict proves''); as expected: the claims and properties "
         "whose verdict is the one the spec expects (a claim expected to be wrong and found wrong counts as expected; the "
         "findings say which are wrong).";
  {
    // the grid checks: how many verdicts are proofs at their point (Arb balls), how many estimates
    const auto [grid, certified] = grid_certification(run);
    if (grid > 0)
      out << fmt::format(
          " Of the {} grid checks of a derived closed form against a second route, {} are \\textbf{{certified}} "
          "(Arb balls decide) and {} rest on the route's error estimate.",
          grid, certified, grid - certified);
  }
  out << "\n\n";
  out << verdict_meanings_latex(run);
  out << reproducibility_latex(run);


  // Variants without claims share a compact part (a few lines each, the figures in results.json's
  // stead drawn once per f) when there are more than kMaxFullSectionsWithoutClaims of them, as in
  // the standard suite; fewer (a researcher's own variants) get full sections, with their
  // description, derivation, grid, sampled checks and every figure.
  const bool compact_part =
      static_cast<std::size_t>(std::count_if(ordered.begin(), ordered.end(), [&](const VariantResult* v) {
        return !has_claims(v);
      })) > kMaxFullSectionsWithoutClaims;
  bool without_claims = false;
  ShownClaims shown;
  std::map<std::string, std::string> figures_once;
  for (const VariantResult* v : ordered) {
    if (!has_claims(v) && compact_part && !without_claims) {
      without_claims = true;
      out << "\\section{Variants without published claims}\\label{no-claims}\n"
             "The closed forms of these variants are derived and checked against the numeric and sampled routes "
             "like the others; no source states a claim about them, so each gets a few lines: its definition, "
             "$S$, and how its checks came out (kernels: $a_j \\propto f(q\\cdot k_j)$, $X = \\beta + "
             "\\gamma\\varepsilon$, $\\varepsilon\\sim\\mathcal N(0,1)$ unless the variant names another law, "
             "$S = \\mathbb{E}|f(X)|/\\sqrt{\\mathbb{E} f(X)^2}$). Their closed forms are certified (``What each verdict "
             "proves'') unless a variant says otherwise. Their per-point values (grid and sampled checks) are in "
             "results.json, under \\texttt{checks} with the variant's name.\n\n";
    }
    if (has_claims(v) || !compact_part) {
      // a sweep's members follow one another (one file, read in the sweep's order): its opening first
      const auto same_sweep = [&](const VariantResult* a) {
        return a->spec.sweep && a->spec.file == v->spec.file && a->spec.sweep->base_name == v->spec.sweep->base_name;
      };
      const auto at = std::find(ordered.begin(), ordered.end(), v);
      if (v->spec.sweep && (at == ordered.begin() || !same_sweep(*(at - 1)))) {
        std::vector<const VariantResult*> members;
        for (auto it = at; it != ordered.end() && same_sweep(*it); ++it) members.push_back(*it);
        write_sweep_opening(out, members, run);
      }
      write_variant(out, *v, run, shown, figures_once);
    } else {
      write_compact_variant(out, *v, run, figures_once);
    }
  }

  std::set<std::string> keys;
  for (const auto& v : run.variants) {
    if (!v.spec.source.empty()) keys.insert(v.spec.source);
    for (const auto& c : v.spec.claims)
      if (!c.source.empty()) keys.insert(c.source);  // a conjecture may cite none
    for (const auto& p : v.spec.properties)
      if (!p.source.empty()) keys.insert(p.source);
  }
  if (!keys.empty()) {
    out << "{\\footnotesize\\begin{thebibliography}{99}\\setlength{\\itemsep}{0pt}\n";
    for (const auto& key : keys) {
      const auto it = run.bibliography.find(key);
      if (it == run.bibliography.end()) continue;
      const Reference& ref = it->second;
      out << "\\bibitem{" << key << "} " << latex_escape(ref.author) << ", \\emph{" << latex_escape(ref.title) << "}";
      if (ref.year) out << ", " << ref.year;
      if (!ref.url.empty())
        out << ", \\url{" << ref.url << "}";
      else
        out << " (the bibliography gives no URL for this source)";
      out << ". " << latex_escape(ref.note) << "\n";
    }
    out << "\\end{thebibliography}}\n";
  }
  out << "\\end{document}\n";
  return out.str();
}

}  // namespace attnverify
