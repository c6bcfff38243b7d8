"""Renders a chat template the way `transformers` does for vLLM, for the chat-template check.

The second implementation of `assess split -train -chat-template` (reference/split.md, "The
training file"): Python's Jinja2 in the environment `transformers`' `apply_chat_template` renders
in (a sandbox, `trim_blocks` and `lstrip_blocks`, loop controls, its `tojson` and
`raise_exception`), on values read from the request's JSON text with Python's `json`, as vLLM reads
a request, with the arguments of the history's earlier calls decoded and a message with no text
given `content: ""`, as vLLM gives them. `strftime_now` is given, as `transformers` gives it, only
when the case names a day (`"date": "YYYY-MM-DD"`), and writes that day at midnight; without one it
is not defined, as in assess (a training file must not depend on the day it is written).

Reads JSON lines on stdin, each {"template", "messages", "tools", "reply", "kwargs", "tokens"} and
optionally "date" (`messages`, `tools` and `reply` as the JSON text of the request's messages
array, its tools array or "" for none, and the assistant message: its content, its tool calls, or
both), and writes one JSON line each: {"prompt", "completion"}, or {"error"} when the template
fails or the conversation's text does not start with the prompt's. Needs Jinja2.
"""

import json
import sys
from datetime import datetime

from jinja2.ext import loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment


def tojson(value, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(
        value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys
    )


def raise_exception(message):
    raise ValueError(message)


def environment():
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    return env


def render(case, env, compiled):
    # Compiled once per template text, as transformers caches it (_cached_compile_jinja_template).
    template = compiled.get(case["template"])
    if template is None:
        template = compiled[case["template"]] = env.from_string(case["template"])
    messages = json.loads(case["messages"])
    # Earlier calls (a chat-jsonl item's history) are given to the template with their arguments
    # as objects, as vLLM's _postprocess_messages gives them.
    for message in messages:
        for call in message.get("tool_calls") or []:
            if isinstance(call["function"].get("arguments"), str):
                call["function"]["arguments"] = json.loads(call["function"]["arguments"])
    tools = json.loads(case["tools"]) if case["tools"] != "" else None
    reply = json.loads(case["reply"])
    for call in reply.get("tool_calls") or []:
        call["function"]["arguments"] = json.loads(call["function"]["arguments"])
    # A message with no text is given content "", as vLLM's chat_utils gives it
    # (_parse_chat_message_content: no content is no parts, joined as "").
    for message in messages + [reply]:
        if message.get("content") is None:
            message["content"] = ""
    names = {**case["tokens"], **case["kwargs"], "tools": tools}
    if case.get("date") is not None:
        # transformers' strftime_now, on the given day at midnight rather than today.
        day = datetime.strptime(case["date"], "%Y-%m-%d")
        names["strftime_now"] = lambda format: day.strftime(format)
    prompt = template.render(messages=messages, add_generation_prompt=True, **names)
    whole = template.render(messages=messages + [reply], add_generation_prompt=False, **names)
    if not whole.startswith(prompt):
        return {"error": "the conversation's text does not start with the prompt's"}
    return {"prompt": prompt, "completion": whole[len(prompt):]}


def main():
    env = environment()
    compiled = {}
    for line in sys.stdin:
        if line.strip() == "":
            continue
        try:
            out = render(json.loads(line), env, compiled)
        except Exception as e:  # the template's own error, as assess reports it
            out = {"error": str(e)}
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
