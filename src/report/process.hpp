// Running an external program (latexmk) safely: fork and exec with an argument vector
// (no shell ever parses a path or a spec string), in a working directory of our
// choosing, with extra environment variables, in a process group of its own so that
// the whole tree (latexmk, pdflatex) can be stopped at once, with a wall-clock limit,
// and stopped early when `should_stop` says so (Ctrl-C of attnverify).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace attnverify {

struct ProcessResult {
  int exit_code = -1;      ///< the program's exit status (-1 if it did not exit normally)
  bool timed_out = false;  ///< killed at the wall-clock limit
  bool stopped = false;    ///< killed because should_stop() returned true
  std::string failure;     ///< could not be started: why
};

/// Runs argv[0] (looked up in PATH) with `argv`, in `directory`, standard output and
/// error to `output_file` (in `directory`), with `environment` added. Polls every 50 ms;
/// past `timeout_seconds` or when should_stop() is true, sends SIGTERM to the process
/// group, then SIGKILL after 2 s. The program is killed when attnverify dies
/// (PR_SET_PDEATHSIG, also after kill -9); `started`, when given, receives its process id,
/// which is also its process group's, so that a later run can stop what it left behind.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& directory,
                          const std::vector<std::pair<std::string, std::string>>& environment,
                          const std::string& output_file, double timeout_seconds,
                          const std::function<bool()>& should_stop,
                          const std::function<void(int)>& started = {});

}  // namespace attnverify
