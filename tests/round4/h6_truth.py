#!/usr/bin/python3
"""H6 of the attack round of 2026-11-28 (docs/history.md, issue 42): f = exp(x^2/(1+x^2)) (+ a spike
1/(1 + 10^60 (x - 3/10)^2) in h6_no_bound_spike), a kernel with no growth-bound rule before, whose
double-exponential values were wrong by 1e-31 with stated errors of 1e-53. S by mpmath quad at 70
digits, breakpoints down to 1e-33 around the spike, independently of attnverify; every grid value
of OUT_DIR/results.json must be within 1e-45 relative of it and certified.
usage: h6_truth.py OUT_DIR SPIKE(0 or 1)
"""
import json
import sys

from mpmath import mp, mpf, sqrt, exp, pi, quad, inf, fabs

mp.dps = 70
c = mpf(3) / 10
spike = mpf(sys.argv[2])
f = lambda x: exp(x * x / (1 + x * x)) + spike / (1 + mpf(10) ** 60 * (x - c) ** 2)


def S(beta, gamma):
    beta, gamma = mpf(beta), mpf(gamma)
    phi = lambda x: exp(-((x - beta) / gamma) ** 2 / 2) / (sqrt(2 * pi) * gamma)
    pts = [-inf, beta - 40 * gamma, beta, beta + 40 * gamma, inf]
    pts = sorted(set(pts + [c + s * mpf(10) ** -k for k in range(0, 34, 3) for s in (-1, 1)] + [c]))
    A = quad(lambda x: f(x) * phi(x), pts, maxdegree=10)  # f > 0
    B = quad(lambda x: f(x) ** 2 * phi(x), pts, maxdegree=10)
    return A / sqrt(B)


bad = 0
for ch in json.load(open(sys.argv[1] + "/results.json"))["checks"]:
    if ch["check"] != "closed-vs-quadrature":
        continue
    b, g = ch["point"]["beta"], ch["point"]["gamma"]
    truth = S(b, g)
    value = mpf(ch["values"]["numeric"]) if "numeric" in ch.get("values", {}) else None
    error = fabs(value - truth) / truth if value is not None else None
    ok = error is not None and error <= mpf(10) ** -45 and ch.get("certified")
    bad += not ok
    print(b, g, "relative error", mp.nstr(error, 3) if error is not None else "no value",
          "certified" if ch.get("certified") else "NOT certified", "ok" if ok else "WRONG")
sys.exit(1 if bad else 0)
