#include "src/report/results_json.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "proofs/printing.hpp"
#include "src/report/claim_ledger.hpp"
#include "src/report/latex_pieces.hpp"
#include "src/verdicts/record_json.hpp"
#include "src/version.hpp"

namespace attnverify {

using json = nlohmann::ordered_json;

namespace {

// The closed forms of a derivation with their certificate (docs/proofs.md): method, verified,
// and the reason when not verified or the steps shown when verified; or why nothing was derived.
json closed_form_json(const std::string& status, const GiNaC::ex& S, const std::vector<std::pair<std::string, GiNaC::ex>>& forms,
                      const sym::DerivationCertificate& certificate, const std::string& reason) {
  json closed;
  closed["status"] = status;
  if (status != "derived") {
    closed["reason"] = reason;
    return closed;
  }
  closed["S"] = sym::to_text(S);
  closed["latex"] = sym::to_latex(S);
  json list = json::array();
  for (const auto& [label, e] : forms) list.push_back({{"label", label}, {"text", sym::to_text(e)}, {"latex", sym::to_latex(e)}});
  closed["forms"] = list;
  json c{{"method", certificate.method}, {"verified", certificate.verified}};
  if (certificate.verified) {
    c["steps"] = certificate.steps;
    json covered = json::array();
    for (const auto& [form, method] : certificate.covered) covered.push_back({{"form", form}, {"method", method}});
    c["covered"] = covered;
  }
  if (!certificate.not_covered.empty()) c["not_covered"] = certificate.not_covered;
  else
    c["reason"] = certificate.reason;
  if (!forms.empty()) closed["certificate"] = c;
  return closed;
}

}  // namespace


std::string results_json(const RunResult& run) {
  json root;
  json meta;
  meta["version"] = library_versions().front().second;
  // the source commit the build was configured from, "+dirty" with uncommitted changes
  meta["commit"] = kSourceCommit;
  meta["digits"] = run.options.digits;
  meta["seed"] = run.options.seed_for(std::nullopt);
  meta["seed_source"] = run.options.seed_override ? "--seed" : "specs ([sampling] seed, else the default)";
  meta["multiple_comparisons"] = {{"method", "Holm"}, {"family_alpha", run.options.family_alpha}};
  meta["command"] = run.options.command;
  json libraries = json::object();
  for (const auto& [name, version] : library_versions()) libraries[name] = version;
  meta["libraries"] = libraries;
  meta["agree_threshold_digits"] = required_digits(run.options.digits);
  root["attnverify"] = meta;

  json variants = json::array();
  json checks = json::array();
  for (const VariantResult& v : run.variants) {
    json variant;
    variant["name"] = v.spec.name;
    variant["kind"] = v.spec.kind->name();
    variant["title"] = v.spec.title;
    variant["definition"] = v.spec.definition_text;
    variant["spec"] = v.spec.file;
    variant["spec_sha256"] = v.spec.sha256;
    variant["closed_form"] = closed_form_json(to_string(v.status), v.S, v.forms, v.certificate, v.reason);
    if (v.parametric) {
      // a file with symbolic parameters (src/verdicts/parametric_claims.hpp): its forms in them,
      // certified for every value, and its claims judged for every value; each member repeats them
      const ParametricResult& p = *v.parametric;
      const DerivationSummary& d = p.derivation;
      json claims = json::array();
      for (const ParametricClaim& c : p.claims) {
        json claim{{"id", c.id}, {"proved", c.proved}, {"refuted", c.refuted}};
        if (c.proved) {
          claim["established"] = "the claim equals S for every " + p.domain;
          claim["method"] = c.method;
        } else if (c.refuted) {
          claim["established"] = "the claim differs from S at one point of " + p.domain;
          claim["counterexample"] = c.counterexample;
        } else {
          claim["reason"] = c.reason;
        }
        claims.push_back(claim);
      }
      variant["symbolic_parameters"] = {
          {"parameters", p.parameters},
          {"domain", p.domain},
          {"closed_form", closed_form_json(d.derived ? "derived" : "no-closed-form", d.S, d.forms, d.certificate, d.reason)},
          {"forms_match_at_this_variant", v.parametric_mismatch.empty()},
          {"claims", claims}};
      if (!v.parametric_mismatch.empty()) variant["symbolic_parameters"]["mismatch"] = v.parametric_mismatch;
    }
    variants.push_back(variant);

    std::map<std::string, ClaimRole> roles;  // claim and property ids of this variant
    for (const Claim& claim : v.spec.claims) roles[claim.id] = claim.role;
    for (const Property& p : v.spec.properties) roles[p.id] = p.role;
    for (const CheckRecord& r : v.records) {
      const auto role = roles.find(r.claim);
      checks.push_back(record_json(r, RecordStyle::Results,
                                   role == roles.end() ? std::nullopt : std::optional<ClaimRole>(role->second)));
    }
  }
  root["variants"] = variants;
  // the ledger of published statements, as the report's first pages show it
  // (src/report/claim_ledger.hpp)
  json ledger = json::array();
  for (const LedgerEntry& e : claim_ledger(run)) {
    json entry{{"source", e.source}, {"equation", e.equation}, {"role", to_string(e.role)},
               {"ids", e.ids},       {"variants", e.variants}, {"checks", e.checks.size()},
               {"verdict", to_string(e.verdict)}, {"evidence", to_string(e.evidence.level)},
               {"counted_as", counted_as(e)}};
    if (!e.evidence.proposition.empty()) entry["established"] = e.evidence.proposition;
    if (!e.evidence.rests_on.empty()) entry["rests_on"] = e.evidence.rests_on;
    entry["deciding"] = {{"variant", e.deciding->variant}, {"claim", e.deciding->claim}};
    if (!e.quote.empty())
      entry["quote"] = {{"text", e.quote.text}, {"translation", e.quote.translation}, {"from", e.quote.from}};
    if (!e.published_latex.empty()) entry["published_latex"] = e.published_latex;
    if (e.derived) entry["derived"] = sym::to_text(*e.derived);
    // proved equal to a derivation whose closed forms carry a verified certificate
    if (e.evidence.level == EvidenceLevel::ProvedWholeDomain)
      entry["end_to_end"] = derivation_certified(run, e.deciding->variant);
    if (!e.wrong_as_written.empty()) entry["wrong_as_written"] = e.wrong_as_written;
    ledger.push_back(entry);
  }
  root["ledger"] = ledger;
  root["checks"] = checks;
  root["summary"] = {{"checks", checks.size()}, {"unexpected", run.unexpected_count()}};
  return root.dump(2) + "\n";
}

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + temporary);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error("error while writing " + temporary);
  }
  std::filesystem::rename(temporary, path);
}

}  // namespace attnverify
