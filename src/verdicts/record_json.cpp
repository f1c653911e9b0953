#include "src/verdicts/record_json.hpp"

#include <fmt/format.h>

#include <cmath>
#include <algorithm>
#include <functional>
#include <set>

#include "src/spec/spec_text.hpp"

namespace attnverify {

using json = nlohmann::ordered_json;

namespace {

constexpr std::size_t kMaxPointCoordinates = 8;
constexpr std::size_t kMaxNamedValues = 64;
constexpr std::size_t kMaxNumberText = 12000;  // a value at 100 digits, or a spec's exact point
constexpr unsigned long kMaxSampleKeys = 100000000;  // docs/spec-format.md, [sampling] n
constexpr unsigned kMaxDimension = 4096;             // docs/spec-format.md, [sampling] d

[[noreturn]] void fail(const std::string& key, const std::string& problem) { throw RecordFieldError(key, problem); }

// ---- readers of one value, each validating type and range ----

std::string text_of(const json& j, const std::string& key) {
  if (!j.is_string()) fail(key, "is not a string");
  const std::string s = j.get<std::string>();
  if (const std::string problem = free_text_problem(s, kMaxTextLength * 5); !problem.empty()) fail(key, problem);
  return s;
}

std::string identifier_of(const json& j, const std::string& key, bool may_be_empty) {
  const std::string s = text_of(j, key);
  if (s.empty() && may_be_empty) return s;
  if (const std::string problem = identifier_problem(s); !problem.empty()) fail(key, problem);
  return s;
}

double finite_of(const json& j, const std::string& key) {
  if (!j.is_number()) fail(key, "is not a number");
  const double x = j.get<double>();
  if (!std::isfinite(x)) fail(key, "is not finite");
  return x;
}

unsigned long long count_of(const json& j, const std::string& key, unsigned long long max) {
  if (!j.is_number_integer() || (j.is_number_integer() && !j.is_number_unsigned() && j.get<long long>() < 0))
    fail(key, "is not a non-negative integer");
  const unsigned long long n = j.get<unsigned long long>();
  if (n > max) fail(key, fmt::format("is {}, above the largest value a run writes ({})", n, max));
  return n;
}

bool bool_of(const json& j, const std::string& key) {
  if (!j.is_boolean()) fail(key, "is not true or false");
  return j.get<bool>();
}

// {name: value} in order: names identifiers (or short text), values text of at most
// kMaxNumberText characters accepted by `number` when it is given.
NamedValues named_of(const json& j, const std::string& key, bool identifiers,
                     bool (*number)(const std::string&) = nullptr) {
  if (!j.is_object()) fail(key, "is not an object of named values");
  if (j.size() > kMaxNamedValues) fail(key, fmt::format("has more than {} entries", kMaxNamedValues));
  NamedValues out;
  for (const auto& [name, value] : j.items()) {
    const std::string problem = identifiers ? identifier_problem(name) : free_text_problem(name, 200);
    if (!problem.empty()) fail(key, "has a name that " + problem);
    const std::string text = text_of(value, key + "." + name);
    if (text.empty() || text.size() > kMaxNumberText || (number && !number(text)))
      fail(key + "." + name, number ? "is not a number" : "is empty or too long");
    out.emplace_back(name, text);
  }
  return out;
}

json named_json(const NamedValues& values) {
  json out = json::object();
  for (const auto& [k, v] : values) out[k] = v;
  return out;
}

// results.json's numeric mirror of named decimal strings: each as the nearest double, null where a
// double cannot hold it (double_of_number_text, src/verdicts/check_record.hpp)
json named_number_json(const NamedValues& values) {
  json out = json::object();
  for (const auto& [k, v] : values) {
    const std::optional<double> x = double_of_number_text(v);
    out[k] = x ? json(*x) : json(nullptr);
  }
  return out;
}

Verdict verdict_of(const json& j, const std::string& key) {
  if (const std::optional<Verdict> v = verdict_from_string(text_of(j, key))) return *v;
  fail(key, "is not a verdict (agree, disagree, inconclusive, not-applicable)");
}

// results.json: figures to 0.1 digit, statistics to 4 significant digits (their own
// uncertainty is far larger); a shard keeps the double.
json rounded_figure(double value, RecordStyle style) {
  return style == RecordStyle::Results ? std::round(value * 10) / 10 : value;
}
json rounded_statistic(double value, RecordStyle style) {
  return style == RecordStyle::Results ? std::stod(fmt::format("{:.4g}", value)) : value;
}

json search_json(const SearchSummary& s, RecordStyle style) {
  json out{{"region", s.region}, {"evaluations", s.evaluations}, {"probes", s.probes}, {"undecided", s.undecided}};
  if (s.worst_digits) {
    out["worst_digits"] = rounded_figure(*s.worst_digits, style);
    out["worst_point"] = named_json(s.worst_point);
    if (s.worst_undefined) out["worst_point_undefined"] = true;
    if (s.worst_below_resolution) out["worst_below_resolution"] = true;
  }
  return out;
}

SearchSummary search_of(const json& j) {
  if (!j.is_object()) fail("search", "is not an object");
  static const std::set<std::string> keys{"region",       "evaluations", "probes",
                                          "undecided",    "worst_digits", "worst_point",
                                          "worst_point_undefined", "worst_below_resolution"};
  for (const auto& [k, v] : j.items())
    if (!keys.count(k)) fail("search." + k, "is not a field of a search summary");
  for (const char* k : {"region", "evaluations", "probes", "undecided"})
    if (!j.contains(k)) fail(std::string("search.") + k, "is missing");
  SearchSummary s;
  s.region = text_of(j.at("region"), "search.region");
  s.evaluations = count_of(j.at("evaluations"), "search.evaluations", 1u << 30);
  s.probes = count_of(j.at("probes"), "search.probes", 1u << 30);
  s.undecided = count_of(j.at("undecided"), "search.undecided", 1u << 30);
  if (j.contains("worst_digits")) {
    s.worst_digits = finite_of(j.at("worst_digits"), "search.worst_digits");
    if (!j.contains("worst_point")) fail("search.worst_point", "is missing beside worst_digits");
    s.worst_point =
        named_of(j.at("worst_point"), "search.worst_point", true, is_decimal_number_text);
    if (j.contains("worst_point_undefined"))
      s.worst_undefined = bool_of(j.at("worst_point_undefined"), "search.worst_point_undefined");
    if (j.contains("worst_below_resolution"))
      s.worst_below_resolution = bool_of(j.at("worst_below_resolution"), "search.worst_below_resolution");
  } else if (j.contains("worst_point") || j.contains("worst_point_undefined") || j.contains("worst_below_resolution")) {
    fail("search.worst_point", "is given without worst_digits");
  }
  return s;
}

json enclosure_json(const std::vector<std::pair<std::string, Enclosure>>& enclosure) {
  json out = json::object();
  for (const auto& [name, ball] : enclosure) out[name] = {{"mid", ball.mid}, {"rad", ball.rad}};
  return out;
}

std::vector<std::pair<std::string, Enclosure>> enclosure_of(const json& j) {
  if (!j.is_object() || j.empty() || j.size() > 3) fail("enclosure", "is not an object of one to three balls");
  std::vector<std::pair<std::string, Enclosure>> out;
  for (const auto& [role, ball] : j.items()) {
    const std::string key = "enclosure." + role;
    if (role != "closed" && role != "numeric" && role != "claim")
      fail(key, "is not a ball's role (closed, numeric, claim)");
    if (!ball.is_object() || ball.size() != 2 || !ball.contains("mid") || !ball.contains("rad"))
      fail(key, "is not a ball {\"mid\": ..., \"rad\": ...}");
    const std::string mid = text_of(ball.at("mid"), key + ".mid"), rad = text_of(ball.at("rad"), key + ".rad");
    if (mid.size() > kMaxNumberText || !is_decimal_number_text(mid) || mid.find_first_of("ni") != std::string::npos)
      fail(key + ".mid", "is not a finite decimal number");
    if (rad.size() > 64 || !is_decimal_number_text(rad) || rad[0] == '-' || rad.find('n') != std::string::npos)
      fail(key + ".rad", "is not a non-negative decimal number");
    out.emplace_back(role, Enclosure{mid, rad});
  }
  return out;
}

// {"level": a name of EvidenceLevel, "proposition": text, "rests_on": [claim ids]}
Evidence evidence_of(const json& j) {
  if (!j.is_object()) fail("evidence", "is not an object {\"level\": ..., \"proposition\": ..., \"rests_on\": [...]}");
  for (const auto& item : j.items())
    if (item.key() != "level" && item.key() != "proposition" && item.key() != "rests_on")
      fail("evidence." + item.key(), "is not a field of the evidence (level, proposition, rests_on)");
  if (!j.contains("level")) fail("evidence.level", "is missing");
  Evidence e;
  const std::optional<EvidenceLevel> level = evidence_level_from_string(text_of(j.at("level"), "evidence.level"));
  if (!level) fail("evidence.level", "is not an evidence level");
  e.level = *level;
  if (j.contains("proposition")) e.proposition = text_of(j.at("proposition"), "evidence.proposition");
  if (j.contains("rests_on")) {
    const json& ids = j.at("rests_on");
    if (!ids.is_array() || ids.size() > 64) fail("evidence.rests_on", "is not a list of at most 64 claim ids");
    for (const json& id : ids) e.rests_on.push_back(identifier_of(id, "evidence.rests_on", false));
  }
  return e;
}

// ---- the field table ----

struct Field {
  const char* key;
  bool required;  // in a shard
  std::function<void(json&, const CheckRecord&, RecordStyle)> write;
  std::function<void(const json&, CheckRecord&)> read;
};

template <typename T>
Field optional_number(const char* key, std::optional<T> CheckRecord::*member, bool statistic) {
  return {key, false,
          [=](json& j, const CheckRecord& r, RecordStyle style) {
            if (!(r.*member)) return;
            j[key] = statistic ? rounded_statistic(*(r.*member), style) : rounded_figure(*(r.*member), style);
          },
          [=](const json& j, CheckRecord& r) { r.*member = finite_of(j, key); }};
}

const std::vector<Field>& fields() {
  static const std::vector<Field> table{
      {"variant", true, [](json& j, const CheckRecord& r, RecordStyle) { j["variant"] = r.variant; },
       [](const json& j, CheckRecord& r) {
         r.variant = text_of(j, "variant");  // a spec's name, or a sweep member's base[t=0.5]
         if (const std::string problem = variant_name_problem(r.variant); !problem.empty()) fail("variant", problem);
       }},
      {"check", true, [](json& j, const CheckRecord& r, RecordStyle) { j["check"] = to_string(r.check); },
       [](const json& j, CheckRecord& r) {
         const std::optional<CheckKind> kind = check_kind_from_string(text_of(j, "check"));
         if (!kind) fail("check", "is not a check kind");
         r.check = *kind;
       }},
      {"claim", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (!r.claim.empty()) j["claim"] = r.claim;
       },
       [](const json& j, CheckRecord& r) { r.claim = identifier_of(j, "claim", false); }},
      {"point", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (!r.point.empty()) j["point"] = named_json(r.point);
       },
       [](const json& j, CheckRecord& r) {
         r.point = named_of(j, "point", true);
         if (r.point.empty() || r.point.size() > kMaxPointCoordinates)
           fail("point", fmt::format("has {} coordinates (1 to {})", r.point.size(), kMaxPointCoordinates));
       }},
      {"n", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (r.n) j["n"] = *r.n;
       },
       [](const json& j, CheckRecord& r) {
         r.n = count_of(j, "n", kMaxSampleKeys);
         if (*r.n == 0) fail("n", "is 0 (a sample has at least one key)");
       }},
      {"d", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (r.d) j["d"] = *r.d;
       },
       [](const json& j, CheckRecord& r) {
         r.d = static_cast<unsigned>(count_of(j, "d", kMaxDimension));
         if (*r.d == 0) fail("d", "is 0 (a key has at least one dimension)");
       }},
      {"seed", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (r.seed) j["seed"] = *r.seed;
       },
       [](const json& j, CheckRecord& r) {
         r.seed = static_cast<unsigned long>(count_of(j, "seed", std::numeric_limits<unsigned long>::max()));
       }},
      {"verdict", true, [](json& j, const CheckRecord& r, RecordStyle) { j["verdict"] = to_string(r.verdict); },
       [](const json& j, CheckRecord& r) { r.verdict = verdict_of(j, "verdict"); }},
      {"expected", true, [](json& j, const CheckRecord& r, RecordStyle) { j["expected"] = to_string(r.expected); },
       [](const json& j, CheckRecord& r) { r.expected = verdict_of(j, "expected"); }},
      {"method", true, [](json& j, const CheckRecord& r, RecordStyle) { j["method"] = r.method; },
       [](const json& j, CheckRecord& r) { r.method = text_of(j, "method"); }},
      {"evidence", true,
       [](json& j, const CheckRecord& r, RecordStyle) {
         json e{{"level", to_string(r.evidence.level)}};
         if (!r.evidence.proposition.empty()) e["proposition"] = r.evidence.proposition;
         if (!r.evidence.rests_on.empty()) e["rests_on"] = r.evidence.rests_on;
         j["evidence"] = e;
       },
       [](const json& j, CheckRecord& r) { r.evidence = evidence_of(j); }},
      optional_number("digits", &CheckRecord::digits, false),
      optional_number("error_digits", &CheckRecord::error_digits, false),
      {"values", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (!r.values.empty()) j["values"] = named_json(r.values);
       },
       [](const json& j, CheckRecord& r) { r.values = named_of(j, "values", false); }},
      {"z", false,
       [](json& j, const CheckRecord& r, RecordStyle style) {
         if (r.z) j["z"] = style == RecordStyle::Results ? json(std::round(*r.z * 1000) / 1000) : json(*r.z);
       },
       [](const json& j, CheckRecord& r) { r.z = finite_of(j, "z"); }},
      {"p_value", false,
       [](json& j, const CheckRecord& r, RecordStyle style) {
         if (r.p_value) j["p_value"] = rounded_statistic(*r.p_value, style);
       },
       [](const json& j, CheckRecord& r) {
         r.p_value = finite_of(j, "p_value");
         if (*r.p_value < 0 || *r.p_value > 1) fail("p_value", "is not in [0, 1]");
       }},
      {"standard_error", false,
       [](json& j, const CheckRecord& r, RecordStyle style) {
         if (r.standard_error) j["standard_error"] = rounded_statistic(*r.standard_error, style);
       },
       [](const json& j, CheckRecord& r) {
         r.standard_error = finite_of(j, "standard_error");
         if (*r.standard_error < 0) fail("standard_error", "is negative");
       }},
      optional_number("bias", &CheckRecord::bias, true),
      optional_number("population_standard_error", &CheckRecord::population_standard_error, true),
      optional_number("bootstrap_standard_error", &CheckRecord::bootstrap_standard_error, true),
      optional_number("clt_skewness", &CheckRecord::clt_skewness, true),
      {"confirmation", false,
       [](json& j, const CheckRecord& r, RecordStyle style) {
         if (!r.confirmation) return;
         const CheckRecord::Confirmation& c = *r.confirmation;
         j["confirmation"] = {
             {"n", c.n},
             {"seed", c.seed},
             {"z", style == RecordStyle::Results ? json(std::round(c.z * 1000) / 1000) : json(c.z)},
             {"p_value", rounded_statistic(c.p_value, style)}};
       },
       [](const json& j, CheckRecord& r) {
         if (!j.is_object() || j.size() != 4) fail("confirmation", "is not a table of n, seed, z and p_value");
         CheckRecord::Confirmation out;
         for (const char* key : {"n", "seed", "z", "p_value"})
           if (!j.contains(key)) fail(std::string("confirmation.") + key, "is missing");
         out.n = static_cast<unsigned long>(count_of(j["n"], "confirmation.n", std::numeric_limits<unsigned long>::max()));
         out.seed = static_cast<unsigned long>(
             count_of(j["seed"], "confirmation.seed", std::numeric_limits<unsigned long>::max()));
         out.z = finite_of(j["z"], "confirmation.z");
         out.p_value = finite_of(j["p_value"], "confirmation.p_value");
         if (out.p_value < 0 || out.p_value > 1) fail("confirmation.p_value", "is not in [0, 1]");
         if (out.n == 0) fail("confirmation.n", "is 0");
         r.confirmation = out;
       }},
      {"search", false,
       [](json& j, const CheckRecord& r, RecordStyle style) {
         if (r.search) j["search"] = search_json(*r.search, style);
       },
       [](const json& j, CheckRecord& r) { r.search = search_of(j); }},
      {"certified", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (r.compares_values() || r.certified) j["certified"] = r.certified;
       },
       [](const json& j, CheckRecord& r) { r.certified = bool_of(j, "certified"); }},
      {"enclosure", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (!r.enclosure.empty()) j["enclosure"] = enclosure_json(r.enclosure);
       },
       [](const json& j, CheckRecord& r) { r.enclosure = enclosure_of(j); }},
      {"conflict", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (r.conflict) j["conflict"] = true;
       },
       [](const json& j, CheckRecord& r) { r.conflict = bool_of(j, "conflict"); }},
      {"detail", false,
       [](json& j, const CheckRecord& r, RecordStyle) {
         if (!r.detail.empty()) j["detail"] = r.detail;
       },
       [](const json& j, CheckRecord& r) { r.detail = text_of(j, "detail"); }},
  };
  return table;
}

}  // namespace

