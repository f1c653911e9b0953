#!/usr/bin/env bash
# Sharded runs (issue 7): `run --shard i/N` for N = 3, merged by `attnverify merge`
# (shards given out of order), must give the same results.json and report.tex as an
# unsharded run of the same specs, apart from the recorded command line. The specs:
# the small set (kernel, sequence and feature-map variants; sampled checks in two
# variants, judged together by Holm's procedure) plus a fact spec. Also the bad
# inputs: a malformed --shard, a missing shard, a shard given twice, shards of
# different runs, and a spec edited after its shard ran.
# Usage: shard_test.sh PATH_TO_ATTNVERIFY SOURCE_DIR
set -u
bin=$(realpath "$1")
src=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/cli_checks.sh"
# the specs are copied, so one can be edited later without touching the source tree
mkdir -p "$work/specs"
cp "$src"/tests/specs/small/*.toml "$src/specs/softmax-robustness.toml" "$work/specs/"
cp "$src/specs/bibliography.toml" "$work/specs/"
cd "$work"
strip() { grep -v '"command"' "$1" | grep -v '^command &'; }
same() {  # same A B: both exist and are equal apart from the command line
  test -s "$1" && test -s "$2" && cmp -s <(strip "$1") <(strip "$2")
}

check "unsharded run exits 0" expect_exit 0 "$bin" run specs --out whole --no-pdf --quiet
for i in 1 2 3; do
  check "shard $i/3 exits 0" expect_exit 0 "$bin" run specs --shard "$i/3" --out "s$i" --quiet
  check "shard $i/3 wrote shard.json only" bash -c "test -s s$i/shard.json && test ! -e s$i/results.json"
done
check "merge exits 0" expect_exit 0 "$bin" merge s3 s1 s2 --out merged --no-pdf --quiet
check "merged results.json equals the unsharded one" same whole/results.json merged/results.json
check "merged report.tex equals the unsharded one" same whole/report.tex merged/report.tex
check "Holm's procedure counted every sampled check of the run" \
  bash -c "grep -q 'over [0-9]* sampled checks' merged/results.json && ! grep -q 'over 0 sampled' merged/results.json"

check "malformed --shard is bad input" expect_exit 2 "$bin" run specs --shard 4/3 --out bad --quiet
check "the refusal says what is wrong" grep -q "i must be between 1 and N = 3" "$work/err"
check "a missing shard is bad input" expect_exit 2 "$bin" merge s1 s3 --out bad --quiet
check "the refusal names the missing shard" grep -q "shard 2/3 is missing" "$work/err"
check "a shard given twice is bad input" expect_exit 2 "$bin" merge s1 s2 s2 s3 --out bad --quiet
check "shards of another run are refused" bash -c "'$bin' run specs --shard 2/3 --digits 30 --out other --quiet >/dev/null 2>&1; '$bin' merge s1 other s3 --out bad --quiet 2>'$work/err'; test \$? -eq 2 && grep -q 'come from different runs' '$work/err'"
echo '# edited' >> specs/exp_small.toml
check "a spec edited after its shard ran is refused" expect_exit 2 "$bin" merge s1 s2 s3 --out bad --quiet
check "the refusal names the spec" grep -q "changed since its shard ran" "$work/err"
check "no merged output after a refusal" test ! -e bad/results.json

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
