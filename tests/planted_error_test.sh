#!/usr/bin/env bash
# Negative controls of the grid and sampled checks (issue 45, the referee's 4.4: "plant an error
# in a closed form and show that the grid check and the sampled check catch it, and at what size
# of error"). The hidden option --plant-error EPS replaces exp's closed form S by S (1 + EPS) where
# the grid check (closed form vs quadrature) and the sampled check compare against it
# (src/verdicts/planted_error.hpp). The report states, under "what the checks detect", the
# smallest relative error each check detects: 10^-(P-5) for a grid point, and for the sampled
# tests X at the most precise test (its n and d) and Y at the least precise. This test reads X, Y
# and their (n, d) from report.tex and asserts:
#   - unplanted: every grid and every valid sampled check agrees, and the claim route's own
#     control (exp.toml's Su2023-eq5-off-by-1e-20, S (1 + 1e-20)) disagrees;
#   - EPS = 10 x 10^-(P-5): every grid point disagrees; EPS = 10^-(P-5) / 100: every one agrees;
#   - EPS = 2X: a sampled test at the stated (n, d) of the most precise one disagrees;
#     EPS = X/10: no sampled test disagrees; EPS = 2Y: every valid sampled test disagrees.
# Usage: planted_error_test.sh ATTNVERIFY SOURCE_DIR
set -euo pipefail
bin=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {  # run OUT [EPS]: exp alone at the suite's seed; an exit of 1 (unexpected verdicts) is the point
  local out=$1
  shift
  set +e
  "$bin" run "$src/specs/exp.toml" --out "$work/$out" --no-pdf --quiet --threads 2 "$@" >/dev/null 2>"$work/$out.err"
  local rc=$?
  set -e
  if [ "$rc" -gt 1 ]; then echo "FAIL run $out exited $rc"; cat "$work/$out.err"; exit 1; fi
}
run base
read -r grid best best_n best_d worst worst_n worst_d < <(/usr/bin/python3 - "$work/base/report.tex" <<'PY'
import re, sys
text = ' '.join(open(sys.argv[1]).read().split())
m = re.search(r'a relative error above \$10\^\{-(\d+)\}\$ \(the agreement threshold above\); a sampled test, '
              r'estimated from its SE at Holm\'s first threshold: a relative error in \$S\$ above about ([0-9.e-]+) '
              r'for the most precise test of this run \(\\texttt\{exp\}, \$n = (\d+)\$, \$d = (\d+)\$\) and '
              r'([0-9.e-]+) for the least precise \(\\texttt\{exp\}, \$n = (\d+)\$, \$d = (\d+)\$\)', text)
if not m:
    sys.exit('report.tex does not state what the checks detect')
print(*m.groups())
PY
)
echo "stated: grid 1e-$grid; sampled $best (n = $best_n, d = $best_d) to $worst (n = $worst_n, d = $worst_d)"
# (a number as decimal text from Python, never through the shell's arithmetic)
scaled() { /usr/bin/python3 -c "import sys; print('%.3g' % (float(sys.argv[1]) * float(sys.argv[2])))" "$1" "$2"; }
run grid_above --plant-error "1e-$((grid - 1))"
run grid_below --plant-error "1e-$((grid + 2))"
run sampled_best --plant-error "$(scaled "$best" 2)"
run sampled_small --plant-error "$(scaled "$best" 0.1)"
run sampled_worst --plant-error "$(scaled "$worst" 2)"
/usr/bin/python3 - "$work" "$best_n" "$best_d" <<'PY'
import json, sys
work, best_n, best_d = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def records(out):
    return json.load(open(f'{work}/{out}/results.json'))['checks']
def grid(out):
    return [r['verdict'] for r in records(out) if r['check'] == 'closed-vs-quadrature']
def sampled(out):  # the valid tests: a check whose CLT interval is not valid at its n is not a test
    return [r for r in records(out) if r['check'] == 'sampled' and r['verdict'] != 'inconclusive']
failures = []
def expect(ok, what):
    print(('ok   ' if ok else 'FAIL ') + what)
    if not ok: failures.append(what)
base = records('base')
expect(len(grid('base')) > 100 and set(grid('base')) == {'agree'}, f'unplanted: {len(grid("base"))} grid points agree')
expect(len(sampled('base')) >= 5 and all(r['verdict'] == 'agree' for r in sampled('base')),
       f'unplanted: {len(sampled("base"))} valid sampled tests agree')
control = [r for r in base if r.get('claim') == 'Su2023-eq5-off-by-1e-20']
expect(bool(control) and all(r['verdict'] == 'disagree' for r in control),
       'the claim route control S (1 + 1e-20) disagrees')
expect(set(grid('grid_above')) == {'disagree'}, 'a planted error 10x the grid threshold: every grid point disagrees')
expect(set(grid('grid_below')) == {'agree'}, 'a planted error 1/100 of the grid threshold: every grid point agrees')
at = [r for r in sampled('sampled_best') if r.get('n') == best_n and r.get('d') == best_d]
expect(any(r['verdict'] == 'disagree' for r in at),
       f'2x the most precise threshold: a sampled test at n = {best_n}, d = {best_d} disagrees')
expect(all(r['verdict'] == 'agree' for r in sampled('sampled_small')),
       '1/10 of the most precise threshold: no sampled test disagrees')
expect(sampled('sampled_worst') and all(r['verdict'] == 'disagree' for r in sampled('sampled_worst')),
       '2x the least precise threshold: every valid sampled test disagrees')
planted = open(f'{work}/grid_above/report.tex').read()
expect('planted error' in planted, 'a planted run says so in its reproducibility block')
sys.exit(1 if failures else 0)
PY
