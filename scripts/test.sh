#!/usr/bin/env bash
# The test job: install what is missing, build, and run every test with CTest
# (Boost.Test suites, the CLI end-to-end test, and the standard suite without PDF).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"  # e.g. -L quick
# The mutation suite's figures (docs/history.md, issue 4): mutants, proved equivalent, kill rate.
grep -h "mutation suite:" build/Testing/Temporary/LastTest.log || true
