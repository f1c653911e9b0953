#!/usr/bin/python3
"""Truth for P01: exact sums of the weights at n = 1..5 (mpmath, 40 digits), and the closed form's
derivative in n (continued to real n) at n = 2 and 3, which is positive although S_3 < S_2."""
from mpmath import mp, mpf, sqrt, diff
mp.dps = 40
A, x, y, z = mpf(100000), mpf(1)/25, mpf(15)/2, mpf(2)/5
def S_exact(n):
    a = [1 + A*x**n*y**i*z**(n*i) for i in range(1, n+1)]
    return (sum(a)/n)/sqrt(sum(t*t for t in a)/n)
def g(r, n): return (r - r**(n+1))/(1-r)
def S_formula(n):
    r1 = y*z**n
    s1 = n + A*x**n*g(r1, n); s2 = n + 2*A*x**n*g(r1, n) + A*A*x**(2*n)*g(r1*r1, n)
    return (s1/n)/sqrt(s2/n)
for k in range(1, 6): print("S_%d =" % k, mp.nstr(S_exact(k), 30), " formula:", mp.nstr(S_formula(mpf(k)), 30))
print("dS/dn (formula) at 2:", mp.nstr(diff(S_formula, mpf(2)), 10), "at 3:", mp.nstr(diff(S_formula, mpf(3)), 10))
print("increasing-in-n", "true" if S_exact(3) >= S_exact(2) else "false")
