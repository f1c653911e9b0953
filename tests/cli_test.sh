#!/usr/bin/env bash
# End-to-end tests of the attnverify command line: help and version, exit codes
# (0 as expected, 1 unexpected verdict, 2 bad input), a small run with the PDF,
# and reproducibility (two runs give identical results.json and report.tex apart
# from the recorded command line, thread count and wall time).
# Usage: cli_test.sh PATH_TO_ATTNVERIFY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/cli_checks.sh"
bib="--bibliography $src/specs/bibliography.toml"

check "help exits 0" expect_exit 0 "$bin" --help
check "help lists run and derive" grep -q "derive" "$work/out"
check "version prints the version" expect_exit 0 "$bin" --version
check "version text" grep -q "^attnverify [0-9]" "$work/out"
check "no subcommand is bad input" expect_exit 2 "$bin"
check "unknown option is bad input" expect_exit 2 "$bin" run --frobnicate
check "digits outside 30/50/100 is bad input" expect_exit 2 "$bin" run --digits 40
check "missing spec path is bad input" expect_exit 2 "$bin" run "$work/nonexistent.toml" $bib --no-pdf
check "malformed spec is bad input" expect_exit 2 "$bin" run "$src/tests/specs/bad/unknown_key.toml" $bib --no-pdf --out "$work/bad"
check "malformed spec names file:line and key" grep -q "unknown_key.toml:8: key 'variant.colour': unknown key" "$work/err"
check "bad input writes no results" test ! -e "$work/bad/results.json"
check "derive prints the closed form" expect_exit 0 "$bin" derive "$src/specs/relu2.toml"
check "derive output has erfc and LaTeX" grep -q "erfc" "$work/out"
# derive cites nothing: a spec alone in a folder, its source key in no bibliography, derives
mkdir -p "$work/alone" && cp "$src/specs/relu2.toml" "$work/alone/"
check "derive --format maple is refused" expect_exit 2 "$bin" derive "$src/specs/relu2.toml" --format maple
check "derive --format latex prints the LaTeX alone" bash -c "'$bin' derive '$src/specs/relu2.toml' --format latex | grep -q '^\\\\frac' && ! '$bin' derive '$src/specs/relu2.toml' --format latex | grep -q ' = '"
check "derive needs no bibliography" expect_exit 0 "$bin" derive "$work/alone/relu2.toml"
check "derive without a bibliography prints the closed form" grep -q "erfc" "$work/out"
printf '[Other2020]\nauthor = "A. Author"\ntitle = "Another paper"\nyear = 2020\nurl = "https://example.org/other"\n' >"$work/other.bib.toml"
check "derive --bibliography still checks the keys" expect_exit 2 "$bin" derive --bibliography "$work/other.bib.toml" "$work/alone/relu2.toml"
check "derive --bibliography names the unknown source" grep -q "unknown source 'Su2023'" "$work/err"
# the findings page of a run with one published statement (issue 47, part 4: the grammar of small runs)
check "one-claim run exits 0" expect_exit 0 "$bin" run "$src/tests/specs/small/relu2_small.toml" $bib --no-pdf --quiet --out "$work/one"
check "one claim: counted in the singular" grep -q "This run judged 1 distinct published statement from 1 source in " "$work/one/report.tex"
check "one claim: none wrong, said so" grep -q "None is wrong. " "$work/one/report.tex"
check "one claim: no plural after 1, no 'the other 0'" bash -c "! grep -qE 'from 1 sources|1 hold:|1 are proved|the other 0 |0 are wrong' '$work/one/report.tex'"
# a published claim without `latex` beside a conjecture (issue 47, part 4): the ledger shows the
# claim as attnverify reads it, marked so; page 1 lists the conjecture apart, false and not a
# source's error, and counts only the published statement as published
mkdir -p "$work/mixed"
grep -v '^latex = ' "$src/tests/specs/small/relu2_small.toml" >"$work/mixed/relu2.toml"
printf '\n[[claims]]\nid = "my-guess"\nS = "exp(-gamma^2/2)"\nexpected = "disagree"\nreason = "A deliberately wrong guess."\n' >>"$work/mixed/relu2.toml"
check "mixed run exits 0" expect_exit 0 "$bin" run "$work/mixed/relu2.toml" $bib --no-pdf --quiet --out "$work/mixed/out"
check "mixed: the claim without latex is shown as read, marked so" grep -q "as attnverify reads the claim (the spec gives no" "$work/mixed/out/report.tex"
check "mixed: one published statement counted" grep -q "This run judged 1 distinct published statement from 1 source in 1 check" "$work/mixed/out/report.tex"
check "mixed: the conjecture counted apart, false" grep -q "This run judged 1 conjecture of the specs' authors (statements of their own, not of a source): none holds, 1 is false" "$work/mixed/out/report.tex"
check "mixed: the conjecture's disagree is no source's error" bash -c "grep -q 'as expected: the conjecture is false' '$work/mixed/out/report.tex' && ! grep -q 'error of the source' '$work/mixed/out/report.tex'"
check "mixed: results.json gives its role" grep -q '"role": "conjecture"' "$work/mixed/out/results.json"
check "unexpected verdict exits 1" expect_exit 1 "$bin" run "$src/tests/specs/unexpected.toml" $bib --no-pdf --quiet --out "$work/unexpected"

