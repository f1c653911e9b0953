#include "src/shard.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <fstream>
#include <regex>
#include <sstream>

#include "proofs/symbols.hpp"
#include "src/version.hpp"

namespace attnverify {

using json = nlohmann::ordered_json;

namespace {

constexpr int kFormat = 1;  // shard.json layout version

// ---- GiNaC expressions as archives (exact; hex of GiNaC's binary archive) ----

std::string archive_text(const GiNaC::ex& e) {
  GiNaC::archive ar;
  ar.archive_ex(e, "e");
  std::ostringstream bytes;
  bytes << ar;
  std::string out;
  for (unsigned char c : bytes.str()) out += fmt::format("{:02x}", c);
  return out;
}

GiNaC::ex from_archive_text(const std::string& hex) {
  std::string bytes;
  for (std::size_t k = 0; k + 1 < hex.size(); k += 2) bytes += static_cast<char>(std::stoi(hex.substr(k, 2), nullptr, 16));
  std::istringstream in(bytes);
  GiNaC::archive ar;
  in >> ar;
  GiNaC::lst table;  // the shared symbols, so the restored expression prints as the original
  for (const std::string& name : sym::Symbols::names()) table.append(sym::symbols().by_name(name));
  return ar.unarchive_ex(table, "e");
}

// ---- records, figures, tables ----

json named(const NamedValues& values) {
  json out = json::array();
  for (const auto& [k, v] : values) out.push_back({k, v});
  return out;
}

NamedValues named_from(const json& j) {
  NamedValues out;
  for (const auto& pair : j) out.emplace_back(pair.at(0).get<std::string>(), pair.at(1).get<std::string>());
  return out;
}

template <typename T>
void put(json& j, const char* key, const std::optional<T>& value) {
  if (value) j[key] = *value;
}

template <typename T>
void get(const json& j, const char* key, std::optional<T>& value) {
  if (j.contains(key)) value = j.at(key).get<T>();
}

Verdict verdict_from(const std::string& text) {
  for (Verdict v : {Verdict::Agree, Verdict::Disagree, Verdict::Inconclusive, Verdict::NotApplicable})
    if (to_string(v) == text) return v;
  throw ShardError("unknown verdict '" + text + "'");
}

json record_json(const CheckRecord& r) {
  json j{{"variant", r.variant}, {"check", r.check}, {"claim", r.claim}, {"point", named(r.point)},
         {"verdict", to_string(r.verdict)}, {"expected", r.expected}, {"method", r.method}, {"values", named(r.values)},
         {"detail", r.detail}};
  put(j, "digits", r.digits);
  put(j, "error_digits", r.error_digits);
  put(j, "n", r.n);
  put(j, "d", r.d);
  put(j, "seed", r.seed);
  put(j, "z", r.z);
  put(j, "p_value", r.p_value);
  put(j, "standard_error", r.standard_error);
  put(j, "bias", r.bias);
  if (r.search)
    j["search"] = {{"region", r.search->region},          {"evaluations", r.search->evaluations},
                   {"probes", r.search->probes},          {"undecided", r.search->undecided},
                   {"worst_point", named(r.search->worst_point)}, {"worst_undefined", r.search->worst_undefined}};
  if (r.search && r.search->worst_digits) j["search"]["worst_digits"] = *r.search->worst_digits;
  if (r.conflict) j["conflict"] = true;
  return j;
}

CheckRecord record_from(const json& j) {
  CheckRecord r;
  r.variant = j.at("variant");
  r.check = j.at("check");
  r.claim = j.at("claim");
  r.point = named_from(j.at("point"));
  r.verdict = verdict_from(j.at("verdict"));
  r.expected = j.at("expected");
  r.method = j.at("method");
  r.values = named_from(j.at("values"));
  r.detail = j.at("detail");
  get(j, "digits", r.digits);
  get(j, "error_digits", r.error_digits);
  get(j, "n", r.n);
  get(j, "d", r.d);
  get(j, "seed", r.seed);
  get(j, "z", r.z);
  get(j, "p_value", r.p_value);
  get(j, "standard_error", r.standard_error);
  get(j, "bias", r.bias);
  if (j.contains("search")) {
    const json& s = j.at("search");
    SearchSummary summary;
    summary.region = s.at("region").get<std::string>();
    summary.evaluations = s.at("evaluations").get<std::size_t>();
    summary.probes = s.at("probes").get<std::size_t>();
    summary.undecided = s.at("undecided").get<std::size_t>();
    summary.worst_point = named_from(s.at("worst_point"));
    summary.worst_undefined = s.at("worst_undefined").get<bool>();
    get(s, "worst_digits", summary.worst_digits);
    r.search = summary;
  }
  r.conflict = j.value("conflict", false);
  return r;
}

json curves_json(const std::vector<Curve>& curves) {
  json out = json::array();
  for (const Curve& c : curves) out.push_back({{"label", c.label}, {"dashed", c.dashed}, {"points", c.points}});
  return out;
}

std::vector<Curve> curves_from(const json& j) {
  std::vector<Curve> out;
  for (const auto& c : j)
    out.push_back({c.at("label"), c.at("dashed"), c.at("points").get<std::vector<std::pair<double, double>>>()});
  return out;
}

json figure_json(const Figure& f) {
  return {{"x_label", f.x_label}, {"y_label", f.y_label}, {"log_axes", f.log_axes}, {"log_x", f.log_x},
          {"curves", curves_json(f.curves)}, {"marks", curves_json(f.marks)}, {"caption", f.caption}};
}

Figure figure_from(const json& j) {
  Figure f;
  f.x_label = j.at("x_label");
  f.y_label = j.at("y_label");
  f.log_axes = j.at("log_axes");
  f.log_x = j.at("log_x");
  f.curves = curves_from(j.at("curves"));
  f.marks = curves_from(j.at("marks"));
  f.caption = j.at("caption");
  return f;
}

// FNV-1a of a spec file's bytes: the merge refuses a spec edited after its shard ran
std::string file_digest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ShardError(path + ": cannot be read");
  std::uint64_t h = 1469598103934665603ull;
  char c;
  while (in.get(c)) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return fmt::format("{:016x}", h);
}

json options_json(const RunOptions& o) {
  json j{{"digits", o.digits}, {"family_alpha", o.family_alpha}};
  put(j, "seed_override", o.seed_override);
  return j;
}

}  // namespace

