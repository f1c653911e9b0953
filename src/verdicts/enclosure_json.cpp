#include "src/verdicts/enclosure_json.hpp"

namespace attnverify {

nlohmann::json enclosure_json(const std::vector<std::pair<std::string, Enclosure>>& enclosure) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, ball] : enclosure) out[name] = {{"mid", ball.mid}, {"rad", ball.rad}};
  return out;
}

std::vector<std::pair<std::string, Enclosure>> enclosure_from(const nlohmann::json& j) {
  std::vector<std::pair<std::string, Enclosure>> out;
  for (const auto& [name, ball] : j.items())
    out.emplace_back(name, Enclosure{ball.at("mid").get<std::string>(), ball.at("rad").get<std::string>()});
  return out;
}

}  // namespace attnverify
