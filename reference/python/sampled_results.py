#!/usr/bin/env python3
"""A results file of several samples per item (issue 28), read on its own: the figures assess report
gives for it, and the seed each answer was asked with, from reference/report.md and
reference/run.md. The statistics are sampled.py's, written from their definitions with scipy and
exact fractions, not from the TypeScript; Holm's procedure here is the textbook step-down
(holm()). What is shared with the TypeScript, and so not checked independently, are the rules
reference/report.md states: which record of a sample counts, the outcome at the margin (outcome()),
which items the error sensitivity counts and how.

    python3 reference/python/sampled_results.py RESULTS [REQUESTS]

RESULTS is the results file (JSON Lines: the header, then records). Each (model, item, sample)'s
effective result is its latest answer, or its latest error when it was never answered (an error
never hides an answer). Each model's per-item [asked, right] (errors left out) gives sampled.py's
figures at the family's level 0.05; each adapter's p-value against the baseline is Holm-adjusted
across the adapters (min(1, max over j <= i of (m - j + 1) p_(j))), and its interval is sampled.py's
(the betting interval of the mean difference) at the level Holm's step-down decides it at (alpha / (m - k + 1), k the smaller of its
rank and the first rank not rejected); its outcome, with the header's decision.margin (points):
better when the interval is above 0, worse when below, not-worse when above -margin, else
inconclusive; differingItems (the items whose shares differ) and tooFewDiffer (the same betting
interval with every differing item's difference +1, the rest 0, not above -margin, and with every
one -1 not below 0); itemsToDecide (sampled.py's at the comparison's level and margin) when the
outcome is inconclusive and too few do not differ, else None.

REQUESTS, when given, is a JSON array of the chat request bodies the server received, as text.
Each answer's request is the body whose SHA-256 is its requestDigest; its seed must be the first 8
bytes of SHA-256("assess-sample\\n<sampling.seed>\\n<item id>\\n<sample>"), read as a signed 64-bit
big-endian integer. The output counts the answers checked and lists any whose seed is not that.

The categories are those the results record: each model's figures on each category's items, and
each adapter's comparison on each category's paired items, Holm across the categories with items
(each interval at its Holm level), its outcome at the margin, and the guarded categories
(decision.guard) whose outcome is worse.

Each model's answers, errors (samples whose effective record is an error) and notAsked (the split's
size times K less those). Each comparison's adapterAccuracy and baselineAccuracy (the mean shares on
the paired items), its minimumDetectableDifference (sampled.py's planning figures at its Holm level:
the detectable difference at (n, K), (n, 2K) and (2n, K) with power 0.8, and the two variance
parts; None without them) and its errorSensitivity: on the items where both models have an answer or
an error, every errored sample counted as a wrong answer of the adapter and a right one of the
baseline (against), and the other way (favour), each share right/(answered + errored), the same
test at the comparison's level and its outcome, and couldChange when either outcome is not the
comparison's; None when those items hold no errored sample.

One JSON object on stdout: {models: [{name, samples, items, answers, errors, notAsked, accuracy,
lower, upper, within, between, passK}], comparisons: [{adapter, items, method, adapterAccuracy,
baselineAccuracy, difference, lower, upper, level, pValue, pAdjusted, outcome,
minimumDetectableDifference, differingItems, tooFewDiffer, itemsToDecide, errorSensitivity}], perItem: {model: [[asked, right], ...]}, seeds: {checked, wrong},
categories: {models: {model: [{name, items, accuracy, lower, upper}]}, comparisons: {adapter:
{categories: [{name, items, difference, lower, upper, level, pValue, pAdjusted, outcome}],
guardWorse}}}}.
"""

import hashlib
import json
import os
import re
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from sampled import betting, difference_test, exact_diffs, family  # noqa: E402

ALPHA = 0.05


def effective(records):
    """Each (model, item index, sample)'s effective record."""
    kept = {}
    for r in records:
        key = (r["model"], r["itemIndex"], r["sample"])
        old = kept.get(key)
        if old is None or r["error"] is None or old["error"] is not None:
            kept[key] = r
    return kept


def holm(ps, alpha):
    """Holm's step-down procedure, from the textbook (Holm 1979): the adjusted p-values, and the
    level each comparison is decided at. Sorted ascending, the i-th smallest (i from 0) is
    multiplied by m - i, a running maximum keeps them in order, and each is capped at 1. The
    hypotheses rejected are those whose adjusted p is below alpha; the step-down tests the i-th
    smallest at alpha/(m - i) as long as every smaller one was rejected, and a hypothesis past the
    first one not rejected is decided at that first one's level (where the procedure stopped)."""
    m = len(ps)
    ranked = sorted(range(m), key=lambda i: (ps[i], i))
    adjusted = [0.0] * m
    running = 0.0
    for i, index in enumerate(ranked):
        running = max(running, (m - i) * ps[index])
        adjusted[index] = min(1.0, running)
    levels = [0.0] * m
    stopped = None  # the step at which the procedure stopped: its level decides the rest
    for i, index in enumerate(ranked):
        step = i if stopped is None else stopped
        levels[index] = alpha / (m - step)
        if stopped is None and not adjusted[index] < alpha:
            stopped = i
    return adjusted, levels


