// Reproducible output despite GiNaC's hashing.
//
// GiNaC 1.8 seeds the hash of every expression class with the address of its mangled
// type name (ginac/hash_seed.h: "it changes from run to run"), and orders the terms
// of sums and products by those hashes. With address-space layout randomisation the
// order of terms, hence the printed closed forms and the rounding order of compiled
// expressions (the last digits of some values, the argmin among equal values),
// differs between two runs of the same command. Measured: three runs of
// `attnverify run specs/identity.toml` gave two different results.json; under
// `setarch -R` all three were identical.
//
// ensure_fixed_address_layout() therefore re-executes the program once with
// personality(ADDR_NO_RANDOMIZE), as `setarch -R` does. Where that is not permitted
// (a seccomp profile, a missing /proc/self/exe) it returns false and the run goes on
// with a warning: its results are right but their term order may vary.
#pragma once

namespace attnverify {

/// Returns true if the process runs without address randomisation (possibly after
/// re-executing itself with `argv`; on success of the re-exec it does not return).
bool ensure_fixed_address_layout(char** argv);

}  // namespace attnverify
