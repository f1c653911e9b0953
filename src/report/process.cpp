#include "src/report/process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace attnverify {

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& directory,
                          const std::vector<std::pair<std::string, std::string>>& environment,
                          const std::string& output_file, double timeout_seconds,
                          const std::function<bool()>& should_stop, const std::function<void(int)>& started) {
  ProcessResult result;
  if (argv.empty()) {
    result.failure = "no program given";
    return result;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // the child's environment, built here: between fork and exec only async-signal-safe
  // calls are allowed (setenv may allocate, and OpenMP threads may hold malloc's lock)
  std::vector<std::string> entries;
  for (char** e = environ; *e; ++e) {
    const std::string entry(*e);
    bool replaced = false;
    for (const auto& [name, value] : environment) replaced = replaced || entry.rfind(name + "=", 0) == 0;
    if (!replaced) entries.push_back(entry);
  }
  for (const auto& [name, value] : environment) entries.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (std::string& e : entries) envp.push_back(e.data());
  envp.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    result.failure = std::string("fork failed: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) {  // the child: only async-signal-safe calls until exec
    setpgid(0, 0);
    // killed with attnverify (kill -9 included); if the parent died before this call, stop
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(126);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (chdir(directory.c_str()) != 0) _exit(126);
    const int fd = open(output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      close(fd);
    }
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, STDIN_FILENO);
    execvpe(args[0], args.data(), envp.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also from the parent, so that the group exists before any kill
  if (started) started(static_cast<int>(pid));
  const auto start = std::chrono::steady_clock::now();
  bool signalled = false;
  std::chrono::steady_clock::time_point signalled_at;
  while (true) {
    int status = 0;
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) {
      if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
      if (result.exit_code == 127 && !signalled) result.failure = argv[0] + " could not be started (is it installed?)";
      break;
    }
    if (done < 0 && errno != EINTR) {
      result.failure = std::string("waitpid failed: ") + std::strerror(errno);
      break;
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!signalled) {
      if (elapsed > timeout_seconds)
        result.timed_out = true;
      else if (should_stop && should_stop())
        result.stopped = true;
      if (result.timed_out || result.stopped) {
        kill(-pid, SIGTERM);
        signalled = true;
        signalled_at = std::chrono::steady_clock::now();
      }
    } else if (std::chrono::steady_clock::now() - signalled_at > std::chrono::seconds(2)) {
      kill(-pid, SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (signalled) kill(-pid, SIGKILL);  // anything of the group still alive
  return result;
}

}  // namespace attnverify
