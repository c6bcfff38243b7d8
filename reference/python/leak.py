"""The leak check's comparison, from reference/leak.md ("How a turn is compared with a held-out
item"): the normal form, words, shingles, the Jaccard index, word edits, template siblings, and
the kind of each (turn, held-out item) pair, by brute force over every pair (no index, no band).

``findings(held_out, examples, ordering)`` gives every (kind, id, line, shared, union,
same_answer, edits, added_words), one per held-out item, kind and line, of the line's first turn
that leaks the item that way (edits and added_words are None for an answer leak).
"""

import json
import math
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
NEAR_EDITS = 2
NEAR_MIN_WORDS = 8
TWO_EDITS_MIN_WORDS = 16
ADDED_WORDS = 8
KINDS = ["exact", "near", "answer", "sibling"]


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


JOINERS = "'\u2019-.,/"


def words(normal):
    """The runs of characters of general category L, M or N, a joiner (' \u2019 - . , /) between two
    such characters taken into the word and dropped from it."""
    def is_word(c):
        return unicodedata.category(c)[0] in "LMN"

    out = []
    current = []
    for k, c in enumerate(normal):
        if is_word(c):
            current.append(c)
        elif c in JOINERS and current and k + 1 < len(normal) and is_word(normal[k + 1]):
            continue
        elif current:
            out.append("".join(current))
            current = []
    if current:
        out.append("".join(current))
    return out


def joined_words(normal):
    """The words with punctuation deleted, as lm-evaluation-harness's decontamination normalises
    (leak.md "Words and shingles"): each run of characters between spaces, its characters of
    category L, M or N only; a run without any is no word."""
    out = []
    for token in normal.split(" "):
        word = "".join(c for c in token if unicodedata.category(c)[0] in "LMN")
        if word:
            out.append(word)
    return out


def shingles(normal):
    """The set of runs of 5 words joined by a space; 1 to 4 words: one; none: empty."""
    w = words(normal)
    if not w:
        return set()
    if len(w) <= SHINGLE_WORDS:
        return {" ".join(w)}
    return {" ".join(w[i : i + SHINGLE_WORDS]) for i in range(len(w) - SHINGLE_WORDS + 1)}


def osa(a, b):
    """Word edit distance: a word replaced, inserted or deleted, or two neighbours swapped, 1 each
    (optimal string alignment), the whole table."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(
                d[i - 1][j] + 1,
                d[i][j - 1] + 1,
                d[i - 1][j - 1] + (0 if a[i - 1] == b[j - 1] else 1),
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def near_edits(held, turn):
    """(edits, added) when the turn's words are near the held-out words, else None: fewer than 8
    held-out words need the same words (and at least one); else the least of the plain distance
    and 1 + the distance once 1 to 8 words are taken off the turn's start or end (the plain
    distance first on a tie), at most 1 for 8 to 15 held-out words and 2 from 16."""
    if len(held) < NEAR_MIN_WORDS:
        return (0, 0) if held and held == turn else None
    allowed = 1 if len(held) < TWO_EDITS_MIN_WORDS else NEAR_EDITS
    # Each edit changes the length by at most one, a sentence added by at most ADDED_WORDS: a text
    # whose length is further off is not near, whatever its words (and a long conversation is not
    # compared word by word with every held-out query).
    if len(turn) - len(held) > ADDED_WORDS + allowed - 1 or len(held) - len(turn) > allowed:
        return None
    best = (osa(held, turn), 0)
    for added in range(1, ADDED_WORDS + 1):
        if added >= len(turn):
            break
        for rest in (turn[added:], turn[: len(turn) - added]):
            e = 1 + osa(held, rest)
            if e < best[0]:
                best = (e, added)
    return best if best[0] <= allowed else None


def _number_text(v):
    """A number as JavaScript's String() writes it (for the values used here)."""
    if isinstance(v, float) and math.isfinite(v) and v == int(v) and abs(v) < 1e21:
        return str(int(v))
    return repr(v) if isinstance(v, float) else str(v)


def _canonical(v):
    """A value as text, keys sorted, numbers by value, as the leak check's key writes it."""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return _number_text(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ",".join(_canonical(x) for x in v) + "]"
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + _canonical(v[k]) for k in sorted(v)) + "}"


def _value_words(v, into):
    if v is None:
        return into
    if isinstance(v, dict):
        for x in v.values():
            _value_words(x, into)
    elif isinstance(v, list):
        for x in v:
            _value_words(x, into)
    else:
        text = "true" if v is True else "false" if v is False else (
            _number_text(v) if isinstance(v, (int, float)) else v
        )
        into.update(words(normal_form(text)))
    return into


def _fewer(a, b):
    """The words of a that b holds fewer times."""
    left = {}
    for w in b:
        left[w] = left.get(w, 0) + 1
    out = set()
    for w in a:
        if left.get(w, 0) == 0:
            out.add(w)
        else:
            left[w] -= 1
    return out


def sibling(held_words, held_calls, turn_words, turn_calls):
    """leak.md "Template siblings": the same tools, argument names and count, at least one value
    differing, each differing value explained by the words the queries do not share."""
    if not held_calls or len(held_calls) != len(turn_calls):
        return False

    def read(calls):
        out = []
        for c in calls:
            args = c["arguments"]
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except ValueError:
                    return None
            if not isinstance(args, dict):
                return None
            out.append((c["name"], _canonical(args), args))
        return sorted(out, key=lambda x: (x[0], x[1]))

    a = read(held_calls)
    b = read(turn_calls)
    if a is None or b is None:
        return False
    rest = list(b)
    kept = []
    for x in a:
        same = next((k for k, y in enumerate(rest) if y[0] == x[0] and y[1] == x[1]), None)
        if same is None:
            kept.append(x)
        else:
            del rest[same]
    out_held = _fewer(held_words, turn_words)
    out_turn = _fewer(turn_words, held_words)
    differing = 0
    for x, y in zip(kept, rest):
        if x[0] != y[0] or sorted(x[2]) != sorted(y[2]):
            return False
        for k in x[2]:
            if _canonical(x[2][k]) == _canonical(y[2][k]):
                continue
            differing += 1
            if not (_value_words(x[2][k], set()) & out_held):
                return False
            if not (_value_words(y[2][k], set()) & out_turn):
                return False
    return differing > 0


