#!/usr/bin/env bash
# Regression tests of the attack round of 2026-11-23 (docs/history.md, issue 17; the defects are numbered
# as in its review, D1-D29), end to end through the command line. Each check fails when
# its fix is reverted. Usage: hardening_test.sh PATH_TO_ATTNVERIFY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/cli_checks.sh"
cd "$work"
spec="$src/tests/specs/small/exp_small.toml"
bib=(--bibliography "$src/specs/bibliography.toml")

# D1: --threads above the core count works; absurd counts are refused
check "D1 --threads 8 on $(nproc) cores exits 0" expect_exit 0 "$bin" run "$spec" "${bib[@]}" --threads 8 --out t8 --no-pdf --quiet
check "D1 --threads 2147483648 is refused" expect_exit 2 "$bin" run "$spec" "${bib[@]}" --threads 2147483648 --out tx --no-pdf --quiet

check "--threads 01024 (octal to CLI11) is refused" expect_exit 2 "$bin" run "$spec" "${bib[@]}" --threads 01024 --out tx --no-pdf --quiet
check "--threads 0x10 (hexadecimal to CLI11) is refused" expect_exit 2 "$bin" run "$spec" "${bib[@]}" --threads 0x10 --out tx --no-pdf --quiet

# D10: an --out with quotes is a folder name, not shell text; a latexmkrc in it is not run
out="o'x';touch PWNED;'"
mkdir -p "$out"
echo 'system("touch PWNED_RC");' > "$out/latexmkrc"
echo 'system("touch PWNED_RC");' > "$out/.latexmkrc"
check "D10 an --out with quotes builds the PDF" expect_exit 0 "$bin" run "$spec" "${bib[@]}" --out "$out" --quiet
no_shell_ran() { test ! -e PWNED && test ! -e "$out/PWNED" && test -s "$out/report.pdf"; }
check "D10 no shell command ran, and the PDF is there" no_shell_ran
check "D10 no latexmkrc ran" bash -c "! find . -name 'PWNED_RC*' | grep -q ."

# D9: a truncated .aux from a killed build does not block the next build
mkdir -p d9/.latexmk-build
head -c 100 "$out/report.tex" > d9/.latexmk-build/report.aux
check "D9 a truncated .aux does not block the PDF" expect_exit 0 "$bin" run "$spec" "${bib[@]}" --out d9 --quiet

# D19: --no-pdf into a folder holding an older report.pdf removes it (outputs are one set)
cp "$out/report.pdf" t8/report.pdf
check "D19 --no-pdf replaces the set" expect_exit 0 "$bin" run "$spec" "${bib[@]}" --out t8 --no-pdf --quiet
check "D19 the stale report.pdf is gone" test ! -e t8/report.pdf

# D18: a second run into a locked --out is refused at once
if command -v flock >/dev/null; then
  check "D18 a locked --out is refused with exit 3" bash -c "
    flock t8/.attnverify.lock sleep 5 & sleep 0.5
    '$bin' run '$spec' ${bib[*]} --out t8 --no-pdf --quiet >/dev/null 2>'$work/err'; rc=\$?; wait
    test \$rc -eq 3 && grep -q 'another' '$work/err'"
fi

# D16: a symlink loop in the spec tree is an error, not an abort
mkdir -p loop && ln -s self.toml loop/self.toml
check "D16 a symlink loop is bad input" expect_exit 2 "$bin" run loop "${bib[@]}" --out tl --no-pdf --quiet

# D25: escape sequences in a file name reach the terminal as text
esc=$'bad\e[31mred.toml'
echo "not toml [" > "$esc"
check "D25 a bad spec named with ESC is bad input" expect_exit 2 "$bin" run "$esc" "${bib[@]}" --out te --no-pdf --quiet
check "D25 the message shows ESC as \\x1b" grep -q 'bad\\x1b\[31mred' "$work/err"
check "D25 no raw ESC on the terminal" bash -c "! grep -q $'\e' '$work/err'"

