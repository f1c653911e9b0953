#!/usr/bin/python3
"""H1 and L3 of the attack round of 2026-11-28 (docs/history.md, issue 42): the truth of the
sequence properties of h1_strict_bound*.toml and l3_sup_at_lambda_one.toml, by exact sums in
mpmath at 60 digits, independently of attnverify. lambda = 1 is a point of the domain (0, 1];
there the weights lambda (h1) and lambda^(n-i) (l3) are all 1, so S_n = 1 for every n, and a
strict relation with a bound equal to 1 there fails.
Prints "ID true|false" per property (false: fails at some point of its range).
"""
from mpmath import mp, mpf, sqrt

mp.dps = 60


def S(weights):
    n = len(weights)
    return (sum(abs(a) for a in weights) / n) / sqrt(sum(a * a for a in weights) / n)


def lambdas():  # points of (0, 1], lambda = 1 among them
    return [mpf(k) / 100 for k in range(1, 101)]


def holds_everywhere(weight, relation, bound, ns=range(1, 31)):
    for lam in lambdas():
        for n in ns:
            s, b = S([weight(lam, n, i) for i in range(1, n + 1)]), bound(lam, n)
            if not relation(s, b):
                return False
    return True


lt, gt = (lambda s, b: s < b), (lambda s, b: s > b)
flat = lambda lam, n, i: lam                   # h1: a_i = lambda, S_n = 1
decay = lambda lam, n, i: lam ** (n - i)       # l3: a_i = lambda^(n - i)
truth = {
    "strict-bound-fails-at-1": holds_everywhere(flat, lt, lambda lam, n: 2 - lam),
    "strict-bound-pow": holds_everywhere(flat, lt, lambda lam, n: 2 - lam ** n),
    "strict-bound-gt": holds_everywhere(flat, gt, lambda lam, n: lam),
    "strict-bound-gt-pow": holds_everywhere(flat, gt, lambda lam, n: lam ** (2 * n)),
    # l3: on lambda in [1/2, 1], n in [2, 10]: S < 1 fails at lambda = 1; sup S = 1 (S <= 1 by
    # Cauchy-Schwarz, = 1 at lambda = 1); S < 1 as a bound on the domain fails at lambda = 1
    "sup-below-1": all(S([decay(mpf(k) / 100, n, i) for i in range(1, n + 1)]) < 1
                       for k in range(50, 101) for n in range(2, 11)),
    "sup-value-1": max(S([decay(mpf(k) / 100, n, i) for i in range(1, n + 1)])
                       for k in range(50, 101) for n in range(2, 11)) == 1,
    "bound-lt-1": holds_everywhere(decay, lt, lambda lam, n: 1),
}
for key, value in truth.items():
    print(key, "true" if value else "false")
