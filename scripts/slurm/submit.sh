#!/usr/bin/env bash
# Submits the standard suite (or the given specs) to Slurm as a job array of N shards and a merge
# that runs when every shard has succeeded (README.md, "Slurm"). The checkout, the specs and the
# output folder must be on storage that every node sees: the shards write OUT/shards/1..N, the merge OUT/results.json,
# OUT/report.tex and OUT/report.pdf.
#
# Usage: scripts/slurm/submit.sh [--shards N] [--cpus C] [--out DIR] [--no-pdf] [SPEC_OR_DIR ...] [-- RUN_ARGS]
#   --shards N  the array's size (default 3)
#   --cpus C    CPUs per shard task, passed to attnverify as --threads (default 2)
#   --out DIR   the output folder (default reports/slurm, under the current folder), made absolute
#   --no-pdf    the merge writes no report.pdf
#   SPEC...     spec files or folders (default the checkout's specs/); after --, options of `attnverify run`
#               (e.g. --digits 100)
# ATTNVERIFY names another attnverify binary than build/attnverify.
# sbatch's own options come from the environment (SBATCH_PARTITION, SBATCH_ACCOUNT,
# SBATCH_TIMELIMIT, ...). Prints the two job ids. If a shard fails, the merge is cancelled
# (--kill-on-invalid-dep): resubmit that task alone (sbatch --array=K scripts/slurm/shard.sbatch
# with the same arguments, printed below) and then the merge.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)  # the checkout
n=3 cpus=2 out=reports/slurm
merge_args=()
specs=()
run_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) n=$2; shift 2 ;;
    --cpus) cpus=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --no-pdf) merge_args+=(--no-pdf); shift ;;
    --) shift; run_args=("$@"); break ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "submit.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) specs+=("$1"); shift ;;
  esac
done
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --shards must be a positive integer (found '$n')" >&2; exit 2; }
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --cpus must be a positive integer (found '$cpus')" >&2; exit 2; }
[ ${#specs[@]} -gt 0 ] || specs=("$here/specs")
for i in "${!specs[@]}"; do
  [ -e "${specs[$i]}" ] || { echo "submit.sh: no spec file or folder ${specs[$i]}" >&2; exit 2; }
  specs[$i]=$(realpath "${specs[$i]}")
done
bin=${ATTNVERIFY:-$here/build/attnverify}  # the tool the tasks run (default: this checkout's build)
[ -x "$bin" ] || { echo "submit.sh: $bin is missing: build first (README.md)" >&2; exit 2; }
bin=$(realpath "$bin")
mkdir -p "$out/logs"
out=$(realpath "$out")
args=("$bin" "$out" "$n" "${specs[@]}" "${run_args[@]}")
array=$(sbatch --parsable --array="1-$n" --cpus-per-task="$cpus" --output="$out/logs/shard-%a.log" \
  "$here/scripts/slurm/shard.sbatch" "${args[@]}")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --output="$out/logs/merge.log" \
  "$here/scripts/slurm/merge.sbatch" "$bin" "$out" "$n" "${merge_args[@]}")
merge=${merge%%;*}
echo "shards: job array $array (tasks 1-$n, CPUs per task: $cpus; logs $out/logs/shard-K.log)"
echo "merge:  job $merge, after every shard succeeds (log $out/logs/merge.log; results in $out)"
echo "a failed shard K: sbatch --array=K --cpus-per-task=$cpus --output=$out/logs/shard-%a.log $here/scripts/slurm/shard.sbatch ${args[*]}"
echo "  then the merge: sbatch --output=$out/logs/merge.log $here/scripts/slurm/merge.sbatch $bin $out $n ${merge_args[*]}"
