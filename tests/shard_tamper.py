#!/usr/bin/python3
"""Writes a tampered copy of a shard.json for tests/shard_test.sh.

usage: shard_tamper.py IN_FILE OUT_FILE CASE [--redigest]

CASE names one edit (see EDITS). With --redigest the shard's "digest" is recomputed
as attnverify computes it (SHA-1 of the compact JSON without "digest"), so that the
merge's checks behind the digest are reached; without it the digest is left as it
was and the merge must refuse the edited file by its digest.
"""
import hashlib
import json
import re
import sys

# A number with a fraction (a shard's wall times) is kept as the text attnverify wrote.
# attnverify's JSON library prints a double by Grisu2, which is not always the shortest
# text that reads back (96.31013205000001 where Python prints 96.31013205), and the
# digest is taken over that library's text; reprinting by Python would change it for
# about 1 wall time in 600 (a CI failure of 3aefdb7, docs/history.md).
RAW = "\ue000raw:"


def load(f):
    """The shard, with each number that has a fraction or exponent read as RAW + its text."""
    return json.load(f, parse_float=lambda text: RAW + text)


def dumps(root, **options):
    """JSON text of root, each RAW string written back as the number it was read from."""
    text = json.dumps(root, ensure_ascii=False, **options)
    return re.sub('"' + RAW + '([-+.0-9eE]+)"', r"\1", text)


def digest(root):
    body = {k: v for k, v in root.items() if k != "digest"}
    text = dumps(body, separators=(",", ":"))
    return "sha1:" + hashlib.sha1(text.encode("utf-8")).hexdigest()


def first_record(root):
    for v in root["variants"]:
        if v["records"]:
            return v["records"][0]
    raise SystemExit("no record to edit")


def set_value(root):
    r = first_record(root)
    r["values"][next(iter(r["values"]))] = "0.123"


def set_verdict(root):
    r = first_record(root)
    r["verdict"] = "disagree" if r["verdict"] == "agree" else "agree"


def set_check_unknown(root):
    first_record(root)["check"] = "closed-vs-oracle"


def set_expected(root):
    for v in root["variants"]:
        for r in v["records"]:
            if r["expected"] == "disagree":
                r["expected"] = "agree"
                r["verdict"] = "agree"
                # no balls that would prove the counterexample the verdict denies
                r["certified"] = False
                r.pop("enclosure", None)
                r["evidence"] = {"level": "numeric evidence", "proposition": "claim = S at the points"}
                return
    raise SystemExit("no record expecting disagree")


def set_count(value):
    def edit(root):
        root["shard"]["count"] = value
    return edit


def set_digits(value):
    def edit(root):
        root["options"]["digits"] = value
    return edit