def too_few_differ(diffs, level, margin):
    """Whether too few items differ to conclude: every differing item at +1 (the rest 0) gives an
    interval not above -margin, and every one at -1 an interval not below 0."""
    best = betting([1.0 if d != 0 else 0.0 for d in diffs], level, -1.0, 1.0, at=0.0)
    worst = betting([-1.0 if d != 0 else 0.0 for d in diffs], level, -1.0, 1.0, at=0.0)
    return not best["lower"] > -margin and not worst["upper"] < 0


def outcome(lower, upper, margin):
    if lower > 0:
        return "better"
    if upper < 0:
        return "worse"
    if lower > -margin:
        return "not-worse"
    return "inconclusive"


def error_sensitivity(first, first_errors, second, second_errors, level, margin, decided):
    """The comparison with every errored sample counted against the adapter, then in its favour."""
    rows = [(a1, r1, e1, a2, r2, e2) for (a1, r1), e1, (a2, r2), e2 in zip(first, first_errors, second, second_errors)
            if a1 + e1 > 0 and a2 + e2 > 0]
    errors = sum(e1 + e2 for _, _, e1, _, _, e2 in rows)
    if errors == 0:
        return None
    against = [Fraction(r1, a1 + e1) - Fraction(r2 + e2, a2 + e2) for a1, r1, e1, a2, r2, e2 in rows]
    favour = [Fraction(r1 + e1, a1 + e1) - Fraction(r2, a2 + e2) for a1, r1, e1, a2, r2, e2 in rows]
    ways = {}
    for name, diffs in (("against", against), ("favour", favour)):
        d = difference_test(diffs, level)
        ways[name] = {"difference": d["mean"], "lower": d["lower"], "upper": d["upper"],
                      "outcome": outcome(d["lower"], d["upper"], margin)}
    return {"errors": errors, **ways,
            "couldChange": ways["against"]["outcome"] != decided or ways["favour"]["outcome"] != decided}


