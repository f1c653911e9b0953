#!/usr/bin/env python3
"""A corpus of TeX formulas for the parser of src/spec/latex_math.cpp, one per line.

First every published formula of specs/*.toml (each `latex` value and each $...$ piece of
the other strings), then COUNT random formulas (default 600, from SEED, default 20240601:
the same corpus on every run) built from the whitelisted macros, scripts, primes, groups, \\left...\\right,
\\middle, \\sqrt[..], text and operators, about a third of them broken on purpose (a brace,
a script, an argument, a delimiter removed, doubled or misplaced). Keep the formulas the
parser accepts and typeset them all (tests/typeset_formulas.sh); a formula accepted but not
typeset is a bug of the parser. Usage, from the repository:

    python3 tests/formula_corpus.py [COUNT [SEED]] > corpus.txt
    # a filter: prints the lines latex_formula_problem accepts
    printf '%s\\n' '#include <iostream>' '#include "src/spec/spec_text.hpp"' \\
      'int main() { for (std::string l; std::getline(std::cin, l);)' \\
      '  if (attnverify::latex_formula_problem(l).empty()) std::cout << l << "\\n"; }' > filter.cpp
    g++ -std=c++17 -I. filter.cpp src/spec/latex_math.cpp src/spec/spec_text.cpp -lfmt -o filter
    ./filter < corpus.txt > accepted.txt && bash tests/typeset_formulas.sh accepted.txt
"""
import glob
import os
import random
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

LETTERS = list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
CHARS = list("0123456789+-*/=<>,.;:!?()[]|")
SYMBOLS = r"""\alpha \beta \gamma \delta \epsilon \varepsilon \theta \lambda \mu \pi \sigma \phi \varphi
\omega \Gamma \Delta \Sigma \Omega \partial \nabla \infty \cdot \times \pm \top \le \ge \ne \approx \sim
\propto \equiv \to \mapsto \Rightarrow \in \subset \mid \circ \ast \prime \forall \exists \emptyset
\langle \rangle \lVert \rVert \vert \lfloor \rceil \{ \} \|""".split()
OPERATORS = r"\sum \prod \int \lim \max \min \sup \inf \log \exp \sin \cos \det \arg".split()
OTHERS = r"\cdots \ldots \dots \notin \, \; \: \! \quad \qquad \displaystyle \textstyle".split()
DELIMS = ["(", ")", "[", "]", "|", ".", "/"] + r"\{ \} \| \langle \rangle \lvert \rvert \lVert \rVert \vert \Vert \lfloor \rfloor \lceil \rceil".split()
BIGS = r"\big \Big \bigg \Bigg \bigl \bigr \Bigl \Bigr \biggl \biggr".split()
ACCENTS = r"\hat \bar \tilde \vec \dot \ddot".split()
FONTS = r"\overline \underline \mathbf \mathrm \mathit \mathsf \mathtt \widetilde \widehat \boldsymbol".split()
WORDS = ["erf", "const", "if ", "for all x", "a.s.", "(iid)", "softmax", "Var", "x-y", "p'", "i = 1, 2"]
BREAKERS = ["{", "}", "^", "_", "'", "\\", "[", "]", r"\left(", r"\right)", r"\middle|", r"\limits", r"\frac",
            r"\sqrt", r"\hat", r"\text{", r"\mathbb{1}", r"\big", "x^2^3", "α", "苏", "#", "~", "$", "&", "%",
            r"\lt", r"\def", "\n\n"]


