#!/usr/bin/python3
"""Round 6 of the attack on issue 42 (docs/history.md): the truth of the r6_*.toml reproducers,
by mpmath at 50-80 digits and the hand algebra below, independently of attnverify.
Prints "ID true|false" (and figures on other lines).
- r6_norm_ratio_steps: d = 2, y = (1, t) gives r = sqrt(1 + t^2)/(1 + t), every r in
  [1/sqrt(2), 1]. At r = 0.85 the quantities two-steps, sign-abs and clip are
  0.85 - 0.3 = 0.55 < 1/sqrt(2) (two-steps, clip: minimum claimed 1/sqrt(2)) and
  0.85 + 0.15 + 0.15 = 1.15 > 1 (sign-abs: maximum claimed 1), so each claimed extreme is false.
- r6_sequence_bound_integers: weight a_i = lambda, so S_n = 1 for every lambda and n; each bound
  equals 1 (or is below it) at n = 4 (n4-*: 1 + (n-4)^2, 1 - lambda (n-4)^2, ...), at n = 7 and 8
  (n-half), at n = 4..9 (n4-9: 1 + (n-4)(n-9) <= 1), so each strict relation is false.
- r6_kernel_bound_band: f = exp(x), S = exp(-gamma^2/2) exactly (E e^X = e^(b + g^2/2), E e^(2X) =
  e^(2b + 2g^2)), checked here by quadrature at (0.35, 0.7). touch: equality at gamma = 0.7;
  below: the bound is S - 1e-6 there; beta-band: S - 0.0016 at beta = 0.35. All false.
- r6_claim_spike_at_grid: f = x + 1/(1 + 10^60 (x - 40)^2); the claim (S of f = x) differs from S
  by 1.76e-34 relative at the grid point (40, 1), beyond the tolerance 10^-45 of 50 digits.
"""
from mpmath import mp, mpf, sqrt, exp, erf, pi, quad, inf, findroot

mp.dps = 60
step = lambda u: mpf(1) if u > 0 else (mpf(0) if u < 0 else mpf(1) / 2)
t = findroot(lambda t: sqrt(1 + t**2) / (1 + t) - mpf("0.85"), mpf("0.3"))
r = sqrt(1 + t**2) / (1 + t)
two_steps = r - mpf(3) / 10 * step(r - mpf(4) / 5) + mpf(3) / 10 * step(r - mpf(9) / 10)
sign_abs = r + mpf(3) / 20 * abs(r - mpf(4) / 5) / (r - mpf(4) / 5) - mpf(3) / 20 * abs(r - mpf(9) / 10) / (r - mpf(9) / 10)
clip = r - mpf(3) / 10 * step(r - mpf(4) / 5) * step(mpf(9) / 10 - r)
print("r =", r, "two-steps", two_steps, "sign-abs", sign_abs, "clip", clip)
print("two-steps", "true" if two_steps >= 1 / sqrt(2) else "false")
print("sign-abs", "true" if sign_abs <= 1 else "false")
print("clip", "true" if clip >= 1 / sqrt(2) else "false")

# sequences: S_n = 1 exactly (a_i = lambda > 0); the bounds at their integer n
S_n = lambda n: (n * mpf("0.3") / n) / sqrt(n * mpf("0.3") ** 2 / n)
print("n4-strict", "true" if all(S_n(n) < 1 + (n - 4) ** 2 for n in range(1, 65)) else "false")
print("n4-strict-open", "true" if all(S_n(n) < 1 + mpf("0.7") * (n - 4) ** 2 for n in range(1, 65)) else "false")
print("n4-gt", "true" if all(S_n(n) > 1 - mpf("0.3") * (n - 4) ** 2 for n in range(1, 65)) else "false")
print("n-half", "true" if all(S_n(n) < 1 + (n - 7) ** 2 * (n - 8) ** 2 for n in range(1, 65)) else "false")
print("n4-9", "true" if all(S_n(n) < 1 + (n - 4) * (n - 9) for n in range(1, 65)) else "false")

mp.dps = 50
def S_exp(b, g):
    phi = lambda x: exp(-(x - b) ** 2 / (2 * g * g)) / (g * sqrt(2 * pi))
    return quad(lambda x: exp(x) * phi(x), [-inf, b, inf]) / sqrt(quad(lambda x: exp(2 * x) * phi(x), [-inf, b, inf]))
b, g = mpf("0.35"), mpf("0.7")
S = S_exp(b, g)
print("kernel S(0.35, 0.7) =", S, "exp(-g^2/2) =", exp(-g * g / 2))
print("touch", "true" if S < exp(-g * g / 2) + (g - mpf("0.7")) ** 2 else "false")
print("below", "true" if S < exp(-g * g / 2) + (g - mpf("0.7")) ** 2 - mpf("1e-6") else "false")
print("beta-band", "true" if S < exp(-g * g / 2) + (b - mpf("0.31")) * (b - mpf("0.39")) else "false")

mp.dps = 80
def S_spike(beta, gamma):
    phi = lambda x: exp(-(x - beta) ** 2 / (2 * gamma**2)) / (gamma * sqrt(2 * pi))
    f = lambda x: x + 1 / (1 + mpf(10) ** 60 * (x - 40) ** 2)
    pts = [-inf, 0] + [40 - mpf(10) ** (-k) for k in range(0, 34)] + [mpf(40)] + \
          [40 + mpf(10) ** (-k) for k in range(33, -1, -1)] + [inf]
    return quad(lambda x: abs(f(x)) * phi(x), pts) / sqrt(quad(lambda x: f(x) ** 2 * phi(x), pts))
def claim(b, g):
    return (sqrt(2 / pi) * g * exp(-b**2 / (2 * g**2)) + b * erf(b / (sqrt(2) * g))) / sqrt(b**2 + g**2)
s40, c40 = S_spike(mpf(40), mpf(1)), claim(mpf(40), mpf(1))
rel = abs(c40 - s40) / s40
print("spike S(40, 1) =", mp.nstr(s40, 50), "claim", mp.nstr(c40, 50), "rel", mp.nstr(rel, 5))
print("identity-S", "true" if rel <= mpf(10) ** -45 else "false")
