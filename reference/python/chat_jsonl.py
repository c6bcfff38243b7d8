"""A chat-jsonl dataset, step 2 of reference/split.md for dataset.kind chat-jsonl.

``read_lines(data)`` returns the rows as ``(index, id, prompt text, tools text, calls, tool
names)`` or raises ``DatasetRefused``. The prompt text and the tools text are the compact JSON the
page defines (members in their order, numbers as written, strings as JSON text): the content hash
of step 6 is taken over them.

Written from reference/split.md and reference/assess-yaml.md, not from the TypeScript.
"""

import strict_json

_MAX_ID = 2**53 - 1
_MAX_DEPTH = 512
_ROLES = {"system", "developer", "user", "assistant", "tool"}


class DatasetRefused(ValueError):
    """Step 1 or 2 refused the dataset (exit 65)."""


def compact(value):
    """The compact JSON text of a strictly read value (reference/split.md, step 6): what
    ``strict_json.dumps`` writes (members in order, numbers as written, strings as JSON text)."""
    return strict_json.dumps(value)


def _id(value):
    if isinstance(value, str):
        return value
    if isinstance(value, strict_json.ExactNumber):
        sign, digits, exponent = value.key
        if sign == 0:
            return 0
        if exponent < 0 or len(digits) + exponent > 16:
            return None
        n = sign * int(digits) * 10**exponent
        return n if abs(n) <= _MAX_ID else None
    return None


def _tool_names(tools):
    if not isinstance(tools, list):
        raise DatasetRefused("tools is not an array")
    names = []
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict) or not set(tool) <= {"type", "function"}:
            raise DatasetRefused("tools[%d] is not a tool" % i)
        if tool.get("type") != "function":
            raise DatasetRefused("tools[%d] is not of type function" % i)
        fn = tool.get("function")
        if not isinstance(fn, dict) or not set(fn) <= {"name", "description", "parameters", "strict"}:
            raise DatasetRefused("tools[%d] has no function of the right shape" % i)
        name = fn.get("name")
        if not isinstance(name, str) or name == "":
            raise DatasetRefused("tools[%d] has no name" % i)
        if "description" in fn and not isinstance(fn["description"], str):
            raise DatasetRefused("tools[%d]: description" % i)
        if "parameters" in fn and not isinstance(fn["parameters"], dict):
            raise DatasetRefused("tools[%d]: parameters" % i)
        if "strict" in fn and not isinstance(fn["strict"], bool):
            raise DatasetRefused("tools[%d]: strict" % i)
        names.append(name)
    return names


def _history_ids(calls):
    """The ids of an earlier assistant message's calls, each of the shape vLLM takes
    (OpenAI's ChatCompletionMessageToolCallParam): a string id, type "function", arguments as
    JSON text. Called after _calls has checked the rest."""
    ids = []
    for call in calls or []:
        if not isinstance(call.get("id"), str) or call.get("type") != "function":
            raise DatasetRefused("an earlier tool call has no id or type")
        if not isinstance(call["function"].get("arguments"), str):
            raise DatasetRefused("an earlier tool call's arguments are not JSON text")
        ids.append(call["id"])
    return ids


def _calls(calls, offered):
    """An assistant message's calls as (name, arguments) pairs, arguments a dict."""
    if calls is None:
        return []
    if not isinstance(calls, list):
        raise DatasetRefused("tool_calls is not an array")
    out = []
    for call in calls:
        if not isinstance(call, dict):
            raise DatasetRefused("a tool call is not an object")
        if "type" in call and call["type"] != "function":
            raise DatasetRefused("a tool call is not of type function")
        fn = call.get("function")
        if not isinstance(fn, dict):
            raise DatasetRefused("a tool call has no function")
        name = fn.get("name")
        if not isinstance(name, str):
            raise DatasetRefused("a tool call has no name")
        if name not in offered:
            raise DatasetRefused("a tool call names a tool the line does not offer")
        args = fn.get("arguments")
        if isinstance(args, str):
            try:
                args = strict_json.parse(args, max_depth=_MAX_DEPTH)
            except strict_json.StrictJsonError as e:
                raise DatasetRefused("arguments: %s" % e) from None
        if not isinstance(args, dict):
            raise DatasetRefused("a tool call has no arguments object")
        out.append((name, args))
    return out


