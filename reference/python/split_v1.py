"""split.v1, step by step as reference/split.md describes it.

``split_file(data, seed, size)`` returns the split file's text (without the final newline) or
raises ``DatasetRefused`` (the page's exit 65) or ``SizeRefused`` (exit 64).
"""

import hashlib
import json
import math
import re

import chat_jsonl
import strict_json
import type_words

DatasetRefused = chat_jsonl.DatasetRefused
"""Step 1 or 2 refused the dataset (exit 65)."""


class SizeRefused(ValueError):
    """Step 3: size is more than the eligible rows (exit 64); step 8a: a share that keeps no row
    on one side (exit 64)."""


_MAX_ID = 2**53 - 1
_MAX_DEPTH = 512  # step 2: arrays and objects nested deeper than 512 refuse the dataset
_SURROGATE = re.compile("[\ud800-\udfff]")


def _integral(number):
    """The integer value of an ExactNumber, or None when it is not integral (or too large)."""
    sign, digits, exponent = number.key
    if sign == 0:
        return 0
    if exponent < 0:
        return None
    if len(digits) + exponent > 16:  # more than 16 digits is past 2**53 - 1
        return None
    return sign * int(digits) * 10**exponent


def _dec(n):
    """An id as the rank and confirmation keys hash it: an integer in decimal, a string as is."""
    return n if isinstance(n, str) else str(n)


def _digest_id(n):
    """An id as the digest's lines write it: an integer in decimal, a string as JSON text."""
    return json.dumps(n, ensure_ascii=False) if isinstance(n, str) else str(n)


def _u32be(n):
    return n.to_bytes(4, "big")


def _json_string(s):
    # Step 3: escape " and \, the five short escapes, other controls as \u00XX lowercase,
    # everything else as itself. json.dumps(ensure_ascii=False) writes exactly this.
    return json.dumps(s, ensure_ascii=False)


def read_rows(data):
    """Step 2: the rows as (index, id, query, tools text, answers text, tools value)."""
    text = chat_jsonl.dataset_text(data)
    try:
        rows = strict_json.parse(text)
    except strict_json.StrictJsonError as e:
        raise DatasetRefused("not JSON: %s" % e) from None
    if not isinstance(rows, list):
        raise DatasetRefused("not a JSON array")
    out = []
    ids = set()
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or set(row) != {"id", "query", "tools", "answers"}:
            raise DatasetRefused("row %d: not a row" % index)
        rid = row["id"]
        if not isinstance(rid, strict_json.ExactNumber) or _integral(rid) is None:
            raise DatasetRefused("row %d: id is not a whole number" % index)
        rid = _integral(rid)
        if abs(rid) > _MAX_ID:
            raise DatasetRefused("row %d: id is too large" % index)
        if rid in ids:
            raise DatasetRefused("row %d: id %d appears twice" % (index, rid))
        ids.add(rid)
        for member in ("query", "tools", "answers"):
            if not isinstance(row[member], str):
                raise DatasetRefused("row %d: %s is not a string" % (index, member))
        query, tools_text, answers_text = row["query"], row["tools"], row["answers"]
        try:
            tools = strict_json.parse(tools_text, max_depth=_MAX_DEPTH)
            answers = strict_json.parse(answers_text, max_depth=_MAX_DEPTH)
        except strict_json.StrictJsonError as e:
            raise DatasetRefused("row %d: %s" % (index, e)) from None
        # The strict reader refuses a lone surrogate in tools and answers; query may not hold one
        # either. (The file is read strictly as a whole, so this cannot happen here: kept as the
        # page's rule in words.)
        if _SURROGATE.search(query):
            raise DatasetRefused("row %d: query holds a lone surrogate" % index)
        try:
            type_words.check_tools(tools)
            type_words.check_answers(answers)
            type_words.convert_tools(tools)
        except type_words.Refused as e:
            raise DatasetRefused("row %d: %s" % (index, e)) from None
        out.append((index, rid, query, tools_text, answers_text, tools))
    return out


def _ineligible_reason(tools):
    """Step 3: None for an eligible row, else its reason."""
    seen = set()
    for tool in tools:
        name = tool["name"]
        if name in seen:
            return "two tools are named " + _json_string(name)
        seen.add(name)
    return None


def _rank(seed, rid):
    return hashlib.sha256(
        b"split.v1" + b"\x00" + seed.encode("utf-8") + b"\x00" + _dec(rid).encode("utf-8")
    ).digest()


def _content_hash(*texts):
    h = hashlib.sha256()
    for s in texts:
        b = s.encode("utf-8")
        h.update(_u32be(len(b)))
        h.update(b)
    return h.hexdigest()