def expected_seed(seed, item_id, sample):
    digest = hashlib.sha256(f"assess-sample\n{seed}\n{item_id}\n{sample}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    header = lines[0]
    k = header["sampling"]["samples"]
    margin = header.get("decision", {"margin": 0})["margin"] / 100
    names = [header["models"]["baseline"], *header["models"]["adapters"]]
    kept = effective([r for r in lines[1:] if r["kind"] == "result"])
    indices = sorted({index for (_, index, _) in kept})
    per_item = {}
    errored = {}
    for name in names:
        counts = {i: [0, 0] for i in indices}
        errors = {i: 0 for i in indices}
        for (model, index, _), r in kept.items():
            if model != name:
                continue
            if r["error"] is not None:
                errors[index] += 1
                continue
            counts[index][0] += 1
            counts[index][1] += 1 if r["verdict"]["correct"] else 0
        per_item[name] = [counts[i] for i in indices]
        errored[name] = [errors[i] for i in indices]
    models = []
    for name in names:
        f = family({"level": ALPHA, "samples": k, "first": per_item[name], "second": per_item[name]})
        answers, errors = sum(a for a, _ in per_item[name]), sum(errored[name])
        models.append({"name": name, "samples": k, "items": sum(1 for a, _ in per_item[name] if a > 0),
                       "answers": answers, "errors": errors,
                       "notAsked": max(0, header["split"]["size"] * k - answers - errors),
                       "accuracy": f["accuracy"], "lower": f["lower"], "upper": f["upper"],
                       "within": f["within"], "between": f["between"], "passK": f["passK"]})
    base = per_item[names[0]]
    tests = [family({"level": ALPHA, "samples": k, "first": per_item[a], "second": base}) for a in names[1:]]
    adjusted, levels = holm([t["pValue"] for t in tests], ALPHA)
    comparisons = []
    for a, t, p_adj, level in zip(names[1:], tests, adjusted, levels):
        diffs = exact_diffs(per_item[a], base)
        d = difference_test(diffs, level)
        paired = [(r1 / a1, r2 / a2) for (a1, r1), (a2, r2) in zip(per_item[a], base) if a1 > 0 and a2 > 0]
        decided = outcome(d["lower"], d["upper"], margin)
        at_level = family({"level": level, "samples": k, "first": per_item[a], "second": base,
                           "margin": margin})
        few = too_few_differ(diffs, level, margin)
        detectable = None
        if at_level["detectable"] is not None:
            now, twice_samples, twice_items = at_level["detectable"]
            detectable = {"difference": now, "withTwiceTheSamples": twice_samples,
                          "withTwiceTheItems": twice_items, "betweenVariance": at_level["dBetween"],
                          "withinVariance": at_level["dWithin"], "level": level, "power": 0.8,
                          "holdsFor": "concentrated"}
        comparisons.append({"adapter": a, "items": len(diffs), "method": d["method"],
                            "adapterAccuracy": sum(x for x, _ in paired) / len(paired) if paired else 0.0,
                            "baselineAccuracy": sum(y for _, y in paired) / len(paired) if paired else 0.0,
                            "difference": d["mean"], "lower": d["lower"],
                            "upper": d["upper"], "level": level, "pValue": t["pValue"], "pAdjusted": p_adj,
                            "outcome": decided, "minimumDetectableDifference": detectable,
                            "differingItems": sum(1 for x in diffs if x != 0),
                            "tooFewDiffer": few,
                            "itemsToDecide": at_level["itemsToDecide"] if decided == "inconclusive" and not few
                            else None,
                            "errorSensitivity": error_sensitivity(per_item[a], errored[a], base, errored[names[0]],
                                                                  level, margin, decided)})
    seeds = {"checked": 0, "wrong": []}
    if len(sys.argv) > 2:
        with open(sys.argv[2], encoding="utf-8") as f:
            bodies = {hashlib.sha256(b.encode()).hexdigest(): b for b in json.load(f)}
        for (model, index, sample), r in sorted(kept.items()):
            if r["error"] is not None:
                continue
            body = bodies.get(r["requestDigest"])
            sent = None if body is None else re.search(r'"seed"\s*:\s*(-?[0-9]+)\s*[,}]', body)
            want = expected_seed(int(header["sampling"]["seed"]), r["itemId"], sample)
            seeds["checked"] += 1
            if sent is None or int(sent.group(1)) != want:
                seeds["wrong"].append([model, r["itemId"], sample])
    categories = categories_of(kept, names, indices, per_item, k, margin, header)
    print(json.dumps({"models": models, "comparisons": comparisons, "perItem": per_item, "seeds": seeds,
                      "categories": categories}))


CATEGORIES = ["no-call", "single", "parallel", "multiple"]


def categories_of(kept, names, indices, per_item, k, margin, header):
    """Each model's figures on each category's items, and each adapter's comparison there: Holm
    across the categories with paired items, each interval at its Holm level, its outcome; and the
    guarded categories that are worse. From the category each result records."""
    category = {}
    for (_, index, _), r in kept.items():
        category[index] = r["category"]
    at = {c: [n for n, i in enumerate(indices) if category[i] == c] for c in CATEGORIES}
    models = {}
    for name in names:
        models[name] = []
        for c in CATEGORIES:
            counts = [per_item[name][n] for n in at[c] if per_item[name][n][0] > 0]
            if not counts:
                models[name].append({"name": c, "items": 0, "accuracy": None})
                continue
            f = family({"level": ALPHA, "samples": k, "first": counts, "second": counts})
            models[name].append({"name": c, "items": len(counts), "accuracy": f["accuracy"],
                                 "lower": f["lower"], "upper": f["upper"]})
    guard = header.get("decision", {"guard": []})["guard"]
    comparisons = {}
    base = per_item[names[0]]
    for a in names[1:]:
        diffs = {c: exact_diffs([per_item[a][n] for n in at[c]], [base[n] for n in at[c]]) for c in CATEGORIES}
        used = [c for c in CATEGORIES if diffs[c]]
        ps = [difference_test(diffs[c], ALPHA)["p"] for c in used]
        adjusted, levels = holm(ps, ALPHA)
        rows = []
        for c in CATEGORIES:
            if c not in used:
                rows.append({"name": c, "items": 0, "outcome": "inconclusive"})
                continue
            j = used.index(c)
            d = difference_test(diffs[c], levels[j])
            rows.append({"name": c, "items": len(diffs[c]), "difference": d["mean"], "lower": d["lower"],
                         "upper": d["upper"], "level": levels[j], "pValue": ps[j], "pAdjusted": adjusted[j],
                         "method": d["method"],
                         "outcome": outcome(d["lower"], d["upper"], margin)})
        comparisons[a] = {"categories": rows,
                          "guardWorse": [g for g in guard if rows[CATEGORIES.index(g)]["outcome"] == "worse"]}
    return {"models": models, "comparisons": comparisons}


if __name__ == "__main__":
    main()
