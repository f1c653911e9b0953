# The start and helpers shared by the command-line tests (cli_test.sh, shard_test.sh,
# hardening_test.sh); sourced, not run, by a script called as SCRIPT PATH_TO_ATTNVERIFY
# SOURCE_DIR: sets bin and src (absolute) from those arguments and `work`, a scratch
# directory removed on exit.
set -u
bin=$(realpath "$1")
src=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
passes=0
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then echo "ok   $name"; passes=$((passes + 1)); else echo "FAIL $name"; failures=$((failures + 1)); fi
}
expect_exit() {  # expect_exit CODE COMMAND...: stdout to $work/out, stderr to $work/err
  local want=$1; shift
  # a hang is a failure too: no single command of these tests needs 5 minutes
  timeout 300 "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [ "$got" -eq 124 ] && echo "  no answer within 300 s: $*"
  [ "$got" -eq "$want" ] || { echo "  exit $got, wanted $want: $*"; sed 's/^/  | /' "$work/err" | tail -5; return 1; }
}