# the report's date is SOURCE_DATE_EPOCH's (src/report/reproducibility.hpp), so that two runs can be compared
export SOURCE_DATE_EPOCH=1700000000
check "small run with PDF exits 0" expect_exit 0 "$bin" run "$src/tests/specs/small" $bib --quiet --out "$work/a"
check "small run wrote results.json" test -s "$work/a/results.json"
check "small run wrote report.pdf" test -s "$work/a/report.pdf"
check "known erratum is computed as disagree" grep -q '"verdict": "disagree"' "$work/a/results.json"
check "no nan or inf in outputs" bash -c "! grep -qiwE 'nan|inf' '$work/a/results.json' '$work/a/report.tex'"
check "second run (1 thread) exits 0" expect_exit 0 "$bin" run "$src/tests/specs/small" $bib --quiet --out "$work/b" --no-pdf --threads 1
check "100-digit run exits 0" expect_exit 0 "$bin" run "$src/tests/specs/small" $bib --quiet --out "$work/p100" --no-pdf --digits 100
check "30-digit run exits 0" expect_exit 0 "$bin" run "$src/tests/specs/small" $bib --quiet --out "$work/p30" --no-pdf --digits 30
# what differs by design: the command line, the thread count and the wall time
strip() { grep -v '"command"' "$1" | grep -vE '^(command|threads|wall time) &'; }
check "results.json is reproducible (any thread count)" cmp -s <(strip "$work/a/results.json") <(strip "$work/b/results.json")
check "report.tex is reproducible" cmp -s <(strip "$work/a/report.tex") <(strip "$work/b/report.tex")

# The trigonometric primitives through the whole run (issue 47, part 1): every grid value of an f
# outside the derived class certified, closed forms derived and certified for f of one sign, a
# conjecture proved by the double-angle identity and a wrong one refuted, cos(x) numeric with
# its reason; the report typesets \sin and \cos
trig="$src/tests/specs/primitives"
check "trigonometric specs run as expected" expect_exit 0 "$bin" run "$trig" --out "$work/trig"
trig_facts() {
  /usr/bin/python3 - "$work/trig/results.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
status = {v["name"]: v["closed_form"] for v in d["variants"]}
assert status["trig-mixed"]["status"] == "no-closed-form", status["trig-mixed"]
assert "is not a piecewise sum" in status["trig-mixed"]["reason"], status["trig-mixed"]
for name in ("cosine-reweighting", "exp-sine"):
    assert status[name]["status"] == "derived", (name, status[name])
    assert status[name]["certificate"]["verified"] is True, (name, status[name]["certificate"])
assert status["cosine"]["status"] == "no-closed-form"
assert "changes sign infinitely often" in status["cosine"]["reason"], status["cosine"]["reason"]
grid = [c for c in d["checks"] if c["check"] == "closed-vs-quadrature"]
assert len(grid) == 9 + 6 + 4 + 4, len(grid)
assert all(c["certified"] for c in grid), [c["point"] for c in grid if not c["certified"]]
claims = {c["claim"]: c for c in d["checks"] if c["check"] == "claim"}
assert claims["characteristic-function"]["verdict"] == "agree"
assert claims["characteristic-function"]["evidence"]["level"] == "proved on the whole domain", claims["characteristic-function"]["evidence"]
assert claims["half-damped-double-angle"]["verdict"] == "disagree"
PY
}
check "trigonometric results: certified, derived, proved, refuted, reasons" trig_facts
check "the report typesets sin and cos" grep -q '\\sin\\left(' "$work/trig/report.tex"

