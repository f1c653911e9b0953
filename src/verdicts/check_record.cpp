#include "src/verdicts/check_record.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "numerics/sparsity_estimate.hpp"
#include "src/spec/exact_text.hpp"

namespace attnverify {

namespace {
constexpr std::pair<CheckKind, const char*> kCheckNames[] = {
    {CheckKind::ClosedVsQuadrature, "closed-vs-quadrature"},
    {CheckKind::ClosedVsSummation, "closed-vs-summation"},
    {CheckKind::ClosedVsDirect, "closed-vs-direct"},
    {CheckKind::Claim, "claim"},
    {CheckKind::Property, "property"},
    {CheckKind::Sampled, "sampled"},
    {CheckKind::Asymptote, "asymptote"},
};
}  // namespace

std::string to_string(CheckKind kind) {
  for (const auto& [k, name] : kCheckNames)
    if (k == kind) return name;
  return "?";
}

std::optional<CheckKind> check_kind_from_string(const std::string& name) {
  for (const auto& [k, text] : kCheckNames)
    if (name == text) return k;
  return std::nullopt;
}

namespace {
// A run of at least one decimal digit starting at `at`; returns the position after it.
std::size_t digits_from(const std::string& s, std::size_t at) {
  std::size_t k = at;
  while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
  return k;
}
}  // namespace

bool is_exact_number_text(const std::string& text) { return exact_value(text).has_value(); }

bool is_decimal_number_text(const std::string& text) {
  if (text == "nan" || text == "inf" || text == "-inf" || text == "+inf") return true;
  if (text.size() > 12000) return false;
  std::size_t k = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
  const std::size_t int_end = digits_from(text, k);
  std::size_t end = int_end;
  bool any = int_end > k;
  if (end < text.size() && text[end] == '.') {
    end = digits_from(text, end + 1);
    any = any || end > int_end + 1;
  }
  if (!any) return false;
  if (end < text.size() && (text[end] == 'e' || text[end] == 'E')) {
    std::size_t e = end + 1;
    if (e < text.size() && (text[e] == '-' || text[e] == '+')) ++e;
    end = digits_from(text, e);
    if (end == e || end - e > 20) return false;
  }
  return end == text.size();
}

std::optional<double> double_of_number_text(const std::string& text) {
  // one decimal, as strtod reads it: nullopt on overflow, and on an underflow to 0 of a non-zero text
  const auto read = [](const std::string& t) -> std::optional<double> {
    if (!is_decimal_number_text(t) || t == "nan" || t.find("inf") != std::string::npos) return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const double x = std::strtod(t.c_str(), &end);
    if (end != t.c_str() + t.size() || !std::isfinite(x)) return std::nullopt;
    if (errno == ERANGE && x == 0) {
      const std::size_t e = t.find_first_of("eE");
      if (t.substr(0, e).find_first_of("123456789") != std::string::npos) return std::nullopt;  // underflow
    }
    return x;
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) return read(text);
  if (!is_exact_number_text(text)) return std::nullopt;
  const std::optional<double> p = read(text.substr(0, slash)), q = read(text.substr(slash + 1));
  if (!p || !q || *q == 0) return std::nullopt;
  const double x = *p / *q;
  if (!std::isfinite(x) || (x == 0 && *p != 0)) return std::nullopt;
  return x;
}

std::string point_shape_problem(const NamedValues& point, const std::vector<std::string>& names, bool exact_numbers) {
  std::string want, have;
  for (const std::string& n : names) want += (want.empty() ? "" : ", ") + n;
  for (const auto& [n, v] : point) have += (have.empty() ? "" : ", ") + n;
  if (have != want) return "has the coordinates (" + have + "), not (" + want + ")";
  if (exact_numbers)
    for (const auto& [n, v] : point)
      if (!is_exact_number_text(v)) return "has " + n + " = '" + v.substr(0, 40) + "', not an exact number";
  return "";
}

bool CheckRecord::clt_invalid() const { return clt_skewness && std::fabs(*clt_skewness) > num::kMaxCltSkewness; }

Verdict sampled_expectation(const CheckRecord& record, bool clt_premise_shown) {
  return record.z && (!clt_premise_shown || record.clt_invalid()) ? Verdict::Inconclusive : Verdict::Agree;
}

std::string describe_point(const NamedValues& point) {
  std::string out;
  for (const auto& [name, value] : point) out += (out.empty() ? "" : ", ") + name + " = " + value;
  return out;
}

std::string evidence_problem(const CheckRecord& r) {
  const EvidenceLevel level = r.evidence.level;
  const bool decided = r.verdict == Verdict::Agree || r.verdict == Verdict::Disagree;
  if (r.verdict == Verdict::Inconclusive && level != EvidenceLevel::Undecided)
    return std::string("an inconclusive record establishes nothing, not '") + to_string(level) + "'";
  if (decided && level == EvidenceLevel::Undecided && r.check != CheckKind::Sampled)
    return "an " + to_string(r.verdict) + " names the evidence it rests on, not 'undecided'";
  if (is_proof(level) && r.check != CheckKind::Claim && r.check != CheckKind::Property)
    return std::string("only a claim or a property is proved, not a ") + to_string(r.check) + " check";
  if (r.compares_values() && (decided || !r.values.empty()) && level != EvidenceLevel::Undecided &&
      is_certified_level(level) != r.certified)
    return std::string("'") + to_string(level) + "' on a record that is " + (r.certified ? "" : "not ") + "certified";
  return "";
}

}  // namespace attnverify