class Generator:
    def __init__(self, rng):
        self.r = rng

    def token(self):
        r = self.r.random()
        if r < 0.45:
            return self.r.choice(LETTERS)
        if r < 0.65:
            return self.r.choice(CHARS)
        return self.r.choice(SYMBOLS) + " "

    def arg(self, d):  # a single token or a group
        return " " + self.token() if d > 2 or self.r.random() < 0.6 else "{" + self.formula(d + 1) + "}"

    def scripts(self, d):
        s = ""
        if self.r.random() < 0.1:
            s += "'" * self.r.randint(1, 2)
        kinds = self.r.sample(["^", "_"], self.r.choice([0, 0, 0, 1, 1, 2]))
        for k in kinds:
            s += k + self.arg(d)
        return s

    def atom(self, d):
        r = self.r.random()
        if d > 2 or r < 0.5:
            return self.token()
        c = self.r.randrange(14)
        if c == 0:
            return self.r.choice([r"\frac", r"\dfrac", r"\tfrac", r"\binom"]) + self.arg(d) + self.arg(d)
        if c == 1:
            idx = "[" + self.formula(d + 1).replace("]", "") + "]" if self.r.random() < 0.3 else ""
            return r"\sqrt" + idx + self.arg(d)
        if c == 2:
            return self.r.choice(ACCENTS) + self.arg(d)
        if c == 3:
            return self.r.choice(FONTS) + "{" + self.formula(d + 1) + "}"
        if c == 4:
            return self.r.choice([r"\mathbb", r"\mathcal"]) + "{" + "".join(self.r.choice("ABCEHNOPRZ") for _ in range(self.r.randint(1, 2))) + "}"
        if c == 5:
            return self.r.choice([r"\text", r"\textrm", r"\textit"]) + "{" + self.r.choice(WORDS) + "}"
        if c == 6:
            op = self.r.choice(OPERATORS + [r"\operatorname{" + self.r.choice(["argmax", "softmax", "tr", "Var"]) + "}"])
            lim = self.r.choice(["", r"\limits", r"\nolimits"])
            return op + lim + self.r.choice(["", "_" + self.arg(d), "_" + self.arg(d) + "^" + self.arg(d)])
        if c == 7:
            mid = r" \middle" + self.r.choice(DELIMS) + " " + self.formula(d + 1) if self.r.random() < 0.2 else ""
            return r"\left" + self.r.choice(DELIMS) + " " + self.formula(d + 1) + mid + r" \right" + self.r.choice(DELIMS)
        if c == 8:
            return self.r.choice(BIGS) + self.r.choice(DELIMS)
        if c == 9:
            return self.r.choice([r"\overbrace", r"\underbrace"]) + "{" + self.formula(d + 1) + "}" + self.r.choice(["", "^{" + self.token() + "}", "_" + self.token()])
        if c == 10:
            return self.r.choice(OTHERS) + " "
        return "{" + self.formula(d + 1) + "}"

    def formula(self, d=0):
        n = self.r.randint(1, 3 if d else 8)
        return "".join(self.atom(d) + self.scripts(d) + self.r.choice(["", "", " "]) for _ in range(n)).strip()

    def broken(self, f):
        for _ in range(self.r.randint(1, 2)):
            k = self.r.randrange(len(f) + 1)
            m = self.r.randrange(4)
            if m == 0 and f:  # delete a character
                f = f[:k] + f[k + 1:]
            elif m == 1:  # insert a breaker
                f = f[:k] + self.r.choice(BREAKERS) + f[k:]
            elif m == 2:  # cut the end
                f = f[:k]
            else:  # double a script or a prime
                f = f[:k] + self.r.choice(["^x", "_1", "'", "^{2}", "'^2", " '"]) + f[k:]
        return f


def spec_formulas():
    out = []

    def walk(v, key):
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, k)
        elif isinstance(v, list):
            for x in v:
                walk(x, key)
        elif isinstance(v, str):
            if key == "latex":
                out.append(v)
            elif "$" in v:
                out.extend(v.split("$")[1::2])

    for path in sorted(glob.glob(os.path.join(ROOT, "specs", "*.toml"))):
        with open(path, "rb") as f:
            walk(tomllib.load(f), "")
    return out


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 20240601)
    g = Generator(rng)
    lines = spec_formulas()
    for _ in range(count):
        f = g.formula()
        f = g.broken(f) if rng.random() < 0.35 else f
        lines.append(f.strip() or "x")
    for f in lines:
        print(f.replace("\n", " "))  # one formula per line (a blank line is tested by the unit test)


if __name__ == "__main__":
    main()