# A sweep (issue 47, part 5; docs/spec-format.md, "Sweeps"): t = [0, 0.5, 1] runs as three
# variants in the list's order, each with its t, the wrong conjecture refuted at every t by a
# certified counterexample; the report gives the sweep one section, a figure across t and a
# subsection per value, and typesets; derive prints each member
check "a sweep runs as expected" expect_exit 0 "$bin" run "$src/tests/specs/sweeps" --out "$work/sweep"
sweep_facts() {
  /usr/bin/python3 - "$work/sweep/results.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
names = [v["name"] for v in d["variants"]]
assert names == ["relu2-shifted[t=0]", "relu2-shifted[t=0.5]", "relu2-shifted[t=1]"], names
for v in d["variants"]:
    assert v["closed_form"]["status"] == "derived" and v["closed_form"]["certificate"]["verified"] is True, v["name"]
claims = [c for c in d["checks"] if c["check"] == "claim"]
assert len(claims) == 6, len(claims)
for c in claims:
    if c["claim"] == "shifted-moments":
        assert c["verdict"] == "agree" and c["evidence"]["level"] == "proved on the whole domain", c
    else:
        assert c["verdict"] == "disagree" and c["certified"], c
PY
}
check "sweep results: three members in order, derived, proved and refuted at each t" sweep_facts
check "the sweep has one section" test "$(grep -c '\\label{sweep:relu2-shifted(t=0)}' "$work/sweep/report.tex")" -eq 1
check "... a subsection per value" test "$(grep -c '^\\subsection{\$t = ' "$work/sweep/report.tex")" -eq 3
check "... and one figure across t" grep -q "across the sweep's values of \$t\$, at 6 of the 8 grid points" "$work/sweep/report.tex"
check "... and typesets" test -s "$work/sweep/report.pdf"
check "derive prints each member of a sweep" bash -c "'$bin' derive '$src/tests/specs/sweeps/relu2_shifted.toml' | grep -c 'relu2-shifted\[t=' | grep -qx 3"

