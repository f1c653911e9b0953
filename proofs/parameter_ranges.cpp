#include "proofs/parameter_ranges.hpp"

#include <cmath>
#include <cstdint>
#include <map>
#include <mutex>

#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

thread_local std::vector<ParameterRange> active;

// Bisections of the box: up to 2^10 sub-boxes, each 1/1024 of a range's width for one parameter
// (t^2 - 2t + 1.01 > 0 on [0, 2] needs 1/200; a sign that fails does so at the first sub-box that
// does not show it, so an undecided sign costs about 2 * 10 enclosures)
constexpr int kBisections = 10;

// The strict sign of the enclosure of e on the box, bisecting the widest parameter `depth` times
// more; 0 when some sub-box does not show one, or two sub-boxes show different ones.
int sign_on_box(const ex& e, std::vector<std::pair<numeric, numeric>>& box, int depth) {
  SymbolRanges ranges;
  for (std::size_t k = 0; k < active.size(); ++k) ranges[active[k].symbol] = enclosing_range({active[k].symbol, box[k].first, box[k].second});
  const Range r = enclose(e, ranges);
  if (r.positive()) return 1;
  if (r.negative()) return -1;
  if (depth == 0) return 0;
  std::size_t widest = 0;
  for (std::size_t k = 1; k < box.size(); ++k)
    if (box[k].second - box[k].first > box[widest].second - box[widest].first) widest = k;
  const auto saved = box[widest];
  const numeric mid = (saved.first + saved.second) / 2;
  box[widest] = {saved.first, mid};
  const int left = sign_on_box(e, box, depth - 1);
  int right = 0;
  if (left != 0) {
    box[widest] = {mid, saved.second};
    right = sign_on_box(e, box, depth - 1);
  }
  box[widest] = saved;
  return left == right ? left : 0;
}

// A realsymbol with a chosen serial number (GiNaC's symbol keeps it protected; the copies GiNaC
// makes of it are plain realsymbols with that serial).
class SerialSymbol : public realsymbol {
 public:
  SerialSymbol(const std::string& name, const std::string& tex, unsigned chosen) : realsymbol(name, tex) {
    serial = chosen;
  }
};

}  // namespace

ex parameter_symbol(const std::string& name, const std::string& tex) {
  static std::mutex mutex;
  static std::map<std::string, ex> by_name;
  static std::map<unsigned, std::string> taken;
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = by_name.find(name); it != by_name.end()) return it->second;
  // FNV-1a of the name, in [2^31, 2^31 + 2^30): above the serials GiNaC's counter gives out (one
  // per symbol made, from 0); a collision of two names moves the later one on
  std::uint32_t hash = 2166136261u;
  for (const unsigned char c : name) hash = (hash ^ c) * 16777619u;
  unsigned serial = 0x80000000u | (hash & 0x3fffffffu);
  while (taken.count(serial)) serial = 0x80000000u | ((serial + 1) & 0x3fffffffu);
  taken[serial] = name;
  const ex symbol = SerialSymbol(name, tex, serial);
  by_name.emplace(name, symbol);
  return symbol;
}

ScopedParameterRanges::ScopedParameterRanges(std::vector<ParameterRange> ranges) : saved_(std::move(active)) {
  active = std::move(ranges);
}

ScopedParameterRanges::~ScopedParameterRanges() { active = std::move(saved_); }

const std::vector<ParameterRange>& parameter_ranges() { return active; }

bool has_parameter(const ex& e) {
  for (const ParameterRange& p : active)
    if (e.has(p.symbol)) return true;
  return false;
}

ex at_parameter_midpoints(const ex& e) {
  if (!has_parameter(e)) return e;
  exmap at;
  for (const ParameterRange& p : active) at[p.symbol] = (p.lo + p.hi) / 2;
  return e.subs(at);
}

bool is_parametric_constant(const ex& e) {
  try {
    const ex value = at_parameter_midpoints(e).evalf();
    return is_exactly_a<numeric>(value) && ex_to<numeric>(value).is_real();
  } catch (const std::exception&) {
    return false;
  }
}

Range enclosing_range(const ParameterRange& p) {
  Range r{p.lo.to_double(), p.hi.to_double(), false, false};
  if (numeric(r.lo) != p.lo) r.lo = std::nextafter(r.lo, -HUGE_VAL);
  if (numeric(r.hi) != p.hi) r.hi = std::nextafter(r.hi, HUGE_VAL);
  return r;
}

SymbolRanges parameter_symbol_ranges() {
  SymbolRanges ranges;
  for (const ParameterRange& p : active) ranges[p.symbol] = enclosing_range(p);
  return ranges;
}

std::optional<int> sign_for_every_parameter(const ex& e) {
  if (!is_parametric_constant(e)) return std::nullopt;
  std::vector<std::pair<numeric, numeric>> box;
  for (const ParameterRange& p : active) box.emplace_back(p.lo, p.hi);
  const int sign = sign_on_box(e, box, kBisections);
  if (sign == 0) return std::nullopt;
  return sign;
}

std::string parameter_ranges_text() {
  std::string out;
  for (const ParameterRange& p : active)
    out += (out.empty() ? "" : ", ") + to_text(p.symbol) + " in [" + to_text(p.lo) + ", " + to_text(p.hi) + "]";
  return out;
}

}  // namespace attnverify::sym
