// libFuzzer target: load_specs on arbitrary bytes. A spec is accepted or rejected with a
// SpecError; anything else (a crash, a sanitizer report, another exception type, a
// hang caught by -timeout) is a finding. Run by scripts/fuzz.sh.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

#include "src/kinds/registry.hpp"
#include "src/spec/spec.hpp"
#include "src/spec/spec_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/attnverify-fuzz-" + std::to_string(getpid()) + ".toml";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  attnverify::Bibliography bibliography;
  bibliography["Su2023"] = attnverify::Reference{"Su2023", "Su Jianlin", "t", "", "", 2023};
  try {
    (void)attnverify::load_specs(path, bibliography);  // a sweep reads each of its members
  } catch (const attnverify::SpecError&) {
  }
  return 0;
}
