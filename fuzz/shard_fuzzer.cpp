// libFuzzer target: `attnverify merge` of one shard directory whose shard.json holds
// arbitrary bytes. A shard is accepted or refused with ShardError (or SpecError for a
// spec it names); anything else (a crash, a sanitizer report, another exception type, a
// hang caught by -timeout) is a finding. Run by scripts/fuzz.sh from the source root, so
// that the seed in fuzz/shards/ (a shard of tests/specs/small/exp_small.toml, with its
// digest) reaches the checks behind the digest.
//
// Not reached: GiNaC's archive reader on a forged archive with a recomputed digest
// (GiNaC trusts its archives); the digest refuses every archive edited without it.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "src/run/shard.hpp"
#include "src/spec/spec_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("attnverify-shard-fuzz-" + std::to_string(getpid()));
  static const bool made = std::filesystem::create_directories(dir) || true;
  (void)made;
  {
    std::ofstream out(dir / "shard.json", std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    (void)attnverify::merge_shards({dir.string()}, "attnverify merge (fuzz)");
  } catch (const attnverify::ShardError&) {
  } catch (const attnverify::SpecError&) {
  }
  return 0;
}
