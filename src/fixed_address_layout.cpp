#include "src/fixed_address_layout.hpp"

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
  execv("/proc/self/exe", argv);
  personality(static_cast<unsigned long>(current));  // exec failed: carry on as before
  return false;
}

}  // namespace attnverify
