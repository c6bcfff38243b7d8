"""The lenient reading of xlam-tool-call, from reference/scorers.md ("Lenient scoring").

``lenient(answers, tools, reply, ordering, tool_call_parser)`` gives ``(correct, rescued)``:
whether the reply is right under lenient scoring, and the rules that rescued it (a reply wrong
under strict scoring and right here), in the page's order.

Written from the page, not from the TypeScript: calls are paired by trying every permutation of
the reply's calls (an item has a handful), not by a matching algorithm.
"""

import itertools
import re

import scorer
import strict_json
import type_words
from equality import json_equal
from strict_json import ExactNumber

RULES = ("string-form", "optional-default")

# BFCL's standardize_string: the space and ,./-_*^ removed, lower-cased, ' turned into ".
_REMOVED = re.compile(r"[ ,./\-_*^]")
_JSON_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?\Z")


def standardize(text):
    return _REMOVED.sub("", text).lower().replace("'", '"')


def form_equal(a, b):
    """Equal once every string, at any depth, is standardized; keys as written."""
    if isinstance(a, str):
        return isinstance(b, str) and standardize(a) == standardize(b)
    if isinstance(a, list):
        return (
            isinstance(b, list)
            and len(a) == len(b)
            and all(form_equal(x, y) for x, y in zip(a, b))
        )
    if isinstance(a, dict):
        if not isinstance(b, dict) or set(a) != set(b):
            return False
        return all(form_equal(v, b[k]) for k, v in a.items())
    return json_equal(a, b)


def by_type(default, kind):
    """A declared default read by its parameter's JSON Schema type."""
    if not isinstance(default, str):
        return default
    if kind in ("integer", "number"):
        return ExactNumber(default) if _JSON_NUMBER.match(default) else default
    if kind == "boolean":
        return {"true": True, "True": True, "false": False, "False": False}.get(default, default)
    if kind in ("array", "object"):
        try:
            value = strict_json.parse(default)
        except strict_json.StrictJsonError:
            return default
        wanted = list if kind == "array" else dict
        return value if isinstance(value, wanted) else default
    return default


def optional_defaults(tools):
    """For each tool name (the first tool of a name), its optional parameters' defaults by type."""
    out = {}
    for tool in tools:
        if tool["name"] in out:
            continue
        defaults = {}
        for pname, param in tool["parameters"].items():
            schema, optional, _literal = type_words.parse_words(param["type"])
            if optional and "default" in param:
                defaults[pname] = by_type(param["default"], schema.get("type"))
        out[tool["name"]] = defaults
    return out


def _pair_rules(reply, answer, defaults, rules):
    """The rules a pair of argument objects needs, or None when they do not match under rules."""
    used = set()
    for key in set(reply) | set(answer):
        if key in reply and key in answer:
            if json_equal(reply[key], answer[key]):
                continue
            if "string-form" in rules and form_equal(reply[key], answer[key]):
                used.add("string-form")
                continue
            return None
        given = reply[key] if key in reply else answer[key]
        if "optional-default" in rules and key in defaults and json_equal(given, defaults[key]):
            used.add("optional-default")
            continue
        return None
    return used


def _right(calls, answers, defaults, ordering, rules):
    """Whether some pairing allowed by the ordering matches every pair under the rules."""
    orders = [range(len(calls))] if ordering == "strict" else itertools.permutations(range(len(calls)))
    for order in orders:
        ok = True
        for a, r in enumerate(order):
            call, value = calls[r]
            if call != answers[a]["name"]:
                ok = False
                break
            if _pair_rules(value, answers[a]["arguments"], defaults.get(call, {}), rules) is None:
                ok = False
                break
        if ok:
            return True
    return False


def lenient(answers, tools, reply, ordering, tool_call_parser=None):
    """(correct, rescued rules); raises scorer.CannotJudge as the strict scorer does."""
    strict = scorer.reason(answers, reply, ordering, tool_call_parser)
    if strict != "arguments":
        return strict == "match", []
    defaults = optional_defaults(tools)
    calls = [(c["name"], strict_json.parse(c["arguments"])) for c in reply["calls"]]
    if not _right(calls, answers, defaults, ordering, set(RULES)):
        return False, []
    alone = {rule: _right(calls, answers, defaults, ordering, {rule}) for rule in RULES}
    # Counted under each rule it cannot do without (wrong with the other alone); when either
    # alone rescues it, under the first.
    rescued = []
    if alone["string-form"] or not alone["optional-default"]:
        rescued.append("string-form")
    if not alone["string-form"]:
        rescued.append("optional-default")
    return True, rescued
