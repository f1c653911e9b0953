#!/usr/bin/python3
"""Results as data (README.md, "Results as data"; docs/spec-format.md, "Results as data") on the
standard suite's unsharded run (the standard_report fixture):
  - checks.csv loads with pandas and its rows match results.json's checks one to one (variant,
    check, claim, point, verdict, expected, evidence level, digits, first value, certified);
  - values_number and point_number mirror the decimal strings: the nearest double, computed here
    independently with Python's float() and fractions, and null exactly where a double cannot
    hold the value (an expression such as sqrt(2/pi), nan, or beyond the double range);
  - timings.json has every variant, in order, with non-negative seconds summing to its total;
  - README's five lines of Python run as printed (MPLBACKEND=Agg) and write their PNG.
Usage: results_data_test.py SOURCE_DIR UNSHARDED_OUT"""
import json, math, os, re, subprocess, sys, tempfile
from fractions import Fraction

import pandas as pd

src, out = sys.argv[1], os.path.abspath(sys.argv[2])
results = json.load(open(os.path.join(out, "results.json")))
checks = results["checks"]
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def expected_double(text):
    """The double a decimal or exact text denotes, or None where a double cannot hold it."""
    if not re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?(/\d+)?", text):
        return None  # nan, inf, an expression
    try:
        x = float(Fraction(text))
    except (OverflowError, ZeroDivisionError):
        return None
    if x == 0 and Fraction(text) != 0:
        return None  # below the smallest double
    return x


# 1. checks.csv, row by row
csv = pd.read_csv(os.path.join(out, "checks.csv"), dtype=str, keep_default_na=False)
if len(csv) != len(checks):
    fail(f"checks.csv has {len(csv)} rows, results.json {len(checks)} checks")
variants = {v["name"]: v for v in results["variants"]}
for k, (row, c) in enumerate(zip(csv.to_dict("records"), checks)):
    point = "; ".join(f"{n}={v}" for n, v in c.get("point", {}).items())
    values = list(c.get("values", {}).items())
    want = {
        "variant": c["variant"], "kind": variants[c["variant"]]["kind"], "check": c["check"],
        "claim": c.get("claim", ""), "point": point, "verdict": c["verdict"], "expected": c["expected"],
        "evidence": c["evidence"]["level"], "n": str(c.get("n", "")), "d": str(c.get("d", "")),
        "value_name": values[0][0] if values else "", "value": values[0][1] if values else "",
        "certified": "" if "certified" not in c else ("true" if c["certified"] else "false"),
    }
    for key, value in want.items():
        if row[key] != value:
            fail(f"row {k + 1} ({c['variant']} {c['check']}): {key} = {row[key]!r}, results.json {value!r}")
    if (row["digits"] == "") != ("digits" not in c) or ("digits" in c and float(row["digits"]) != c["digits"]):
        fail(f"row {k + 1}: digits {row['digits']!r}, results.json {c.get('digits')!r}")
    number = expected_double(values[0][1]) if values else None
    if (row["value_number"] == "") != (number is None) or (number is not None and float(row["value_number"]) != number):
        fail(f"row {k + 1}: value_number {row['value_number']!r}, want {number!r} for {values[0][1] if values else ''!r}")
    for name, text in c.get("point", {}).items():
        x = expected_double(text)
        column = "point_" + name
        if x is not None and (column not in row or float(row[column]) != x):
            fail(f"row {k + 1}: {column} {row.get(column)!r}, want {x!r}")
if set(csv.law[csv.kind == "kernel"]) - {"normal", "laplace", "uniform", "logistic", "student_t"}:
    fail("a kernel's law is not a score law's name: " + str(set(csv.law)))
if set(csv.law[csv.kind == "sequence"]) != {""}:
    fail("a sequence has a score law")

# 2. the numeric mirrors of results.json
nulls = mirrored = 0
for c in checks:
    for field in ("values", "point"):
        strings, numbers = c.get(field, {}), c.get(field + "_number")
        if not strings:
            if numbers is not None:
                fail(f"{field}_number without {field}")
            continue
        if numbers is None or list(numbers) != list(strings):
            fail(f"{c['variant']} {c['check']}: {field}_number does not mirror {field}")
            continue
        for name, text in strings.items():
            want = expected_double(text)
            got = numbers[name]
            if want is None:
                nulls += 1
                if got is not None:
                    fail(f"{c['variant']}: {field}_number.{name} = {got} for {text!r}, want null")
            else:
                mirrored += 1
                if got != want:
                    fail(f"{c['variant']}: {field}_number.{name} = {got} for {text!r}, want {want}")
print(f"mirrors: {mirrored} numbers and {nulls} nulls checked")
if nulls == 0 or mirrored < 1000:
    fail("the suite should have both mirrored numbers and nulls (claimed values written as expressions)")

# 3. timings.json
t = json.load(open(os.path.join(out, "timings.json")))
if [v["name"] for v in t["variants"]] != [v["name"] for v in results["variants"]]:
    fail("timings.json does not list every variant in the run's order")
if any(v["cpu_seconds"] < 0 or v["wall_seconds"] < 0 for v in t["variants"]):
    fail("a negative time")
if abs(sum(v["cpu_seconds"] for v in t["variants"]) - t["total"]["cpu_seconds"]) > 0.01 * len(t["variants"]) + 0.01:
    fail("the CPU seconds do not sum to the total")

# 4. README's lines, as printed, in a folder where reports/out is this run's output
readme = open(os.path.join(src, "README.md")).read()
block = re.search(r"<!-- results-data-example -->\n```python\n(.*?)```", readme, re.S)
if not block:
    fail("README has no results-data-example block")
else:
    lines = block.group(1).strip().splitlines()
    print(f"README's example: {len(lines)} lines")
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "reports"))
        os.symlink(out, os.path.join(work, "reports", "out"))
        r = subprocess.run([sys.executable, "-c", block.group(1)], cwd=work, capture_output=True, text=True,
                           env=dict(os.environ, MPLBACKEND="Agg"))
        png = os.path.join(work, "S_against_beta.png")
        if r.returncode != 0 or not os.path.getsize(png) > 10000:
            fail("README's example failed: " + r.stderr[-2000:])
print(f"{len(csv)} rows compared; {len(failures)} failures")
sys.exit(1 if failures else 0)
