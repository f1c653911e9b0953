#!/usr/bin/env bash
# The README's promise on the whole standard suite (docs/history.md, issues 7 and 42): `run
# specs --shard i/3` for i = 1..3, then `merge`, gives the same results.json and report.tex
# as the unsharded run, apart from the recorded command line, threads and wall time. The
# unsharded run is the one standard_suite_test made (a CTest fixture, so the suite runs
# unsharded once for every whole-suite test). The suite holds what a small set lacks:
# sampled checks that are no tests at their n (expected inconclusive), a certified property
# counterexample (nonneg-linear), points where S does not exist under a score law.
# Usage: suite_shard_test.sh PATH_TO_ATTNVERIFY SOURCE_DIR UNSHARDED_OUT
source "$(dirname "${BASH_SOURCE[0]}")/cli_checks.sh"
whole=$(realpath "$3")
cd "$work"
# the report's date is fixed by SOURCE_DATE_EPOCH (standard_suite_test sets the same)
export SOURCE_DATE_EPOCH=1700000000
strip() { grep -v '"command"' "$1" | grep -vE '^(command|threads|wall time) &'; }
same() {  # same A B: both exist and are equal apart from the lines strip drops
  test -s "$1" && test -s "$2" && cmp -s <(strip "$1") <(strip "$2") ||
    { diff <(strip "$1") <(strip "$2") | head -20 | sed 's/^/  | /'; return 1; }
}
check "the unsharded run of the suite is there" test -s "$whole/results.json"
for i in 1 2 3; do
  check "shard $i/3 of the standard suite exits 0" expect_exit 0 "$bin" run "$src/specs" --shard "$i/3" --out "s$i" --quiet
done
check "merge of the standard suite's shards exits 0" expect_exit 0 "$bin" merge s2 s3 s1 --out merged --no-pdf --quiet
check "merged results.json equals the unsharded one" same "$whole/results.json" merged/results.json
check "merged report.tex equals the unsharded one" same "$whole/report.tex" merged/report.tex
echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
