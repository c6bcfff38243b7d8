"""The verdict rules of xlam-tool-call, version 1, from reference/scorers.md.

``reason(answers, reply, ordering, tool_call_parser)`` gives the first reason that applies:

truncated, unparsed-call, malformed-arguments, no-call, call-count, name, arguments, match.
"""

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

# The tool-call marker of each parser the scorer knows.
MARKERS = {"hermes": "<tool_call>"}


def _read_arguments(text):
    """The call's arguments as an object, or None when they are not one JSON object."""
    try:
        value = parse(text)
    except StrictJsonError:
        return None
    return value if isinstance(value, dict) else None


def reason(answers, reply, ordering, tool_call_parser="hermes"):
    """The reason for a reply to an item whose answer is ``answers``.

    answers: a list of ``{"name": str, "arguments": value}`` (values as ``strict_json.parse``
    gives them). reply: ``{"text": str, "calls": [{"name": str, "arguments": str}],
    "truncated": bool}``. ordering: ``"any"`` or ``"strict"``.
    """
    calls = reply["calls"]
    # truncated: the reply reached the token limit.
    if reply["truncated"]:
        return "truncated"
    # unparsed-call: no calls, and the text holds the server's tool-call marker.
    marker = MARKERS.get(tool_call_parser) if tool_call_parser is not None else None
    if not calls and marker is not None and marker in reply["text"]:
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
    # name: a call names a tool the answer does not call.
    answer_names = {a["name"] for a in answers}
    for call in calls:
        if call["name"] not in answer_names:
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
