"""The leak check's comparison, from reference/leak.md ("How a turn is compared with a held-out
item"): the normal form, words, shingles, the Jaccard index, and the kind of each (turn, held-out
item) pair, by brute force over every pair (no index).

``findings(held_out, examples, ordering)`` gives every (kind, id, line, shared, union,
same_answer), one per held-out item, kind and line.
"""

import unicodedata

import scorer
import strict_json

# leak.md "The normal form", step 4: JavaScript's \s, listed.
WHITE_SPACE = set(
    [chr(c) for c in range(0x09, 0x0E)]
    + [" ", "\u00a0", "\u1680"]
    + [chr(c) for c in range(0x2000, 0x200B)]
    + ["\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"]
)

SHINGLE_WORDS = 5


def normal_form(text):
    """NFC; lower, upper, lower (full case mappings); NFC; white space runs to one space, trimmed."""
    text = unicodedata.normalize("NFC", text)
    text = text.lower().upper().lower()
    text = unicodedata.normalize("NFC", text)
    out = []
    space = False
    for c in text:
        if c in WHITE_SPACE:
            space = True
            continue
        if space and out:
            out.append(" ")
        space = False
        out.append(c)
    return "".join(out)


def words(normal):
    """The runs of characters of general category L, M or N."""
    out = []
    current = []
    for c in normal:
        if unicodedata.category(c)[0] in "LMN":
            current.append(c)
        elif current:
            out.append("".join(current))
            current = []
    if current:
        out.append("".join(current))
    return out


def shingles(normal):
    """The set of runs of 5 words joined by a space; 1 to 4 words: one; none: empty."""
    w = words(normal)
    if not w:
        return set()
    if len(w) <= SHINGLE_WORDS:
        return {" ".join(w)}
    return {" ".join(w[i : i + SHINGLE_WORDS]) for i in range(len(w) - SHINGLE_WORDS + 1)}


def _same_answer(answers, calls, ordering):
    reply = {"text": "", "calls": calls, "truncated": False}
    try:
        return scorer.reason(answers, reply, ordering) == "match"
    except scorer.CannotJudge:
        return False


def findings(held_out, examples, ordering):
    """held_out: [{"id", "query", "answers": "<the row's answers string>"}]. examples: [{"line",
    "turns": [{"user": str, "calls": [{"name", "arguments": "<JSON text>"}]}]}]."""
    items = []
    for item in held_out:
        answers = [
            {"name": c["name"], "arguments": c["arguments"]}
            for c in strict_json.parse(item["answers"])
        ]
        normal = normal_form(item["query"])
        items.append((item["id"], normal, shingles(normal), answers))
    out = set()
    for example in examples:
        line = example["line"]
        for turn in example["turns"]:
            normal = normal_form(turn["user"])
            own = shingles(normal)
            for item_id, item_normal, item_shingles, answers in items:
                shared = len(own & item_shingles)
                union = len(own | item_shingles)
                same = _same_answer(answers, turn["calls"], ordering)
                if normal == item_normal:
                    kind = "exact"
                elif union > 0 and 5 * shared >= 4 * union:
                    kind = "near"
                elif answers and same:
                    kind = "answer"
                else:
                    continue
                out.add((kind, item_id, line, shared, union, same))
    return sorted(out, key=lambda f: (["exact", "near", "answer"].index(f[0]), f[1], f[2]))
