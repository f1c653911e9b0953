#include "src/run/shard.hpp"

#include <boost/uuid/detail/sha1.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <thread>
#include <map>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "numerics/precision.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/ball_comparison.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/derivation_summary.hpp"
#include "src/kinds/registry.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/spec_text.hpp"
#include "src/verdicts/claim_points.hpp"
#include "src/verdicts/grid_blocks.hpp"
#include "src/verdicts/record_json.hpp"
#include "src/verdicts/route_comparison.hpp"
#include "src/version.hpp"

namespace attnverify {

using json = nlohmann::ordered_json;

namespace {

constexpr int kFormat = 5;  // shard.json layout version (2: digest, run_specs; 3: records by src/verdicts/record_json; 4: evidence; 5: grid_parts)

// Bounds on what a merge reads: a shard of the standard suite is about 2 MB
constexpr std::uintmax_t kMaxShardBytes = 512u << 20;
constexpr std::size_t kMaxJsonDepth = 64;
constexpr unsigned kMaxShardCount = 10000;  // as parse_shard
constexpr std::size_t kMaxGridBlocks = std::size_t{1} << 24;  // far beyond any grid --max-grid-points allows

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
  // GiNaC unarchives recursively and the report typesets the tree: a bounded depth keeps
  // both within their stacks (TeX has 255 grouping levels); derived forms are far shallower
  constexpr unsigned kMaxArchiveDepth = 100;
  std::vector<unsigned> depth(nodes, 1);
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
      if (type == 3 && (depth[node] = std::max(depth[node], depth[value] + 1)) > kMaxArchiveDepth)
        return "nested more than " + std::to_string(kMaxArchiveDepth) + " levels deep";
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
    const GiNaC::ex e = ar.unarchive_ex(table, "e");
    // GiNaC matches the table only for plain symbols: a possymbol (n) comes back as a
    // new symbol of the same name, which evaluates as unknown; map every symbol to the
    // shared one of its name. Only what a derivation writes may be there: the shared
    // symbols and a spec's named constants (identifiers), numbers, sums, products,
    // powers and the expression language's functions; a symbol's name is typeset as it
    // is, so any other name (TeX) is refused, as are wildcards, lists and other classes.
    GiNaC::exmap by_name;
    const auto& names = sym::Symbols::names();
    for (GiNaC::const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
      if (GiNaC::is_a<GiNaC::symbol>(*it)) {
        const std::string name = GiNaC::ex_to<GiNaC::symbol>(*it).get_name();
        if (std::find(names.begin(), names.end(), name) != names.end())
          by_name[*it] = sym::symbols().by_name(name);
        else if (!parameter_name_problem(name).empty())
          throw ShardError("a closed form has a symbol named '" + name.substr(0, 40) + "', which no spec can name");
      } else if (GiNaC::is_a<GiNaC::function>(*it)) {
        // the language's functions, and the few GiNaC functions derivations write besides
        static const std::set<std::string> functions = [] {
          const std::vector<std::string> language = sym::supported_functions();
          std::set<std::string> out(language.begin(), language.end());
          out.insert({"heaviside", "sign", "csgn", "softsign"});
          return out;
        }();
        const std::string name = GiNaC::ex_to<GiNaC::function>(*it).get_name();
        if (!functions.count(name)) throw ShardError("a closed form uses the function '" + name + "', which attnverify does not derive");
      } else if (!GiNaC::is_exactly_a<GiNaC::numeric>(*it) && !GiNaC::is_exactly_a<GiNaC::add>(*it) &&
                 !GiNaC::is_exactly_a<GiNaC::mul>(*it) && !GiNaC::is_exactly_a<GiNaC::power>(*it) &&
                 !GiNaC::is_a<GiNaC::constant>(*it)) {
        throw ShardError("a closed form holds a " + std::string(GiNaC::ex_to<GiNaC::basic>(*it).class_name()) + ", which attnverify does not derive");
      } else if (GiNaC::is_a<GiNaC::constant>(*it) && !it->is_equal(GiNaC::Pi)) {
        throw ShardError("a closed form holds a constant other than pi");
      } else if (GiNaC::is_exactly_a<GiNaC::numeric>(*it) && !GiNaC::ex_to<GiNaC::numeric>(*it).is_real()) {
        throw ShardError("a closed form holds a complex number");
      }
    }
    return e.subs(by_name);
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

template <typename T>
void put(json& j, const char* key, const std::optional<T>& value) {
  if (value) j[key] = *value;
}

template <typename T>
void get(const json& j, const char* key, std::optional<T>& value) {
  if (j.contains(key)) value = j.at(key).get<T>();
}

json curves_json(const std::vector<Curve>& curves) {
  json out = json::array();
  for (const Curve& c : curves) out.push_back({{"label", c.label}, {"dashed", c.dashed}, {"points", c.points}});
  return out;
}

// A shard's text that the report typesets (figure labels and captions, legends, table
// cells, notes) is prose as a kind writes it: plain text, which the report escapes, and
// formulas between $ signs, which must pass the parser that a spec's formulas pass
// (src/spec/spec_text.hpp). Anything else is refused.
void check_prose(const std::string& field, const std::string& text) {
  if (const std::string problem = prose_math_problem(text); !problem.empty())
    throw ShardError("field '" + field + "' " + problem);
}

constexpr std::size_t kMaxCurves = 64, kMaxCurvePoints = 20000, kMaxTableColumns = 16, kMaxTableRows = 10000;

std::vector<Curve> curves_from(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() > kMaxCurves) throw ShardError("field '" + field + "' is not a list of curves");
  std::vector<Curve> out;
  for (const auto& c : j) {
    Curve curve{c.at("label"), c.at("dashed"), c.at("points").get<std::vector<std::pair<double, double>>>()};
    check_prose(field + ".label", curve.label);
    if (curve.points.size() > kMaxCurvePoints) throw ShardError("field '" + field + ".points' has too many points");
    for (const auto& [x, y] : curve.points)
      if (!std::isfinite(x) || !std::isfinite(y)) throw ShardError("field '" + field + ".points' has a point that is not finite");
    out.push_back(std::move(curve));
  }
  return out;
}

Table table_from(const json& t) {
  Table table{t.at("caption"), t.at("header").get<std::vector<std::string>>(),
              t.at("rows").get<std::vector<std::vector<std::string>>>()};
  check_prose("tables.caption", table.caption);
  if (table.header.empty() || table.header.size() > kMaxTableColumns)
    throw ShardError(fmt::format("field 'tables.header' has {} columns (1 to {})", table.header.size(), kMaxTableColumns));
  for (const std::string& cell : table.header) check_prose("tables.header", cell);
  if (table.rows.size() > kMaxTableRows) throw ShardError("field 'tables.rows' has too many rows");
  for (const auto& row : table.rows) {
    if (row.size() != table.header.size())
      throw ShardError(fmt::format("field 'tables.rows' has a row of {} cells under a header of {}", row.size(),
                                   table.header.size()));
    for (const std::string& cell : row) check_prose("tables.rows", cell);
  }
  return table;
}

json figure_json(const Figure& f) {
  return {{"x_label", f.x_label},
          {"y_label", f.y_label},
          {"log_axes", f.log_axes},
          {"log_x", f.log_x},
          {"curves", curves_json(f.curves)},
          {"marks", curves_json(f.marks)},
          {"caption", f.caption},
          {"in_compact_part", f.in_compact_part}};
}

Figure figure_from(const json& j) {
  Figure f;
  f.x_label = j.at("x_label");
  f.y_label = j.at("y_label");
  f.log_axes = j.at("log_axes");
  f.log_x = j.at("log_x");
  f.curves = curves_from(j.at("curves"), "figure.curves");
  f.marks = curves_from(j.at("marks"), "figure.marks");
  f.caption = j.at("caption");
  // absent in shards written before the field existed: not a compact figure
  if (j.contains("in_compact_part")) f.in_compact_part = j.at("in_compact_part").get<bool>();
  check_prose("figure.x_label", f.x_label);
  check_prose("figure.y_label", f.y_label);
  check_prose("figure.caption", f.caption);
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

// What a variant or a grid block cost in its shard, as shard.json holds it
json timing_json(const VariantResult::Timing& t) {
  return {{"wall_seconds", t.wall_seconds}, {"cpu_seconds", t.cpu_seconds}};
}

json options_json(const RunOptions& o) {
  json j{{"digits", o.digits}, {"family_alpha", o.family_alpha}};
  put(j, "seed_override", o.seed_override);
  return j;
}

// Whether two paths name the same file: equal once resolved (symbolic links, "." and "..",
// doubled slashes) from the current folder; a path that cannot be resolved, lexically normalised.
bool same_file(const std::string& a, const std::string& b) {
  const auto resolved = [](const std::string& path) {
    std::error_code error;
    const std::filesystem::path p = std::filesystem::weakly_canonical(path, error);
    return error ? std::filesystem::path(path).lexically_normal() : p;
  };
  return resolved(a) == resolved(b);
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

RunResult run_shard_checks(const std::vector<Spec>& all, const Shard& shard, const Bibliography& bibliography,
                           const RunOptions& options, const Progress& progress) {
  RunResult result;
  result.options = options;
  result.bibliography = bibliography;
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Spec& spec = all[k];
    const GridDealing* dealing = spec.kind->grid_dealing();
    const std::size_t blocks = dealing ? grid_block_count(spec.grid.size()) : 1;
    const unsigned index = shard.index, count = shard.count;
    const auto mine = [k, index, count](std::size_t block) { return grid_block_shard(k, block, count) == index; };
    if (mine(0)) {  // the variant is this shard's (select_shard): all of it but the other shards' blocks
      RunOptions own = options;
      if (blocks > 1) own.checks_grid_block = mine;
      result.variants.push_back(check_variant(spec, own, progress));
      continue;
    }
    for (std::size_t block = 1; block < blocks; ++block) {
      if (!mine(block)) continue;
      const CostClock clock;
      RunResult::GridPart part{spec.name, spec.file, block, dealing->check_grid_block(spec, options, progress, block),
                               {}};
      part.timing = clock.elapsed(index);
      const auto [first, last] = grid_block_range(block, spec.grid.size());
      progress(fmt::format("[{}] grid points {} to {} (block {} of {}) checked in {:.1f} s wall, {:.1f} s CPU",
                           spec.name, first + 1, last, block + 1, blocks, part.timing.wall_seconds,
                           part.timing.cpu_seconds));
      result.grid_parts.push_back(std::move(part));
    }
  }
  return result;
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
  // what this shard ran with, for the merged report (not an option: shards may differ in it)
  root["ran_with"] = {{"threads", result.options.threads},
                      {"cores", std::thread::hardware_concurrency()},
                      {"seconds", result.seconds}};
  json bibliography = json::array();
  for (const auto& [key, r] : result.bibliography)
    bibliography.push_back(
        {{"key", r.key}, {"author", r.author}, {"title", r.title}, {"url", r.url}, {"note", r.note}, {"year", r.year}});
  root["bibliography"] = bibliography;
  json variants = json::array();
  for (const VariantResult& v : result.variants) {
    json j{{"name", v.spec.name}, {"spec", v.spec.file}, {"spec_digest", file_digest(v.spec.file)},
           {"status", to_string(v.status)},  {"reason", v.reason},  {"notes", v.notes}};
    j["S"] = v.derived() ? archive_text(v.S) : "";
    json forms = json::array();
    for (const auto& [label, e] : v.forms) forms.push_back({{"label", label}, {"archive", archive_text(e)}});
    j["forms"] = forms;
    json records = json::array();
    for (const CheckRecord& r : v.records) records.push_back(record_json(r, RecordStyle::Shard));
    j["records"] = records;
    j["grid_figure"] = figure_json(v.grid_figure);
    json figures = json::array();
    for (const Figure& f : v.figures) figures.push_back(figure_json(f));
    j["figures"] = figures;
    json tables = json::array();
    for (const Table& t : v.tables) tables.push_back({{"caption", t.caption}, {"header", t.header}, {"rows", t.rows}});
    j["tables"] = tables;
    // what the variant cost in this shard (timings.json of the merge; not a result)
    if (v.timing) j["timing"] = timing_json(*v.timing);
    variants.push_back(j);
  }
  root["variants"] = variants;
  // this shard's blocks of the dealt grids of variants other shards run
  json parts = json::array();
  for (const RunResult::GridPart& part : result.grid_parts) {
    json records = json::array();
    for (const CheckRecord& r : part.records) records.push_back(record_json(r, RecordStyle::Shard));
    parts.push_back({{"variant", part.variant},
                     {"spec_digest", file_digest(part.spec_file)},
                     {"block", part.block},
                     {"records", records},
                     {"timing", timing_json(part.timing)}});
  }
  root["grid_parts"] = parts;
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

// A timing_json read back for shard `shard`: exactly {wall_seconds, cpu_seconds}, each a number
// of seconds in [0, 1e9); `where` names the variant (or block) in a refusal.
VariantResult::Timing timing_from(const json& timing, const std::string& where, const std::string& file,
                                  unsigned shard) {
  if (!timing.is_object() || timing.size() != 2)
    throw ShardError(where + ": timing is not {wall_seconds, cpu_seconds}");
  const auto seconds_of = [&](const char* key) {
    const json& s = member(timing, key, file);
    if (!s.is_number() || !(s.get<double>() >= 0 && s.get<double>() < 1e9))
      throw ShardError(fmt::format("{}: timing.{} must be a number of seconds", where, key));
    return s.get<double>();
  };
  return {seconds_of("wall_seconds"), seconds_of("cpu_seconds"), shard};
}


// Why the "closed" ball of a certified record is not the variant's closed form S at the
// record's point (recomputed here in ball arithmetic), or "". Applies where the point is
// a point of S: its coordinates are the kind's claim symbols, exact, and S is not replaced
// there by a form of its own (sequences at lambda = 1). Elsewhere (feature-map moments)
// the shard's ball is taken as the shard computed it.
std::string closed_ball_problem(const VariantResult& v, const CheckRecord& r, unsigned digits,
                                const GiNaC::ex& S_separate) {
  const auto closed = std::find_if(r.enclosure.begin(), r.enclosure.end(), [](const auto& e) { return e.first == "closed"; });
  if (!v.derived() && closed != r.enclosure.end() && r.check != CheckKind::Claim)
    return "a ball of a closed form in a variant whose spec's derivation finds none";
  if (!v.derived() || !r.certified || r.check == CheckKind::Claim) return "";
  if (closed == r.enclosure.end()) return "";
  const std::vector<std::string> symbols = v.spec.kind->claim_symbols();
  if (!point_shape_problem(r.point, symbols, true).empty()) return "";
  std::vector<GiNaC::numeric> point;
  std::vector<GiNaC::ex> variables;
  for (const auto& [name, value] : r.point) {
    point.push_back(*exact_value(value));
    variables.push_back(sym::symbols().by_name(name));
  }
  // where S is replaced by a form of its own (sequences at lambda = 1), that form
  const auto separate = v.spec.kind->claim_geometry(v.spec, true).separate_closed_form_at;
  const bool at_separate = separate && separate->first < point.size() && point[separate->first] == separate->second;
  if (at_separate && S_separate.is_zero()) return "its point has a closed form of its own, which the kind does not give";
  num::Ball recomputed;
  try {
    const num::BallExpression S(at_separate ? S_separate : v.S, variables);
    recomputed =
        num::evaluate_to_accuracy(S, point, num::Precision{digits}.evaluation_target(), num::Precision{digits}.ball_bits(), kClosedFormCeilingBits)
            .value;
  } catch (const std::exception& err) {
    return std::string("S cannot be evaluated at its point: ") + err.what();
  }
  const num::Ball printed = num::Ball::from_text(closed->second.mid, closed->second.rad, num::Precision{digits}.printed(),
                                                 num::Precision{digits}.ball_bits());
  if (!recomputed.finite())
    return "S has no finite ball at its point, so its certified closed-form ball cannot be checked";
  if (arb_overlaps(recomputed.get(), printed.get())) return "";
  return "its ball of the closed form does not contain S at its point (S there is " + recomputed.midpoint_text(20) +
         "...)";
}

// A certified counterexample against the numeric route (no derived S, or another score law):
// the claim's ball is recomputed from the spec at the record's point, which must be a point of
// the claim's domain; the route's ball of S is taken as computed (the trust model of
// docs/architecture.md); the two must be disjoint (certified_record_problem checked that).
std::string route_counterexample_problem(const VariantResult& v, const Claim& claim, const CheckRecord& r,
                                         unsigned digits) {
  const std::vector<std::string> names = v.spec.kind->claim_symbols();
  const std::optional<GridPoint> p = exact_grid_point(r.point, names);
  if (!p || !v.spec.kind->claim_geometry(v.spec, v.derived()).domain.contains(*p))
    return "its point is not a point of the claim's domain";
  GiNaC::exmap at;
  for (std::size_t k = 0; k < names.size(); ++k) at[sym::symbols().by_name(names[k])] = (*p)[k];
  const slong bits = num::Precision{digits}.ball_bits();
  num::Ball ball;
  try {
    ball = num::evaluate_to_accuracy(num::BallExpression(claim.S.subs(at), {}), {},
                                     num::Precision{digits}.evaluation_target(), bits, kClosedFormCeilingBits)
               .value;
  } catch (const std::exception& err) {
    return std::string("its 'claim' value cannot be recomputed at its point: ") + err.what();
  }
  const auto printed = std::find_if(r.enclosure.begin(), r.enclosure.end(), [](const auto& b) { return b.first == "claim"; });
  if (printed == r.enclosure.end()) return "it has no 'claim' ball";
  const num::Ball shown = num::Ball::from_text(printed->second.mid, printed->second.rad, num::Precision{digits}.printed(), bits);
  if (!ball.finite() || !arb_overlaps(ball.get(), shown.get()))
    return "its 'claim' ball does not contain the value recomputed from the spec at its point";
  return "";
}

// Why the balls of a certified counterexample (a claim record) are not those of the claim
// and of its derived reference at the record's point, both recomputed here from the spec
// (Kind::judged_claim), or why the recomputed balls do not prove the disagreement; or "".
std::string counterexample_problem(const VariantResult& v, const CheckRecord& r, unsigned digits,
                                   unsigned long seed) {
  if (!r.certified || r.check != CheckKind::Claim) return "";
  const auto claim = std::find_if(v.spec.claims.begin(), v.spec.claims.end(),
                                  [&](const Claim& c) { return c.id == r.claim; });
  if (claim == v.spec.claims.end()) return "it is not a claim of its spec";
  const bool against_route = std::none_of(r.enclosure.begin(), r.enclosure.end(),
                                          [](const auto& b) { return b.first == "closed"; });
  if (against_route) return route_counterexample_problem(v, *claim, r, digits);
  std::optional<JudgedClaim> judged;
  try {
    judged = v.spec.kind->judged_claim(v.spec, *claim, r.point, seed);
  } catch (const std::exception& err) {
    return std::string("the claim cannot be judged again at its point: ") + err.what();
  }
  if (!judged)
    return "its point is not one where the claim is judged against a derived S, so its counterexample cannot be "
           "recomputed";
  const slong bits = num::Precision{digits}.ball_bits();
  std::map<std::string, num::Ball> recomputed;
  for (const auto& entry : {std::pair<std::string, GiNaC::ex>{"claim", judged->claim}, {"closed", judged->reference}}) {
    // named, not a structured binding: clang in C++17 refuses to capture one in a lambda
    const std::string& role = entry.first;
    const GiNaC::ex& e = entry.second;
    const auto printed = std::find_if(r.enclosure.begin(), r.enclosure.end(), [&](const auto& b) { return b.first == role; });
    if (printed == r.enclosure.end()) return "it has no '" + role + "' ball";
    num::Ball ball;
    try {
      ball = num::evaluate_to_accuracy(num::BallExpression(e, {}), {}, num::Precision{digits}.evaluation_target(), bits, kClosedFormCeilingBits).value;
    } catch (const std::exception& err) {
      return "its '" + role + "' value cannot be recomputed at its point: " + err.what();
    }
    const num::Ball shown = num::Ball::from_text(printed->second.mid, printed->second.rad, num::Precision{digits}.printed(), bits);
    if (!ball.finite() || !arb_overlaps(ball.get(), shown.get()))
      return "its '" + role + "' ball does not contain the value recomputed from the spec at its point (" +
             (ball.finite() ? ball.midpoint_text(20) + "..." : std::string("not finite")) + ")";
    recomputed.emplace(role, std::move(ball));
  }
  if (num::compare_balls(recomputed.at("claim"), recomputed.at("closed"), digits, bits).outcome !=
      num::PointOutcome::Disagree)
    return "the claim and S recomputed at its point do not prove a counterexample";
  return "";
}

// Why the closed-form checks of `v` (closed form against quadrature or summation, at
// points in the kind's claim symbols) are not one per point of the spec's grid, or "":
// a shard may neither add a point the spec does not ask for nor drop one it does.
std::string grid_coverage_problem(const VariantResult& v) {
  if (v.spec.grid.empty()) return "";
  const std::vector<std::string> symbols = v.spec.kind->claim_symbols();
  std::set<GridPoint, bool (*)(const GridPoint&, const GridPoint&)> grid(
      [](const GridPoint& a, const GridPoint& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                            [](const GiNaC::numeric& x, const GiNaC::numeric& y) { return x < y; });
      });
  grid.insert(v.spec.grid.begin(), v.spec.grid.end());
  // the grid's check is the kind's own route: quadrature for kernels, summation for sequences
  const NumericRoute route = v.spec.kind->numeric_route(v.spec);
  const CheckKind own = route == NumericRoute::ExactSummation ? CheckKind::ClosedVsSummation : CheckKind::ClosedVsQuadrature;
  decltype(grid) covered(grid.key_comp());
  for (const CheckRecord& r : v.records) {
    if (r.check != CheckKind::ClosedVsQuadrature && r.check != CheckKind::ClosedVsSummation) continue;
    const std::optional<GridPoint> p = exact_grid_point(r.point, symbols);
    if (!p) continue;
    if (r.check != own)
      return "a " + to_string(r.check) + " check at " + describe_point(r.point) + ", which its kind does not run";
    if (!grid.count(*p)) return "a closed-form check at " + describe_point(r.point) + ", which is not a point of the spec's grid";
    covered.insert(*p);
  }
  if (covered.size() != grid.size())
    return fmt::format("its records check the closed form at {} of the spec's {} grid points", covered.size(),
                       grid.size());
  return "";
}

// The claim or property of `v`'s spec that has no record, or "": a shard may not drop a claim's
// verdict (issue 42, round 7: an unexpected disagree deleted from a shard merged to "0
// unexpected verdicts"). A record of an id its spec does not give its check, and a second
// record of one, are refused as they are read.
std::string claim_coverage_problem(const VariantResult& v) {
  std::set<std::pair<CheckKind, std::string>> recorded;
  for (const CheckRecord& r : v.records) recorded.insert({r.check, r.claim});
  for (const Claim& c : v.spec.claims)
    if (!recorded.count({CheckKind::Claim, c.id})) return "no record of claim '" + c.id + "', which a run writes";
  for (const Property& p : v.spec.properties)
    if (!recorded.count({CheckKind::Property, p.id})) return "no record of property '" + p.id + "', which a run writes";
  return "";
}

// The identity of a check: a run writes each at most once.
std::string record_identity(const CheckRecord& r) {
  // exact coordinates by value ("-1.0" and "-2/2" are one point)
  NamedValues canonical = r.point;
  for (auto& [name, value] : canonical)
    if (is_exact_number_text(value)) value = exact_text(*exact_value(value));
  json id{to_string(r.check), r.claim, describe_point(canonical)};
  if (r.n) id.push_back(*r.n);
  if (r.d) id.push_back(*r.d);
  return id.dump();
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
      if (const std::string problem = variant_name_problem(name); !problem.empty())
        throw ShardError(file0 + ": the variant name '" + name + "' " + problem);

    std::vector<int> seen(count + 1, -1);
    std::map<std::string, const json*> by_name;
    std::map<std::string, std::size_t> shard_of;  // variant name -> index into files
    for (std::size_t k = 0; k < shards.size(); ++k) {
      const json& s = shards[k];
      for (const char* key : {"attnverify", "options", "run_variants", "bibliography"})
        if (member(s, key, files[k]) != first.at(key))
          throw ShardError(fmt::format("{} and {} come from different runs (their '{}' differ)", file0, files[k], key));
      // the same spec files however they were named (specs/a.toml, ./specs//a.toml): compared
      // as resolved paths, from the merge's folder (run it in the shards' checkout, README.md)
      const auto files_k = member(s, "run_specs", files[k]).get<std::vector<std::string>>();
      bool same_files = files_k.size() == spec_files.size();
      for (std::size_t j = 0; same_files && j < files_k.size(); ++j) same_files = same_file(files_k[j], spec_files[j]);
      if (!same_files)
        throw ShardError(fmt::format("{} and {} come from different runs (their 'run_specs' name other spec files)",
                                     file0, files[k]));
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
        shard_of[have.back()] = k;
      }
      if (have != want)
        throw ShardError(
            fmt::format("{}: its variants are not those of shard {}/{} of the run", files[k], index, count));
    }
    for (unsigned i = 1; i <= count; ++i)
      if (seen[i] < 0) throw ShardError(fmt::format("shard {}/{} is missing", i, count));
    // the blocks of dealt grids that shards checked for variants other shards ran, by variant and
    // block; each must be one that the run deals to its shard, and is used exactly once below
    std::map<std::pair<std::string, std::size_t>, std::pair<const json*, std::size_t>> grid_parts;
    for (std::size_t k = 0; k < shards.size(); ++k) {
      const unsigned index = shards[k].at("shard").at("index").get<unsigned>();
      const json& parts = member(shards[k], "grid_parts", files[k]);
      if (!parts.is_array()) throw ShardError(files[k] + ": grid_parts is not a list");
      for (const json& part : parts) {
        if (!part.is_object() || part.size() != 5)
          throw ShardError(files[k] + ": a grid block is not {variant, spec_digest, block, records, timing}");
        const std::string variant = member(part, "variant", files[k]).get<std::string>();
        const json& block_value = member(part, "block", files[k]);
        const auto position = std::find(names.begin(), names.end(), variant);
        if (position == names.end())
          throw ShardError(fmt::format("{}: a grid block of '{}', which is not a variant of the run", files[k], variant));
        if (!block_value.is_number_unsigned() || block_value.get<unsigned long long>() > kMaxGridBlocks)
          throw ShardError(fmt::format("{}: variant '{}': a grid block's number is not a whole number up to {}",
                                       files[k], variant, kMaxGridBlocks));
        const std::size_t block = block_value.get<std::size_t>();
        const auto n = static_cast<std::size_t>(position - names.begin());
        if (block == 0 || grid_block_shard(n, block, count) != index)
          throw ShardError(fmt::format("{}: variant '{}': grid block {} is not one that the run deals to shard {}/{}",
                                       files[k], variant, block + 1, index, count));
        if (!grid_parts.emplace(std::make_pair(variant, block), std::make_pair(&part, k)).second)
          throw ShardError(fmt::format("{}: variant '{}': grid block {} is given twice", files[k], variant, block + 1));
      }
    }

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
    // what each shard ran with (optional; bounded numbers, printed as numbers only)
    for (unsigned index = 1; index <= count; ++index) {
      const json& s = shards[static_cast<std::size_t>(seen[index])];
      const std::string& file = files[static_cast<std::size_t>(seen[index])];
      if (!s.contains("ran_with")) continue;
      const json& ran = s.at("ran_with");
      const auto count_of = [&](const char* key) {
        const json& v = member(ran, key, file);
        if (!v.is_number_unsigned() || v.get<unsigned long long>() > 1u << 20)
          throw ShardError(fmt::format("{}: ran_with.{} must be a whole number up to {}", file, key, 1u << 20));
        return v.get<unsigned>();
      };
      const json& seconds = member(ran, "seconds", file);
      if (!seconds.is_number() || !(seconds.get<double>() >= 0 && seconds.get<double>() < 1e9))
        throw ShardError(file + ": ran_with.seconds must be a number of seconds");
      result.shard_runs.push_back({index, count_of("threads"), count_of("cores"), seconds.get<double>()});
    }
    for (const auto& r : member(first, "bibliography", file0)) {
      Reference ref{r.at("key"), r.at("author"), r.at("title"), r.at("url"), r.at("note"), r.at("year")};
      if (const std::string problem = identifier_problem(ref.key); !problem.empty())
        throw ShardError(file0 + ": the bibliography key '" + ref.key + "' " + problem);
      if (const std::string problem = url_problem(ref.url); !ref.url.empty() && !problem.empty())
        throw ShardError(file0 + ": the URL of '" + ref.key + "' " + problem);
      result.bibliography[ref.key] = ref;
    }
    // the variants in the run's order, each checked against its reloaded spec
    std::map<std::string, std::vector<Spec>> reloaded;  // spec file -> the variants it defines
    for (std::size_t n = 0; n < names.size(); ++n) {
      const std::string& name = names[n];
      const json& j = *by_name.at(name);
      VariantResult v;
      if (!same_file(member(j, "spec", file0).get<std::string>(), spec_files[n]))
        throw ShardError(fmt::format("variant '{}': its spec file is not the run's", name));
      const std::string& spec_file = spec_files[n];  // as the first shard names it
      if (file_digest(spec_file) != member(j, "spec_digest", file0).get<std::string>())
        throw ShardError(
            fmt::format("{}: changed since its shard ran (variant '{}'); run the shards again", spec_file, name));
      // a sweep's file defines several variants (docs/spec-format.md, "Sweeps"): read once
      auto loaded = reloaded.find(spec_file);
      if (loaded == reloaded.end()) loaded = reloaded.emplace(spec_file, load_specs(spec_file, result.bibliography)).first;
      const auto defined = std::find_if(loaded->second.begin(), loaded->second.end(),
                                        [&](const Spec& spec) { return spec.name == name; });
      if (defined == loaded->second.end()) {
        std::vector<std::string> names;
        for (const Spec& spec : loaded->second) names.push_back("'" + spec.name + "'");
        throw ShardError(fmt::format("{} defines variant {}, not '{}'", spec_file, fmt::join(names, ", "), name));
      }
      v.spec = *defined;
      const std::string& file = files[shard_of.at(name)];
      const json& status = member(j, "status", file);
      const std::optional<ClosedFormStatus> read =
          status.is_string() ? closed_form_status_from_string(status.get<std::string>()) : std::nullopt;
      if (!read)
        throw ShardError(fmt::format("{}: variant '{}': field 'status' is not derived or no-closed-form", file, name));
      v.status = *read;
      // its cost in its shard (optional; bounded numbers, written to timings.json only)
      if (j.contains("timing")) {
        v.timing = timing_from(j.at("timing"), fmt::format("{}: variant '{}'", file, name), file,
                               member(member(shards[shard_of.at(name)], "shard", file), "index", file).get<unsigned>());
      }
      v.reason = member(j, "reason", file).get<std::string>();
      v.notes = member(j, "notes", file).get<std::vector<std::string>>();
      try {
        for (const std::string& note : v.notes) check_prose("notes", note);
      } catch (const ShardError& err) {
        throw ShardError(fmt::format("{}: variant '{}': {}", file, name, err.what()));
      }
      // The closed forms are derived again from the spec (the standard suite's take about a
      // second): a shard's archives must be among them, and the merged run keeps the ones
      // derived here, so a forged S cannot stand behind balls forged to match it.
      const DerivationSummary again = v.spec.kind->derive(v.spec);
      const auto rederived = [&](const GiNaC::ex& e, const std::string& field) {
        for (const auto& form : again.forms)
          if (e.is_equal(form.second)) return form.second;
        throw ShardError(fmt::format("{}: variant '{}': field '{}' is not a closed form that the spec's derivation gives",
                                     file, name, field));
      };
      const std::string S_archive = member(j, "S", file).get<std::string>();
      const json& forms = member(j, "forms", file);
      if (!again.applies) {
        // nothing to derive (fact specs): no closed forms to carry
        if (!forms.empty())
          throw ShardError(fmt::format("{}: variant '{}': field 'forms': its kind derives no closed forms", file, name));
      } else if (v.derived() != again.derived) {
        throw ShardError(fmt::format("{}: variant '{}': field 'status' is '{}', but the spec's derivation {}", file,
                                     name, to_string(v.status), again.derived ? "succeeds" : "finds no closed form"));
      } else if (again.derived) {
        if (!from_archive_text(S_archive).is_equal(again.S))
          throw ShardError(
              fmt::format("{}: variant '{}': field 'S' is not the S that the spec's derivation gives", file, name));
        v.S = again.S;
        v.certificate = again.certificate;
      } else if (!S_archive.empty() || !forms.empty()) {
        throw ShardError(
            fmt::format("{}: variant '{}': a closed form in a variant whose spec's derivation finds none", file, name));
      }
      for (const auto& f : forms) {
        const std::string label = f.at("label");
        // labels are typeset as formulas: the whitelist that a spec's published formula meets
        if (const std::string problem = latex_formula_problem(label); !problem.empty())
          throw ShardError(fmt::format(
              "variant '{}': the label of a derived form is not a formula attnverify writes: {}", name, problem));
        v.forms.emplace_back(label, rederived(from_archive_text(f.at("archive")), "forms"));
      }
      // what a record expects comes from the spec, never from the shard: a claim's or a
      // property's from its table, any other record's from the kind's rule applied to the
      // record's own facts (Kind::record_expectation)
      // by check: a claim record names a claim, a property record a property (round 8 of the
      // attack: a property's record filed as a claim's merged as an extra check)
      std::map<std::pair<CheckKind, std::string>, Verdict> expected;
      for (const Claim& c : v.spec.claims) expected[{CheckKind::Claim, c.id}] = c.expected;
      for (const Property& p : v.spec.properties) expected[{CheckKind::Property, p.id}] = p.expected;
      const std::function<Verdict(const CheckRecord&)> expectation_of = v.spec.kind->record_expectation(v.spec);
      // where S has no value (or none is shown) under the variant's law, a grid record can
      // neither agree nor be certified
      const ClaimGeometry geometry = v.spec.kind->claim_geometry(v.spec, v.derived());
      const json& own_records = member(j, "records", file);
      if (!own_records.is_array()) throw ShardError(fmt::format("{}: variant '{}': records is not a list", file, name));
      // the records in the run's order, each with the shard file it comes from: a dealt grid's
      // blocks in grid order (this shard's first among its records, the others' from their
      // grid_parts), then the rest of the variant's shard's records
      std::vector<std::pair<const json*, std::size_t>> records;  // (record, index into files)
      const GridDealing* dealing = v.spec.kind->grid_dealing();
      const std::size_t blocks = dealing ? grid_block_count(v.spec.grid.size()) : 1;
      {
        const unsigned owner = grid_block_shard(n, 0, count);
        std::size_t next = 0;  // into own_records
        for (std::size_t block = 0; blocks > 1 && block < blocks; ++block) {
          const auto [first, last] = grid_block_range(block, v.spec.grid.size());
          if (grid_block_shard(n, block, count) == owner) {
            if (own_records.size() < next + (last - first))
              throw ShardError(fmt::format("{}: variant '{}': fewer records than its grid blocks hold", file, name));
            for (std::size_t k = first; k < last; ++k) records.emplace_back(&own_records[next++], shard_of.at(name));
            continue;
          }
          const auto part = grid_parts.find({name, block});
          if (part == grid_parts.end())
            throw ShardError(fmt::format("shard {}/{} has no records of grid block {} of variant '{}' (grid points {} "
                                         "to {}), which the run deals to it",
                                         grid_block_shard(n, block, count), count, block + 1, name, first + 1, last));
          const std::string& part_file = files[part->second.second];
          // the block was checked on the spec file the merge reloads, unchanged (a shard resubmitted
          // after an edit would otherwise merge with blocks of the old spec)
          if (member(*part->second.first, "spec_digest", part_file).get<std::string>() != file_digest(spec_file))
            throw ShardError(fmt::format("{}: changed since shard {}/{} checked grid block {} of variant '{}'; run the "
                                         "shards again",
                                         spec_file, grid_block_shard(n, block, count), count, block + 1, name));
          const json& part_records = member(*part->second.first, "records", part_file);
          if (!part_records.is_array() || part_records.size() != last - first)
            throw ShardError(fmt::format("{}: variant '{}': grid block {} must hold {} records, one per grid point",
                                         part_file, name, block + 1, last - first));
          for (const json& r : part_records) records.emplace_back(&r, part->second.second);
          // what the block cost, added to the variant's (timings.json)
          const VariantResult::Timing cost =
              timing_from(member(*part->second.first, "timing", part_file),
                          fmt::format("{}: variant '{}': grid block {}", part_file, name, block + 1), part_file, 0);
          if (v.timing) {
            v.timing->wall_seconds += cost.wall_seconds;
            v.timing->cpu_seconds += cost.cpu_seconds;
          }
          grid_parts.erase(part);
        }
        for (; next < own_records.size(); ++next) records.emplace_back(&own_records[next], shard_of.at(name));
      }
      std::set<std::string> seen_records;
      for (std::size_t k = 0; k < records.size(); ++k) {
        // the record's own shard file
        const std::string where = fmt::format("{}: variant '{}', record {}", files[records[k].second], name, k + 1);
        CheckRecord record;
        try {
          record = record_from_json(*records[k].first);
        } catch (const RecordFieldError& err) {
          throw ShardError(where + ": " + err.what());
        }
        if (record.variant != name) throw ShardError(where + ": a record of another variant");
        if (const std::string problem = v.spec.kind->record_point_problem(record); !problem.empty())
          throw ShardError(where + ": field 'point' " + problem);
        const bool one_per_claim = record.check == CheckKind::Claim || record.check == CheckKind::Property;
        if (!seen_records.insert(one_per_claim ? to_string(record.check) + ":" + record.claim : record_identity(record))
                 .second)
          throw ShardError(where + ": the same check as an earlier record (" + to_string(record.check) +
                           (record.claim.empty() ? "" : " " + record.claim) +
                           (record.point.empty() ? "" : " at " + describe_point(record.point)) + ")");
        if (one_per_claim || !record.claim.empty()) {
          const auto it = expected.find({record.check, record.claim});
          if (it == expected.end())
            throw ShardError(fmt::format("{}: field 'claim': a {} record of '{}', which is not a {} of its spec", where,
                                         to_string(record.check), record.claim,
                                         record.check == CheckKind::Property ? "property" : "claim"));
          record.expected = it->second;
        } else {
          record.expected = expectation_of(record);
        }
        if (record.is_grid_check() && geometry.value_exists) {
          const std::optional<GridPoint> p = exact_grid_point(record.point, v.spec.kind->claim_symbols());
          if (p && !geometry.value_exists(*p) && (record.certified || record.verdict == Verdict::Agree))
            throw ShardError(where + ": field 'verdict': a " + (record.certified ? "certified " : "") +
                             to_string(record.verdict) + " at " + describe_point(record.point) +
                             ", where S does not exist (or is not shown to) under the variant's score law");
        }
        // a certified verdict is proved again, not taken from the shard: from its balls, or a
        // property's by computing the property again from the spec
        // and every property's record (not only a certified one: round 8 of the attack merged a
        // forged "proved" and a certified counterexample turned into an uncertified agree) is
        // computed again from the spec, except a sampled property's, which the merge judges anew
        // from the sampled checks (judge_sampled_properties)
        const auto property = std::find_if(v.spec.properties.begin(), v.spec.properties.end(),
                                           [&](const Property& p) { return p.id == record.claim; });
        const bool sampled_property =
            property != v.spec.properties.end() &&
            std::any_of(property->checks.begin(), property->checks.end(),
                        [](const PropertyCheck& c) { return c.kind->input() == PropertyInput::SampledChecks; });
        // a sampled check beside others: what they decide is computed again from the spec, and the
        // Monte Carlo added to it anew (judge_sampled_properties), so nothing of the shard's record stays
        const bool beside_others = sampled_property && !std::all_of(property->checks.begin(), property->checks.end(),
                                                                    [](const PropertyCheck& c) {
                                                                      return c.kind->input() ==
                                                                             PropertyInput::SampledChecks;
                                                                    });
        if (record.check == CheckKind::Property && beside_others) {
          CheckRecord again = v.spec.kind->recheck_property(v.spec, *property, result.options);
          again.expected = record.expected;
          record = std::move(again);
        } else if (record.check == CheckKind::Property && (record.certified || !sampled_property)) {
          if (property == v.spec.properties.end())
            throw ShardError(where + ": field 'claim': a property record of no property of its spec");
          const CheckRecord again = v.spec.kind->recheck_property(v.spec, *property, result.options);
          if (again.certified != record.certified || again.verdict != record.verdict)
            throw ShardError(fmt::format(
                "{}: field 'verdict': computed again from the spec, property '{}' is {}{}, not {}{}", where,
                record.claim, again.certified ? "certified " : "", to_string(again.verdict),
                record.certified ? "a certified " : "", to_string(record.verdict)));
          // and the record itself is the one computed: its point, values and balls too (a ball
          // moved to another point, or replaced, would otherwise stand as certified)
          const nlohmann::ordered_json written = record_json(record, RecordStyle::Shard),
                                       computed = record_json(again, RecordStyle::Shard);
          for (const auto& [key, value] : computed.items())
            if (!written.contains(key) || written[key] != value)
              throw ShardError(fmt::format(
                  "{}: field '{}': computed again from the spec, property '{}' has {} there, not the shard's {}", where,
                  key, record.claim, value.dump(), written.contains(key) ? written[key].dump() : "nothing"));
          for (const auto& [key, value] : written.items())
            if (!computed.contains(key))
              throw ShardError(fmt::format("{}: field '{}': computed again from the spec, property '{}' has no such "
                                           "field",
                                           where, key, record.claim));
        } else if (record.certified) {
          if (const std::string problem = certified_record_problem(record, result.options.digits); !problem.empty())
            throw ShardError(where + ": field 'certified': " + problem);
        }
        // the evidence fits the record (a certified level only with its balls, which were proved
        // again above; a property's was computed again whole)
        if (const std::string problem = evidence_problem(record); !problem.empty())
          throw ShardError(where + ": field 'evidence': " + problem);
        v.records.push_back(std::move(record));
      }
      for (const std::string& problem : {grid_coverage_problem(v), claim_coverage_problem(v)})
        if (!problem.empty()) throw ShardError(fmt::format("{}: variant '{}': {}", file, name, problem));
      // a dealt grid's records stand at their points' places: record k is the grid check at grid point k
      for (std::size_t k = 0; blocks > 1 && k < v.spec.grid.size(); ++k) {
        const std::optional<GridPoint> p =
            v.records[k].is_grid_check() ? exact_grid_point(v.records[k].point, v.spec.kind->claim_symbols())
                                         : std::nullopt;
        if (!p || *p != v.spec.grid[k])
          throw ShardError(fmt::format("{}: variant '{}', record {}: not the grid check at grid point {} ({}), where "
                                       "the blocks of a dealt grid put it",
                                       files[records[k].second], name, k + 1, k + 1,
                                       describe_point(v.spec.named_point(v.spec.grid[k]))));
      }
      for (std::size_t k = 0; k < v.records.size(); ++k)
        for (const std::string& problem :
             {closed_ball_problem(v, v.records[k], result.options.digits, again.S_separate),
              counterexample_problem(v, v.records[k], result.options.digits, result.options.seed_for(std::nullopt))})
          if (!problem.empty())
            throw ShardError(fmt::format("{}: variant '{}', record {}: field 'enclosure': {}",
                                         files[records[k].second], name, k + 1, problem));
      try {
        v.grid_figure = figure_from(member(j, "grid_figure", file));
        if (blocks > 1) dealing->mark_grid_figure(v);  // the marks of every block, not only the shard's own
        for (const auto& f : member(j, "figures", file)) v.figures.push_back(figure_from(f));
        for (const auto& t : member(j, "tables", file)) v.tables.push_back(table_from(t));
      } catch (const ShardError& err) {
        throw ShardError(fmt::format("{}: variant '{}': {}", file, name, err.what()));
      }
      attach_parametric(v);  // computed from the spec, as the forms are, never read from the shard
      result.variants.push_back(std::move(v));
    }
    if (!grid_parts.empty()) {
      const auto& [key, part] = *grid_parts.begin();
      throw ShardError(fmt::format("{}: variant '{}': grid block {} is not one that the run deals out", files[part.second],
                                   key.first, key.second + 1));
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