def _same_answer(answers, calls, ordering):
    reply = {"text": "", "calls": calls, "truncated": False}
    try:
        return scorer.reason(answers, reply, ordering) == "match"
    except scorer.CannotJudge:
        return False


def findings(held_out, examples, ordering):
    """held_out: [{"id", "query", "answers": "<the row's answers string>"}], or with "prompt" (a
    chat-jsonl item's messages but its answer) in place of "query". examples: [{"line", "turns":
    [{"user": str, "calls": [{"name", "arguments": "<JSON text>"}]}]}], or with "messages" (a chat
    example read as conversations) in place of "turns"."""
    items = []
    for item in held_out:
        if "prompt" in item:
            item = dict(item, query=held_out_query(item["prompt"]))
        answers = [
            {"name": c["name"], "arguments": c["arguments"]}
            for c in strict_json.parse(item["answers"])
        ]
        plain = [{"name": c["name"], "arguments": c["arguments"]} for c in json.loads(item["answers"])]
        normal = normal_form(item["query"])
        items.append((item["id"], normal, (words(normal), joined_words(normal)), shingles(normal), answers, plain))
    # A line is listed once per held-out item and kind, with its first such turn's figures.
    out = {}
    for example in examples:
        line = example["line"]
        turns = example["turns"] if "turns" in example else conversation_turns(example["messages"], True)
        for turn in turns:
            normal = normal_form(turn["user"])
            own_forms = (words(normal), joined_words(normal))
            own = shingles(normal)
            for item_id, item_normal, item_forms, item_shingles, answers, plain in items:
                shared = len(own & item_shingles)
                union = len(own | item_shingles)
                same = _same_answer(answers, turn["calls"], ordering)
                # Near by the words, or by the words with punctuation deleted: the fewer edits,
                # the words on a tie; the sibling rule reads the words compared.
                edits = None
                for item_words, own_words in zip(item_forms, own_forms):
                    e = near_edits(item_words, own_words)
                    if e is not None and (edits is None or e[0] < edits[0][0]):
                        edits = (e, item_words, own_words)
                if normal == item_normal:
                    kind = "exact"
                    edits = ((0, 0), None, None)
                elif edits is not None:
                    kind = "near"
                    _, item_words, own_words = edits
                    if not same and turn["calls"] and sibling(item_words, plain, own_words, turn["calls"]):
                        kind = "sibling"
                elif answers and same:
                    kind = "answer"
                else:
                    continue
                e, added = edits[0] if edits is not None else (None, None)
                out.setdefault((kind, item_id, line), (kind, item_id, line, shared, union, same, e, added))
    return sorted(out.values(), key=lambda f: (KINDS.index(f[0]), f[1], f[2]))


def _text_of(content):
    """leak.md "The training file": a string, or the ``text`` members of content parts joined by
    newlines; None when there is none."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return None
    texts = [p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)]
    return "\n".join(texts) if texts else None


def _call_text(call):
    fn = call.get("function") if isinstance(call.get("function"), dict) else call
    args = fn.get("arguments")
    if not isinstance(args, str):
        args = json.dumps(args, ensure_ascii=False, separators=(",", ":"))
    return "%s %s" % (fn["name"], args)


def conversation_turns(messages, full_calls=False):
    """leak.md, a chat example's turns when the held-out items are a chat-jsonl dataset's: a turn
    at each user message, and at the last tool message before an assistant message; its text the
    conversation up to it (user, assistant and tool messages' texts, one a line, system and
    developer left out), built whole for each turn; its calls those of the assistant messages
    after it, up to the next turn: their names, or with ``full_calls`` each call's name and
    arguments (JSON text, as the message holds it)."""
    turns = []
    texts = []
    for i, m in enumerate(messages):
        role = m.get("role")
        if role == "user":
            texts.append(_text_of(m.get("content")))
            turns.append({"user": "\n".join(texts), "calls": []})
        elif role == "tool":
            text = _text_of(m.get("content"))
            if text:
                texts.append(text)
            nxt = messages[i + 1] if i + 1 < len(messages) else None
            if turns and isinstance(nxt, dict) and nxt.get("role") == "assistant":
                turns.append({"user": "\n".join(texts), "calls": []})
        elif role == "assistant":
            calls = list(m.get("tool_calls") or []) if turns else []
            said = [_text_of(m.get("content")) or ""] + [_call_text(c) for c in calls]
            text = "\n".join(t for t in said if t)
            if text:
                texts.append(text)
            if turns:
                fn = lambda c: c["function"] if isinstance(c.get("function"), dict) else c
                turns[-1]["calls"].extend(
                    {"name": fn(c)["name"], "arguments": fn(c)["arguments"]} if full_calls else fn(c)["name"]
                    for c in calls
                )
    return turns


def held_out_query(prompt):
    """leak.md: a chat-jsonl held-out item's query, from its prompt (its messages but the
    answer): the text of the last turn of the prompt followed by the answer."""
    return conversation_turns(list(prompt) + [{"role": "assistant"}])[-1]["user"]
