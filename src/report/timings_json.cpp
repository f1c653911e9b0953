#include "src/report/timings_json.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

namespace attnverify {

using json = nlohmann::ordered_json;

namespace {

double hundredths(double seconds) { return std::round(seconds * 100) / 100; }

}  // namespace

std::string timings_json(const RunResult& run) {
  json root;
  root["threads"] = run.options.threads;
  root["cores"] = std::thread::hardware_concurrency();
  root["wall_seconds"] = hundredths(run.seconds);
  if (!run.shard_runs.empty()) {
    json shards = json::array();
    for (const RunResult::ShardRun& s : run.shard_runs)
      shards.push_back({{"index", s.index}, {"threads", s.threads}, {"cores", s.cores},
                        {"wall_seconds", hundredths(s.seconds)}});
    root["shards"] = shards;
  }
  json variants = json::array();
  double wall = 0, cpu = 0;
  for (const VariantResult& v : run.variants) {
    if (!v.timing) continue;
    json entry{{"name", v.spec.name},
               {"kind", v.spec.kind->name()},
               {"wall_seconds", hundredths(v.timing->wall_seconds)},
               {"cpu_seconds", hundredths(v.timing->cpu_seconds)}};
    if (v.timing->shard) entry["shard"] = v.timing->shard;
    variants.push_back(entry);
    wall += v.timing->wall_seconds;
    cpu += v.timing->cpu_seconds;
  }
  root["variants"] = variants;
  root["total"] = {{"wall_seconds", hundredths(wall)}, {"cpu_seconds", hundredths(cpu)}};
  return root.dump(2) + "\n";
}

std::string timings_line(const RunResult& run) {
  std::vector<const VariantResult*> timed;
  double wall = 0, cpu = 0;
  for (const VariantResult& v : run.variants)
    if (v.timing) {
      timed.push_back(&v);
      wall += v.timing->wall_seconds;
      cpu += v.timing->cpu_seconds;
    }
  if (timed.empty()) return "";
  std::stable_sort(timed.begin(), timed.end(), [](const VariantResult* a, const VariantResult* b) {
    return a->timing->cpu_seconds > b->timing->cpu_seconds;
  });
  std::string out = fmt::format("time: {:.1f} s wall, {:.1f} s CPU in the checks of {} variant{}", wall, cpu,
                                timed.size(), timed.size() == 1 ? "" : "s");
  if (timed.size() > 1) {
    out += "; most CPU:";
    for (std::size_t k = 0; k < std::min<std::size_t>(3, timed.size()); ++k)
      out += fmt::format("{} {} {:.1f} s", k ? "," : "", timed[k]->spec.name, timed[k]->timing->cpu_seconds);
  }
  return out + " (timings.json)\n";
}

}  // namespace attnverify
