#!/usr/bin/python3
"""Issue 43, part 1: the truth of the claims and properties of i43_*.toml, by mpmath at 60
digits, independently of attnverify. Prints "ID true|false" (and its figures on other lines).
- Laplace scores: eps has density e^{-sqrt2 |z|}/sqrt2; E e^{t eps} = 1/(1 - t^2/2) for
  |t| < sqrt2 (the textbook moment generating function, checked here against quadrature), so
  for f = exp, S = 2 sqrt(1 - 2 gamma^2)/(2 - gamma^2) exactly where gamma < sqrt2/2.
- uniform scores: eps uniform on [-sqrt3, sqrt3]; E g(X) by quadrature split at relu's kink.
A claim is true when, at every test point of its region (S exists there), it is a real number
within 10^-45 of S relatively; false when it is not defined at one or differs at one.
"""
from mpmath import mp, mpf, sqrt, exp, quad, inf

mp.dps = 60


def laplace_mean(g, beta, gamma):
    w = lambda z: exp(-sqrt(2) * abs(z)) / sqrt(2)
    return quad(lambda z: g(beta + gamma * z) * w(z), [-inf, 0, inf])


def uniform_mean(g, beta, gamma, kinks=()):
    s3 = sqrt(3)
    cuts = sorted([-s3, s3] + [(k - beta) / gamma for k in kinks if -s3 < (k - beta) / gamma < s3])
    return quad(lambda z: g(beta + gamma * z), cuts) / (2 * s3)


def S_exp_laplace(beta, gamma):
    # by the moment generating function (t = gamma and 2 gamma)
    return (exp(beta) / (1 - gamma ** 2 / 2)) / sqrt(exp(2 * beta) / (1 - 2 * gamma ** 2))


relu = lambda x: x if x > 0 else mpf(0)


def S_relu_uniform(beta, gamma):
    m1 = uniform_mean(relu, beta, gamma, [0])
    m2 = uniform_mean(lambda x: relu(x) ** 2, beta, gamma, [0])
    return m1 / sqrt(m2)


# the moment generating function against quadrature, where both converge quickly
for beta, gamma in [(mpf(0), mpf(1) / 4), (mpf(1), mpf(1) / 2)]:
    q = laplace_mean(exp, beta, gamma) / sqrt(laplace_mean(lambda x: exp(2 * x), beta, gamma))
    assert abs(q / S_exp_laplace(beta, gamma) - 1) < mpf(10) ** -45, (beta, gamma)


def value(claim, beta, gamma):
    try:
        v = claim(beta, gamma)
    except ZeroDivisionError:
        return None
    if not isinstance(v, mpf):  # a complex root: not defined over the reals
        return None
    return v


def truth(name, claim, S, points):
    ok = True
    for beta, gamma in points:
        v, s = value(claim, beta, gamma), S(beta, gamma)
        if v is None or abs(v / s - 1) > mpf(10) ** -45:
            print(f"  {name}: at beta = {beta}, gamma = {gamma}: claim {v}, S {s}")
            ok = False
    print(name, "true" if ok else "false")


S_of_gamma = lambda g: 2 * sqrt(1 - 2 * g ** 2) / (2 - g ** 2)
laplace_points = [(mpf(0), mpf(1) / 4), (mpf(1), mpf(1) / 2), (mpf(-2), mpf(7) / 10), (mpf(1) / 2, mpf("0.7071067805")),
                  (mpf(3), mpf(1) / 10)]
truth("exp-laplace-S", lambda b, g: S_of_gamma(g), S_exp_laplace, laplace_points)
truth("exp-laplace-root-outside", lambda b, g: sqrt(4 * (1 - 2 * g ** 2)) / (2 - g ** 2), S_exp_laplace, laplace_points)
truth("exp-laplace-pole-at-boundary", lambda b, g: 2 * (1 - 2 * g ** 2) / ((2 - g ** 2) * sqrt(1 - 2 * g ** 2)),
      S_exp_laplace, laplace_points)
truth("exp-laplace-abs", lambda b, g: 2 * abs(sqrt(1 - 2 * g ** 2)) / (2 - g ** 2), S_exp_laplace, laplace_points)
truth("exp-laplace-missing-factor", lambda b, g: sqrt(1 - 2 * g ** 2), S_exp_laplace, laplace_points)
truth("exp-laplace-near", lambda b, g: S_of_gamma(g) * (1 + g ** 6 / mpf(10) ** 30), S_exp_laplace, laplace_points)
truth("exp-laplace-pole-inside", lambda b, g: S_of_gamma(g) * (g - mpf(7) / 10) / (g - mpf(7) / 10), S_exp_laplace,
      laplace_points)
