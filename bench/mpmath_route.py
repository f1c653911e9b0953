"""The mpmath route of bench/route_bench (docs/history.md, issue 7): the researcher's notebook baseline.

S(beta, gamma) = E|f(X)| / sqrt(E f(X)^2), X = beta + gamma*eps, eps ~ N(0, 1), by
mpmath.quad (tanh-sinh) over z, split at the kink z = -beta/gamma, at `digits`
decimal digits (mp.dps). Reads lines "variant beta gamma" from stdin, beta and gamma
as exact fractions "p/q"; writes one line per point: "S seconds" with S to `digits`
significant digits and the seconds spent in the two quad calls.
Usage: <python> bench/mpmath_route.py DIGITS < points
"""
import sys
import time

import mpmath as mp

mp.mp.dps = int(sys.argv[1])
KERNELS = {
    "relu2": lambda x: x * x if x > 0 else mp.mpf(0),
    "identity": lambda x: x,
}


def fraction(text):
    p, q = text.split("/")
    return mp.mpf(p) / mp.mpf(q)


def main():
    norm = 1 / mp.sqrt(2 * mp.pi)
    for line in sys.stdin:
        variant, b, g = line.split()
        f, beta, gamma = KERNELS[variant], fraction(b), fraction(g)
        phi = lambda z: mp.exp(-z * z / 2) * norm
        kink = -beta / gamma
        start = time.perf_counter()
        mean_abs = mp.quad(lambda z: abs(f(beta + gamma * z)) * phi(z), [-mp.inf, kink, mp.inf])
        mean_square = mp.quad(lambda z: f(beta + gamma * z) ** 2 * phi(z), [-mp.inf, kink, mp.inf])
        seconds = time.perf_counter() - start
        print(mp.nstr(mean_abs / mp.sqrt(mean_square), mp.mp.dps), seconds, flush=True)


if __name__ == "__main__":
    main()
