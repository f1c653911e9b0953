#!/usr/bin/python3
"""H2 of the attack round of 2026-11-28 (docs/history.md, issue 42): every ball results.json
prints must contain the exact value. f = x under the normal law has S = (sqrt(2/pi) g
e^{-b^2/(2g^2)} + b erf(b/(sqrt2 g)))/sqrt(b^2 + g^2) (Su2023 eq. 7), computed here with
mpmath at 90 digits, independently of attnverify; the claim's ball encloses S (1 + 10^-30).
Also L5: the ledger's deciding pair of balls (claim, derived S), as report.tex prints them,
must be disjoint, so that the reader sees the separation.
usage: h2_truth.py OUT_DIR (of `attnverify run h2_identity_ball.toml --out OUT_DIR --no-pdf`)
"""
import json
import re
import sys

from mpmath import mp, mpf, sqrt, pi, exp, erf, fabs, nstr

mp.dps = 90


def S(b, g):
    b, g = mpf(b), mpf(g)
    return (sqrt(2 / pi) * g * exp(-b ** 2 / (2 * g ** 2)) + b * erf(b / (sqrt(2) * g))) / sqrt(b ** 2 + g ** 2)


out = sys.argv[1]
results = json.load(open(out + "/results.json"))
balls = misses = 0
for c in results["checks"]:
    for role, e in (c.get("enclosure") or {}).items():
        exact = S(c["point"]["beta"], c["point"]["gamma"])
        if role == "claim":
            exact *= 1 + mpf(10) ** -30
        mid, rad = mpf(e["mid"]), mpf(e["rad"])
        balls += 1
        if fabs(mid - exact) > rad:
            misses += 1
            print("MISSES", c["check"], c["point"], role, "|mid - exact| =", nstr(fabs(mid - exact), 3), "rad =", e["rad"])
print(f"{balls} printed balls, {misses} miss the exact value")
# L5: "claim $\in [m \pm l\cdot 10^{e}]$, derived $S \in [m \pm l\cdot 10^{e}]$"
tex = open(out + "/report.tex").read()
pairs = re.findall(r"claim \$\\in \[([-0-9.e]+) \\pm (\d+)\\cdot 10\^\{(-?\d+)\}\]\$, derived \$S \\in "
                   r"\[([-0-9.e]+) \\pm (\d+)\\cdot 10\^\{(-?\d+)\}\]\$", tex)
overlapping = 0
for m1, l1, e1, m2, l2, e2 in pairs:
    r1, r2 = mpf(l1) * mpf(10) ** int(e1), mpf(l2) * mpf(10) ** int(e2)
    if fabs(mpf(m1) - mpf(m2)) <= r1 + r2:
        overlapping += 1
        print("the ledger's balls overlap:", m1, m2)
print(f"{len(pairs)} deciding pairs in the ledger, {overlapping} overlap as printed")
sys.exit(0 if balls > 0 and misses == 0 and pairs and overlapping == 0 else 1)
