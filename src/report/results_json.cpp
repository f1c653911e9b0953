#include "src/report/results_json.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "proofs/printing.hpp"
#include "src/verdicts/enclosure_json.hpp"

namespace attnverify {

using json = nlohmann::ordered_json;

namespace {

json named(const NamedValues& values) {
  json out = json::object();
  for (const auto& [k, v] : values) out[k] = v;
  return out;
}

// Statistics to 4 significant digits (their own uncertainty is far larger).
json significant(double value) { return std::stod(fmt::format("{:.4g}", value)); }

// Figures rounded to 0.1 digit: enough to read, and stable across platforms.
json figure(double value) { return std::round(value * 10) / 10; }

}  // namespace

std::string results_json(const RunResult& run) {
  json root;
  json meta;
  meta["version"] = library_versions().front().second;
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
    json closed;
    closed["status"] = v.status;
    if (v.status == "derived") {
      closed["S"] = sym::to_text(v.S);
      closed["latex"] = sym::to_latex(v.S);
      json forms = json::array();
      for (const auto& [label, e] : v.forms)
        forms.push_back({{"label", label}, {"text", sym::to_text(e)}, {"latex", sym::to_latex(e)}});
      closed["forms"] = forms;
    } else {
      closed["reason"] = v.reason;
    }
    variant["closed_form"] = closed;
    variants.push_back(variant);

    std::map<std::string, ClaimRole> roles;  // claim and property ids of this variant
    for (const Claim& claim : v.spec.claims) roles[claim.id] = claim.role;
    for (const Property& p : v.spec.properties) roles[p.id] = p.role;
    for (const CheckRecord& r : v.records) {
      json c;
      c["variant"] = r.variant;
      c["check"] = to_string(r.check);
      if (!r.claim.empty()) c["claim"] = r.claim;
      if (const auto role = roles.find(r.claim); !r.claim.empty() && role != roles.end())
        c["role"] = to_string(role->second);
      if (!r.point.empty()) c["point"] = named(r.point);
      if (r.n) c["n"] = *r.n;
      if (r.d) c["d"] = *r.d;
      if (r.seed) c["seed"] = *r.seed;
      c["verdict"] = to_string(r.verdict);
      c["expected"] = r.expected;
      c["method"] = r.method;
      if (r.digits) c["digits"] = figure(*r.digits);
      if (r.error_digits) c["error_digits"] = figure(*r.error_digits);
      if (!r.values.empty()) c["values"] = named(r.values);
      if (r.z) c["z"] = std::round(*r.z * 1000) / 1000;
      if (r.p_value) c["p_value"] = significant(*r.p_value);
      if (r.standard_error) c["standard_error"] = significant(*r.standard_error);
      if (r.bias) c["bias"] = significant(*r.bias);
      if (r.search) {
        json search{{"region", r.search->region},
                    {"evaluations", r.search->evaluations},
                    {"probes", r.search->probes},
                    {"undecided", r.search->undecided}};
        if (r.search->worst_digits) {
          search["worst_digits"] = figure(*r.search->worst_digits);
          search["worst_point"] = named(r.search->worst_point);
          if (r.search->worst_undefined) search["worst_point_undefined"] = true;
        }
        c["search"] = search;
      }
      if (r.compares_values()) c["certified"] = r.certified;
      if (!r.enclosure.empty()) c["enclosure"] = enclosure_json(r.enclosure);
      if (r.conflict) c["conflict"] = true;
      if (!r.detail.empty()) c["detail"] = r.detail;
      checks.push_back(c);
    }
  }
  root["variants"] = variants;
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