# D3: a published formula reading a file is refused at load (file:line:key)
sed 's|^latex = .*|latex = "\\\\input{/etc/passwd}"|' "$src/tests/specs/small/relu2_small.toml" > d3.toml
check "D3 the test's spec holds the hostile formula" grep -q 'input{/etc/passwd}' d3.toml
check "D3 \\input in a formula is bad input" expect_exit 2 "$bin" run d3.toml "${bib[@]}" --out td --no-pdf --quiet
check "D3 the refusal names the key" grep -q "claims.latex\|latex" "$work/err"

# D6: deep nesting is refused with a clear error, not a crash (the review's reproducers)
kernel() {  # kernel FILE F: a kernel spec with one grid point
  printf '[variant]\nname = "deep"\nkind = "kernel"\nf = "%s"\n\n[grid]\npoints = [[0, 1]]\n' "$2" > "$1"
}
kernel paren.toml "$(/usr/bin/python3 -c 'print("("*20000 + "x" + ")"*20000)')"
kernel unary.toml "$(/usr/bin/python3 -c 'print("-"*99000 + "x")')"
kernel relu.toml "$(/usr/bin/python3 -c 'print("relu("*10000 + "x" + ")"*10000)')"
kernel exp.toml "$(/usr/bin/python3 -c 'print("exp("*10000 + "x" + ")"*10000)')"
for deep in paren unary relu exp; do
  check "D6 $deep nested 10^4 deep is bad input" expect_exit 2 "$bin" run $deep.toml --out t6 --no-pdf --quiet
  check "D6 $deep: the message names the limit" grep -q "nested more than 200 levels deep" "$work/err"
done
kernel exp200.toml "$(/usr/bin/python3 -c 'print("exp("*199 + "x" + ")"*199)')"
check "D6 exp nested 199 deep (within the limit) is derived and printed" expect_exit 0 timeout 120 "$bin" derive exp200.toml

# D8: derivation work is bounded, and a signal interrupts a derivation at once
kernel pieces.toml "piecewise(x, $(/usr/bin/python3 -c 'print(", ".join(f"{i}, x + {i}" for i in range(1, 2000)))'))"
check "D8 piecewise with 2000 pieces is refused at load" expect_exit 2 timeout 60 "$bin" run pieces.toml --out t8p --no-pdf --quiet
check "D8 the refusal states the kink limit" grep -q "has 1999 kinks.*at most 100" "$work/err"
kernel exps.toml "$(/usr/bin/python3 -c 'print("+".join(f"exp(x/{k})" for k in range(1, 8001)))')"
check "D8 8000 exponentials: derive ends (no-closed-form by the work bound)" expect_exit 0 timeout 60 "$bin" derive exps.toml
check "D8 the reason is the work estimate" grep -q "units of work" "$work/out"
kernel slow.toml "exp(x)*relu(x+1)^16"   # derives in about 5 s (more under sanitizers)
check "D8 SIGINT during a derivation ends the run within a second" bash -c "
  '$bin' run slow.toml --out t8s --no-pdf --quiet 2>'$work/err' & pid=\$!
  sleep 1; kill -INT \$pid; start=\$(date +%s%N); wait \$pid; rc=\$?
  elapsed=\$(( (\$(date +%s%N) - start) / 1000000 ))
  echo \"  exit \$rc after \$elapsed ms\"; test \$rc -eq 130 && test \$elapsed -lt 1000 && grep -q interrupted '$work/err'"
check "D8 the interrupted run wrote nothing" test ! -e t8s/results.json

# D17: strings the spec accepts (CJK, emoji, Greek, a blank line in a title) are typeset
{
  printf '[variant]\nname = "unicode"\nkind = "kernel"\nf = "relu(x)^2"\n'
  printf 'title = """GAU 苏剑林 🙂 α–β\n\nsecond line Ħ"""\n'
  printf 'description = "Su2023 (苏剑林): λ ≤ 1, ∞, Þ; tab\\there"\n\n[grid]\npoints = [[0, 1]]\n'
} > unicode.toml
check "D17 a title with CJK, emoji and a blank line builds the PDF" expect_exit 0 "$bin" run unicode.toml --out t17 --quiet
if command -v pdftotext >/dev/null; then
  pdftotext t17/report.pdf t17/report.txt
  check "D17 CJK shown as its code point" grep -q "U+82CF" t17/report.txt
  check "D17 the emoji shown as its code point" grep -q "U+1F642" t17/report.txt
  check "D17 the title's second line is in the same heading" grep -q "second line" t17/report.txt
