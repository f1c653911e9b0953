#!/usr/bin/env bash
# A large grid dealt across shards (docs/history.md, issue 46): a kernel grid of more than one
# block of 256 points (src/verdicts/grid_blocks.hpp) is checked block by block by the shards,
# block b of the run's variant k by shard ((k + b) mod N) + 1, and `attnverify merge` puts the
# blocks back in grid order. tests/specs/dealt/: relu on 600 points (3 blocks) and x^2 on 6.
# Merged from N = 2, 3 and 4 shards, results.json and report.tex (records, the grid figure's
# marks, the digits map) must equal the unsharded run's apart from the command line, threads and
# wall time; tampered blocks are refused.
# Usage: dealt_grid_test.sh PATH_TO_ATTNVERIFY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/cli_checks.sh"
cd "$work"
export SOURCE_DATE_EPOCH=1700000000
specs="$src/tests/specs/dealt"
strip() { grep -v '"command"' "$1" | grep -vE '^(command|threads|wall time) &'; }
same() { test -s "$1" && test -s "$2" && cmp -s <(strip "$1") <(strip "$2"); }

check "unsharded run exits 0" expect_exit 0 "$bin" run "$specs" --out whole --no-pdf --quiet
check "... with 607 checks" grep -q "^607 checks, 0 unexpected verdicts" "$work/out"
for n in 2 3 4; do
  for i in $(seq 1 "$n"); do
    check "shard $i/$n exits 0" expect_exit 0 "$bin" run "$specs" --shard "$i/$n" --out "n$n-s$i"
    cat "$work/out" "$work/err" >"n$n-s$i.out"
  done
  check "$n shards merge (exit 0)" expect_exit 0 "$bin" merge $(seq -f "n$n-s%g" "$n" -1 1) --out "merged$n" --no-pdf --quiet
  check "... into the unsharded results.json" same whole/results.json "merged$n/results.json"
  check "... and report.tex" same whole/report.tex "merged$n/report.tex"
done
# what each shard of 3 checked: shard 1 runs dealt-relu (its claim too) with its block 1 (points 1 to 256), shard 2
# runs dealt-square and block 2 of dealt-relu, shard 3 block 3 (points 513 to 600)
check "shard 1/3 checks grid points 1 to 256 of dealt-relu" grep -q "shard 1/3: 1 variants, 257 checks" n3-s1.out
check "shard 2/3 checks block 2 (points 257 to 512) and dealt-square" \
  bash -c "grep -q 'grid points 257 to 512 (block 2 of 3)' n3-s2.out && grep -q 'shard 2/3: 1 variants, 262 checks' n3-s2.out"
check "shard 3/3 checks block 3 alone" \
  bash -c "grep -q 'grid points 513 to 600 (block 3 of 3)' n3-s3.out && grep -q 'shard 3/3: 0 variants, 88 checks' n3-s3.out"
check "of 2 shards, shard 1 keeps blocks 1 and 3" grep -q "shard 1/2: 1 variants, 345 checks" n2-s1.out
# the marks at beta = -2 and -1 lie in block 1 (shard 1), at 0, 1 and 2 in block 2 (shard 2)
marks() {  # the number of points of each series of marks in dealt-relu's figure in report.tex $1
  # (its section comes first, a variant with a claim; dealt-square's full section follows with its own)
  /usr/bin/python3 -c "
import re, sys
tex = open(sys.argv[1]).read()
tex = tex[tex.index(r'\label{variant:dealt-relu}'):tex.index(r'\label{variant:dealt-square}')]
print(' '.join(str(len(re.findall(r'\(', m))) for m in re.findall(r'only marks, mark=o[^]]*\] coordinates \{([^}]*)\}', tex)))" "$1"
}
check "the merged grid figure has 5 series of 20 marks, from two shards' blocks" test "$(marks merged3/report.tex)" = "20 20 20 20 20"

tamper="/usr/bin/python3 $src/tests/shard_tamper.py"
# refused CASE MESSAGE: shard 2 of 3 edited by CASE (digest recomputed), the merge exits 2 with MESSAGE
refused() {
  rm -rf t2 && cp -r n3-s2 t2 && $tamper n3-s2/shard.json t2/shard.json "$1" --redigest &&
    expect_exit 2 "$bin" merge n3-s1 t2 n3-s3 --out bad --no-pdf --quiet && grep -q -- "$2" "$work/err"
}
check "a dealt block left out is refused" refused grid_part_dropped "has no records of grid block 2 of variant 'dealt-relu'"
check "a block's records out of grid order are refused" refused grid_part_records_swapped "record 257: not the grid check at grid point 257"
check "a block short of a record is refused" refused grid_part_record_dropped "grid block 2 must hold 256 records"
check "a block the run deals to another shard is refused" refused grid_part_renumbered "grid block 3 is not one that the run deals to shard 2/3"
check "a block given twice is refused" refused grid_part_twice "grid block 2 is given twice"
check "a dealt block's certified agree turned disagree is refused" refused grid_part_verdict_forged "field 'certified'"
check "a block checked on another version of the spec is refused" refused grid_part_spec_digest "changed since shard 2/3 checked grid block 2 of variant 'dealt-relu'"
check "a block with a key a run does not write is refused" refused grid_part_extra_key "a grid block is not {variant, spec_digest, block, records, timing}"
check "grid_parts that are not a list are refused" refused grid_parts_object "grid_parts is not a list"
check "no merged output after these refusals" test ! -e bad/results.json

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