def _confirm_key(seed, rid):
    return hashlib.sha256(
        b"split.v1\x00confirm\x00" + seed.encode("utf-8") + b"\x00" + _dec(rid).encode("utf-8")
    ).digest()


def _category(answers):
    calls = json.loads(answers) if isinstance(answers, str) else [
        {"name": name} for name, _ in answers
    ]
    if len(calls) == 0:
        return "no-call"
    if len(calls) == 1:
        return "single"
    return "parallel" if all(c["name"] == calls[0]["name"] for c in calls) else "multiple"


def _confirmation(held, seed, share):
    """Step 8a: the confirmation ids, smallest first."""
    groups = {}
    for row in held:
        groups.setdefault(_category(row[4]), []).append(row[1])
    ids = []
    for members in groups.values():
        members.sort(key=lambda rid: (_confirm_key(seed, rid), chat_jsonl.id_key(rid)))
        ids.extend(members[: math.floor(share * len(members) + 0.5)])
    if len(ids) == 0 or len(ids) == len(held):
        raise SizeRefused("split.confirm %r keeps %d of %d rows" % (share, len(ids), len(held)))
    return sorted(ids, key=chat_jsonl.id_key)


def _share_text(share):
    return json.dumps(share)


def _chat_rows(data):
    """Step 2 for chat-jsonl, as rows shaped like xlam's: (index, id, prompt, tools text,
    calls, tool names as tools); the content hash reads the prompt and the tools text alone."""
    return [
        (index, rid, prompt, tools_text, calls, [{"name": n} for n in names])
        for index, rid, prompt, tools_text, calls, names in chat_jsonl.read_lines(data)
    ]


def split(data, seed, size, confirm=None, kind="xlam-function-calling"):
    """The split as a dict in the file's member order (step 9)."""
    dataset_sha256 = hashlib.sha256(data).hexdigest()  # step 1 (compared by the caller)
    chat = kind == "chat-jsonl"
    rows = _chat_rows(data) if chat else read_rows(data)  # step 2
    reasons = {}  # step 3
    eligible = []
    for row in rows:
        r = _ineligible_reason(row[5])
        if r is None:
            eligible.append(row)
        else:
            reasons[row[1]] = r
    if size < 1:
        raise SizeRefused("size must be at least 1")
    if size > len(eligible):
        raise SizeRefused("size %d is more than the %d eligible items" % (size, len(eligible)))
    eligible.sort(key=lambda row: (_rank(seed, row[1]), chat_jsonl.id_key(row[1])))  # step 4
    held = eligible[:size]  # step 5
    hashes = {  # step 6
        row[1]: _content_hash(row[2], row[3]) if chat else _content_hash(row[2], row[3], row[4])
        for row in rows
    }
    held_ids = {row[1] for row in held}
    held_hashes = {hashes[row[1]] for row in held}
    twins = sorted(
        (row[1] for row in rows if row[1] not in held_ids and hashes[row[1]] in held_hashes),
        key=chat_jsonl.id_key,
    )
    twin_set = set(twins)
    complement = sorted(
        (row[1] for row in rows if row[1] not in held_ids and row[1] not in twin_set),
        key=chat_jsonl.id_key,
    )  # step 7
    ineligible = [{"id": i, "reason": reasons[i]} for i in sorted(reasons, key=chat_jsonl.id_key)]
    lines = b"".join(
        (_digest_id(row[1]) + " " + hashes[row[1]] + "\n").encode("utf-8") for row in held
    )
    confirmed = None
    if confirm is not None:
        confirmed = _confirmation(held, seed, confirm)  # step 8a
        lines += ("confirm " + _share_text(confirm) + "\n").encode("utf-8")
        lines += b"".join((_digest_id(rid) + "\n").encode("utf-8") for rid in confirmed)
    digest = hashlib.sha256(lines).hexdigest()  # step 8
    out = {
        "schema": "assess.split.v1",
        "algorithm": "split.v1",
        "seed": seed,
        "size": size,
        "datasetSha256": dataset_sha256,
        "digest": digest,
        "heldOut": [{"id": row[1], "hash": hashes[row[1]]} for row in held],
        "complement": complement,
        "twins": twins,
        "twinsExcluded": len(twins),
        "ineligible": ineligible,
    }
    if confirmed is not None:
        out["confirm"] = {"share": confirm, "items": confirmed}
    return out


def split_file(data, seed, size, confirm=None, kind="xlam-function-calling"):
    """Step 9: the file's text, without its final newline."""
    return json.dumps(split(data, seed, size, confirm, kind), indent=2, ensure_ascii=False)
