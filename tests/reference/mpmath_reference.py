#!/usr/bin/python3
# Reference values for tests/*_test.cpp, computed independently of attnverify with
# Debian's python3-mpmath (run with /usr/bin/python3) at 60 significant digits.
# Each value is printed with the expression that produced it; the tests quote them.
#   S(beta, gamma) = E|f(X)| / sqrt(E f(X)^2), X = beta + gamma*eps, eps ~ N(0,1),
# computed by mpmath.quad over z with the Gaussian density, split at the kink of f.
import mpmath
from mpmath import mp, mpf, quad, erf, sqrt, exp, pi, inf, fabs

mp.dps = 60

def phi(z):
    return exp(-z * z / 2) / sqrt(2 * pi)

def S(f, beta, gamma, kinks):
    pts = [-inf] + sorted((k - beta) / gamma for k in kinks) + [inf]
    mean_abs = quad(lambda z: fabs(f(beta + gamma * z)) * phi(z), pts)
    mean_sq = quad(lambda z: f(beta + gamma * z) ** 2 * phi(z), pts)
    return mean_abs / sqrt(mean_sq)

relu2 = lambda x: x * x if x > 0 else mpf(0)
ident = lambda x: x

print("mpmath", mpmath.__version__)
print("erf(1/2)         =", mp.nstr(erf(mpf(1) / 2), 55))
print("erf(3)           =", mp.nstr(erf(mpf(3)), 55))
print("erf(-7/4)        =", mp.nstr(erf(mpf(-7) / 4), 55))
print("S_relu2(-1, 1/2) =", mp.nstr(S(relu2, mpf(-1), mpf(1) / 2, [0]), 55))
print("S_relu2(1/2, 1)  =", mp.nstr(S(relu2, mpf(1) / 2, mpf(1), [0]), 55))
print("S_ident(-1, 1/2) =", mp.nstr(S(ident, mpf(-1), mpf(1) / 2, [0]), 55))
print("S_ident(2, 3)    =", mp.nstr(S(ident, mpf(2), mpf(3), [0]), 55))
