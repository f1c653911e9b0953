#!/usr/bin/env python3
"""The proofs of tests/adversarial (docs/proofs.md, "Rules of the claim prover").

Reads the results.json of `attnverify run tests/adversarial` (the directory is the first
argument) and asserts, from the verdicts truth.py establishes independently:
- no claim that is false (expected disagree) has a proof as its evidence: no false proof;
- every true claim (expected agree) has the evidence "proved on the whole domain",
  except the ones listed in NOT_YET_PROVED with the reason.
The evidence is the record's typed `evidence.level` (src/verdicts/evidence.hpp), never its
free-text method.
The mutants beside each rule's claims (tests/adversarial/*.toml, "mutant of ...") are
false claims, so the first assertion is the guard that a rule does not prove them.

Properties (the [[properties]] of tests/adversarial/*.toml): no false property agrees; a
false one is disagree with a certified counterexample, a box certified beyond the claimed
value, or a symbolic argument (a limit whose exact value differs); every true one is proved
or certified on its box (a symbolic proof, a series limit or Arb branch-and-bound), except
the ones in PROPERTIES_NOT_YET_PROVED.
"""
import json
import sys

NOT_YET_PROVED = {  # claim id -> why the prover cannot reach it yet
    "exp-relu-cubic-kink": "relu(beta^3 - 1): the proof by cases splits only at kinks of arguments of degree <= 2",
}

PROPERTIES_NOT_YET_PROVED = {  # property id -> why branch-and-bound does not settle it yet
}


PROOFS = {"proved on the whole domain", "proved on a stated subdomain", "proved from a cited theorem", "corollary"}


def proved_property(check):
    return check["evidence"]["level"] in PROOFS | {"certified on a stated box"}


def disproved_property(check):
    return check["evidence"]["level"] in {"certified counterexample", "certified on a stated box", "symbolic argument"}


results = json.load(open(sys.argv[1] + "/results.json"))
failures = []
true_claims = proved = 0
for check in results["checks"]:
    if check.get("check") != "claim":
        continue
    symbolic = check["evidence"]["level"] in PROOFS
    if check.get("expected") == "disagree" and symbolic:
        failures.append(f"{check['claim']}: a false claim has a symbolic proof")
    if check.get("expected") == "agree":
        true_claims += 1
        proved += symbolic
        if not symbolic and check["claim"] not in NOT_YET_PROVED:
            failures.append(f"{check['claim']}: a true claim is not proved ({check['detail'][:160]})")
true_properties = proved_properties = 0
for check in results["checks"]:
    if check.get("check") != "property":
        continue
    if check.get("expected") == "inconclusive":
        if check["verdict"] != "inconclusive":
            failures.append(f"{check['claim']}: an undecidable property got {check['verdict']}")
        continue
    if check.get("expected") == "disagree":
        if check["verdict"] != "disagree" or not disproved_property(check):
            failures.append(f"{check['claim']}: a false property is not disagree with a certified counterexample "
                            "or a symbolic proof (a limit's exact value)")
    else:
        true_properties += 1
        proved_properties += proved_property(check)
        if not proved_property(check) and check["claim"] not in PROPERTIES_NOT_YET_PROVED:
            failures.append(f"{check['claim']}: a true property is not proved ({check['detail'][-160:]})")
print(f"adversarial proofs: {proved} of {true_claims} true claims proved, {proved_properties} of "
      f"{true_properties} true properties proved, {len(failures)} failures")
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
