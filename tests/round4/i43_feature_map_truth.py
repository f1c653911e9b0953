#!/usr/bin/python3
"""Issue 43, R3: the truth of the claims of i43_feature_map_softplus.toml, by mpmath at 60 digits,
independently of attnverify. phi = softplus = log(1 + e^x) >= 0, k_i ~ N(mu_i, sigma_i^2)
independent; phi(k) has mean m1_i = E phi(k_i) and variance m2_i - m1_i^2; with q~ = phi(q):
qmu = sum q~_i m1_i, qSq = sum q~_i^2 (m2_i - m1_i^2), q1 = sum q~_i, q2 = ||q~||_2, and at iid
cases mu = m1, sigma = sqrt(m2 - m1^2). S = qmu / sqrt(qmu^2 + qSq) (Su2023 eq. 8: S of
a = q~.k~ is E a / sqrt(E a^2)). A claim is true when it is within 10^-45 of S, relatively, at
every case it is judged at (claims in mu, sigma: the iid cases). Prints "ID true|false".
"""
from mpmath import mp, mpf, sqrt, log, exp, quad, inf, pi

mp.dps = 60
softplus = lambda x: log(1 + exp(x))


def moments(mu, sigma):
    w = lambda z: exp(-z * z / 2) / sqrt(2 * pi)
    m1 = quad(lambda z: softplus(mu + sigma * z) * w(z), [-inf, 0, inf])
    m2 = quad(lambda z: softplus(mu + sigma * z) ** 2 * w(z), [-inf, 0, inf])
    return m1, m2


cases = [([mpf("0.5")] * 4, [mpf("0.25")] * 4, [mpf(1)] * 4, True),
         ([mpf(1), mpf(2), mpf("0.5")], [mpf("0.3"), mpf(-1), mpf(2)], [mpf(1), mpf("0.5"), mpf("0.25")], False)]
values = []
for q, mus, sigmas, iid in cases:
    m = [moments(a, b) for a, b in zip(mus, sigmas)]
    qt = [softplus(x) for x in q]
    qmu = sum(t * m1 for t, (m1, m2) in zip(qt, m))
    qSq = sum(t * t * (m2 - m1 * m1) for t, (m1, m2) in zip(qt, m))
    q1, q2 = sum(qt), sqrt(sum(t * t for t in qt))
    mu, sigma = (m[0][0], sqrt(m[0][1] - m[0][0] ** 2)) if iid else (None, None)
    values.append(dict(qmu=qmu, qSq=qSq, q1=q1, q2=q2, mu=mu, sigma=sigma, iid=iid, S=qmu / sqrt(qmu ** 2 + qSq)))

claims = {
    "eq8": (False, lambda v: 1 / sqrt(1 + v["qSq"] / v["qmu"] ** 2)),
    "eq9": (True, lambda v: 1 / sqrt(1 + (v["sigma"] / v["mu"] * v["q2"] / v["q1"]) ** 2)),
    "eq8-wrong": (False, lambda v: 1 / sqrt(1 + v["qSq"] / v["qmu"] ** 2) * (1 + mpf(10) ** -30)),
    "eq8-squared": (False, lambda v: sqrt(v["qmu"] ** 2 / (v["qmu"] ** 2 + v["qSq"]))),
    "eq9-no-q": (True, lambda v: 1 / sqrt(1 + (v["sigma"] / v["mu"]) ** 2)),
}
# a claim as written: sqrt of a negative number is not defined (False stands for "not defined")
root = lambda x: sqrt(x) if x >= 0 else None
claims["root-over-root"] = (False, lambda v: None if root(v["q1"] - 100) is None else
                            1 / sqrt(1 + v["qSq"] / v["qmu"] ** 2))
claims["zero-times-root"] = (False, lambda v: None if root(v["q1"] - 100) is None else
                             1 / sqrt(1 + v["qSq"] / v["qmu"] ** 2))
for name, (iid_only, claim) in claims.items():
    ok = all(claim(v) is not None and abs(claim(v) / v["S"] - 1) < mpf(10) ** -45
             for v in values if v["iid"] or not iid_only)
    print(name, "true" if ok else "false")
