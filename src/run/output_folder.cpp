#include "src/run/output_folder.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace attnverify {

namespace fs = std::filesystem;

namespace {

// SIGINT and SIGTERM are held back while files are renamed into place
class HeldSignals {
 public:
  HeldSignals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(SIG_BLOCK, &set, &saved_);
  }
  ~HeldSignals() { sigprocmask(SIG_SETMASK, &saved_, nullptr); }

 private:
  sigset_t saved_;
};

std::string temporary_name(const fs::path& target) { return target.string() + ".tmp." + std::to_string(getpid()); }

}  // namespace

OutputFolder::OutputFolder(std::string directory) : directory_(std::move(directory)) {
  std::error_code ec;
  fs::create_directories(directory_, ec);
  if (ec) throw OutputError("cannot create the output folder " + directory_ + ": " + ec.message());
  if (!fs::is_directory(directory_, ec)) throw OutputError(directory_ + " is not a folder");
  const std::string lock = (fs::path(directory_) / ".attnverify.lock").string();
  lock_fd_ = open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) throw OutputError("cannot write in the output folder " + directory_ + ": " + std::strerror(errno));
  if (flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    close(lock_fd_);
    lock_fd_ = -1;
    throw OutputError("another attnverify run is writing to " + directory_ + " (it holds " + lock +
                      "); wait for it or choose another --out");
  }
  // a probe file: writable, and not full to the last byte
  const std::string probe = temporary_name(fs::path(directory_) / ".write-probe");
  {
    std::ofstream out(probe, std::ios::binary);
    out << "attnverify";
    out.flush();
    if (!out) {
      const std::string reason = std::strerror(errno);
      fs::remove(probe, ec);
      throw OutputError("cannot write in the output folder " + directory_ + ": " + reason);
    }
  }
  fs::remove(probe, ec);
}

OutputFolder::~OutputFolder() {
  if (lock_fd_ >= 0) close(lock_fd_);  // releases the lock
}

void OutputFolder::replace(const std::vector<std::pair<std::string, std::string>>& texts,
                           const std::optional<std::string>& pdf) {
  std::vector<std::pair<std::string, fs::path>> staged;  // temporary -> destination
  auto discard = [&] {
    std::error_code ec;
    for (const auto& [temporary, target] : staged) fs::remove(temporary, ec);
  };
  for (const auto& [name, text] : texts) {
    const fs::path target = fs::path(directory_) / name;
    const std::string temporary = temporary_name(target);
    staged.emplace_back(temporary, target);
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      const std::string reason = std::strerror(errno);
      discard();
      throw OutputError("cannot write " + temporary + " (" + reason + "); nothing in " + directory_ + " was replaced");
    }
  }
  const fs::path pdf_target = fs::path(directory_) / "report.pdf";
  HeldSignals held;
  std::error_code ec;
  for (const auto& [temporary, target] : staged) {
    fs::rename(temporary, target, ec);
    if (ec) {
      discard();
      throw OutputError("cannot rename " + temporary + " to " + target.string() + ": " + ec.message());
    }
  }
  if (pdf) {
    fs::rename(*pdf, pdf_target, ec);
    if (ec)
      throw OutputError("cannot move the new report.pdf into place: " + ec.message() +
                        "; results.json and report.tex are new");
  } else {
    fs::remove(pdf_target, ec);  // an older run's PDF does not belong to the new set
  }
}

}  // namespace attnverify