fi

# D21: `derive` says something true for every kind (it took every non-kernel for a sequence)
derive_all() {
  for f in "$src"/specs/*.toml; do
    [ "$(basename "$f")" = bibliography.toml ] && continue
    "$bin" derive "$f" >>"$work/derive.out" 2>&1 || { echo "  exit $? on $f"; return 1; }
  done
}
check "D21 derive exits 0 on every spec in specs/" derive_all
check "D21 no engine failure or sequence reading in its output" bash -c "! grep -q 'division by zero\|absolute value of the weight\|engine failed' '$work/derive.out'"
check "D21 nonneg-linear: S of non-negative linear attention" grep -q '^  S = qmu/sqrt(qSq + qmu^2)$' "$work/derive.out"
check "D21 linear-relu: the moments of phi = relu" grep -q '^  E phi(X) = beta\*erfc' "$work/derive.out"
check "D21 sparsity-measure: S from the moments" grep -q '^  S (from the moments E|x|, E x^2) = E_abs/sqrt(E_sq)$' "$work/derive.out"
check "D21 a fact spec: nothing to derive" grep -q '^  nothing to derive: a fact spec' "$work/derive.out"

# ---- Attack round of 2026-11-24 (docs/history.md, issue 27) ----
# L7, L8: a seed outside 0..2^64-1 and an empty --out are bad input
check "L7 --seed -1 is bad input (it wrapped to 2^64-1)" expect_exit 2 "$bin" run "$spec" "${bib[@]}" --seed=-1 --out t27 --no-pdf --quiet
check "L7 --seed 2^64 is bad input (it saturated)" expect_exit 2 "$bin" run "$spec" "${bib[@]}" --seed 18446744073709551616 --out t27 --no-pdf --quiet
check "L7 --seed 2^64-1 runs" expect_exit 0 "$bin" run "$spec" "${bib[@]}" --seed 18446744073709551615 --out t27 --no-pdf --quiet
check "L8 --out \"\" is bad input" expect_exit 2 "$bin" run "$spec" "${bib[@]}" --out "" --no-pdf --quiet
# L6: under a memory limit, 1024 threads fall back to what can be created, with a warning
# (not under AddressSanitizer, whose shadow memory needs terabytes of address space: ulimit
# -v stops it before main; scripts/sanitize.sh sets ASAN_OPTIONS)
if [ -z "${ASAN_OPTIONS:-}" ]; then
  check "L6 --threads 1024 under ulimit -v 1.5 GB runs" bash -c "
    ulimit -v 1500000; '$bin' run '$spec' ${bib[*]} --threads 1024 --out t6m --no-pdf --quiet >/dev/null 2>'$work/err'"
  check "L6 the warning says how many threads it uses" grep -q "threads asked for could be created" "$work/err"
fi
# L9: after kill -9 during latexmk, latexmk dies with attnverify and the next run removes the build folder
l9() {
  "$bin" run "$spec" "${bib[@]}" --out t9k --quiet >/dev/null 2>&1 & local pid=$!
  for _ in $(seq 1 500); do
    find t9k -maxdepth 2 -name latexmk.pgid 2>/dev/null | grep -q . && break
    sleep 0.02
  done
  local group; group=$(cat t9k/.latex-build-*/latexmk.pgid 2>/dev/null)
  kill -9 $pid; wait $pid 2>/dev/null; sleep 0.5
  [ -n "$group" ] || { echo "  latexmk was not seen running"; return 1; }
  # a zombie (no init here to reap it) is dead: only live members of the group count
  local live; live=$(ps -eo pgid=,stat= | awk -v g="$group" '$1 == g && $2 !~ /^Z/' | wc -l)
  [ "$live" -eq 0 ] || { echo "  $live processes of latexmk's group $group still run"; return 1; }
}
check "L9 latexmk does not outlive a killed attnverify" l9
check "L9 the next run removes the left build folder" bash -c "
  '$bin' run '$spec' ${bib[*]} --out t9k --quiet >/dev/null 2>&1 && ! ls -d t9k/.latex-build-* 2>/dev/null | grep -q ."

