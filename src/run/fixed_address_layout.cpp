#include "src/run/fixed_address_layout.hpp"

#include <sys/personality.h>
#include <unistd.h>

#include <cstdlib>

namespace attnverify {

bool ensure_fixed_address_layout(char** argv) {
  const int current = personality(0xffffffff);  // query only
  if (current == -1) return false;
  if ((current & ADDR_NO_RANDOMIZE) != 0) return true;
  // guard against a loop should the new personality not survive the exec
  if (std::getenv("ATTNVERIFY_REEXECUTED") != nullptr) return false;
  if (personality(static_cast<unsigned long>(current | ADDR_NO_RANDOMIZE)) == -1) return false;
  setenv("ATTNVERIFY_REEXECUTED", "1", 1);
  // exec the binary by its real path, so that ps, top and pgrep show its name (executing
  // /proc/self/exe itself makes the process's name "exe")
  char path[4096];
  const ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length > 0) {
    path[length] = '\0';
    execv(path, argv);
  }
  execv("/proc/self/exe", argv);
  personality(static_cast<unsigned long>(current));  // exec failed: carry on as before
  return false;
}

}  // namespace attnverify