# A symbolic parameter (issue 47, part 5; docs/spec-format.md, "Symbolic parameters"): t with
# range [0, 2] gives S in beta, gamma and t, certified for every t in [0, 2], and the claims
# judged for every t: the truncated-moment conjecture proved for every t; the slipped fourth
# moment refuted at a probe point; a claim equal to S at the listed t = 0, 1/2, 2 only (it is S
# times 1 + t (2t - 1)(t - 2)/100) proved by each variant at its t but refuted for some value
# (t = 1/4: S times 1 + 7/3200). Each variant's forms equal the forms in t at its value.
check "a symbolic parameter runs as expected" expect_exit 0 "$bin" run "$src/tests/specs/symbolic" --out "$work/symbolic"
symbolic_facts() {
  /usr/bin/python3 - "$work/symbolic/results.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
names = [v["name"] for v in d["variants"]]
assert names == ["relu2-threshold[t=0]", "relu2-threshold[t=0.5]", "relu2-threshold[t=2]"], names
for v in d["variants"]:
    p = v["symbolic_parameters"]
    assert p["parameters"] == "t in [0, 2]" and p["domain"] == "beta in R, gamma > 0, t in [0, 2]", p
    assert p["forms_match_at_this_variant"] is True, v["name"]
    cf = p["closed_form"]
    assert cf["status"] == "derived" and cf["certificate"]["verified"] is True, cf
    assert "t" in cf["S"] and "beta" in cf["S"] and "gamma" in cf["S"], cf["S"]
    by_id = {c["id"]: c for c in p["claims"]}
    assert by_id["shifted-moments"]["proved"] is True, by_id
    assert by_id["shifted-moments"]["established"] == "the claim equals S for every beta in R, gamma > 0, t in [0, 2]"
    for wrong in ("slipped-fourth-moment", "right-at-listed-t-only"):
        assert by_id[wrong]["proved"] is False and by_id[wrong]["refuted"] is True, by_id[wrong]
    assert by_id["right-at-listed-t-only"]["counterexample"].startswith("beta = -1, gamma = 0.5, t = 0.25:"), by_id
# at each listed t the claim that is right there only is proved, as any claim at a fixed t
for c in d["checks"]:
    if c["check"] == "claim" and c["claim"] == "right-at-listed-t-only":
        assert c["verdict"] == "agree" and c["evidence"]["level"] == "proved on the whole domain", c
PY
}
check "symbolic results: S in t certified, one claim proved for every t, two refuted" symbolic_facts
check "... the section's subsection for every t" grep -q 'subsection\*{For every \$t \\in \[0, 2\]\$}' "$work/symbolic/report.tex"
check "... says the claim is proved for every value" grep -q 'texttt{shifted-moments}: \\textbf{proved for every}' "$work/symbolic/report.tex"
check "... and typesets" test -s "$work/symbolic/report.pdf"
check "the terminal summary names what holds for every t" bash -c "'$bin' run '$src/tests/specs/symbolic' --out '$work/symbolic2' --no-pdf | grep -q 'relu2-threshold for every t in \[0, 2\]: S derived in them and certified'"
check "derive prints the forms in t first" bash -c "'$bin' derive '$src/tests/specs/symbolic/relu2_threshold.toml' | head -1 | grep -qx 'relu2-threshold (kernel): relu(x - t)^2, for every t in \[0, 2\]'"

# The grid limit: refused with a hint, and raised with --max-grid-points
printf '[variant]\nname = "g"\nkind = "kernel"\nf = "relu(x)"\n[grid]\nbeta = [-1, 0, 1]\ngamma = [0.5, 1]\n' > "$work/grid6.toml"
check "a grid above --max-grid-points is bad input" expect_exit 2 "$bin" run "$work/grid6.toml" --max-grid-points 4 --no-pdf --out "$work/g"
check "the refusal says how to allow it" grep -q "pass --max-grid-points N to allow more" "$work/err"
check "--max-grid-points raises the limit" expect_exit 0 "$bin" run "$work/grid6.toml" --max-grid-points 6 --no-pdf --quiet --out "$work/g"

# Ctrl-C: a run over the standard suite, interrupted after 2 s, stops with 130 and
# leaves the previous outputs of its folder byte for byte as they were.
interrupted_run() {
  "$bin" run "$src/specs" --out "$work/a" --no-pdf >"$work/out" 2>"$work/err" &
  local pid=$!
  sleep 2
  kill -INT "$pid"
  wait "$pid"
  local got=$?
  [ "$got" -eq 130 ] || { echo "  exit $got, wanted 130"; tail -3 "$work/err"; return 1; }
}
md5sum "$work/a/results.json" "$work/a/report.tex" "$work/a/report.pdf" > "$work/before.md5"
check "Ctrl-C stops with exit 130" interrupted_run
check "Ctrl-C prints a message" grep -q "interrupted: stopped before writing anything new" "$work/err"
check "Ctrl-C leaves the previous outputs intact" md5sum --quiet -c "$work/before.md5"
check "no temporary files left" bash -c "! ls '$work/a' | grep -q '\.tmp$'"

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
