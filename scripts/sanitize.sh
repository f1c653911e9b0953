#!/usr/bin/env bash
# The sanitizer job (run by .ci/run after scripts/test.sh): a clang build with
# AddressSanitizer + UndefinedBehaviorSanitizer (any report aborts its test) and the
# libFuzzer targets, then
#  1. the test suite under the sanitizers, reduced: every test except
#     standard_suite_test (the full suite, ~40 s in a release build and several times
#     that instrumented) and the four that read its run (report_pages_test, which typesets its
#     report, results_data_test, which reads its checks.csv and timings.json (every run writes
#     them, cli_test's too), suite_shard_test, which runs it again in 3 shards, and slurm_test,
#     which does so under Slurm; excluding the fixture's
#     setup alone would not stop CTest from adding it back); cli_test, tutorial_test and the Boost suites run the same
#     code paths on small specs, and cli_test still interrupts a run of specs/;
#  2. a short, reproducible fuzzing run of each target: FUZZ_RUNS inputs (default
#     100 000) from a fixed seed, seeded with the specs, the malformed-spec corpus and
#     fuzz/regressions (the open-ended 10-minute run is scripts/fuzz.sh).
# Leaks inside CLN/GiNaC's static tables are suppressed (tests/sanitizers/lsan.supp).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --sanitizers
CC=clang CXX=clang++ cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DATTNVERIFY_SANITIZE=ON -DATTNVERIFY_FUZZ=ON >/dev/null
cmake --build build-asan -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp
# the standard suite under ASan takes too long; its report's page budget, the results-as-data
# test and the export test (tests/export_test.py) need its output
ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -E 'standard_suite_test|report_pages_test|results_data_test|export_test|suite_shard_test|slurm_test'
FUZZ_RUNS=${FUZZ_RUNS:-100000} scripts/fuzz.sh --no-build
