#!/usr/bin/python3
# Independent 60-digit reference values of the kernel sparsity
#   S(beta, gamma) = E|f(X)| / sqrt(E f(X)^2),  X = beta + gamma*eps, eps ~ N(0,1)
# for variants written only as spec expressions, computed with Debian's
# python3-mpmath (run with /usr/bin/python3) by mpmath.quad over z with the Gaussian
# density, split at every kink of |f| and f^2 (given here by hand, not by attnverify).
# Output: tests/reference/kernel_S_mpmath60.txt, read by tests/kernel_reference_test.cpp:
#   name | spec expression f | class (derived / no-closed-form) | beta | gamma | S
# Regenerate: /usr/bin/python3 tests/reference/kernel_reference.py > tests/reference/kernel_S_mpmath60.txt
import mpmath
from mpmath import mp, mpf, quad, erfc, sqrt, exp, log, log1p, pi, inf, fabs, tanh, cosh, sin, cos, atan, sign

mp.dps = 60

def phi(z):
    return exp(-z * z / 2) / sqrt(2 * pi)

def S(f, beta, gamma, kinks):
    pts = [-inf] + sorted((mpf(k) - beta) / gamma for k in kinks) + [inf]
    mean_abs = quad(lambda z: fabs(f(beta + gamma * z)) * phi(z), pts)
    mean_sq = quad(lambda z: f(beta + gamma * z) ** 2 * phi(z), pts)
    return mean_abs / sqrt(mean_sq)

relu = lambda x: x if x > 0 else mpf(0)
sigmoid = lambda x: 1 / (1 + exp(-x))
Phi = lambda x: erfc(-x / sqrt(2)) / 2
tenth = mpf(1) / 10

# name, spec expression, class, python f, kinks of |f| and f^2
VARIANTS = [
    ("relu", "relu(x)", "derived", relu, [0]),
    ("relu3", "relu(x)^3", "derived", lambda x: relu(x) ** 3, [0]),
    ("leaky_relu", "leaky_relu(x, 0.1)", "derived", lambda x: x if x > 0 else tenth * x, [0]),
    ("elu_plus_1", "elu(x) + 1", "derived", lambda x: x + 1 if x > 0 else exp(x), [0]),
    ("square", "x^2", "derived", lambda x: x * x, []),
    ("abs", "abs(x)", "derived", fabs, [0]),
    ("clip01", "clip(x, 0, 1)", "derived", lambda x: min(max(x, mpf(0)), mpf(1)), [0, 1]),
    ("cosh", "cosh(x)", "derived", cosh, []),
    ("elu", "elu(x)", "derived", lambda x: x if x > 0 else exp(x) - 1, [0]),
    ("cube", "x^3", "derived", lambda x: x ** 3, [0]),
    ("x_exp", "x*exp(x)", "derived", lambda x: x * exp(x), [0]),
    ("max_exp_2", "max(exp(x), 2)", "derived", lambda x: max(exp(x), mpf(2)), [log(2)]),
    ("shifted_relu2", "relu(x - 1)^2", "derived", lambda x: relu(x - 1) ** 2, [1]),
    ("min_x_1", "min(x, 1)", "derived", lambda x: min(x, mpf(1)), [0, 1]),
    ("piecewise", "piecewise(exp(x), 0, 1 + x, 1, 2)", "derived",
     lambda x: exp(x) if x < 0 else (1 + x if x < 1 else mpf(2)), [0, 1]),
    ("quadratic", "x^2 - 1", "derived", lambda x: x * x - 1, [-1, 1]),
    ("exp_half", "e^(x/2)", "derived", lambda x: exp(x / 2), []),
    ("hat", "relu(1 - abs(x))", "derived", lambda x: max(1 - fabs(x), mpf(0)), [-1, 0, 1]),
    ("abs_quadratic", "abs(x^2 - 1)", "derived", lambda x: fabs(x * x - 1), [-1, 1]),
    ("cubic", "x^3 - 2*x", "derived", lambda x: x ** 3 - 2 * x, [-sqrt(2), 0, sqrt(2)]),
    ("laplace", "exp(-abs(x))", "derived", lambda x: exp(-fabs(x)), [0]),
    ("two_to_x", "2^x", "derived", lambda x: mpf(2) ** x, []),
    ("elu_alpha2", "elu(x, 2)", "derived", lambda x: x if x > 0 else 2 * (exp(x) - 1), [0]),
    ("sigmoid", "sigmoid(x)", "no-closed-form", sigmoid, []),
    ("softplus", "softplus(x)", "no-closed-form", lambda x: log1p(exp(x)), []),
    ("gelu", "gelu(x)", "no-closed-form", lambda x: x * Phi(x), [0]),
    ("silu", "silu(x)", "no-closed-form", lambda x: x * sigmoid(x), [0]),
    ("tanh", "tanh(x)", "no-closed-form", tanh, [0]),
    ("softsign", "x/(1 + abs(x))", "no-closed-form", lambda x: x / (1 + fabs(x)), [0]),
    ("gauss_bump", "exp(-x^2)", "derived", lambda x: exp(-x * x), []),
    # the trigonometric primitives (issue 47): f > 0 in the first three (the first has atan and
    # a kink, outside the derived class); cos changes sign at every (k + 1/2) pi, split there
    # for |k| <= 40 (the Gaussian mass beyond is below 10^-60), and E|cos X| is not derived
    ("trig_mixed", "exp(x)*(2 + sin(x)) + sign(x)*atan(x)*cos(x)^2", "no-closed-form",
     lambda x: exp(x) * (2 + sin(x)) + sign(x) * atan(x) * cos(x) ** 2, [0]),
    ("cos_shifted", "2 + cos(3*x + 1)", "derived", lambda x: 2 + cos(3 * x + 1), []),
    ("exp_sin", "exp(x)*(2 + sin(x))", "derived", lambda x: exp(x) * (2 + sin(x)), []),
    ("cos", "cos(x)", "no-closed-form", cos, [(k + mpf(1) / 2) * pi for k in range(-40, 41)]),
]
POINTS = [(mpf(-2), mpf(1) / 2), (mpf(0), mpf(1)), (mpf(1) / 2, mpf(2)), (mpf(-1), mpf(3) / 2)]
TEXT = {mpf(-2): "-2", mpf(1) / 2: "0.5", mpf(0): "0", mpf(1): "1", mpf(2): "2", mpf(-1): "-1", mpf(3) / 2: "1.5"}

print("# mpmath %s at %d digits (tests/reference/kernel_reference.py); S(beta, gamma) = E|f(X)|/sqrt(E f(X)^2)"
      % (mpmath.__version__, mp.dps))
for name, expr, kind, f, kinks in VARIANTS:
    for beta, gamma in POINTS:
        print("%s | %s | %s | %s | %s | %s" % (name, expr, kind, TEXT[beta], TEXT[gamma], mp.nstr(S(f, beta, gamma, kinks), 55)))
