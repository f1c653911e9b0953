// The output folder of a run (--out): taken before the computation, replaced as one set.
//   - opening it creates it (with its parents), takes an exclusive lock on
//     OUT/.attnverify.lock (flock: a second run into the same folder is refused at once,
//     and the lock goes with the process, also on kill -9) and checks that files can be
//     written there, so a run that would fail to write learns it before hours of work;
//   - replace() writes every new file next to its destination under a name unique to this
//     process, and only when all are complete renames them into place, with SIGINT and
//     SIGTERM held back meanwhile: results.json, report.tex and report.pdf of one run, or
//     none of them. A report.pdf of an older run is removed when the new set has none.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace attnverify {

/// The outputs cannot be written (exit code 3).
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OutputFolder {
 public:
  /// Throws OutputError: cannot create, locked by another run, or not writable.
  explicit OutputFolder(std::string directory);
  ~OutputFolder();
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;

  /// Replaces the files named in `texts` (file name -> content) and report.pdf (moved
  /// from `pdf` when given, else removed) as one set. Throws OutputError with what was
  /// and was not replaced.
  void replace(const std::vector<std::pair<std::string, std::string>>& texts, const std::optional<std::string>& pdf);

  const std::string& path() const { return directory_; }

 private:
  std::string directory_;
  int lock_fd_ = -1;
};

}  // namespace attnverify
