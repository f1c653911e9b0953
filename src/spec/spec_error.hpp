// The error raised for bad input: a spec or bibliography that cannot be used.
// It names the file, the 1-based line (0 when unknown) and the key, and says
// what is wrong; the CLI prints what() and exits with code 2 (docs/design.md §4).
#pragma once

#include <stdexcept>
#include <string>

namespace attnverify {

class SpecError : public std::runtime_error {
 public:
  SpecError(std::string file, std::size_t line, std::string key, const std::string& message)
      : std::runtime_error(format(file, line, key, message)), file(std::move(file)), line(line), key(std::move(key)) {}

  std::string file;
  std::size_t line;
  std::string key;

 private:
  static std::string format(const std::string& file, std::size_t line, const std::string& key,
                            const std::string& message) {
    std::string out = file;
    if (line > 0) out += ":" + std::to_string(line);
    out += ": ";
    if (!key.empty()) out += "key '" + key + "': ";
    return out + message;
  }
};

}  // namespace attnverify