Shard parse_shard(const std::string& text) {
  static const std::regex form(R"(([0-9]{1,5})/([0-9]{1,5}))");
  std::smatch m;
  if (!std::regex_match(text, m, form)) throw ShardError("--shard '" + text + "': expected i/N, e.g. 2/3");
  const unsigned i = static_cast<unsigned>(std::stoul(m[1])), n = static_cast<unsigned>(std::stoul(m[2]));
  if (n < 1 || n > 10000) throw ShardError("--shard '" + text + "': N must be between 1 and 10000");
  if (i < 1 || i > n) throw ShardError(fmt::format("--shard '{}': i must be between 1 and N = {}", text, n));
  return {i, n};
}

std::vector<Spec> select_shard(const std::vector<Spec>& all, const Shard& shard) {
  std::vector<Spec> out;
  for (std::size_t k = 0; k < all.size(); ++k)
    if (k % shard.count == shard.index - 1) out.push_back(all[k]);
  return out;
}

std::string shard_json(const RunResult& result, const Shard& shard, const std::vector<std::string>& all_names) {
  json root;
  root["format"] = kFormat;
  root["attnverify"] = kVersion;
  root["shard"] = {{"index", shard.index}, {"count", shard.count}};
  root["run_variants"] = all_names;
  root["options"] = options_json(result.options);
  json bibliography = json::array();
  for (const auto& [key, r] : result.bibliography)
    bibliography.push_back({{"key", r.key}, {"author", r.author}, {"title", r.title}, {"url", r.url}, {"note", r.note}, {"year", r.year}});
  root["bibliography"] = bibliography;
  json variants = json::array();
  for (const VariantResult& v : result.variants) {
    json j{{"name", v.spec.name}, {"spec", v.spec.file}, {"spec_digest", file_digest(v.spec.file)}, {"status", v.status},
           {"reason", v.reason}, {"notes", v.notes}};
    j["S"] = v.status == "derived" ? archive_text(v.S) : "";
    json forms = json::array();
    for (const auto& [label, e] : v.forms) forms.push_back({{"label", label}, {"archive", archive_text(e)}});
    j["forms"] = forms;
    json records = json::array();
    for (const CheckRecord& r : v.records) records.push_back(record_json(r));
    j["records"] = records;
    j["grid_figure"] = figure_json(v.grid_figure);
    json figures = json::array();
    for (const Figure& f : v.figures) figures.push_back(figure_json(f));
    j["figures"] = figures;
    json tables = json::array();
    for (const Table& t : v.tables) tables.push_back({{"caption", t.caption}, {"header", t.header}, {"rows", t.rows}});
    j["tables"] = tables;
    variants.push_back(j);
  }
  root["variants"] = variants;
  return root.dump(1) + "\n";
}

