"""The SymPy route of bench/route_bench (docs/history.md, issue 7): seconds for sympy.stats.E to derive
E|f(X)| and E f(X)^2, X = beta + gamma*eps ~ Normal(beta, gamma), gamma positive (SymPy
needs positive=True on gamma to finish), for exp, relu^2 and identity.
Prints one line per kernel: "kernel seconds".
Usage: <python> bench/sympy_derivation.py
"""
import time

import sympy as sp
from sympy.stats import E, Normal

beta = sp.Symbol("beta", real=True)
gamma = sp.Symbol("gamma", positive=True)
X = Normal("X", beta, gamma)
relu2 = sp.Max(X, 0) ** 2
# (f, |f|): |f| written out where f >= 0, as a notebook would. relu^2 as Max(X, 0)^2:
# measured with SymPy 1.14, E|f| and E f^2 together took 260 s (2026-11-22); as
# Piecewise((X^2, X > 0), (0, True)) E|f| alone took 292 s, and E(Abs(Piecewise(...)))
# did not finish in minutes.
KERNELS = {
    "exp": (sp.exp(X), sp.exp(X)),
    "relu2": (relu2, relu2),
    "identity": (X, sp.Abs(X)),
}

for name, (f, abs_f) in KERNELS.items():
    start = time.perf_counter()
    E(abs_f)
    E(f**2)
    print(name, time.perf_counter() - start, flush=True)