json record_json(const CheckRecord& record, RecordStyle style, std::optional<ClaimRole> role) {
  json j = json::object();
  for (const Field& field : fields()) {
    field.write(j, record, style);
    // the role follows the claim id (results.json only: the merge reads it from the spec)
    if (std::string(field.key) == "claim" && role && style == RecordStyle::Results) j["role"] = to_string(*role);
    // numeric mirrors for data analysis (results.json only: the strings are the record)
    if (std::string(field.key) == "point" && !record.point.empty() && style == RecordStyle::Results)
      j["point_number"] = named_number_json(record.point);
    if (std::string(field.key) == "values" && !record.values.empty() && style == RecordStyle::Results)
      j["values_number"] = named_number_json(record.values);
  }
  return j;
}

CheckRecord record_from_json(const json& j) {
  if (!j.is_object()) throw RecordFieldError("(record)", "is not an object");
  CheckRecord r;
  for (const auto& item : j.items()) {
    const std::string key = item.key();  // a named copy: a lambda may not capture a structured binding (C++17)
    if (std::none_of(fields().begin(), fields().end(), [&](const Field& f) { return key == f.key; }))
      throw RecordFieldError(key, "is not a field of a check record");
  }
  for (const Field& field : fields()) {
    if (!j.contains(field.key)) {
      if (field.required) throw RecordFieldError(field.key, "is missing");
      continue;
    }
    field.read(j.at(field.key), r);
  }
  // the report prints a sampled check's estimate and reference as numbers
  if (r.check == CheckKind::Sampled)
    for (const char* name : {"sampled", "reference"})
      if (std::none_of(r.values.begin(), r.values.end(),
                       [&](const auto& v) { return v.first == name && is_decimal_number_text(v.second); }))
        throw RecordFieldError(std::string("values.") + name, "is missing or not a number (a sampled check has both)");
  return r;
}

}  // namespace attnverify