def cut_in_number(h):
    """The archive cut after its first byte past the header that continues a base-128 number."""
    for k in range(10, len(h) // 2):
        if int(h[2 * k: 2 * k + 2], 16) & 0x80:
            return h[: 2 * k + 2]
    raise SystemExit("no multi-byte number in the archive")


def archive(text):
    def edit(root):
        for v in root["variants"]:
            if v["S"]:
                v["S"] = text(v["S"])
                return
        raise SystemExit("no archive to edit")
    return edit


def flip(hex_text):
    k = len(hex_text) // 2
    return hex_text[:k] + ("0" if hex_text[k] != "0" else "1") + hex_text[k + 1:]


def drop(key):
    def edit(root):
        del root[key]
    return edit


def duplicate_variant_name(root):
    root["run_variants"].append(root["run_variants"][0])
    root["run_specs"].append(root["run_specs"][0])


def form_label(root):
    for v in root["variants"]:
        if v["forms"]:
            v["forms"][0]["label"] = "\\input{/etc/passwd}"
            return
    raise SystemExit("no derived form to edit")


def control_character(root):
    first_record(root)["detail"] += "\u001b[31m"


def drop_variant(root):
    root["variants"].pop()


# The attack round of 2026-11-24 (docs/history.md, issue 27): H1, M2, L10-L12.
def record_of(check, edit):
    def apply(root):
        for v in root["variants"]:
            for r in v["records"]:
                if r["check"] == check:
                    edit(r)
                    return
        raise SystemExit("no " + check + " record to edit")
    return apply


def first_figure(edit):
    def apply(root):
        for v in root["variants"]:
            if v["grid_figure"]["curves"]:
                edit(v["grid_figure"])
                return
        raise SystemExit("no figure to edit")
    return apply


def set_key(key, value):
    def edit(d):
        d[key] = value
    return edit


def first_variant(edit):
    def apply(root):
        edit(root["variants"][0])
    return apply


def forge_enclosure(r):
    r["certified"] = True
    r["enclosure"] = {"closed": {"mid": "7", "rad": "0"}, "numeric": {"mid": "7", "rad": "0"}}
    r["values"] = {"closed": "7", "numeric": "7"}


def certified_unproved(r):
    # the numeric route's ball moved away from the closed form's: the balls prove no agreement
    mid = r["enclosure"]["numeric"]["mid"]
    r["enclosure"]["numeric"]["mid"] = ("1" if mid[0] != "1" else "2") + mid[1:]


def duplicate_records(root):
    for v in root["variants"]:
        if v["records"]:
            v["records"] = v["records"] + v["records"]
            return


# The attack on round 3 (docs/history.md, issue 27): closed forms and counterexamples are
# recomputed from the spec at merge, so forged ones consistent with forged balls are refused.
def S_swapped(root):
    for v in root["variants"]:
        if v["S"] and v["forms"] and v["forms"][0]["archive"] != v["S"]:
            v["S"] = v["forms"][0]["archive"]  # a closed form of the variant, but not its S
            return
    raise SystemExit("no derived variant to edit")


def form_of_another_variant(root):
    derived = [v for v in root["variants"] if v["forms"]]
    for v in derived:
        for w in derived:
            if w["S"] != v["forms"][0]["archive"] and w is not v:
                v["forms"][0]["archive"] = w["S"]
                return
    raise SystemExit("no two derived variants")


def certified_claim(edit):
    def apply(root):
        for v in root["variants"]:
            for r in v["records"]:
                if r["check"] == "claim" and r.get("certified"):
                    edit(r)
                    return
        raise SystemExit("no certified counterexample to edit")
    return apply


def scale_ball(role, factor):
    # both balls moved together stay disjoint, so only a recomputation can refuse them
    def edit(r):
        for key in ("claim", "closed") if role == "both" else (role,):
            b = r["enclosure"][key]
            b["mid"] = repr(float(b["mid"]) * factor)
    return edit


def drop_record_of(check):
    def apply(root):
        for v in root["variants"]:
            for k, r in enumerate(v["records"]):
                if r["check"] == check:
                    del v["records"][k]
                    return
        raise SystemExit("no " + check + " record to drop")
    return apply


def legend_math_and_long_curve(f):
    # \to in a legend entry ended latexmk ("Missing control sequence"), and 20 000
    # coordinates exceeded TeX's main memory (attack on round 3)
    f["curves"][0]["label"] = "$a\\to b$"
    f["curves"][0]["points"] = [[1 + k / 1000, 1 + (k % 97) / 97] for k in range(20000)]


def at_lambda_one(r):
    # the closed form's ball at lambda = 1, where S_n has a form of its own (was not checked)
    if r["point"].get("lambda") != "1":
        return False
    # both balls moved together still prove 'agree', so only the recomputed form can refuse them
    r["enclosure"]["closed"]["mid"] = "0.5"
    r["enclosure"]["numeric"]["mid"] = "0.5"
    return True


def first_record_where(check, edit):
    def apply(root):
        for v in root["variants"]:
            for r in v["records"]:
                if r["check"] == check and r.get("certified") and edit(r):
                    return
        raise SystemExit("no " + check + " record fits")
    return apply


# The attack round of 2026-11-28 (docs/history.md, issue 42: M1, M2 and the standard suite's
# merge), on shards of tests/specs/merge/.
def forged_where_S_does_not_exist(r):
    # cosh under Laplace at (0, 6/5): E f^2 diverges, yet the derived formula is finite there,
    # 2/(2 - g^2) / sqrt(1/2 - 1/(4 g^2 - 2)) = 7.38...; balls forged to match it
    if r["verdict"] != "not-applicable" or r.get("values"):
        return False
    from mpmath import mp, mpf, sqrt, nstr
    mp.dps = 70
    g = mpf(r["point"]["gamma"])
    S = 2 / (2 - g ** 2) / sqrt(mpf(1) / 2 - 1 / (4 * g ** 2 - 2))
    r.update(verdict="agree", certified=True, detail="Certified: forged.",
             values={"closed": nstr(S, 50), "numeric": nstr(S, 50)},
             enclosure={"closed": {"mid": nstr(S, 55), "rad": "1e-50"}, "numeric": {"mid": nstr(S, 55), "rad": "1e-50"}})
    return True


def any_record_where(check, edit):
    def apply(root):
        for v in root["variants"]:
            for r in v["records"]:
                if r["check"] == check and edit(r):
                    return
        raise SystemExit("no " + check + " record fits")
    return apply


def sampled_declared_no_test(r):
    # a valid test hidden as "not a valid test at its n"
    if r["verdict"] != "agree":
        return False
    r.update(verdict="inconclusive", expected="inconclusive")
    return True


def sampled_declared_test(r):
    # a check that is no test (its CLT premise fails) declared a test
    if r["expected"] != "inconclusive":
        return False
    r["expected"] = "agree"
    return True


def route_claim_moved(r):
    # a certified counterexample against the numeric route: its claim ball moved to the route's
    if not r.get("certified") or "closed" in r.get("enclosure", {}) or "claim" not in r.get("enclosure", {}):
        return False
    r["enclosure"]["claim"] = dict(r["enclosure"]["numeric"])
    r["enclosure"]["numeric"]["mid"] = "0.5"
    return True


def property_certified(verdict, new_verdict):
    def edit(r):
        if r["verdict"] != verdict:
            return False
        r.update(certified=True, verdict=new_verdict)
        return True
    return edit


def property_certified_ball_moved(r):
    # the ball of a certified property record replaced (issue 42, round 6): its verdict unchanged
    if not r.get("certified"):
        return False
    if r.get("enclosure"):
        next(iter(r["enclosure"].values())).update(mid="-0.5", rad="1e-40")
        return True
    for name, value in r.get("values", {}).items():
        if value.startswith("["):  # a ball as a property prints it: "[-0.00175 +/- 1.20e-42]"
            r["values"][name] = "[-0.5 +/- 1e-40]"
            return True
    return False


def property_certified_point_moved(r):
    # the point of a certified property record moved, its balls kept (issue 42, round 6)
    if not r.get("certified") or not r.get("point"):
        return False
    name = next(iter(r["point"]))
    r["point"][name] = "3/4" if r["point"][name] != "3/4" else "1/2"
    return True


def property_record_dropped(root):
    # a property's record deleted (issue 42, round 7): its verdict would vanish from the merge
    for v in root["variants"]:
        for k, r in enumerate(v["records"]):
            if r["check"] == "property":
                del v["records"][k]
                return
    raise SystemExit("no property record fits")


def property_uncertified_flipped(r):
    # an uncertified property verdict reversed (round 8: a forged "proved" merged)
    if r.get("certified") or r["verdict"] not in ("agree", "disagree"):
        return False
    r["verdict"] = "disagree" if r["verdict"] == "agree" else "agree"
    return True


def property_decertified(r):
    # a certified counterexample turned into an uncertified agree (round 8)
    if not r.get("certified") or r["verdict"] != "disagree":
        return False
    r.update(certified=False, verdict="agree", method="symbolic", detail="Proved on the whole domain.")
    r.pop("enclosure", None)
    return True


def property_filed_as_claim(r):
    # a property's uncertified record filed as a claim's (round 8: merged as an extra check)
    if r.get("certified"):
        return False
    r["check"] = "claim"
    return True


# Typed evidence (issue 43): a level the record's balls do not back, and a property's
# evidence relabelled (a certified box called a proof on the whole domain).
def evidence_without_balls(r):
    # a certified grid agreement stripped of its balls: its level still says certified
    if not r.get("certified") or r["verdict"] != "agree":
        return False
    r["certified"] = False
    r.pop("enclosure", None)
    return True


def property_evidence_relabelled(r):
    if r["verdict"] != "agree" or r["evidence"]["level"] == "proved on the whole domain":
        return False
    r["evidence"] = dict(r["evidence"], level="proved on the whole domain")
    return True


def grid_part(edit):
    """Applies edit to the shard's first block of a dealt grid (False where it has none)."""
    def apply(root):
        parts = root.get("grid_parts", [])
        if not parts:
            raise SystemExit("no grid block in this shard")
        edit(root, parts)
    return apply


def swap_two_records(root, parts):
    records = parts[0]["records"]
    records[0], records[1] = records[1], records[0]


def block_renumbered(root, parts):
    # the block that this shard does not check in a run of N shards: the next one
    parts[0]["block"] += 1


def block_given_twice(root, parts):
    parts.append(json.loads(json.dumps(parts[0])))


def grid_record_agree_forged(root, parts):
    # a dealt block's record whose verdict is changed from what its balls certify
    r = parts[0]["records"][0]
    r["verdict"] = "disagree"


EDITS = {
    "value": set_value,
    "verdict": set_verdict,
    "check_unknown": set_check_unknown,
    "expected": set_expected,
    "count_minus1": set_count(-1),
    "count_uint_max": set_count(4294967295),
    "count_string": set_count("3"),
    "count_1e9": set_count(1000000000),
    "digits_1000": set_digits(1000),
    "digits_string": set_digits("50"),
    "archive_random_hex": archive(lambda h: "5a" * (len(h) // 2)),
    "archive_non_hex": archive(lambda h: "zz" + h[2:]),
    "archive_truncated": archive(lambda h: h[: len(h) // 3]),
    # cut right after a byte with the continuation bit: GiNaC's reader would loop for ever
    "archive_cut_in_number": archive(cut_in_number),
    "archive_flipped": archive(flip),
    "missing_records": lambda root: root["variants"][0].pop("records"),
    "missing_shard": drop("shard"),
    "run_variants_dup": duplicate_variant_name,
    "latex_in_form_label": form_label,
    "control_character": control_character,
    "variant_dropped": drop_variant,
    "sampled_point_empty": record_of("sampled", set_key("point", {})),
    "sampled_point_one": record_of("sampled", lambda r: r.__setitem__("point", {"beta": "0"})),
    "sampled_point_inject": record_of("sampled", lambda r: r["point"].__setitem__("beta", "\\textbf{INJECTED}")),
    "sampled_value_text": record_of("sampled", lambda r: r["values"].__setitem__("sampled", "abc")),
    "n_negative": record_of("sampled", set_key("n", -5)),
    "forge_enclosure": record_of("closed-vs-quadrature", forge_enclosure),
    "enclosure_garbage": record_of("closed-vs-quadrature", lambda r: r.update(
        certified=True, enclosure={"closed": {"mid": "nan", "rad": "-1e999999"}, "numeric": {"mid": "x" * 100000, "rad": "inf"}})),
    "duplicate_records": duplicate_records,
    "certified_unproved": record_of("closed-vs-quadrature", certified_unproved),
    "caption_input": first_figure(set_key("caption", "\\input{/etc/hostname}")),
    "xlabel_loop": first_figure(set_key("x_label", "\\def\\x{\\x}\\x")),
    "openin_caption": first_figure(set_key("caption", "\\newread\\r\\openin\\r=report.tex \\read\\r to\\x \\x")),
    "legend_inject": first_figure(lambda f: f["curves"][0].__setitem__("label", "$\\beta$ \\textbf{INJECTED}")),
    "status_inject": first_variant(set_key("status", "\\textbf{INJECTED}")),
    "notes_inject": first_variant(set_key("notes", ["\\textbf{INJECTED}"])),
    "table_cells_mismatch": first_variant(set_key("tables", [{"caption": "c", "header": ["a"], "rows": [["b", "c", "d", "e"]]}])),
    "math_caption": first_figure(set_key("caption", "a formula $\\input{x}$")),
    "S_swapped": S_swapped,
    "form_of_another_variant": form_of_another_variant,
    "counterexample_balls_scaled": certified_claim(scale_ball("both", 3.0)),
    # (beta, gamma) = (-2, 3) moved to gamma = 1/7: the balls are no longer the claim's and S's there
    "counterexample_point_moved": certified_claim(lambda r: r["point"].__setitem__(list(r["point"])[-1], "1/7")),
    "grid_point_added": record_of("closed-vs-quadrature", lambda r: r["point"].__setitem__("gamma", "7/3")),
    "grid_record_dropped": drop_record_of("closed-vs-quadrature"),
    "legend_math_and_long_curve": first_figure(legend_math_and_long_curve),
    # a true claim's counterexample moved to gamma < 0, outside the domain (balls unchanged: S is even in gamma)
    "counterexample_off_domain": certified_claim(lambda r: r["point"].__setitem__("gamma", "-" + r["point"]["gamma"])),
    "grid_check_of_another_kind": record_of("closed-vs-quadrature", set_key("check", "closed-vs-summation")),
    "closed_ball_at_lambda_one": first_record_where("closed-vs-summation", at_lambda_one),
    "existence_forged": any_record_where("closed-vs-quadrature", forged_where_S_does_not_exist),
    "sampled_declared_no_test": any_record_where("sampled", sampled_declared_no_test),
    "sampled_declared_test": any_record_where("sampled", sampled_declared_test),
    "property_certified_forged": any_record_where("property", property_certified("agree", "agree")),
    "route_claim_moved": any_record_where("claim", route_claim_moved),
    "property_certified_flipped": any_record_where("property", property_certified("disagree", "agree")),
    "property_certified_ball_moved": any_record_where("property", property_certified_ball_moved),
    "property_certified_point_moved": any_record_where("property", property_certified_point_moved),
    "property_record_dropped": property_record_dropped,
    "property_uncertified_flipped": any_record_where("property", property_uncertified_flipped),
    "property_decertified": any_record_where("property", property_decertified),
    "property_filed_as_claim": any_record_where("property", property_filed_as_claim),
    "evidence_without_balls": any_record_where("closed-vs-quadrature", evidence_without_balls),
    "property_evidence_relabelled": any_record_where("property", property_evidence_relabelled),
    # a wall time whose Grisu2 text is not the shortest: the digest must be taken over that text
    "wall_time_not_shortest": first_variant(lambda v: v["timing"].__setitem__("wall_seconds", RAW + "96.31013205000001")),
    "grid_part_dropped": grid_part(lambda root, parts: parts.pop(0)),
    "grid_part_records_swapped": grid_part(swap_two_records),
    "grid_part_record_dropped": grid_part(lambda root, parts: parts[0]["records"].pop()),
    "grid_part_renumbered": grid_part(block_renumbered),
    "grid_part_twice": grid_part(block_given_twice),
    "grid_part_verdict_forged": grid_part(grid_record_agree_forged),
    "grid_part_spec_digest": grid_part(lambda root, parts: parts[0].__setitem__("spec_digest", "sha1:" + "0" * 40)),
    "grid_part_extra_key": grid_part(lambda root, parts: parts[0].__setitem__("note", "x")),
    "grid_parts_object": grid_part(lambda root, parts: root.__setitem__("grid_parts", {"a": parts[0]})),
    "table_input": first_variant(set_key("tables", [{"caption": "\\input{../../x}", "header": ["a"], "rows": [["b"]]}])),
}


def main():
    src, dst, case = sys.argv[1:4]
    redigest = "--redigest" in sys.argv[4:]
    with open(src, encoding="utf-8") as f:
        root = load(f)
    if case == "check_digest":  # the test's own digest agrees with attnverify's
        sys.exit(0 if digest(root) == root["digest"] else 1)
    if case == "nested":
        with open(dst, "w", encoding="utf-8") as f:
            f.write("[" * 100000 + "]" * 100000)
        return
    EDITS[case](root)
    if redigest:
        root["digest"] = digest(root)
    with open(dst, "w", encoding="utf-8") as f:
        f.write(dumps(root, indent=1))


if __name__ == "__main__":
    main()