RunResult merge_shards(const std::vector<std::string>& directories, const std::string& command) {
  if (directories.empty()) throw ShardError("merge: no shard directories given");
  std::vector<json> shards;
  std::vector<std::string> files;
  for (const std::string& dir : directories) {
    const std::string file = (std::filesystem::path(dir) / "shard.json").string();
    std::ifstream in(file);
    if (!in) throw ShardError(file + ": cannot be read (was `attnverify run --shard i/N --out " + dir + "` run?)");
    try {
      shards.push_back(json::parse(in));
      if (shards.back().at("format").get<int>() != kFormat) throw ShardError(file + ": unknown shard format");
    } catch (const json::exception& err) {
      throw ShardError(file + ": not a shard file: " + err.what());
    }
    files.push_back(file);
  }
  const json& first = shards.front();
  const unsigned count = first.at("shard").at("count");
  std::vector<int> seen(count + 1, -1);
  for (std::size_t k = 0; k < shards.size(); ++k) {
    const json& s = shards[k];
    for (const char* key : {"attnverify", "options", "run_variants", "bibliography"})
      if (s.at(key) != first.at(key))
        throw ShardError(fmt::format("{} and {} come from different runs (their '{}' differ)", files.front(), files[k], key));
    if (s.at("shard").at("count").get<unsigned>() != count)
      throw ShardError(fmt::format("{} is shard of {}, {} of {}", files[k], s.at("shard").at("count").get<unsigned>(),
                                   files.front(), count));
    const unsigned index = s.at("shard").at("index");
    if (index < 1 || index > count) throw ShardError(files[k] + ": shard index out of range");
    if (seen[index] >= 0) throw ShardError(fmt::format("shard {}/{} is given twice: {} and {}", index, count, files[seen[index]], files[k]));
    seen[index] = static_cast<int>(k);
  }
  for (unsigned i = 1; i <= count; ++i)
    if (seen[i] < 0) throw ShardError(fmt::format("shard {}/{} is missing", i, count));

  RunResult result;
  const json& options = first.at("options");
  result.options.digits = options.at("digits");
  result.options.family_alpha = options.at("family_alpha");
  get(options, "seed_override", result.options.seed_override);
  result.options.command = command;
  for (const auto& r : first.at("bibliography"))
    result.bibliography[r.at("key")] = Reference{r.at("key"), r.at("author"), r.at("title"), r.at("url"), r.at("note"), r.at("year")};
  // the variants in the run's order
  std::map<std::string, const json*> by_name;
  for (const json& s : shards)
    for (const json& v : s.at("variants")) by_name[v.at("name")] = &v;
  for (const std::string& name : first.at("run_variants").get<std::vector<std::string>>()) {
    const auto it = by_name.find(name);
    if (it == by_name.end()) throw ShardError("variant '" + name + "' is in none of the shards");
    const json& j = *it->second;
    VariantResult v;
    if (file_digest(j.at("spec")) != j.at("spec_digest").get<std::string>())
      throw ShardError(fmt::format("{}: changed since its shard ran (variant '{}'); run the shards again", j.at("spec").get<std::string>(), name));
    v.spec = load_spec(j.at("spec"), result.bibliography);
    v.status = j.at("status");
    v.reason = j.at("reason");
    v.notes = j.at("notes").get<std::vector<std::string>>();
    if (!j.at("S").get<std::string>().empty()) v.S = from_archive_text(j.at("S"));
    for (const auto& f : j.at("forms")) v.forms.emplace_back(f.at("label"), from_archive_text(f.at("archive")));
    for (const auto& r : j.at("records")) v.records.push_back(record_from(r));
    v.grid_figure = figure_from(j.at("grid_figure"));
    for (const auto& f : j.at("figures")) v.figures.push_back(figure_from(f));
    for (const auto& t : j.at("tables"))
      v.tables.push_back({t.at("caption"), t.at("header").get<std::vector<std::string>>(),
                          t.at("rows").get<std::vector<std::vector<std::string>>>()});
    result.variants.push_back(std::move(v));
  }
  judge_run(result);
  return result;
}

}  // namespace attnverify
