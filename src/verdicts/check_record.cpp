#include "src/verdicts/check_record.hpp"

#include <sstream>

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

std::string describe_point(const NamedValues& point) {
  std::string out;
  for (const auto& [name, value] : point) out += (out.empty() ? "" : ", ") + name + " = " + value;
  return out;
}

}  // namespace attnverify
