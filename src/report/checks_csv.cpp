#include "src/report/checks_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "src/verdicts/check_record.hpp"

namespace attnverify {

namespace {

// One field as RFC 4180 writes it: quoted, quotes doubled, when it holds a comma, a quote or a
// line break. (No well-kept CSV writer for C++ ships with Debian 12; libcsv is C and unmaintained.)
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string number(const std::optional<double>& x) { return x ? fmt::format("{}", *x) : std::string(); }

std::string point_text(const NamedValues& point) {
  std::string out;
  for (const auto& [name, value] : point) out += (out.empty() ? "" : "; ") + name + "=" + value;
  return out;
}

}  // namespace

std::string checks_csv(const RunResult& run) {
  // the coordinate names that are numbers somewhere in the run, in order of first appearance
  std::vector<std::string> coordinates;
  for (const VariantResult& v : run.variants)
    for (const CheckRecord& r : v.records)
      for (const auto& [name, value] : r.point)
        if (double_of_number_text(value) &&
            std::find(coordinates.begin(), coordinates.end(), name) == coordinates.end())
          coordinates.push_back(name);

  std::string out = "variant,kind,law,check,claim,point";
  for (const std::string& name : coordinates) out += "," + field("point_" + name);
  out += ",n,d,verdict,expected,evidence,digits,value_name,value,value_number,certified\n";
  for (const VariantResult& v : run.variants) {
    const std::string law = v.spec.kind->score_law_name(v.spec);
    for (const CheckRecord& r : v.records) {
      std::vector<std::string> row{v.spec.name, v.spec.kind->name(), law,           to_string(r.check),
                                   r.claim,     point_text(r.point)};
      for (const std::string& name : coordinates) {
        const auto at = std::find_if(r.point.begin(), r.point.end(), [&](const auto& c) { return c.first == name; });
        row.push_back(at == r.point.end() ? "" : number(double_of_number_text(at->second)));
      }
      row.push_back(r.n ? std::to_string(*r.n) : "");
      row.push_back(r.d ? std::to_string(*r.d) : "");
      row.push_back(to_string(r.verdict));
      row.push_back(to_string(r.expected));
      row.push_back(to_string(r.evidence.level));
      // as results.json rounds it (src/verdicts/record_json.cpp)
      row.push_back(r.digits ? fmt::format("{}", std::round(*r.digits * 10) / 10) : "");
      row.push_back(r.values.empty() ? "" : r.values.front().first);
      row.push_back(r.values.empty() ? "" : r.values.front().second);
      row.push_back(r.values.empty() ? "" : number(double_of_number_text(r.values.front().second)));
      row.push_back(r.compares_values() || r.certified ? (r.certified ? "true" : "false") : "");
      std::string line;
      for (std::size_t k = 0; k < row.size(); ++k) line += (k ? "," : "") + field(row[k]);
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace attnverify
