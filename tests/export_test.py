#!/usr/bin/python3
"""`attnverify derive --format sympy|mathematica` (proofs/export_syntax.hpp, issue 47 part 3) as
a user would continue with it, on every shipped spec (specs/):
  - the SymPy program runs with Debian's SymPy and defines forms[variant, label];
  - the Mathematica program, read back with SymPy's parse_mathematica (its Erf, Erfc, Sign and
    LogisticSigmoid mapped to SymPy's), defines the same forms;
  - at every grid point of the standard suite's unsharded run (the standard_report fixture),
    each kernel's exported S, and decay's S_n (its 0 < lambda < 1 form, and its lambda = 1
    form at lambda = 1), evaluated by SymPy at 60 digits at the point (100-digit decimals), agrees with the
    value of the independent route in results.json (quadrature or exact summation, `numeric`)
    to 40 digits. The exported text is thus checked against numbers attnverify did not derive.
Usage: export_test.py ATTNVERIFY SOURCE_DIR UNSHARDED_OUT"""
import json, os, re, subprocess, sys

from sympy import Float, Function, N, Symbol, erf, erfc, exp, sign, sympify
from sympy.parsing.mathematica import parse_mathematica

binary, src, out = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def derive(fmt):
    r = subprocess.run([binary, "derive", os.path.join(src, "specs"), "--format", fmt],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"derive --format {fmt} exited {r.returncode}: {r.stderr[-2000:]}")
    return r.stdout


# SymPy: the program as printed
scope = {}
exec(derive("sympy"), scope)
sympy_forms = scope["forms"]

# Mathematica: each definition line read back; symbols renamed first (parse_mathematica reads
# beta and gamma as SymPy's functions of those names)
renames = {"beta": "xbeta", "gamma": "xgamma", "lambda": "xlambda", "n": "xn"}
mapped = {"Erf": erf, "Erfc": erfc, "Sign": sign, "LogisticSigmoid": lambda u: 1 / (1 + exp(-u))}
mathematica_forms = {}
for line in derive("mathematica").splitlines():
    m = re.match(r'forms\[\{"([^"]*)", "([^"]*)"\}\] = (.*);$', line)
    if not m:
        continue
    text = m.group(3)
    for name, new in renames.items():
        text = re.sub(r"\b%s\b" % name, new, text)
    e = parse_mathematica(text)
    for name, f in mapped.items():
        e = e.replace(Function(name), f)
    e = e.subs({Symbol(new): Symbol(name) for name, new in renames.items()})
    mathematica_forms[(m.group(1), m.group(2))] = e
if set(mathematica_forms) != set(sympy_forms):
    failures.append(f"the Mathematica program defines {len(mathematica_forms)} forms, the SymPy one {len(sympy_forms)}")

results = json.load(open(os.path.join(out, "results.json")))
kinds = {v["name"]: v["kind"] for v in results["variants"]}
compared = {}
for c in results["checks"]:
    if c["check"] not in ("closed-vs-quadrature", "closed-vs-summation") or "numeric" not in c.get("values", {}):
        continue
    v, point = c["variant"], c["point"]
    if kinds[v] == "kernel":
        label = "S"
    elif v == "decay":
        label = "S_n (lambda=1)" if point["lambda"] == "1" else "S_n (0<lambda<1)"
    else:
        continue
    if (v, label) not in sympy_forms:
        continue
    # the point's decimals at 100 digits (exact rationals would make lambda^1000000 a number of a
    # million bits): an input error of 1e-100 stays far below the 1e-40 compared, even where a
    # form cancels (the Laplace forms' e^(2 sqrt2 |beta|/gamma) at (-2, 0.1) is about 1e24)
    exact = {Symbol(k, real=True): Float(x, 100) for k, x in point.items()}
    want = N(c["values"]["numeric"], 60)
    for system, forms in (("sympy", sympy_forms), ("mathematica", mathematica_forms)):
        e = sympify(forms[(v, label)])  # a form may be a number
        subs = {s: exact[Symbol(s.name, real=True)] for s in e.free_symbols}
        got = N(e.subs(subs), 60, maxn=2000)
        if not got.is_number or not got.is_real:
            failures.append(f"{system} {v} at {point}: {got} is not a real number")
            continue
        rel = abs(got - want) / max(abs(want), N(10) ** -300)
        if rel > N(10) ** -40:
            failures.append(f"{system} {v} at {point}: {N(got, 20)} vs the route's {N(want, 20)} (relative {N(rel, 3)})")
        compared[system] = compared.get(system, 0) + 1
variants = sorted({v for (v, label) in sympy_forms if kinds.get(v) == "kernel"} | {"decay"})
print(f"compared at {compared} grid points, variants {variants}")
if compared.get("sympy", 0) < 200 or compared.get("mathematica", 0) != compared.get("sympy", 0):
    failures.append(f"too few points compared: {compared}")
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
