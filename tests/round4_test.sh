#!/usr/bin/env bash
# The attack round of 2026-11-28 (docs/history.md, issue 42: H1-H6, M3, L1-L9), one check per
# defect, on the attack's own reproducers (tests/round4/, with the attack's bibliography). Each
# check asks for what the review's "Expected" says, established independently of attnverify:
# mpmath at 60-100 digits in the h*_truth.py scripts (Debian's python3-mpmath), or the hand
# algebra in each spec's header. (M1 and M2, merges, are in shard_test.sh.)
# Usage: round4_test.sh PATH_TO_ATTNVERIFY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/cli_checks.sh"
cd "$work"
cp "$src"/tests/round4/*.toml .
py=/usr/bin/python3
# run SPEC: its results in res/SPEC (exit 0 or 1: verdicts are judged below, not the exit code)
run() {
  timeout 600 "$bin" run "$1.toml" --out "res/$1" --no-pdf --quiet --threads 2 >"$work/out" 2>"$work/err"
  local got=$?
  [ "$got" -le 1 ] || { echo "  exit $got: $1"; tail -3 "$work/err" | sed 's/^/  | /'; return 1; }
}
# verdict SPEC ID: the verdict of claim or property ID (or "VERDICT METHOD" with --method)
verdict() {
  $py -c "import json,sys; r=json.load(open('res/$1/results.json'))
print(*[c['verdict'] for c in r['checks'] if c.get('claim') == '$2'])"
}
is_verdict() {  # is_verdict SPEC ID WANTED
  local got
  got=$(verdict "$1" "$2")
  [ "$got" = "$3" ] || { echo "  $1 $2: $got, wanted $3"; return 1; }
}

# H2: every printed ball holds the exact value; L5: the ledger's deciding balls look disjoint
check "H2: the spec runs" run h2_identity_ball
check "H2, L5: printed balls contain S (mpmath, 90 digits) and the ledger's pair is disjoint as printed" \
  $py "$src/tests/round4/h2_truth.py" res/h2_identity_ball

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
