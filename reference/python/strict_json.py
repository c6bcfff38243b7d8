"""Strict JSON reading for the reference implementation.

Reads RFC 8259 JSON with the refusals of the scorers page: a key that appears twice (at any
depth), NaN or Infinity, a lone surrogate (escaped or not), and anything but whitespace after the
value. Numbers keep their exact text (see ``ExactNumber``).

Written from reference/scorers.md ("Equality"), not from the TypeScript.
"""

import json
import re
import sys

# Python's json C scanner recurses once per nesting level; allow deep (valid) documents.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))

_NUMBER = re.compile(r"^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$")


class StrictJsonError(ValueError):
    """The text is not one strict JSON value."""


class ExactNumber:
    """A JSON number: its text as written, and an exact canonical key for equality.

    The key is ``(sign, digits, exponent)`` with no leading or trailing zeros in ``digits``
    and an unbounded Python ``int`` exponent, so ``5``, ``5.0``, ``5e0`` and ``0.5e1`` share one
    key, ``-0`` and ``0`` share the key of zero, and ``1e400`` differs from ``1e401``.
    ``decimal.Decimal`` would do the same but refuses exponents past about 10**18.
    """

    __slots__ = ("text", "key")

    def __init__(self, text):
        m = _NUMBER.match(text)
        if m is None:
            raise StrictJsonError("not a JSON number: %r" % text)
        sign, whole, frac, exp = m.groups()
        frac = frac or ""
        digits = (whole + frac).lstrip("0")
        exponent = int(exp or "0") - len(frac)
        if digits == "":
            self.key = (0, "", 0)
        else:
            stripped = digits.rstrip("0")
            exponent += len(digits) - len(stripped)
            self.key = (-1 if sign else 1, stripped, exponent)
        self.text = text

    def __eq__(self, other):
        return isinstance(other, ExactNumber) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return "ExactNumber(%s)" % self.text


def _refuse_constant(name):
    raise StrictJsonError("%s is not JSON" % name)


def _pairs(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise StrictJsonError("the key %r appears twice" % key)
        seen[key] = value
    return seen


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_surrogates(value):
    # json.loads joins an escaped pair into one code point, and text decoded from UTF-8 holds
    # no surrogate at all, so any surrogate code point left in a string is a lone one.
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if _SURROGATE.search(v):
                raise StrictJsonError("a string holds a lone surrogate")
        elif isinstance(v, dict):
            for k, item in v.items():
                if _SURROGATE.search(k):
                    raise StrictJsonError("a key holds a lone surrogate")
                stack.append(item)
        elif isinstance(v, list):
            stack.extend(v)


_DECODER = json.JSONDecoder(
    object_pairs_hook=_pairs,
    parse_float=ExactNumber,
    parse_int=ExactNumber,
    parse_constant=_refuse_constant,
    strict=True,  # no raw control characters in strings
)

_WS = " \t\n\r"


def depth(value):
    """How many arrays and objects nest in a value: 0 for a scalar, 1 for ``[]`` or ``{"a": 1}``,
    2 for ``[[]]``."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
            deepest = max(deepest, d + 1)
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
            deepest = max(deepest, d + 1)
    return deepest


def parse(text, max_depth=None):
    """Parses one strict JSON value from ``text`` (a str).

    Objects become dicts (members in order), arrays lists, numbers ``ExactNumber``.
    Raises ``StrictJsonError`` for anything the page refuses, and, when ``max_depth`` is given, for
    arrays and objects nested deeper than that (split.md step 2: 512 for a row's tools and
    answers).
    """
    if not isinstance(text, str):
        raise StrictJsonError("not text")
    # Only the four RFC 8259 whitespace characters may stand around the value.
    start = 0
    while start < len(text) and text[start] in _WS:
        start += 1
    try:
        value, end = _DECODER.raw_decode(text, start)
    except (json.JSONDecodeError, RecursionError) as e:
        raise StrictJsonError(str(e)) from None
    rest = text[end:]
    if rest.strip(_WS) != "":
        raise StrictJsonError("text after the value")
    _check_surrogates(value)
    if max_depth is not None and depth(value) > max_depth:
        raise StrictJsonError("arrays and objects nested deeper than %d" % max_depth)
    return value


def dumps(value):
    """Writes a value read by ``parse`` back as JSON, numbers as written, keys in order."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, ExactNumber):
        return value.text
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(
            json.dumps(k, ensure_ascii=False) + ":" + dumps(v) for k, v in value.items()
        ) + "}"
    raise TypeError("not a JSON value: %r" % (value,))
