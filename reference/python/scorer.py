"""The verdict rules of xlam-tool-call, version 1, from reference/scorers.md.

``reason(answers, reply, ordering, tool_call_parser)`` gives the first reason that applies:

truncated, unparsed-call, malformed-arguments, no-call, call-count, name, arguments, match.
"""

import re
from collections import Counter

from equality import json_equal
from strict_json import StrictJsonError, parse

REASONS = (
    "truncated",
    "unparsed-call",
    "malformed-arguments",
    "no-call",
    "call-count",
    "name",
    "arguments",
    "match",
)

# The tool-call markers of each parser the scorer knows (reference/scorers.md, "Tool-call
# parsers"): texts that, anywhere in a reply's text, show a call the parser could not decode.
MARKERS = {
    "hermes": ["<tool_call>"],
    "llama3_json": ["<|python_tag|>"],
    "llama4_json": ["<|python_tag|>"],
    "llama4_pythonic": ["<|python_start|>"],
    "pythonic": [],
    "mistral": ["[TOOL_CALLS]"],
    "qwen3_coder": ["<function="],
    "qwen3_xml": ["<function="],
    "xlam": ["[TOOL_CALLS]", "<tool_call>"],
    "granite": ["<|tool_call|>", "<tool_call>"],
    "granite-20b-fc": ["<function_call>"],
    "phi4_mini_json": ["functools["],
    "deepseek_v3": ["<\uff5ctool\u2581calls\u2581begin\uff5c>"],
    "deepseek_v31": ["<\uff5ctool\u2581calls\u2581begin\uff5c>"],
    "glm45": ["<tool_call>"],
    "kimi_k2": ["<|tool_calls_section_begin|>"],
    "openai": [],
}

# For the families whose calls may come with no start token: what a reply's text starts with,
# after whitespace, when it is such a call. Whitespace as JavaScript's \s (Python's str.isspace
# differs on a few control characters, so it is spelled out).
_WS = "[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*"
_JSON_CALL = re.compile(_WS + "\\{" + _WS + '"name"' + _WS + ":")
_JSON_CALL_LIST = re.compile(_WS + "\\[" + _WS + "\\{" + _WS + '"name"' + _WS + ":")
_PYTHONIC_CALL_LIST = re.compile(_WS + "\\[" + _WS + "[A-Za-z_][A-Za-z0-9_]*\\(")
STARTS = {
    "llama3_json": _JSON_CALL,
    "llama4_json": _JSON_CALL,
    "llama4_pythonic": _PYTHONIC_CALL_LIST,
    "pythonic": _PYTHONIC_CALL_LIST,
    "xlam": _JSON_CALL_LIST,
    "granite": _JSON_CALL_LIST,
}


def _shows_unparsed_call(parser, text):
    """Whether a reply's text shows a call the parser could not decode."""
    if any(marker in text for marker in MARKERS[parser]):
        return True
    start = STARTS.get(parser)
    return start is not None and start.match(text) is not None


def _read_arguments(text):
    """The call's arguments as an object, or None when they are not one JSON object."""
    try:
        # scorers.md "read strictly": nested deeper than 512 arrays and objects is refused too.
        value = parse(text, max_depth=512)
    except StrictJsonError:
        return None
    return value if isinstance(value, dict) else None


class CannotJudge(Exception):
    """``score`` throws: the scorer cannot judge the item at all (not a wrong answer)."""


def reason(answers, reply, ordering, tool_call_parser=None):
    """The reason for a reply to an item whose answer is ``answers``.

    answers: a list of ``{"name": str, "arguments": value}`` (values as ``strict_json.parse``
    gives them). reply: ``{"text": str, "calls": [{"name": str, "arguments": str}],
    "truncated": bool}``. ordering: ``"any"`` or ``"strict"``. tool_call_parser: the server's
    parser, or None when the options name none (then hermes is assumed).

    Raises CannotJudge for a parser the scorer does not know, and for an answer call whose
    arguments are not a JSON object ("An item it cannot judge").
    """
    if tool_call_parser is None:
        tool_call_parser = "hermes"
    if tool_call_parser not in MARKERS:
        raise CannotJudge("xlam-tool-call does not know the tool-call parser %r" % tool_call_parser)
    for i, answer in enumerate(answers):
        if not isinstance(answer["arguments"], dict):
            raise CannotJudge("the arguments of the answer's call %d are not an object" % (i + 1))
    calls = reply["calls"]
    # truncated: the reply reached the token limit.
    if reply["truncated"]:
        return "truncated"
    # unparsed-call: no calls, and the text shows the parser's call (a marker, or a call's start).
    if not calls and _shows_unparsed_call(tool_call_parser, reply["text"]):
        return "unparsed-call"
    # malformed-arguments: a call's arguments are not one JSON object (read strictly).
    arguments = []
    for call in calls:
        value = _read_arguments(call["arguments"])
        if value is None:
            return "malformed-arguments"
        arguments.append(value)
    # no-call: no calls, and the answer has some.
    if not calls and answers:
        return "no-call"
    # call-count: different numbers of calls.
    if len(calls) != len(answers):
        return "call-count"
    if ordering == "strict":
        # name: a call does not call the answer's tool at that position.
        for call, answer in zip(calls, answers):
            if call["name"] != answer["name"]:
                return "name"
        # arguments: a call's arguments are not the answer's at that position.
        for value, answer in zip(arguments, answers):
            if not json_equal(value, answer["arguments"]):
                return "arguments"
        return "match"
    if ordering != "any":
        raise ValueError("unknown ordering %r" % (ordering,))
    # name: the reply's tool names, counted with their repeats, are not the answer's (a tool the
    # answer does not call, or one called more times than the answer does).
    if Counter(c["name"] for c in calls) != Counter(a["name"] for a in answers):
        return "name"
    # arguments: the calls are not the answer's calls in any order. Equality is an equivalence,
    # so pairing each call with the first unused equal answer call finds a full pairing
    # whenever one exists.
    used = [False] * len(answers)
    for call, value in zip(calls, arguments):
        for i, answer in enumerate(answers):
            if (
                not used[i]
                and answer["name"] == call["name"]
                and json_equal(value, answer["arguments"])
            ):
                used[i] = True
                break
        else:
            return "arguments"
    return "match"
