#!/usr/bin/env bash
# CPU seconds of the standard suite (`attnverify run specs --no-pdf`) against a baseline build,
# measured in one sitting on one machine (issue 46, "a faster suite"): the two commands run in
# turn, A B A B ..., each a whole process timed by GNU time (user + system seconds, and wall), and
# the script prints every run, each command's median and the median of the pairwise ratios A/B.
# Each build runs its own checkout's specs (the suite as that commit defined it).
#
# Usage: bench/suite_cpu.sh BASELINE_CHECKOUT [RUNS]
#   BASELINE_CHECKOUT: a checkout with build/attnverify built (e.g. a git worktree of a0509f7,
#   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target attnverify);
#   RUNS: pairs to run (default 3). Run from the repository root, with build/attnverify built.
# Nothing else should run on the machine meanwhile. The last pair's results.json are compared by
# scripts/compare_results.py (its first lines: the checks and unexpected verdicts of each; a
# baseline with other specs has other checks, so compare verdicts against a build of the same
# specs, e.g. HEAD before a change, to see that an optimisation changed none).
set -euo pipefail
base=$(realpath "$1")
runs=${2:-3}
here=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
time_run() {  # time_run CHECKOUT LABEL: prints "cpu wall"
  local checkout=$1 label=$2
  (cd "$checkout" && /usr/bin/time -f "%U %S %e" -o "$out/$label.time" build/attnverify run specs --out "$out/$label" \
    --no-pdf --quiet >/dev/null 2>&1) || true
  awk '{ printf "%.2f %.2f\n", $1 + $2, $3 }' "$out/$label.time"
}
echo "run  current_cpu_s current_wall_s  baseline_cpu_s baseline_wall_s  ratio_cpu"
ratios=() currents=() bases=()
for k in $(seq 1 "$runs"); do
  read -r cpu_a wall_a < <(time_run "$here" current)
  read -r cpu_b wall_b < <(time_run "$base" baseline)
  ratio=$(awk -v a="$cpu_a" -v b="$cpu_b" 'BEGIN { printf "%.3f", a / b }')
  ratios+=("$ratio") currents+=("$cpu_a") bases+=("$cpu_b")
  printf "%-4s %13s %14s  %14s %15s  %9s\n" "$k" "$cpu_a" "$wall_a" "$cpu_b" "$wall_b" "$ratio"
done
median() { printf "%s\n" "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "median CPU seconds: current $(median "${currents[@]}"), baseline $(median "${bases[@]}"); median ratio current/baseline $(median "${ratios[@]}")"
/usr/bin/python3 "$here/scripts/compare_results.py" "$out/baseline/results.json" "$out/current/results.json" >"$out/compare.txt" || true
head -1 "$out/compare.txt"
