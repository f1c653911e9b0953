#!/usr/bin/python3
"""Issue 43, R2: the truth of the properties of i43_lattice_sigmoid.toml, by mpmath at 30 digits,
independently of attnverify: S(beta, gamma) = E s(X) / sqrt(E s(X)^2), s the logistic sigmoid,
X = beta + gamma eps, eps ~ N(0, 1), on a 13 x 13 grid of beta in [-1, 1] x gamma in [0.1, 3]
(evenly in beta, log-spaced in gamma). The bounds are judged at the grid's points (S stays in
[0.735, 0.9997] there, far from 1/2 and below 1); "S < 0.99" fails at gamma = 0.1.
Monotonicity: S falls along every grid line in gamma. Prints "ID true|false".
"""
from mpmath import mp, mpf, sqrt, exp, quad, inf, pi

mp.dps = 30
sig = lambda x: 1 / (1 + exp(-x))


def S(beta, gamma):
    w = lambda z: exp(-z * z / 2) / sqrt(2 * pi)
    m1 = quad(lambda z: sig(beta + gamma * z) * w(z), [-inf, 0, inf])
    m2 = quad(lambda z: sig(beta + gamma * z) ** 2 * w(z), [-inf, 0, inf])
    return m1 / sqrt(m2)


betas = [mpf(-1) + mpf(2) * k / 12 for k in range(13)]
gammas = [mpf("0.1") * (mpf(30) ** (mpf(k) / 12)) for k in range(13)]
grid = {(b, g): S(b, g) for b in betas for g in gammas}
values = list(grid.values())
print(f"  S ranges over [{mp.nstr(min(values), 8)}, {mp.nstr(max(values), 8)}] on the grid")
falls = all(grid[(b, gammas[k])] > grid[(b, gammas[k + 1])] for b in betas for k in range(12))
print("pos", "true" if min(values) > mpf(1) / 2 else "false")
print("below-one", "true" if max(values) < 1 else "false")
print("below-099", "true" if max(values) < mpf("0.99") else "false")
print("dec-gamma", "true" if falls else "false")
print("inc-gamma", "false" if falls else "true")

# i43_lattice_sequence.toml: S_n = mean a / sqrt(mean a^2), a_i = 1/(1 + lambda i^2), i = 1..n,
# at every n in 1..50 and lambda in {0.1, 0.2, ..., 1}
def S_seq(lam, n):
    a = [1 / (1 + lam * i * i) for i in range(1, n + 1)]
    return (sum(a) / n) / sqrt(sum(x * x for x in a) / n)


lams = [mpf(k) / 10 for k in range(1, 11)]
table = {(lam, n): S_seq(lam, n) for lam in lams for n in range(1, 51)}
falls_in_n = all(table[(lam, n)] > table[(lam, n + 1)] for lam in lams for n in range(1, 50))
print("seq-pos", "true" if min(table.values()) > mpf(1) / 10 else "false")
print("seq-dec", "true" if falls_in_n else "false")
print("seq-inc", "false" if falls_in_n else "true")
