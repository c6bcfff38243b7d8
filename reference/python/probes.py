"""Probe items of a dataset's split (xlam or chat-jsonl), as reference/split.md ("Probes")
describes them.

``probe_items(data, seed, size, probes, kind)`` returns, for each probe, its name and its items,
each as ``[id, [tool names], calls in the answer, system prompt or None]``.
"""

import hashlib

import chat_jsonl
import split_v1
import strict_json


def _text(rid):
    """An id as a probe item's id writes it: an integer in decimal, a string as it is."""
    return rid if isinstance(rid, str) else str(rid)


def _name(probe):
    if isinstance(probe, str):
        return probe
    if "distractors" in probe:
        return "distractors-%d" % probe["distractors"]
    return "system"


def _draw(digest, name, rid, step, m):
    """A whole number from 0 to m - 1: floor(u64(h) * m / 2^64)."""
    h = hashlib.sha256(
        b"\0".join(
            part.encode("utf-8") for part in ("probe.v1", digest, name, _text(rid), step)
        )
    ).digest()
    return int.from_bytes(h[:8], "big") * m >> 64


def _shuffled(names, digest, rid):
    n = len(names)
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _draw(digest, "shuffled-tools", rid, "swap %d" % i, i + 1)
        order[i], order[j] = order[j], order[i]
    if order == list(range(n)):
        order = order[1:] + order[:1]
    return [names[k] for k in order]


def _distractors(names, pool, count, digest, rid, name):
    own = set(names)
    if len([t for t in pool if t not in own]) < count:
        return None
    pool = list(pool)
    taken = []
    k = 0
    while len(taken) < count:
        j = k + _draw(digest, name, rid, "pick %d" % k, len(pool) - k)
        pool[k], pool[j] = pool[j], pool[k]
        if pool[k] not in own:
            taken.append(pool[k])
        k += 1
    out = list(names)
    for k, tool in enumerate(taken):
        out.insert(_draw(digest, name, rid, "place %d" % k, len(out) + 1), tool)
    return out


def _earlier_calls(prompt):
    """The names an earlier assistant message of a chat-jsonl line's prompt calls."""
    names = set()
    for message in strict_json.parse("[" + prompt + "]"):
        if message.get("role") == "assistant":
            for call in message.get("tool_calls") or []:
                names.add(call["function"]["name"])
    return names


def probe_items(data, seed, size, probes, kind="xlam-function-calling"):
    split = split_v1.split(data, seed, size, kind=kind)
    digest = split["digest"]
    held = []
    if kind == "chat-jsonl":
        rows = {row[1]: row for row in chat_jsonl.read_lines(data)}
        for entry in split["heldOut"]:
            _, rid, prompt, _, calls, names = rows[entry["id"]]
            held.append((rid, names, [name for name, _ in calls], _earlier_calls(prompt)))
    else:
        rows = {row[1]: row for row in split_v1.read_rows(data)}
        for entry in split["heldOut"]:
            row = rows[entry["id"]]
            names = [tool["name"] for tool in row[5]]
            calls = [call["name"] for call in strict_json.parse(row[4])]
            held.append((entry["id"], names, calls, set()))
    pool = []  # each tool name once, in the held-out rows' order
    for _, names, _, _ in held:
        for n in names:
            if n not in pool:
                pool.append(n)
    out = []
    for probe in probes:
        name = _name(probe)
        items = []
        for rid, names, calls, earlier in held:
            base = _text(rid) + "~" + name
            if probe == "irrelevance":
                # Left out: no call, or a tool it removes is called earlier in the conversation.
                if calls and not earlier & set(calls):
                    items.append([base, [n for n in names if n not in calls], 0, None])
            elif probe == "shuffled-tools":
                if len(names) >= 2:
                    items.append([base, _shuffled(names, digest, rid), len(calls), None])
            elif "distractors" in probe:
                tools = _distractors(names, pool, probe["distractors"], digest, rid, name)
                if tools is not None:
                    items.append([base, tools, len(calls), None])
            else:
                for k, prompt in enumerate(probe["system"]):
                    items.append(
                        [_text(rid) + "~system-%d" % (k + 1), names, len(calls), prompt or ""]
                    )
        out.append({"name": name, "items": items})
    return out
