#!/usr/bin/python3
"""H5 of the attack round of 2026-11-28 (docs/history.md, issue 42): a claim without a derived S
is judged against the numeric route, whose estimate once missed a narrow feature. f = x + h/(1 +
w^-2 (x - 3/10)^2), a spike of height h and width w at 0.3 (h5_hidden_spike: h = 1, w = 1e-30;
h5_hidden_spike_small: h = 1e-5, w = 1e-25), under the normal law; the claim is S of f = x
(Su2023 eq. 7). mpmath quad at 80 digits with breakpoints down to 1e-33 around the spike, an
integration independent of attnverify, gives S and the claim's relative error at (0, 1): about
1e-30, far above the tolerance 1e-45, so the claim is false.
usage: h5_truth.py SPIKE_HEIGHT SPIKE_WIDTH_SQUARED_INVERSE; prints "identity-S false" (or true)
"""
import sys

from mpmath import mp, mpf, sqrt, exp, pi, erf, quad, inf, fabs

mp.dps = 80
height, inverse_width_squared = mpf(sys.argv[1]), mpf(sys.argv[2])
c = mpf(3) / 10
f = lambda x: x + height / (1 + inverse_width_squared * (x - c) ** 2)


def S(beta, gamma):
    beta, gamma = mpf(beta), mpf(gamma)
    phi = lambda x: exp(-((x - beta) / gamma) ** 2 / 2) / (sqrt(2 * pi) * gamma)
    pts = [-inf, beta - 40 * gamma, mpf(0)] + [c + s * mpf(10) ** -k for k in range(0, 34, 3) for s in (-1, 1)]
    pts = sorted(set(pts + [c, beta + 40 * gamma, inf]))
    A = quad(lambda x: abs(f(x)) * phi(x), pts, maxdegree=10)
    B = quad(lambda x: f(x) ** 2 * phi(x), pts, maxdegree=10)
    return A / sqrt(B)


claim = sqrt(2 / pi)  # S of f = x at (0, 1)
t = S("0", "1")
relative = fabs(t - claim) / t
print("# at (0, 1): S =", mp.nstr(t, 40), "claim =", mp.nstr(claim, 40), "relative difference", mp.nstr(relative, 3))
print("identity-S", "true" if relative <= mpf(10) ** -45 else "false")
