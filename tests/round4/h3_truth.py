#!/usr/bin/python3
"""H3 of the attack round of 2026-11-28 (docs/history.md, issue 42): the truth of the
norm-ratio properties of h3_norm_ratio_*.toml, by mpmath at 40 digits, independently of
attnverify. r = ||y||_2/||y||_1 takes every value in [1/sqrt(d), 1]; for d = 2, y = (1, a),
a in [0, 1], gives r = sqrt(1 + a^2)/(1 + a).
- dip-min: Q(r) = r - exp(-10^6 (r - 0.8032)^2)/10 has Q = 0.7032 < 1/sqrt(2) at r = 0.8032,
  so its minimum is not 1/sqrt(d);
- pole: Q(r) = 1/(r - 4/5) is unbounded on [1/sqrt(2), 1] (+-10^6 at r = 0.8 -+ 10^-6), so
  its claimed maximum and minimum are not its extremes.
Prints "ID true|false".
"""
from mpmath import mp, mpf, sqrt, exp, findroot

mp.dps = 40
r_of = lambda a: sqrt(1 + a * a) / (1 + a)
r0 = mpf("0.8032")
a0 = findroot(lambda a: r_of(a) - r0, 0.3)
Q = lambda r: r - exp(-10 ** 6 * (r - r0) ** 2) / 10
dip_min_holds = Q(r_of(a0)) >= 1 / sqrt(2)
r1 = mpf("0.8") + mpf("1e-6")
a1 = findroot(lambda a: r_of(a) - r1, 0.3)
pole_max_holds = 1 / (r_of(a1) - mpf(4) / 5) <= 1 / (1 / sqrt(2) - mpf(4) / 5)
print("dip-min", "true" if dip_min_holds else "false")
print("pole", "true" if pole_max_holds else "false")