c = mpf(70710678) / 100000000
truth("exp-laplace-root-short", lambda b, g: S_of_gamma(g) * sqrt(c - g) / sqrt(c - g), S_exp_laplace, laplace_points)

r3 = sqrt(3)
uniform_points = [(mpf(0), mpf(1)), (mpf(-1), mpf(1)), (mpf(2), mpf(1) / 2), (mpf(1) / 2, mpf(3)), (mpf(-1), mpf(3) / 5)]
truth("relu-uniform-S",
      lambda b, g: (relu(b + r3 * g) ** 2 - relu(b - r3 * g) ** 2) / (4 * r3 * g)
      / sqrt((relu(b + r3 * g) ** 3 - relu(b - r3 * g) ** 3) / (6 * r3 * g)), S_relu_uniform, uniform_points)
truth("relu-uniform-large-beta", lambda b, g: b / sqrt(b ** 2 + g ** 2), S_relu_uniform, uniform_points)

# relu^2 under Laplace at beta < 0 as gamma -> 0: S far below 1e-20 at gamma = 1/100 and 1/1000
small = []
for beta, gamma in [(mpf(-1), mpf(1) / 100), (mpf(-1) / 10, mpf(1) / 1000)]:
    m2 = quad(lambda z: relu(beta + gamma * z) ** 2 * exp(-sqrt(2) * z) / sqrt(2), [-beta / gamma, inf])
    m4 = quad(lambda z: relu(beta + gamma * z) ** 4 * exp(-sqrt(2) * z) / sqrt(2), [-beta / gamma, inf])
    small.append(m2 / sqrt(m4))
    print(f"  relu^2 under Laplace: S({beta}, {gamma}) = {mp.nstr(small[-1], 5)}")
print("relu2-laplace-limit-0", "true" if all(s < mpf(10) ** -20 for s in small) else "false")
print("relu2-laplace-limit-half", "true" if abs(small[0] - mpf(1) / 2) < mpf(10) ** -20 else "false")

# i43_uniform_limit_at_kink.toml: f = x under uniform scores; S(beta, gamma) by quadrature
ident = lambda x: x
def S_x_uniform(beta, gamma):
    return uniform_mean(abs, beta, gamma, [0]) / sqrt(uniform_mean(lambda x: x * x, beta, gamma, [0]))


at_kink = [S_x_uniform(mpf(0), g) for g in (mpf(1) / 1000, mpf(1) / 10 ** 6)]
print(f"  S(0, 1e-3), S(0, 1e-6) for f = x under uniform: {mp.nstr(at_kink[0], 15)}, {mp.nstr(at_kink[1], 15)}")
to_root3_half = all(abs(v - sqrt(3) / 2) < mpf(10) ** -40 for v in at_kink)
print("lim0-at0-true", "true" if to_root3_half else "false")
print("lim0-at0-zero", "false" if to_root3_half else "true")
big = S_x_uniform(mpf(0), mpf(10) ** 6)
print("liminf-at0-zero", "true" if big < mpf(10) ** -3 else "false")
print("limbeta0-false", "true" if S_x_uniform(mpf(1) / 10 ** 8, mpf(1)) < mpf(10) ** -3 else "false")
print("limbeta-inf", "true" if abs(S_x_uniform(mpf(10) ** 8, mpf(1)) - 1) < mpf(10) ** -10 else "false")

# i43_narrow_region.toml: exp(100 x) under Laplace, S by the moment generating function (t = 100
# gamma and 200 gamma), at gamma = 1/1000 and 1/500 (both below sqrt2/200 = 0.00707)
narrow = [(mpf(0), mpf(1) / 1000), (mpf(1), mpf(1) / 500)]
S_narrow = lambda b, g: S_exp_laplace(b, 100 * g)
truth("narrow-S", lambda b, g: 2 * sqrt(1 - 20000 * g ** 2) / (2 - 10000 * g ** 2), S_narrow, narrow)
truth("narrow-negated", lambda b, g: -2 * sqrt(1 - 20000 * g ** 2) / (2 - 10000 * g ** 2), S_narrow, narrow)
