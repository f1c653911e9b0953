#!/usr/bin/env bash
# The main job: install what is missing, build, and run the standard verification
# suite (specs/) into reports/out/ (results.json, report.tex, report.pdf).
# Extra arguments go to `attnverify run`, e.g. --digits 100 or --no-pdf.
# Exit code: attnverify's (0 all verdicts as expected, 1 unexpected verdict,
# 2 bad input, 3 outputs not written).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
exec ./build/attnverify run specs --out reports/out "$@"