# L1: a word of 20 000 letters in a description and a title of 300 letters without a space typeset
/usr/bin/python3 -c "
print('[variant]\nname = \"long_words\"\nkind = \"kernel\"\nf = \"relu(x)\"')
print('title = \"' + 'W' * 300 + '\"')
print('description = \"' + 'W' * 19999 + '\"')
print('[grid]\npoints = [[0, 1]]')" > words.toml
check "L1 a 20 000-letter word in a description and a 300-letter title build the PDF" expect_exit 0 "$bin" run words.toml --out t1w --quiet

# L13: a sampling plan above the work bound is refused at load, naming the key
printf '[variant]\nname = "big"\nkind = "kernel"\nf = "relu(x)"\n[grid]\nbeta = [0, 1]\ngamma = [1]\n[sampling]\nd = [4096]\nn = [100000000]\npoints = [[0, 1], [1, 1], [-1, 1]]\n' > big.toml
check "L13 d = 4096, n = 10^8 at 3 points (4e11 draws) is bad input" expect_exit 2 "$bin" run big.toml --out t13 --no-pdf --quiet
check "L13 the refusal names the key and the bound" grep -q "sampling.n.*above the limit of 1e+11" "$work/err"
# and a feature map's plan, with each case's own d (attack on round 3: it had no bound)
printf '[variant]\nname = "bigfm"\nkind = "feature_map"\nphi = "relu(x)"\n[[grid.cases]]\nd = 4096\nq = 0.5\nmu = 0.25\nsigma = 1\n[sampling]\nn = [100000000]\n' > bigfm.toml
check "L13 a feature map with d = 4096, n = 10^8 (4e11 draws) is bad input" expect_exit 2 "$bin" run bigfm.toml --out t13f --no-pdf --quiet
check "L13 the refusal names the key and the bound" grep -q "sampling.n.*above the limit of 1e+11" "$work/err"
# L5: relu at beta = -1000, gamma = 0.001 is computed in MPFR's widest exponent range
# (S = 6.8704173943951741836932944507641788155507752573403e-108573620480, mpmath at 150
# digits: 6.870417394395174183693294450764178815550775257340289245e-108573620480), not called 0
printf '[variant]\nname = "far"\nkind = "kernel"\nf = "relu(x)"\n[grid]\nbeta = [-1000]\ngamma = ["0.001"]\n' > far.toml
check "L5 a far tail is computed, not 'not positive'" expect_exit 0 "$bin" run far.toml --out t5 --no-pdf --quiet
check "L5 its S is mpmath's to 45 digits" grep -q '"numeric": "6.870417394395174183693294450764178815550775257[0-9]*e-108573620480"' t5/results.json

# Attack on round 3 (issue 27): a derived closed form of 20 000 characters of LaTeX is wider than
# TeX's largest dimension; the report says so instead of typesetting it (exit 3 and no PDF before),
# and the generated note about its asymptote passes a merge's formula check
printf '[variant]\nname = "wide"\nkind = "sequence"\nweight = "lambda^(n-i)*(1+lambda^(n-i))^2*(2+lambda^(n-i))^3"\n[grid]\nlambda = [0.5, 1]\nn = [1, 3]\n' > wide.toml
check "a closed form too wide to typeset builds the PDF" expect_exit 0 "$bin" run wide.toml --out twide --quiet
check "the report gives the wide form's length instead" grep -q 'S_n \\;(0<\\lambda<1)\$ has [0-9]* characters of \\LaTeX, too long to typeset' twide/report.tex
check "its shard merges" bash -c "'$bin' run wide.toml --shard 1/1 --out twide_s --quiet >/dev/null 2>&1 && '$bin' merge twide_s --out twide_m --no-pdf --quiet >/dev/null 2>&1"

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
