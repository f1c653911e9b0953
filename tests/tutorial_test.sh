#!/usr/bin/env bash
# Runs docs/tutorial.md as written: every block after "<!-- tutorial-file: PATH -->" is
# written to PATH, and every block after "<!-- tutorial-run: CODE -->" is run and must
# exit with CODE. Runs in a scratch directory holding build/attnverify and specs/.
# Usage: tutorial_test.sh ATTNVERIFY_BINARY SOURCE_DIR
set -euo pipefail
binary=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build" "$work/specs"
ln -s "$binary" "$work/build/attnverify"
cp "$source_dir/specs/bibliography.toml" "$work/specs/"
cd "$work"
/usr/bin/python3 - "$source_dir/docs/tutorial.md" <<'PY'
import re, subprocess, sys, os
text = open(sys.argv[1]).read()
steps = re.findall(r"<!-- tutorial-(file|run|prints): ([^\n]+?) -->\n```[a-z]*\n(.*?)```", text, re.S)
assert len(steps) >= 8, f"only {len(steps)} tutorial steps found"
# a printed output is compared line by line with the previous step's, its numbers' last digits
# aside (the worst digits and |z| move with the binary: GiNaC orders terms by hashes seeded with
# addresses, README.md, "Reading the report")
masked = lambda line: re.sub(r"\d+\.\d+", "#.#", line.rstrip())
last_output = None
for kind, arg, body in steps:
    if kind == "prints":
        printed = [masked(l) for l in body.splitlines() if l.strip()]
        got = [masked(l) for l in last_output.splitlines()]
        missing = [l for l in printed if l not in got]
        assert not missing, "the tutorial prints lines the run does not: " + repr(missing) + "\n" + last_output
        print("printed output as the tutorial shows it")
        continue
    if kind == "file":
        os.makedirs(os.path.dirname(arg) or ".", exist_ok=True)
        open(arg, "w").write(body)
        print(f"wrote {arg}")
        continue
    expected = int(arg)
    r = subprocess.run(body, shell=True, capture_output=True, text=True)
    last_output = r.stdout + r.stderr
    print(f"$ {body.strip()}  -> exit {r.returncode}")
    if r.returncode != expected:
        print(r.stdout[-3000:], r.stderr[-3000:])
        sys.exit(f"tutorial step exited {r.returncode}, the tutorial says {expected}")
    if expected == 2 and "column" not in r.stderr:
        sys.exit("the typo step did not report a column: " + r.stderr)
for path in ["mine/report/report.pdf", "mine/report/results.json", "mine/report-silu/results.json", "mine/report-sweep/report.pdf"]:
    assert os.path.exists(path), path + " missing"
import json
res = json.load(open("mine/report/results.json"))
verdicts = {c["claim"]: c["verdict"] for c in res["checks"] if c.get("check") == "claim"}
assert verdicts == {"shift-of-eq6": "agree", "no-effect": "disagree"}, verdicts
# claims without a source are the reader's conjectures: results.json says so, and the report never
# calls them published or a source's error (issue 47, part 4)
roles = {c["claim"]: c.get("role") for c in res["checks"] if c.get("check") == "claim"}
assert roles == {"shift-of-eq6": "conjecture", "no-effect": "conjecture"}, roles
tex = [l for l in open("mine/report/report.tex") if not l.startswith("%")]
said = [l[:200] for l in tex if re.search(r"published|of the source", l, re.I)]
assert not said, "the report of conjectures says 'published' or 'of the source': " + repr(said)
assert any("\\paragraph{Conjectures.}" in l for l in tex), "no Conjectures paragraph on page 1"
sweep = json.load(open("mine/report-sweep/results.json"))
assert [v["name"] for v in sweep["variants"]] == ["shifted-relu2[t=0]", "shifted-relu2[t=0.5]", "shifted-relu2[t=1]"], sweep["variants"]
sweep_tex = open("mine/report-sweep/report.tex").read()
assert sweep_tex.count("\\label{sweep:shifted-relu2(t=0)}") == 1 and "across the sweep's values of $t$" in sweep_tex, "no sweep section with its figure"
symbolic = json.load(open("mine/report-symbolic/results.json"))
in_t = symbolic["variants"][0]["symbolic_parameters"]
assert in_t["closed_form"]["certificate"]["verified"] is True and in_t["claims"][0]["proved"] is True, in_t
# the conjecture right at the listed t only: proved by each variant at its t, refuted for some t
assert in_t["claims"][1]["refuted"] is True and "t = 0.125" in in_t["claims"][1]["counterexample"], in_t
assert all(c["verdict"] == "agree" for c in symbolic["checks"] if c.get("claim") == "right-at-listed-t-only")
assert os.path.exists("mine/report-symbolic/report.pdf"), "mine/report-symbolic/report.pdf missing"
silu = json.load(open("mine/report-silu/results.json"))
assert silu["variants"][0]["closed_form"]["status"] == "no-closed-form", silu["variants"][0]
# the tutorial's spec in 2 shards, merged (README: the same results.json as one unsharded run,
# apart from the command line; docs/history.md, issue 42: its no-test sampled checks once broke
# the merge)
env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
def run(*args):
    r = subprocess.run(["build/attnverify", *args], capture_output=True, text=True, env=env)
    if r.returncode != 0:
        sys.exit(f"{' '.join(args)} exited {r.returncode}: {r.stderr[-2000:]}")
spec = ["mine/shifted-relu2.toml", "--bibliography", "specs/bibliography.toml", "--quiet"]
run("run", *spec, "--out", "mine/whole", "--no-pdf")
for i in (1, 2):
    run("run", *spec, "--shard", f"{i}/2", "--out", f"mine/shard{i}")
run("merge", "mine/shard1", "mine/shard2", "--out", "mine/merged",
    "--no-pdf", "--quiet")
strip = lambda path: [l for l in open(path) if '"command"' not in l]
assert strip("mine/whole/results.json") == strip("mine/merged/results.json"), "merged results.json differs"
print("tutorial: all steps as documented; its spec merges from 2 shards")
PY
