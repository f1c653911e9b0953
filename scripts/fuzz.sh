#!/usr/bin/env bash
# Fuzzes spec loading, expression parsing, the claim judge and the shard merge with libFuzzer
# (clang, ASan + UBSan).
#   scripts/fuzz.sh              10 minutes per target (FUZZ_SECONDS=600), building first
#   FUZZ_RUNS=N scripts/fuzz.sh --no-build   N inputs per target from a fixed seed: the
#                                            reproducible run scripts/sanitize.sh uses in CI
#                                            (the claim judge and the shard merge, 20-100 times
#                                            slower per input, get N/20: CLAIM_FUZZ_RUNS and
#                                            SHARD_FUZZ_RUNS override)
# Seeds: specs/, tests/specs/{bad,small,edge,sweeps,symbolic}/ and fuzz/ (expressions, claims, shards,
# regressions). Any crash, sanitizer report, timeout (> 10 s for one input) or
# out-of-memory (> 4 GB)
# fails the script; the input is left in build-asan/fuzz-findings/ for you to add to
# fuzz/regressions/ (where tests/fuzz_regression_test.cpp replays it in every build).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-600}
if [ -n "${FUZZ_RUNS:-}" ]; then
  budget=(-runs="$FUZZ_RUNS" -seed=1)   # the same inputs on every machine
else
  budget=(-max_total_time="$seconds")
fi
if [ "${1:-}" != "--no-build" ]; then
  scripts/install-deps.sh --sanitizers
  CC=clang CXX=clang++ cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DATTNVERIFY_SANITIZE=ON -DATTNVERIFY_FUZZ=ON >/dev/null
  cmake --build build-asan -j"$(nproc)" --target spec_fuzzer expression_fuzzer claim_fuzzer shard_fuzzer
fi
export LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp
# an impossible allocation throws std::bad_alloc as in a release build (and is then a
# clean error); real memory growth is still caught by -rss_limit_mb
export ASAN_OPTIONS=allocator_may_return_null=1
findings=build-asan/fuzz-findings
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$findings" "$work/spec" "$work/expression" "$work/claim" "$work/shard"
for target in spec expression claim shard; do
  # the first folder collects new inputs; the others are read-only seeds
  case $target in
    spec) seeds=(specs tests/specs/bad tests/specs/small tests/specs/edge tests/specs/sweeps tests/specs/symbolic fuzz/regressions/spec) ;;
    expression) seeds=(fuzz/expressions fuzz/regressions/expression) ;;
    claim) seeds=(fuzz/claims fuzz/regressions/claim) ;;
    shard) seeds=(fuzz/shards fuzz/regressions/shard) ;;
  esac
  target_budget=("${budget[@]}")
  if [ "$target" = claim ] && [ -n "${FUZZ_RUNS:-}" ]; then
    target_budget=(-runs="${CLAIM_FUZZ_RUNS:-$((FUZZ_RUNS / 20))}" -seed=1)
  fi
  if [ "$target" = shard ] && [ -n "${FUZZ_RUNS:-}" ]; then
    target_budget=(-runs="${SHARD_FUZZ_RUNS:-$((FUZZ_RUNS / 20))}" -seed=1)
  fi
  echo "fuzz: ${target}_fuzzer, ${target_budget[*]}"
  if ! build-asan/fuzz/${target}_fuzzer "${target_budget[@]}" -timeout=10 -rss_limit_mb=4096 \
       -artifact_prefix="$findings/${target}-" -print_final_stats=1 "$work/$target" "${seeds[@]}" \
       > "$work/$target.log" 2>&1; then
    tail -40 "$work/$target.log"
    echo "fuzz: ${target}_fuzzer found a failing input in $findings/"
    exit 1
  fi
  grep -E "stat::number_of_executed_units|DONE" "$work/$target.log" | tail -2 | sed "s/^/fuzz: ${target}: /"
done
echo "fuzz: no crash, sanitizer report, timeout or out-of-memory"
