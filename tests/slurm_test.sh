#!/usr/bin/env bash
# The Slurm route of README.md on a real scheduler (issue 46): a one-node cluster in a scratch
# folder (munged, slurmctld and slurmd as this user, with their own socket, ports, state and
# logs; nothing outside the folder is touched), then scripts/slurm/submit.sh submits the standard
# suite as an array of 3 shards and a merge after them. The merged results.json and report.tex
# must equal the unsharded run's (standard_suite_test, a CTest fixture) apart from the command
# line, threads and wall time. Every daemon started here is stopped by its PID on exit. Where
# Debian's slurm-wlm and munge are not installed (scripts/install-deps.sh --slurm) or the
# daemons do not come up, the test says so and exits 77, which CTest reports as skipped.
# Usage: slurm_test.sh PATH_TO_ATTNVERIFY SOURCE_DIR UNSHARDED_OUT
source "$(dirname "${BASH_SOURCE[0]}")/cli_checks.sh"
whole=$(realpath "$3")
skip() { echo "SKIPPED: $*"; exit 77; }
for tool in munged mungekey slurmctld slurmd sbatch squeue scontrol sinfo; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (scripts/install-deps.sh --slurm installs slurm-wlm and munge)"
done
cluster="$work/cluster"
mkdir -p "$cluster/state" "$cluster/spool"
pids=()
stop_daemons() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  return 0
}
trap 'stop_daemons; rm -rf "$work"' EXIT
export SLURM_CONF="$cluster/slurm.conf"
export SOURCE_DATE_EPOCH=1700000000  # the report's date, as standard_suite_test sets it
host=$(hostname -s)
memory=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512))
mungekey -c -k "$cluster/munge.key" >/dev/null 2>&1 || skip "mungekey could not create a key"
# -f: the scratch folder's permissions (0700, not world-executable) are fine for a test
munged -F -f --socket="$cluster/munge.sock" --key-file="$cluster/munge.key" --pid-file="$cluster/munged.pid" \
  --seed-file="$cluster/munged.seed" --log-file="$cluster/munged.log" >"$cluster/munged.out" 2>&1 &
pids+=($!)
cat >"$SLURM_CONF" <<CONF
ClusterName=attnverify-test
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$cluster/munge.sock
CredType=cred/munge
StateSaveLocation=$cluster/state
SlurmdSpoolDir=$cluster/spool
SlurmctldPidFile=$cluster/slurmctld.pid
SlurmdPidFile=$cluster/slurmd.pid
SlurmctldLogFile=$cluster/slurmctld.log
SlurmdLogFile=$cluster/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
SwitchType=switch/none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
NodeName=$host CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
for _ in $(seq 50); do [ -S "$cluster/munge.sock" ] && break; sleep 0.1; done
[ -S "$cluster/munge.sock" ] || skip "munged did not start: $(tail -2 "$cluster/munged.out")"
slurmctld -D -f "$SLURM_CONF" >"$cluster/slurmctld.out" 2>&1 &
pids+=($!)
sleep 1
slurmd -D -f "$SLURM_CONF" >"$cluster/slurmd.out" 2>&1 &
pids+=($!)
idle=""
for _ in $(seq 60); do
  idle=$(sinfo -h -o %T 2>/dev/null)
  [ "$idle" = idle ] && break
  sleep 0.5
done
[ "$idle" = idle ] || skip "the one-node cluster did not come up (node state '$idle'; $(tail -2 "$cluster/slurmctld.log" "$cluster/slurmd.log" 2>/dev/null | tr '\n' ' '))"
echo "one-node cluster up: host $host, $(nproc) CPUs, daemons ${pids[*]}"

strip() { grep -v '"command"' "$1" | grep -vE '^(command|threads|wall time) &'; }
same() {  # same A B: both exist and are equal apart from the lines strip drops
  test -s "$1" && test -s "$2" && cmp -s <(strip "$1") <(strip "$2") ||
    { diff <(strip "$1") <(strip "$2") | head -20 | sed 's/^/  | /'; return 1; }
}
check "the unsharded run of the suite is there" test -s "$whole/results.json"
cd "$work"
check "submit.sh submits the standard suite as 3 shards and a merge" expect_exit 0 \
  env ATTNVERIFY="$bin" "$src/scripts/slurm/submit.sh" --shards 3 --cpus 1 --out "$work/suite" --no-pdf "$src/specs"
sed 's/^/  | /' "$work/out"
array=$(sed -n 's/^shards: job array \([0-9]*\).*/\1/p' "$work/out")
merge=$(sed -n 's/^merge:  job \([0-9]*\).*/\1/p' "$work/out")
state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort | uniq -c | tr '\n' ' '; }
# the merge ends when the shards and it have run (the suite takes about a minute of 2 CPUs)
for _ in $(seq 600); do
  case "$(state "$merge")" in *PENDING* | *RUNNING* | *CONFIGURING* | *COMPLETING* | "") sleep 1 ;; *) break ;; esac
done
echo "  array $array: $(state "$array"); merge $merge: $(state "$merge")"
check "every shard of the array completed" bash -c "[ \"\$(scontrol show job $array | grep -c 'JobState=COMPLETED')\" -eq 3 ]"
check "the merge completed (exit 0: every verdict as expected)" bash -c "scontrol show job $merge | grep -q 'JobState=COMPLETED.*' && scontrol show job $merge | grep -q 'ExitCode=0:0'"
check "merged results.json equals the unsharded one" same "$whole/results.json" "$work/suite/results.json"
check "merged report.tex equals the unsharded one" same "$whole/report.tex" "$work/suite/report.tex"
[ "$failures" -eq 0 ] || tail -5 "$work/suite/logs/"*.log 2>/dev/null | sed 's/^/  | /'
echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
