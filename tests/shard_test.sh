#!/usr/bin/env bash
# Sharded runs (docs/history.md, issue 7): `run --shard i/N` for N = 3, merged by `attnverify merge`
# (shards given out of order), must give the same results.json and report.tex as an
# unsharded run of the same specs, apart from the recorded command line. The specs:
# the small set (kernel, sequence and feature-map variants; sampled checks in two
# variants, judged together by Holm's procedure) plus a fact spec. Also the bad
# inputs: a malformed --shard, a missing shard, a shard given twice, shards of
# different runs, and a spec edited after its shard ran.
# Usage: shard_test.sh PATH_TO_ATTNVERIFY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/cli_checks.sh"
# the specs are copied, so one can be edited later without touching the source tree
mkdir -p "$work/specs"
# with a sweep, whose three variants (one file) are dealt to three shards (docs/spec-format.md, "Sweeps")
cp "$src"/tests/specs/small/*.toml "$src/specs/softmax-robustness.toml" "$src/tests/specs/sweeps/relu2_shifted.toml" \
  "$src/tests/specs/symbolic/relu2_threshold.toml" "$work/specs/"
cp "$src/specs/bibliography.toml" "$work/specs/"
cd "$work"
# what differs by design: the command line, the thread count and the wall time (a merge
# measures none); the report's date is fixed by SOURCE_DATE_EPOCH
export SOURCE_DATE_EPOCH=1700000000
strip() { grep -v '"command"' "$1" | grep -vE '^(command|threads|wall time) &'; }
same() {  # same A B: both exist and are equal apart from the lines strip drops
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
check "the sweep's variants are in three shards, merged in the sweep's order" bash -c "
  for i in 1 2 3; do grep -q '\"name\": \"relu2-shifted\[t=' s\$i/shard.json || exit 1; done
  grep -o '\"name\": \"relu2-shifted[^\"]*\"' merged/results.json | tr '\n' ' ' |
    grep -qx '\"name\": \"relu2-shifted\[t=0\]\" \"name\": \"relu2-shifted\[t=0.5\]\" \"name\": \"relu2-shifted\[t=1\]\" '"
check "Holm's procedure counted each variant's sampled checks" \
  bash -c "grep -q \"over the variant's [0-9]* sampled checks\" merged/results.json && ! grep -q \"over the variant's 0 sampled\" merged/results.json"

# issue 46: the merged report states what each shard ran with (threads, wall time)
check "the merged report names each shard's threads" grep -qE '^threads & .*shard 1: .*shard 3: .*\(3 shards merged\)' merged/report.tex
check "... and each shard's wall time" grep -qE '^wall time & .*shards [0-9.]+ s, [0-9.]+ s, [0-9.]+ s' merged/report.tex
# issue 46: the same spec files named otherwise (./specs/, specs//) are the same run; a copy of
# them in another folder is not (its files are other files)
check "a shard run on ./specs/ exits 0" expect_exit 0 "$bin" run ./specs/ --shard 2/3 --out s2-dot --quiet
check "... and merges with the others" expect_exit 0 "$bin" merge s1 ./s2-dot/ s3 --out merged-dot --no-pdf --quiet
check "... into the unsharded results.json" same whole/results.json merged-dot/results.json
cp -r specs specs-copy
check "a shard of a copy of the specs is another run" bash -c "'$bin' run specs-copy --shard 2/3 --out s2-copy --quiet >/dev/null 2>&1; '$bin' merge s1 s2-copy s3 --out bad --quiet 2>'$work/err'; test \$? -eq 2 && grep -q 'name other spec files' '$work/err'"
check "malformed --shard is bad input" expect_exit 2 "$bin" run specs --shard 4/3 --out bad --quiet
check "the refusal says what is wrong" grep -q "i must be between 1 and N = 3" "$work/err"
check "a missing shard is bad input" expect_exit 2 "$bin" merge s1 s3 --out bad --quiet
check "the refusal names the missing shard" grep -q "shard 2/3 is missing" "$work/err"
check "a shard given twice is bad input" expect_exit 2 "$bin" merge s1 s2 s2 s3 --out bad --quiet
check "shards of another run are refused" bash -c "'$bin' run specs --shard 2/3 --digits 30 --out other --quiet >/dev/null 2>&1; '$bin' merge s1 other s3 --out bad --quiet 2>'$work/err'; test \$? -eq 2 && grep -q 'come from different runs' '$work/err'"

# Tampered and malformed shards (docs/history.md, issue 17: D4, D11, D12): each is refused with exit 2
# and the reason, before anything is written. tests/shard_tamper.py edits one shard;
# with --redigest it recomputes the shard's digest, so the checks behind it are reached.
tamper="/usr/bin/python3 $src/tests/shard_tamper.py"
for i in 1 2 3; do
  check "the test computes shard $i's digest as attnverify does" $tamper "s$i/shard.json" /dev/null check_digest
done
check "a redigested shard whose wall time Python prints shorter merges (exit 0)" bash -c "
  rm -rf t1 && cp -r s1 t1 && $tamper s1/shard.json t1/shard.json wall_time_not_shortest --redigest &&
  grep -q '96.31013205000001' t1/shard.json && '$bin' merge t1 s2 s3 --out grisu --no-pdf --quiet >/dev/null 2>&1"
# tampered [--all] CASE [--redigest]: t1..t3 are s1..s3 with CASE applied to the first
# shard it fits (to every shard with --all: the run's options must agree across shards)
tampered() {
  local all=0
  [ "$1" = --all ] && { all=1; shift; }
  rm -rf t1 t2 t3
  cp -r s1 t1 && cp -r s2 t2 && cp -r s3 t3
  for i in 1 2 3; do
    if $tamper "s$i/shard.json" "t$i/shard.json" "$@" 2>/dev/null; then
      [ $all -eq 1 ] || return 0
    else
      cp "s$i/shard.json" "t$i/shard.json"
    fi
  done
  [ $all -eq 1 ] && return 0
  echo "no shard fits the edit $1"
  return 1
}
# refused CASE [--redigest] MESSAGE: merging the tampered shards exits 2 with MESSAGE
refused() {
  local message=${*: -1}
  tampered "${@:1:$#-1}" && expect_exit 2 "$bin" merge t1 t2 t3 --out bad --no-pdf --quiet && grep -q -- "$message" "$work/err"
}
for edit in value verdict expected archive_flipped count_minus1 latex_in_form_label; do
  check "an edit ($edit) without a new digest is refused" refused "$edit" "digest does not match"
done
for edit in count_minus1 count_uint_max count_string count_1e9; do
  check "shard count $edit is refused" refused "$edit" --redigest "the shard count must be an integer from 1 to 10000"
done
check "digits = 1000 is refused" refused --all digits_1000 --redigest "digits must be 30, 50 or 100"
check "digits as a string is refused" refused --all digits_string --redigest "wrong type"
for edit in archive_random_hex archive_non_hex archive_truncated archive_cut_in_number; do
  check "a malformed closed form ($edit) is refused" refused "$edit" --redigest "closed form"
done
check "an unknown check kind is refused" refused check_unknown --redigest "field 'check' is not a check kind"
check "a missing member (records) is refused" refused missing_records --redigest "'records' is missing"
check "a missing member (shard) is refused" refused missing_shard --redigest "'shard' is missing"
check "a variant dropped from its shard is refused" refused variant_dropped --redigest "not those of shard"
check "LaTeX in the label of a derived form is refused" refused latex_in_form_label --redigest "not a formula attnverify writes"
check "a control character in a string is refused" refused control_character --redigest "control character"
check "100000 nested arrays are refused" refused nested "nested more than 64"
check "no merged output after these refusals" test ! -e bad/results.json
# Records are read through one field table (src/verdicts/record_json.hpp) and refused with
# the file and the field (docs/history.md, issue 27: H1, L10-L12); a certified verdict is
# proved again from its balls.
check "a sampled record without a point is refused" refused sampled_point_empty --redigest "field 'point'"
check "a sampled record with one coordinate is refused" refused sampled_point_one --redigest "field 'point'"
check "a sampled record with TeX in its point is refused" refused sampled_point_inject --redigest "field 'point'"
check "a sampled value that is not a number is refused" refused sampled_value_text --redigest "field 'values.sampled'"
check "a negative n is refused" refused n_negative --redigest "field 'n'"
check "forged certified balls (mid 7, rad 0) are refused" refused forge_enclosure --redigest "does not contain S at its point"
check "a certified agree whose balls are disjoint is refused" refused certified_unproved --redigest "field 'certified': its balls"
check "a ball that is not a number is refused" refused enclosure_garbage --redigest "field 'enclosure"
check "records given twice are refused" refused duplicate_records --redigest "the same check as an earlier record"
check "the refusal names the shard file" grep -q "shard.json: variant" "$work/err"
# the closed forms and certified counterexamples are recomputed from the spec at merge
check "an S that is not the derivation's S is refused" refused S_swapped --redigest "field 'S' is not the S"
check "a derived form of another variant is refused" refused form_of_another_variant --redigest "field 'forms' is not a closed form"
check "forged counterexample balls (both moved) are refused" refused counterexample_balls_scaled --redigest "recomputed from the spec"
check "a counterexample moved to another point is refused" refused counterexample_point_moved --redigest "ball does not contain the value recomputed"
check "a closed-form check off the spec's grid is refused" refused grid_point_added --redigest "not a point of the spec's grid"
check "a dropped closed-form check is refused" refused grid_record_dropped --redigest "grid points"
check "a counterexample outside the claim's domain is refused" refused counterexample_off_domain --redigest "not one where the claim is judged"
check "a grid check of another kind's route is refused" refused grid_check_of_another_kind --redigest "which its kind does not run"
check "a forged closed-form ball at lambda = 1 is refused" refused closed_ball_at_lambda_one --redigest "does not contain S at its point"
check "a table row wider than its header is refused" refused table_cells_mismatch --redigest "a row of 4 cells"
check "a status that attnverify does not write is refused" refused status_inject --redigest "field 'status'"
check "a formula in a caption that a spec could not hold is refused" refused math_caption --redigest "field 'figure.caption'"
# M2: a shard's text outside formulas reaches report.tex escaped, never as TeX
escaped() {  # escaped CASE RAW: the merge succeeds and report.tex does not contain RAW
  tampered "$1" --redigest && expect_exit 0 "$bin" merge t1 t2 t3 --out esc --no-pdf --quiet && test -s esc/report.tex &&
    ! grep -qF -- "$2" esc/report.tex
}
check "a caption's \\input is escaped" escaped caption_input '\input{/etc'
check "an x label's \\def loop is escaped" escaped xlabel_loop '\def\x'
check "a caption's \\openin is escaped" escaped openin_caption '\openin'
check "a legend's \\textbf is escaped" escaped legend_inject '\textbf{INJECTED'
check "a note's \\textbf is escaped" escaped notes_inject '\textbf{INJECTED'
check "a table caption's \\input is escaped" escaped table_input '\input{../'
check "the \\def loop of an x label typesets (PDF within latexmk's limit)" bash -c "
  $(declare -f tampered); tamper='$tamper'; tampered xlabel_loop --redigest >/dev/null && timeout 200 '$bin' merge t1 t2 t3 --out escpdf --quiet >/dev/null 2>&1 && test -s escpdf/report.pdf"
check "a legend with \\to and a curve of 20 000 points typeset (every k-th point plotted)" bash -c "
  $(declare -f tampered); tamper='$tamper'; tampered legend_math_and_long_curve --redigest >/dev/null && timeout 200 '$bin' merge t1 t2 t3 --out legendpdf --quiet >/dev/null 2>&1 && test -s legendpdf/report.pdf && grep -q 'one in [0-9]* is plotted' legendpdf/report.tex"

# what a record expects comes from the spec: a shard claiming an erratum agrees as
# expected still ends with the erratum's unexpected verdict (exit 1), not 0
check "expected is taken from the spec, not the shard" \
  bash -c "$(declare -f tampered); tamper='$tamper'; tampered expected --redigest >/dev/null && '$bin' merge t1 t2 t3 --out exp --no-pdf --quiet >/dev/null 2>&1; test \$? -eq 1"
check "a run_variants list naming a variant twice is refused" bash -c "
  rm -rf t1 t2 t3; for i in 1 2 3; do mkdir -p t\$i; $tamper s\$i/shard.json t\$i/shard.json run_variants_dup --redigest; done
  '$bin' merge t1 t2 t3 --out bad --no-pdf --quiet 2>'$work/err'; test \$? -eq 2 && grep -q 'listed twice' '$work/err'"
# shards of the same file names in two spec folders are two runs
cp -r specs specs2
check "shards of two spec folders are refused" bash -c "'$bin' run specs2 --shard 2/3 --out m2 --quiet >/dev/null 2>&1; '$bin' merge s1 m2 s3 --out bad --quiet 2>'$work/err'; test \$? -eq 2 && grep -q 'come from different runs' '$work/err'"
check "more directories than shards is refused" expect_exit 2 "$bin" merge s1 s2 s3 s1 --out bad --quiet

# Shards of tests/specs/merge/ (docs/history.md, issue 42): a certified property (M1), a law
# under which S does not exist at a grid point (M2), and sampled checks that are no tests at
# their n, whose expectation the merge derives from the record's facts and the spec, never
# from the shard.
mkdir -p mspecs && cp "$src"/tests/specs/merge/*.toml "$src/specs/bibliography.toml" mspecs/
check "the merge specs' unsharded run exits 0" expect_exit 0 "$bin" run mspecs --out mwhole --no-pdf --quiet
for i in 1 2; do
  check "merge specs: shard $i/2 exits 0" expect_exit 0 "$bin" run mspecs --shard "$i/2" --out "m$i" --quiet
done
check "a certified property and a check that is no test merge (exit 0)" \
  expect_exit 0 "$bin" merge m1 m2 --out mmerged --no-pdf --quiet
check "their merged results.json equals the unsharded one" same mwhole/results.json mmerged/results.json
# mtampered CASE: the merge shards with CASE applied to the shard it fits, digest recomputed
mtampered() {
  rm -rf n1 n2 && cp -r m1 n1 && cp -r m2 n2
  $tamper m1/shard.json n1/shard.json "$1" --redigest 2>/dev/null || $tamper m2/shard.json n2/shard.json "$1" --redigest
}
mrefused() {  # mrefused CASE MESSAGE
  mtampered "$1" >/dev/null && expect_exit 2 "$bin" merge n1 n2 --out bad --no-pdf --quiet && grep -q -- "$2" "$work/err"
}
check "a forged certified agree where S does not exist is refused (M2)" \
  mrefused existence_forged "where S does not exist (or is not shown to) under the variant's score law"
check "a certified property verdict forged on an uncertified one is refused (M1)" \
  mrefused property_certified_forged "computed again from the spec, property 'floor-40' is agree"
check "a counterexample against the numeric route whose claim ball was moved is refused" \
  mrefused route_claim_moved "its 'claim' ball does not contain the value recomputed from the spec"
check "a certified counterexample flipped to agree is refused (M1)" \
  mrefused property_certified_flipped "computed again from the spec, property 'floor-41' is certified disagree"
check "a certified property record whose ball was replaced is refused (round 6)" \
  mrefused property_certified_ball_moved "computed again from the spec, property 'floor-41' has"
check "a certified property record moved to another point is refused (round 6)" \
  mrefused property_certified_point_moved "computed again from the spec, property 'floor-41' has"
check "a shard with a property's record deleted is refused (round 7)" \
  mrefused property_record_dropped "no record of property"
check "an uncertified property verdict reversed is refused (round 8)" \
  mrefused property_uncertified_flipped "computed again from the spec, property 'floor-40' is agree, not disagree"
check "a certified counterexample rewritten as an uncertified proof is refused (round 8)" \
  mrefused property_decertified "computed again from the spec, property 'floor-41' is certified disagree, not agree"
check "a property's record filed as a claim's is refused (round 8)" \
  mrefused property_filed_as_claim "which is not a claim of its spec"
check "a record whose evidence says certified, without its balls, is refused (issue 43)" \
  mrefused evidence_without_balls "field 'evidence': 'certified on a stated box' on a record that is not certified"
check "a property's evidence relabelled as a proof on the whole domain is refused (issue 43)" \
  mrefused property_evidence_relabelled "field 'evidence': computed again from the spec, property"
check "a sampled test a shard declares no test is still a test (exit 1)" bash -c "
  $(declare -f mtampered); tamper='$tamper'; mtampered sampled_declared_no_test >/dev/null &&
  '$bin' merge n1 n2 --out nt --no-pdf --quiet >/dev/null 2>&1; test \$? -eq 1"
check "a check that is no test, declared a test by its shard, is still none (exit 0)" bash -c "
  $(declare -f mtampered); tamper='$tamper'; mtampered sampled_declared_test >/dev/null &&
  '$bin' merge n1 n2 --out dt --no-pdf --quiet >/dev/null 2>&1"
check "... and merges to the unsharded results" same mwhole/results.json dt/results.json

echo '# edited' >> specs/exp_small.toml
check "a spec edited after its shard ran is refused" expect_exit 2 "$bin" merge s1 s2 s3 --out bad --quiet
check "the refusal names the spec" grep -q "changed since its shard ran" "$work/err"
check "no merged output after a refusal" test ! -e bad/results.json

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
