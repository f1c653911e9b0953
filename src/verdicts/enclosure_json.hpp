// The JSON form of a record's enclosures, shared by results.json and the shards:
//   {"closed": {"mid": "0.56418958...", "rad": "1.2e-58"}, "numeric": {...}}
// (decimal strings; "claim" in place of "closed" for claims).
#pragma once

#include <nlohmann/json.hpp>

#include "src/verdicts/check_record.hpp"

namespace attnverify {

nlohmann::json enclosure_json(const std::vector<std::pair<std::string, Enclosure>>& enclosure);
/// Throws nlohmann::json::exception for a value that is not of the form above.
std::vector<std::pair<std::string, Enclosure>> enclosure_from(const nlohmann::json& j);

}  // namespace attnverify
