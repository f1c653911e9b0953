#!/usr/bin/env python3
"""Compare two results.json files of attnverify modulo GiNaC's term order.

Usage: python3 scripts/compare_results.py BEFORE/results.json AFTER/results.json

Two builds of attnverify print the same closed forms with their terms in another order
(GiNaC orders terms by hashes seeded with the addresses of type names, so any change to
the binary can reorder them; src/run/fixed_address_layout.hpp), and the rounding order of
a compiled expression changes its last digits. A refactor that changes no behaviour
therefore changes results.json in exactly these places, and this script tells them apart
from real differences:

- an expression string ("S", a form's "text") that differs is evaluated on both sides
  with mpmath at 60 digits at four points of its symbols; equal to 50 digits counts as
  "same expression, other order" (its "latex" sibling is then accepted too);
- a decimal value that differs counts as rounding when the two agree to the run's
  working precision minus 5 digits (the agreement threshold);
- "digits" and "error_digits" (digits of agreement, error estimates) that differ count as
  noise when both are at or above the agreement threshold;
- anything else that differs (a verdict, a check, a point, a detail, a count) is a real
  difference. The command line is ignored.

Prints a summary and each real difference; exits 1 if there is one, else 0. Needs mpmath
(the pyenv python3 of the development machine has it; Debian: python3-mpmath with
/usr/bin/python3).
"""
import json
import re
import sys

import mpmath

mpmath.mp.dps = 60
SYMBOLS = ["beta", "gamma", "lambda", "n", "qmu", "qSq", "q1", "q2", "mu", "sigma", "x1", "x2",
           "E_abs", "E_sq", "Var_abs", "snr", "r", "x", "i"]
POINTS = [mpmath.mpf(v) for v in ("0.37", "1.21", "2.9", "0.53")]
FUNCTIONS = {"erf": mpmath.erf, "erfc": mpmath.erfc, "exp": mpmath.exp, "sqrt": mpmath.sqrt,
             "log": mpmath.log, "abs": abs, "pi": mpmath.pi, "Pi": mpmath.pi, "sinh": mpmath.sinh,
             "cosh": mpmath.cosh, "tanh": mpmath.tanh, "atan": mpmath.atan}


def evaluate(text, shift):
    """The expression at the shift-th point set, or None when it is not one we can read."""
    if not re.fullmatch(r"[A-Za-z0-9_+\-*/^(). ,]+", text):
        return None
    code = re.sub(r"\blambda\b", "lambda_", text).replace("^", "**")
    code = re.sub(r"(?<![\w.])(\d+)(?![\w.])", r"mpf(\1)", code)  # exact integer division
    env = dict(FUNCTIONS)
    env["mpf"] = mpmath.mpf
    for k, name in enumerate(SYMBOLS):
        env[name if name != "lambda" else "lambda_"] = POINTS[(k + shift) % len(POINTS)] / (1 + k % 3)
    try:
        return mpmath.mpmathify(eval(code, {"__builtins__": {}}, env))  # noqa: S307 (our own output)
    except Exception:
        return None


def same_expression(a, b):
    for shift in range(4):
        x, y = evaluate(a, shift), evaluate(b, shift)
        if x is None or y is None:
            return False
        if abs(x - y) > mpmath.mpf(10) ** -50 * max(1, abs(x)):
            return False
    return True


def decimal(text):
    try:
        return mpmath.mpf(text)
    except Exception:
        return None


class Comparison:
    def __init__(self, threshold):
        self.threshold = threshold
        self.counts = {"expressions reordered": 0, "values rounded differently": 0,
                       "digits above the threshold": 0, "latex of a reordered expression": 0}
        self.real = []

    def walk(self, a, b, path):
        if isinstance(a, dict) and isinstance(b, dict):
            if set(a) != set(b):
                self.real.append(f"{path}: keys {sorted(set(a) ^ set(b))}")
            reordered = False
            for key in sorted(set(a) & set(b)):
                if key in ("S", "text") and a[key] != b[key] and isinstance(a[key], str):
                    if same_expression(a[key], b[key]):
                        self.counts["expressions reordered"] += 1
                        reordered = True
                        continue
                if key == "command":
                    continue
                if key == "latex" and a[key] != b[key]:
                    continue  # judged after the loop, with its expression
                self.walk(a[key], b[key], f"{path}.{key}")
            if "latex" in a and "latex" in b and a["latex"] != b["latex"]:
                if reordered:
                    self.counts["latex of a reordered expression"] += 1
                else:
                    self.real.append(f"{path}.latex differs")
        elif isinstance(a, list) and isinstance(b, list):
            key = identity(a + b)
            if key and len({key(x) for x in a}) == len(a) and len({key(y) for y in b}) == len(b):
                # variants by name, checks by what they check: an added spec shifts no entry
                ka, kb = {key(x): x for x in a}, {key(y): y for y in b}
                for k in ka.keys() - kb.keys():
                    self.real.append(f"{path}[{k}]: only before")
                for k in kb.keys() - ka.keys():
                    self.real.append(f"{path}[{k}]: only after")
                for k in ka.keys() & kb.keys():
                    self.walk(ka[k], kb[k], f"{path}[{k}]")
                return
            if len(a) != len(b):
                self.real.append(f"{path}: {len(a)} vs {len(b)} entries")
            for k, (x, y) in enumerate(zip(a, b)):
                self.walk(x, y, f"{path}[{k}]")
        elif a != b:
            leaf = path.rsplit(".", 1)[-1]
            if leaf in ("digits", "error_digits") and isinstance(a, (int, float)) and isinstance(b, (int, float)) \
                    and min(a, b) >= self.threshold:
                self.counts["digits above the threshold"] += 1
                return
            x, y = (decimal(a), decimal(b)) if isinstance(a, str) and isinstance(b, str) else (None, None)
            if x is not None and y is not None and abs(x - y) <= mpmath.mpf(10) ** -self.threshold * max(1, abs(x)):
                self.counts["values rounded differently"] += 1
                return
            self.real.append(f"{path}: {str(a)[:120]!r} vs {str(b)[:120]!r}")


CHECK_IDENTITY = ("variant", "check", "point", "claim", "property", "d", "n", "seed", "setting")


def identity(entries):
    """A key function when every entry is a variant (by name) or a check (by what it checks), else None
    (entries are then compared by position)."""
    if not entries or not all(isinstance(e, dict) for e in entries):
        return None
    if all("variant" in e and "check" in e for e in entries):
        key = lambda e: json.dumps([e.get(f) for f in CHECK_IDENTITY], sort_keys=True)
    elif all("name" in e and "kind" in e for e in entries):
        key = lambda e: e["name"]
    else:
        return None
    return key


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    before, after = (json.load(open(p)) for p in sys.argv[1:])
    threshold = before["attnverify"].get("agree_threshold_digits", 45)
    c = Comparison(threshold)
    c.walk(before, after, "$")
    print(f"checks: {before['summary']['checks']} vs {after['summary']['checks']}; "
          f"unexpected: {before['summary']['unexpected']} vs {after['summary']['unexpected']}")
    for what, count in c.counts.items():
        print(f"{what}: {count}")
    print(f"real differences: {len(c.real)}")
    for line in c.real:
        print("  " + line)
    sys.exit(1 if c.real else 0)


if __name__ == "__main__":
    main()
