#include "src/report/findings_latex.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "proofs/printing.hpp"
#include "src/report/latex_escape.hpp"
#include "src/report/latex_pieces.hpp"

namespace attnverify {

namespace {

// One judged claim or property with what the spec says about it.
struct Outcome {
  const VariantResult* variant = nullptr;
  const CheckRecord* record = nullptr;
  std::string source, equation, reason;
  std::string statement;  ///< LaTeX: the formula or the statement in words
  bool formula = false;   ///< statement is display math (a claim about S)
  bool as_read = false;   ///< the formula is attnverify's reading, the spec giving no published typesetting
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
          if (!c.statement.empty()) {
            o.statement = latex_prose(c.statement);
          } else {
            // the source's typesetting (the spec's latex key); without one, attnverify's
            // reading, and the statement says so
            o.statement = "S = " + (c.latex.empty() ? sym::to_latex(c.S) : c.latex);
            o.formula = true;
            o.as_read = c.latex.empty();
          }
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

// The computed values that decided a disagree: a counterexample's two values, or the
// record's deciding figures.
std::string evidence(const CheckRecord& r) {
  std::map<std::string, std::string> values(r.values.begin(), r.values.end());
  if (values.count("claim") && values.count("derived")) {
    std::string text = "at " + point_math(r.point) + " the claim gives " +
                       latex_escape(shortened(values["claim"], 14)) + ", the derived $S$ gives " +
                       latex_escape(shortened(values["derived"], 14));
    if (values.count("numeric_route"))
      text += " and the independent numeric route " + latex_escape(shortened(values["numeric_route"], 14));
    if (r.certified) {
      const bool integral =
          std::any_of(r.enclosure.begin(), r.enclosure.end(), [](const auto& e) { return e.first == "numeric"; });
      text += integral ? "; \\textbf{certified}: the claim's ball is disjoint from the balls of the derived $S$ and "
                         "of the defining integrals (Arb), so the claim is proved wrong at this point"
                       : "; \\textbf{certified}: the claim's ball is disjoint from the derived $S$'s ball (Arb)";
    }
    return text;
  }
  std::string text;
  std::size_t shown = 0;
  for (const auto& [k, v] : r.values) {
    if (shown++ == 4) {
      text += ", \\dots";
      break;
    }
    text += (text.empty() ? "" : ", ") + std::string("\\texttt{") + latex_escape(k) + "} $=$ " +
            latex_escape(shortened(v, 14));
  }
  if (r.z) text += (text.empty() ? "" : ", ") + fmt::format("largest $|z| = {:.1f}$", std::fabs(*r.z));
  // a fact's "point" is only its setting, already in the claim's statement
  const bool setting_only = r.point.size() == 1 && r.point.front().first == "setting";
  if (!r.point.empty() && !setting_only && text.find(" at ") == std::string::npos)
    text += (text.empty() ? "" : " ") + std::string("at ") + point_math(r.point);
  return text.empty() ? latex_escape(shortened(r.detail, 300)) : text;
}

// Distinct published statements (role claim) and how they fared.
struct Tally {
  std::size_t statements = 0, wrong = 0, hold = 0, proved = 0, open = 0;
};

// One source's equation, or its claim id without one: what counts as one statement.
std::pair<std::string, std::string> statement_key(const Outcome& o) {
  return {o.source, o.equation.empty() ? o.record->claim : o.equation};
}

// How many distinct statements `outcomes` are checks of.
std::size_t distinct_statements(const std::vector<const Outcome*>& outcomes) {
  std::set<std::pair<std::string, std::string>> keys;
  for (const Outcome* o : outcomes) keys.insert(statement_key(*o));
  return keys.size();
}

Tally tally_statements(const std::vector<Outcome>& all) {
  std::map<std::pair<std::string, std::string>, std::vector<const Outcome*>> by_statement;
  for (const Outcome& o : all)
    if (o.role == ClaimRole::Claim)
      by_statement[statement_key(o)].push_back(&o);
  Tally t;
  for (const auto& entry : by_statement) {
    const std::vector<const Outcome*>& checks = entry.second;  // not a structured binding: the lambda captures it
    ++t.statements;
    const auto every = [&](auto pred) { return std::all_of(checks.begin(), checks.end(), pred); };
    if (std::any_of(checks.begin(), checks.end(), [](const Outcome* o) { return o->record->verdict == Verdict::Disagree; }))
      ++t.wrong;
    else if (every([](const Outcome* o) { return o->record->verdict == Verdict::Agree; })) {
      ++t.hold;
      t.proved += every([](const Outcome* o) { return proved_symbolically(*o->record); });
    } else {
      ++t.open;
    }
  }
  return t;
}

std::string method_cell(const CheckRecord& r) {
  if (proved_symbolically(r)) return "proved symbolically on the whole domain";
  return latex_escape(shortened(r.method, 110));
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
  std::vector<const Outcome*> wrong, copies, controls, hold, open, explanations;
  std::map<std::string, std::size_t> sources;
  for (const Outcome& o : all) {
    const Verdict v = o.record->verdict;
    if (o.role == ClaimRole::Explanation)
      explanations.push_back(&o);
    else if (o.role == ClaimRole::Control)
      controls.push_back(&o);
    else if (o.role == ClaimRole::Transcription && v == Verdict::Disagree)
      copies.push_back(&o);
    else if (v == Verdict::Disagree)
      wrong.push_back(&o);
    else if (v == Verdict::Agree)
      hold.push_back(&o);
    else
      open.push_back(&o);
    if (o.role == ClaimRole::Claim) ++sources[o.source];
  }
  const std::size_t unexpected = run.unexpected_count();
  const std::size_t controls_as_expected =
      std::count_if(controls.begin(), controls.end(), [](const Outcome* o) { return !o->record->unexpected(); });

  std::vector<const Outcome*> transcription_checks;
  for (const Outcome& o : all)
    if (o.role == ClaimRole::Transcription) transcription_checks.push_back(&o);
  const std::size_t transcriptions = transcription_checks.size();
  // A published statement is one source's equation (or, without one, its claim id); the
  // same equation checked in several variants (eq. 8 for five feature maps) is one
  // statement: wrong if any of its checks disagrees, holding if all agree, proved if all
  // are proved, else open.
  const Tally distinct = tally_statements(all);
  const std::size_t published_checks = all.size() - controls.size() - transcriptions - explanations.size();
  out << fmt::format(
      "This run judged {} distinct published statements (formulas and facts) from {} sources, in {} checks (a "
      "statement checked in several variants counts once), each against a closed form derived from the variant's "
      "definition or a computation of its own, plus {} re-typed copies of published formulas ({} checks) and {} "
      "negative control{}{}. ",
      distinct.statements, sources.size(), published_checks, distinct_statements(transcription_checks),
      transcriptions, controls.size(),
      controls.size() == 1 ? "" : "s",
      explanations.empty() ? std::string()
                           : fmt::format(" ({} more {} our own explanation{} of a published constant, not counted)",
                                         explanations.size(), explanations.size() == 1 ? "is" : "are",
                                         explanations.size() == 1 ? "" : "s"));
  out << (distinct.wrong == 0
              ? std::string("\\textbf{No published statement was found wrong.} ")
              : fmt::format("\\textbf{{{} published statement{} {} wrong}} (listed below with the reason). ",
                            distinct.wrong, distinct.wrong == 1 ? "" : "s", distinct.wrong == 1 ? "is" : "are"));
  out << fmt::format(
      "{} hold: {} are formulas proved equal to the derivation on the whole domain; the other {} rest on the "
      "method the table ``Published claims that hold'' gives for each (a symbolic argument about a property, "
      "numerical, sampled or exact finite-size evidence; \\hyperref[verdicts]{{``What each verdict proves''}} says "
      "what each establishes). ",
      distinct.hold, distinct.proved, distinct.hold - distinct.proved);
  if (distinct.open > 0) out << fmt::format("{} could not be decided (inconclusive, listed below). ", distinct.open);
  if (!copies.empty()) {
    const std::size_t wrong_copies = distinct_statements(copies);
    out << fmt::format("{} re-typed cop{} of published formulas {} wrong ({} checks): errors of the copy, not of the "
                       "source. ",
                       wrong_copies, wrong_copies == 1 ? "y" : "ies", wrong_copies == 1 ? "is" : "are", copies.size());
  }
  {
    // the grid checks: how many verdicts are proofs at their point (Arb balls), how many estimates
    const auto [grid, certified] = grid_certification(run);
    if (grid > 0)
      out << fmt::format(
          "Of the {} grid points where a derived closed form meets an independent numeric route, {} "
          "are \\textbf{{certified}} (Arb balls of both sides prove the verdict at the point) and {} "
          "rest on the numeric route's error estimate. ",
          grid, certified, grid - certified);
  }
  if (!controls.empty())
    out << fmt::format(
        "{} of {} negative control{} (deliberately broken settings) gave the verdict the spec "
        "expects, which shows the checks can fail. ",
        controls_as_expected, controls.size(), controls.size() == 1 ? "" : "s");
  out << (unexpected == 0 ? std::string("Every verdict is the one the specs expect.")
                          : fmt::format("{{\\color{{red}}\\textbf{{{} verdict{} differ{} from what the specs "
                                        "expect}}}} (marked in red in the sections).",
                                        unexpected, unexpected == 1 ? "" : "s", unexpected == 1 ? "s" : ""))
      << "\n\n";

  if (!wrong.empty()) {
    out << "\\subsection*{Published claims found wrong}\n\\begin{enumerate}\n";
    for (const Outcome* o : wrong) {
      out << "\\item " << link(*o) << " (" << citation(*o) << "; \\texttt{" << latex_escape(o->variant->spec.name)
          << "}): ";
      if (o->formula)
        out << (o->as_read ? " (as attnverify reads it; the spec gives no published typesetting)" : "")
            << "\n\n\\fitformula{" << o->statement << "}\n\n";
      else
        out << "\\emph{" << o->statement << "}\\\\\n";
      if (!o->reason.empty()) out << "\\emph{Why:} " << latex_prose(o->reason) << "\\\\\n";
      // the deciding values; the method is in the claim's own section, whole
      out << "\\emph{Computed:} " << evidence(*o->record) << ".\n";
    }
    out << "\\end{enumerate}\n";
  }
  if (!open.empty()) {
    out << "\\subsection*{Claims that could not be decided}\n\\begin{itemize}\n";
    for (const Outcome* o : open)
      out << "\\item " << link(*o) << " (" << citation(*o) << "): " << latex_escape(shortened(o->record->detail, 400))
          << "\n";
    out << "\\end{itemize}\n";
  }
  if (!copies.empty()) {
    // the same re-typed formula is often checked in several variants: one row per claim id
    std::vector<std::pair<const Outcome*, std::string>> rows;
    for (const Outcome* o : copies) {
      const auto it = std::find_if(rows.begin(), rows.end(),
                                   [&](const auto& row) { return row.first->record->claim == o->record->claim; });
      if (it == rows.end())
        rows.emplace_back(o, latex_escape(o->variant->spec.name));
      else
        it->second += ", " + latex_escape(o->variant->spec.name);
    }
    out << "\\subsection*{Re-typed copies found wrong (transcription errors)}\n"
           "{\\small\\begin{longtable}{@{}p{0.2\\linewidth}p{0.26\\linewidth}p{0.48\\linewidth}@{}}\\toprule\n"
           "copy (source) & checked in & what the copy changed\\\\\\midrule\\endhead\n";
    for (const auto& [o, variants] : rows)
      out << "\\raggedright " << link(*o) << " (" << citation(*o) << ") & \\raggedright " << variants
          << " & \\raggedright\\arraybackslash " << latex_prose(o->reason) << "\\\\\n";
    out << "\\bottomrule\\end{longtable}}\n";
  }
  if (!controls.empty()) {
    out << "\\subsection*{Negative controls}\nEach is a published claim checked in a deliberately broken setting; "
           "its verdict must differ from the claim's: ";
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
  if (!hold.empty()) {
    out << "\\subsection*{Published claims that hold, by source}\n"
           "{\\small\\begin{longtable}{@{}p{0.25\\linewidth}p{0.2\\linewidth}p{0.49\\linewidth}@{}}\\toprule\n"
           "claim & variant & how it was decided\\\\\\midrule\\endhead\n";
    std::map<std::string, std::vector<const Outcome*>> by_source;
    for (const Outcome* o : hold) by_source[o->source].push_back(o);
    for (const auto& [source, list] : by_source) {
      const auto ref = run.bibliography.find(source);
      out << "\\multicolumn{3}{@{}l}{\\cite{" << source << "}"
          << (ref != run.bibliography.end() ? " " + latex_escape(shortened(ref->second.author, 40)) : std::string())
          << "}\\\\\n";
      for (const Outcome* o : list)
        out << "\\raggedright " << link(*o) << (o->equation.empty() ? "" : " (eq.~" + latex_escape(o->equation) + ")")
            << " & \\raggedright " << latex_escape(o->variant->spec.name) << " & \\raggedright\\arraybackslash "
            << method_cell(*o->record) << "\\\\\n";
    }
    out << "\\bottomrule\\end{longtable}}\n";
  }
  return out.str();
}

}  // namespace attnverify
