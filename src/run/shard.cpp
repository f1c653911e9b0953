#include "src/run/shard.hpp"

#include <boost/uuid/detail/sha1.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "proofs/symbols.hpp"
#include "src/kinds/registry.hpp"
#include "src/spec/spec_text.hpp"
#include "src/verdicts/enclosure_json.hpp"
#include "src/version.hpp"

namespace attnverify {

using json = nlohmann::ordered_json;

namespace {

constexpr int kFormat = 2;  // shard.json layout version (2: digest, run_specs)

// Bounds on what a merge reads: a shard of the standard suite is about 2 MB
constexpr std::uintmax_t kMaxShardBytes = 512u << 20;
constexpr std::size_t kMaxJsonDepth = 64;
constexpr unsigned kMaxShardCount = 10000;  // as parse_shard

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

// Why `bytes` is not a well-formed GiNaC 1.8 archive, or "". GiNaC's reader
// (ginac/archive.cpp, operator>>) trusts its input: read_unsigned loops on an
// uninitialised byte past the end of the stream (a truncated archive hangs it), and
// unarchiving follows node references without bounds (a reference to itself recurses
// until the stack overflows). The layout, as archive.cpp writes it:
//   "GARC" version  atoms: count, NUL-terminated strings  expressions: count, (name, root)
//   nodes: count, each a count of properties (type | name << 3, value)
// every number a little-endian base-128 varint. Checked here: every read stays inside
// the bytes, counts are bounded by the bytes left, names and string values index atoms,
// roots index nodes, and a node refers only to nodes before it (the writer archives
// children first), so the graph has no cycle.
std::string archive_structure_problem(const std::string& bytes) {
  std::size_t at = 0;
  auto varint = [&](unsigned& out) {
    out = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (at >= bytes.size()) return false;
      const unsigned char b = static_cast<unsigned char>(bytes[at++]);
      out |= static_cast<unsigned>(b & 0x7F) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  };
  if (bytes.compare(0, 4, "GARC") != 0) return "no GARC header";
  at = 4;
  unsigned version = 0, atoms = 0, expressions = 0, nodes = 0;
  if (!varint(version)) return "the version is cut off";
  if (!varint(atoms) || atoms > bytes.size() - at) return "a bad count of atoms";
  for (unsigned k = 0; k < atoms; ++k) {
    const std::size_t end = bytes.find('\0', at);
    if (end == std::string::npos) return "an atom is not terminated";
    at = end + 1;
  }
  if (!varint(expressions) || expressions > bytes.size() - at) return "a bad count of expressions";
  std::vector<unsigned> roots;
  for (unsigned k = 0; k < expressions; ++k) {
    unsigned name = 0, root = 0;
    if (!varint(name) || !varint(root)) return "an expression is cut off";
    if (name >= atoms) return "an expression's name is not an atom";
    roots.push_back(root);
  }
  if (!varint(nodes) || nodes > bytes.size() - at) return "a bad count of nodes";
  for (unsigned node = 0; node < nodes; ++node) {
    unsigned properties = 0;
    if (!varint(properties) || properties > bytes.size() - at) return "a bad count of properties";
    for (unsigned k = 0; k < properties; ++k) {
      unsigned name_type = 0, value = 0;
      if (!varint(name_type) || !varint(value)) return "a property is cut off";
      const unsigned type = name_type & 7, name = name_type >> 3;
      if (name >= atoms) return "a property's name is not an atom";
      if (type == 2 && value >= atoms) return "a string property is not an atom";           // PTYPE_STRING
      if (type == 3 && value >= node) return "a node refers to itself or to a later node";  // PTYPE_NODE
      if (type > 3) return "an unknown property type";
    }
  }
  for (unsigned root : roots)
    if (root >= nodes) return "an expression's root is not a node";
  if (at != bytes.size()) return "bytes after the last node";
  return "";
}

GiNaC::ex from_archive_text(const std::string& hex) {
  // strict hex and a well-formed archive first: GiNaC's archive reader trusts its input,
  // and a digest is a checksum that anyone can recompute, not a signature
  if (hex.size() % 2 != 0 || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw ShardError("a closed form is not a hex-encoded GiNaC archive");
  std::string bytes;
  for (std::size_t k = 0; k + 1 < hex.size(); k += 2)
    bytes += static_cast<char>(std::stoi(hex.substr(k, 2), nullptr, 16));
  if (const std::string problem = archive_structure_problem(bytes); !problem.empty())
    throw ShardError("a closed form is not a readable GiNaC archive: " + problem);
  try {
    std::istringstream in(bytes);
    GiNaC::archive ar;
    in >> ar;
    GiNaC::lst table;  // the shared symbols, so the restored expression prints as the original
    for (const std::string& name : sym::Symbols::names()) table.append(sym::symbols().by_name(name));
    return ar.unarchive_ex(table, "e");
  } catch (const std::exception& err) {
    throw ShardError(std::string("a closed form is not a readable GiNaC archive: ") + err.what());
  }
}

// SHA-1 of bytes, as 40 hex digits (Boost.Uuid's implementation)
std::string sha1_hex(const std::string& bytes) {
  boost::uuids::detail::sha1 hash;
  hash.process_bytes(bytes.data(), bytes.size());
  boost::uuids::detail::sha1::digest_type digest;
  hash.get_digest(digest);
  std::string out;
  for (unsigned word : digest) out += fmt::format("{:08x}", word);
  return out;
}

// The digest of a shard: SHA-1 of its compact JSON without the "digest" member. It
// covers every record, closed form and spec digest, so an edit made without
// recomputing it is refused; it is a checksum, not a signature.
std::string shard_digest(json root) {
  root.erase("digest");
  return "sha1:" + sha1_hex(root.dump());
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
  json j{{"variant", r.variant},    {"check", to_string(r.check)},     {"claim", r.claim},
         {"point", named(r.point)}, {"verdict", to_string(r.verdict)}, {"expected", r.expected},
         {"method", r.method},      {"values", named(r.values)},       {"detail", r.detail}};
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
    j["search"] = {{"region", r.search->region},
                   {"evaluations", r.search->evaluations},
                   {"probes", r.search->probes},
                   {"undecided", r.search->undecided},
                   {"worst_point", named(r.search->worst_point)},
                   {"worst_undefined", r.search->worst_undefined}};
  if (r.search && r.search->worst_digits) j["search"]["worst_digits"] = *r.search->worst_digits;
  if (r.conflict) j["conflict"] = true;
  if (r.certified) j["certified"] = true;
  if (!r.enclosure.empty()) j["enclosure"] = enclosure_json(r.enclosure);
  return j;
}

CheckRecord record_from(const json& j) {
  CheckRecord r;
  r.variant = j.at("variant");
  const std::string check = j.at("check");
  const std::optional<CheckKind> kind = check_kind_from_string(check);
  if (!kind) throw ShardError("unknown check '" + check + "'");
  r.check = *kind;
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
  r.certified = j.value("certified", false);
  if (j.contains("enclosure")) r.enclosure = enclosure_from(j.at("enclosure"));
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
  return {{"x_label", f.x_label},
          {"y_label", f.y_label},
          {"log_axes", f.log_axes},
          {"log_x", f.log_x},
          {"curves", curves_json(f.curves)},
          {"marks", curves_json(f.marks)},
          {"caption", f.caption}};
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

// SHA-1 of a spec file's bytes: the merge refuses a spec edited after its shard ran
std::string file_digest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ShardError(path + ": cannot be read");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return "sha1:" + sha1_hex(bytes.str());
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

std::string shard_json(const RunResult& result, const Shard& shard, const std::vector<std::string>& all_names,
                       const std::vector<std::string>& all_files) {
  json root;
  root["format"] = kFormat;
  root["attnverify"] = kVersion;
  root["shard"] = {{"index", shard.index}, {"count", shard.count}};
  root["run_variants"] = all_names;
  root["run_specs"] = all_files;
  root["options"] = options_json(result.options);
  json bibliography = json::array();
  for (const auto& [key, r] : result.bibliography)
    bibliography.push_back(
        {{"key", r.key}, {"author", r.author}, {"title", r.title}, {"url", r.url}, {"note", r.note}, {"year", r.year}});
  root["bibliography"] = bibliography;
  json variants = json::array();
  for (const VariantResult& v : result.variants) {
    json j{{"name", v.spec.name}, {"spec", v.spec.file}, {"spec_digest", file_digest(v.spec.file)},
           {"status", v.status},  {"reason", v.reason},  {"notes", v.notes}};
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
  root["digest"] = shard_digest(root);
  return root.dump(1) + "\n";
}

namespace {

// shard.json of a directory: bounded in size and nesting, parsed, its digest checked.
json read_shard(const std::string& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec))
    throw ShardError(file + ": cannot be read (was `attnverify run --shard i/N --out DIR` run?)");
  if (std::filesystem::file_size(file, ec) > kMaxShardBytes)
    throw ShardError(fmt::format("{}: larger than {} MB, not a shard file", file, kMaxShardBytes >> 20));
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ShardError(file + ": cannot be read");
  json root;
  try {
    // nesting beyond kMaxJsonDepth is refused while parsing (a shard nests 6 deep)
    root = json::parse(in, [](int depth, json::parse_event_t, json&) {
      if (depth > static_cast<int>(kMaxJsonDepth))
        throw ShardError("nested more than " + std::to_string(kMaxJsonDepth) + " levels");
      return true;
    });
  } catch (const json::exception& err) {
    throw ShardError(file + ": not a shard file: " + err.what());
  } catch (const ShardError& err) {
    throw ShardError(file + ": not a shard file: " + err.what());
  }
  if (!root.is_object() || !root.contains("format") || root["format"] != kFormat)
    throw ShardError(file + ": not a shard file of this attnverify (format " + std::to_string(kFormat) + ")");
  if (!root.contains("digest") || !root["digest"].is_string() ||
      root["digest"].get<std::string>() != shard_digest(root))
    throw ShardError(file +
                     ": its digest does not match its content: the file was edited or damaged after its shard ran");
  return root;
}

// Every string of a shard goes to the terminal, results.json or TeX: no control
// characters (the report writer escapes TeX's special characters in text).
void check_strings(const json& j, const std::string& file) {
  if (j.is_string()) {
    if (const std::string problem = free_text_problem(j.get<std::string>(), kMaxShardBytes); !problem.empty())
      throw ShardError(file + ": a string " + problem);
  } else if (j.is_structured()) {
    for (const auto& item : j) check_strings(item, file);
  }
}

const json& member(const json& j, const char* key, const std::string& file) {
  if (!j.is_object() || !j.contains(key)) throw ShardError(fmt::format("{}: '{}' is missing", file, key));
  return j.at(key);
}

}  // namespace

RunResult merge_shards(const std::vector<std::string>& directories, const std::string& command) {
  if (directories.empty()) throw ShardError("merge: no shard directories given");
  if (directories.size() > kMaxShardCount)
    throw ShardError(fmt::format("merge: {} directories given, more than the {} shards a run can have",
                                 directories.size(), kMaxShardCount));
  std::vector<json> shards;
  std::vector<std::string> files;
  for (const std::string& dir : directories) {
    files.push_back((std::filesystem::path(dir) / "shard.json").string());
    shards.push_back(read_shard(files.back()));
    check_strings(shards.back(), files.back());
  }
  const std::string& file0 = files.front();
  try {
    const json& first = shards.front();
    const json& shard0 = member(first, "shard", file0);
    const json& count_value = member(shard0, "count", file0);
    if (!count_value.is_number_integer() || count_value.get<long long>() < 1 ||
        count_value.get<long long>() > kMaxShardCount)
      throw ShardError(fmt::format("{}: the shard count must be an integer from 1 to {}", file0, kMaxShardCount));
    const unsigned count = count_value.get<unsigned>();
    if (directories.size() > count)
      throw ShardError(fmt::format("{} is a shard of {}, but {} shard directories were given (a shard given twice?)",
                                   file0, count, directories.size()));
    const auto names = member(first, "run_variants", file0).get<std::vector<std::string>>();
    const auto spec_files = member(first, "run_specs", file0).get<std::vector<std::string>>();
    if (names.size() != spec_files.size()) throw ShardError(file0 + ": run_variants and run_specs differ in length");
    std::set<std::string> unique_names(names.begin(), names.end());
    if (unique_names.size() != names.size()) throw ShardError(file0 + ": a variant is listed twice in run_variants");
    for (const std::string& name : names)
      if (const std::string problem = identifier_problem(name); !problem.empty())
        throw ShardError(file0 + ": the variant name '" + name + "' " + problem);

    std::vector<int> seen(count + 1, -1);
    std::map<std::string, const json*> by_name;
    for (std::size_t k = 0; k < shards.size(); ++k) {
      const json& s = shards[k];
      for (const char* key : {"attnverify", "options", "run_variants", "run_specs", "bibliography"})
        if (member(s, key, files[k]) != first.at(key))
          throw ShardError(fmt::format("{} and {} come from different runs (their '{}' differ)", file0, files[k], key));
      const json& sh = member(s, "shard", files[k]);
      if (member(sh, "count", files[k]) != count_value)
        throw ShardError(fmt::format("{} is shard of {}, {} of {}", files[k], sh.at("count").dump(), file0, count));
      const json& index_value = member(sh, "index", files[k]);
      if (!index_value.is_number_integer() || index_value.get<long long>() < 1 || index_value.get<long long>() > count)
        throw ShardError(files[k] + ": shard index out of range");
      const unsigned index = index_value.get<unsigned>();
      if (seen[index] >= 0)
        throw ShardError(
            fmt::format("shard {}/{} is given twice: {} and {}", index, count, files[seen[index]], files[k]));
      seen[index] = static_cast<int>(k);
      // the variants of this shard are exactly those select_shard assigns to it, in order
      std::vector<std::string> want, have;
      for (std::size_t v = 0; v < names.size(); ++v)
        if (v % count == index - 1) want.push_back(names[v]);
      for (const json& v : member(s, "variants", files[k])) {
        have.push_back(member(v, "name", files[k]).get<std::string>());
        by_name[have.back()] = &v;
      }
      if (have != want)
        throw ShardError(
            fmt::format("{}: its variants are not those of shard {}/{} of the run", files[k], index, count));
    }
    for (unsigned i = 1; i <= count; ++i)
      if (seen[i] < 0) throw ShardError(fmt::format("shard {}/{} is missing", i, count));

    RunResult result;
    const json& options = member(first, "options", file0);
    result.options.digits = member(options, "digits", file0).get<int>();
    if (result.options.digits != 30 && result.options.digits != 50 && result.options.digits != 100)
      throw ShardError(file0 + ": digits must be 30, 50 or 100, as `run --digits` allows");
    result.options.family_alpha = member(options, "family_alpha", file0).get<double>();
    if (!(result.options.family_alpha > 0 && result.options.family_alpha < 1))
      throw ShardError(file0 + ": family_alpha must lie in (0, 1)");
    get(options, "seed_override", result.options.seed_override);
    result.options.command = command;
    for (const auto& r : member(first, "bibliography", file0)) {
      Reference ref{r.at("key"), r.at("author"), r.at("title"), r.at("url"), r.at("note"), r.at("year")};
      if (const std::string problem = identifier_problem(ref.key); !problem.empty())
        throw ShardError(file0 + ": the bibliography key '" + ref.key + "' " + problem);
      if (const std::string problem = url_problem(ref.url); !ref.url.empty() && !problem.empty())
        throw ShardError(file0 + ": the URL of '" + ref.key + "' " + problem);
      result.bibliography[ref.key] = ref;
    }
    // the variants in the run's order, each checked against its reloaded spec
    for (std::size_t n = 0; n < names.size(); ++n) {
      const std::string& name = names[n];
      const json& j = *by_name.at(name);
      VariantResult v;
      const std::string spec_file = member(j, "spec", file0).get<std::string>();
      if (spec_file != spec_files[n])
        throw ShardError(fmt::format("variant '{}': its spec file is not the run's", name));
      if (file_digest(spec_file) != member(j, "spec_digest", file0).get<std::string>())
        throw ShardError(
            fmt::format("{}: changed since its shard ran (variant '{}'); run the shards again", spec_file, name));
      v.spec = load_spec(spec_file, result.bibliography);
      if (v.spec.name != name)
        throw ShardError(fmt::format("{} defines variant '{}', not '{}'", spec_file, v.spec.name, name));
      v.status = member(j, "status", file0).get<std::string>();
      v.reason = member(j, "reason", file0).get<std::string>();
      v.notes = member(j, "notes", file0).get<std::vector<std::string>>();
      if (!member(j, "S", file0).get<std::string>().empty()) v.S = from_archive_text(j.at("S"));
      for (const auto& f : member(j, "forms", file0)) {
        const std::string label = f.at("label");
        // labels are typeset as formulas: the whitelist that a spec's published formula meets
        if (const std::string problem = latex_formula_problem(label); !problem.empty())
          throw ShardError(fmt::format(
              "variant '{}': the label of a derived form is not a formula attnverify writes: {}", name, problem));
        v.forms.emplace_back(label, from_archive_text(f.at("archive")));
      }
      // what a record expects comes from the spec, never from the shard
      std::map<std::string, std::string> expected;
      for (const Claim& c : v.spec.claims) expected[c.id] = c.expected;
      for (const Property& p : v.spec.properties) expected[p.id] = p.expected;
      for (const auto& r : member(j, "records", file0)) {
        CheckRecord record = record_from(r);
        if (record.variant != name) throw ShardError(fmt::format("variant '{}': a record of another variant", name));
        if (record.expected != "not-applicable") {
          if (!record.claim.empty()) {
            const auto it = expected.find(record.claim);
            if (it == expected.end())
              throw ShardError(fmt::format("variant '{}': a record of claim '{}', which its spec does not state", name,
                                           record.claim));
            record.expected = it->second;
          } else if (record.expected != "agree") {
            throw ShardError(
                fmt::format("variant '{}': a record expects '{}', which no spec states", name, record.expected));
          }
        }
        v.records.push_back(std::move(record));
      }
      v.grid_figure = figure_from(member(j, "grid_figure", file0));
      for (const auto& f : member(j, "figures", file0)) v.figures.push_back(figure_from(f));
      for (const auto& t : member(j, "tables", file0))
        v.tables.push_back({t.at("caption"), t.at("header").get<std::vector<std::string>>(),
                            t.at("rows").get<std::vector<std::vector<std::string>>>()});
      result.variants.push_back(std::move(v));
    }
    judge_run(result);
    return result;
  } catch (const json::exception& err) {
    throw ShardError("a shard file has a value of the wrong type or a missing member: " + std::string(err.what()));
  } catch (const std::invalid_argument& err) {
    throw ShardError(std::string("a shard file holds a malformed value: ") + err.what());
  } catch (const std::out_of_range& err) {
    throw ShardError(std::string("a shard file holds a value out of range: ") + err.what());
  }
}

}  // namespace attnverify