def _line(text):
    try:
        line = strict_json.parse(text, max_depth=_MAX_DEPTH)
    except strict_json.StrictJsonError as e:
        raise DatasetRefused("not JSON: %s" % e) from None
    if not isinstance(line, dict):
        raise DatasetRefused("not an object")
    rid = _id(line.get("id"))
    if rid is None:
        raise DatasetRefused("no id (an integer within 2**53 - 1, or a string)")
    if not set(line) <= {"id", "messages", "tools", "parallel_tool_calls", "cluster"}:
        raise DatasetRefused("an unknown member")
    if "parallel_tool_calls" in line and not isinstance(line["parallel_tool_calls"], bool):
        raise DatasetRefused("parallel_tool_calls is not true or false")
    if "cluster" in line and not isinstance(line["cluster"], str):
        raise DatasetRefused("the cluster is not a string")
    tools = line.get("tools", [])
    names = _tool_names(tools)
    messages = line.get("messages")
    if not isinstance(messages, list) or len(messages) < 2:
        raise DatasetRefused("no messages, or no prompt before the answer")
    offered = set(names)
    users = 0
    calls = []
    ids = set()
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or m.get("role") not in _ROLES:
            raise DatasetRefused("messages[%d] has no known role" % i)
        role = m["role"]
        last = i == len(messages) - 1
        if last and role != "assistant":
            raise DatasetRefused("the last message is not the assistant's")
        if role == "assistant":
            content = m.get("content")
            if content is not None and not isinstance(content, str):
                raise DatasetRefused("messages[%d]: content" % i)
            message_calls = _calls(m.get("tool_calls"), offered)
            if last:
                calls = message_calls
            else:
                ids.update(_history_ids(m.get("tool_calls")))
        else:
            if not isinstance(m.get("content"), str):
                raise DatasetRefused("messages[%d]: no content string" % i)
            if "tool_calls" in m:
                raise DatasetRefused("messages[%d]: tool_calls" % i)
            if role == "user":
                users += 1
            if role == "tool" and m.get("tool_call_id") not in ids:
                raise DatasetRefused("messages[%d]: a tool_call_id no earlier call has" % i)
    if users == 0:
        raise DatasetRefused("the prompt has no user message")
    prompt = ",".join(compact(m) for m in messages[:-1])
    tools_text = compact(tools) if len(tools) > 0 else ""
    return rid, prompt, tools_text, calls, names


def id_key(rid):
    """The order of ids (reference/split.md): integers first, ascending, then strings by code
    point."""
    return (1, rid) if isinstance(rid, str) else (0, rid)


def dataset_text(data):
    """A dataset file's bytes as text: refused with a byte order mark or bytes that are not UTF-8."""
    if data.startswith(b"\xef\xbb\xbf"):
        raise DatasetRefused("the file starts with a byte order mark")
    try:
        return data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as e:
        raise DatasetRefused("not UTF-8: %s" % e) from None


def read_lines(data):
    """Step 2 for chat-jsonl: the rows as (index, id, prompt, tools text, calls, tool names)."""
    text = dataset_text(data)
    if text.endswith("\n"):
        text = text[:-1]
    if text == "":
        raise DatasetRefused("the file holds no line")
    out = []
    seen = {}
    for index, line in enumerate(text.split("\n")):
        rid, prompt, tools_text, calls, names = _line(line)
        key = rid if isinstance(rid, str) else str(rid)
        if key in seen:
            raise DatasetRefused("line %d: the id is also line %d's" % (index + 1, seen[key] + 1))
        seen[key] = index
        out.append((index, rid, prompt, tools_text, calls, names))
    return out
