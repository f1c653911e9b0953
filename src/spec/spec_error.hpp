// The error raised for bad input: a spec or bibliography that cannot be used.
// It names the file, the 1-based line (0 when unknown) and the key, and says
// what is wrong; the CLI prints what() and exits with code 2 (docs/design.md §4).
// SpecErrorList collects the errors of independent parts of a spec (each claim, each
// property, each spec file), so that a user sees every one at once.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace attnverify {

class SpecError : public std::runtime_error {
 public:
  SpecError(std::string file, std::size_t line, std::string key, const std::string& message)
      : std::runtime_error(format(file, line, key, message)),
        file(std::move(file)),
        line(line),
        key(std::move(key)),
        message(message) {}

  std::string file;
  std::size_t line;
  std::string key;
  std::string message;  ///< what is wrong, without the file, line and key

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

/// The errors found in parts of the input that are read independently of each other, in
/// the order found. throw_if_any() throws one SpecError: the first error's file, line and
/// key, and a message that lists every error, each after the first on a line of its own
/// beginning "error: " (as the CLI prints the first), at most kMaxListed of them.
class SpecErrorList {
 public:
  static constexpr std::size_t kMaxListed = 50;

  /// Runs `read`; a SpecError it throws is kept and false returned (anything else propagates).
  template <class Read>
  bool attempt(Read&& read) {
    try {
      read();
      return true;
    } catch (const SpecError& error) {
      errors_.push_back(error);
      return false;
    }
  }
  void add(const SpecError& error) { errors_.push_back(error); }
  bool empty() const { return errors_.empty(); }
  std::size_t size() const { return errors_.size(); }

  /// Throws the errors kept as one SpecError (see the class); returns when there are none.
  void throw_if_any() const {
    if (errors_.empty()) return;
    if (errors_.size() == 1) throw errors_.front();
    std::string message = errors_.front().message;
    for (std::size_t k = 1; k < errors_.size() && k < kMaxListed; ++k) message += "\nerror: " + std::string(errors_[k].what());
    if (errors_.size() > kMaxListed)
      message += "\nerror: and " + std::to_string(errors_.size() - kMaxListed) + " more errors";
    throw SpecError(errors_.front().file, errors_.front().line, errors_.front().key, message);
  }

 private:
  std::vector<SpecError> errors_;
};

}  // namespace attnverify
