"""How a tool is sent: a row's tools as JSON Schema, from the type words (reference/scorers.md,
"How a tool is sent").

PROVISIONAL: written from the seed page's table while reference/scorers.md is being written; the
grammar below is checked against the page once it lands.
"""

import json

import strict_json
from strict_json import ExactNumber


class Refused(ValueError):
    """The row's tools or answers are refused (the whole dataset is)."""


_BASE = {"str": "string", "int": "integer", "float": "number", "bool": "boolean"}


class _Parser:
    def __init__(self, words):
        self.s = words
        self.i = 0

    def fail(self, why):
        raise Refused("type words %s: %s" % (json.dumps(self.s, ensure_ascii=False), why))

    def peek(self, token):
        return self.s.startswith(token, self.i)

    def eat(self, token):
        if not self.peek(token):
            self.fail("expected %r at %d" % (token, self.i))
        self.i += len(token)

    def name(self):
        j = self.i
        while j < len(self.s) and (self.s[j].isascii() and (self.s[j].isalnum() or self.s[j] == "_")):
            j += 1
        word = self.s[self.i:j]
        self.i = j
        return word

    def type(self):
        at = self.i
        word = self.name()
        if word in _BASE:
            return {"type": _BASE[word]}
        if word in ("list", "List") and not self.peek("["):
            return {"type": "array"}
        if word == "Dict" and not self.peek("["):
            return {"type": "object"}
        if word == "set" and not self.peek("["):
            return {"type": "array", "uniqueItems": True}
        if word == "List":
            self.eat("[")
            if self.peek("Union["):
                self.eat("Union[int, float]")
                self.eat("]")
                return {"type": "array", "items": {"type": "number"}}
            inner = self.type()
            self.eat("]")
            return {"type": "array", "items": inner}
        if word == "Tuple":
            self.eat("[")
            members = [self.type()]
            while self.peek(", "):
                self.eat(", ")
                members.append(self.type())
            self.eat("]")
            if any(m != members[0] for m in members):
                self.fail("a Tuple of mixed member types")
            n = ExactNumber(str(len(members)))
            return {"type": "array", "items": members[0], "minItems": n, "maxItems": n}
        if word == "Callable":
            self.eat("[[")
            if not self.peek("]"):
                self.type()
                while self.peek(", "):
                    self.eat(", ")
                    self.type()
            self.eat("], ")
            self.type()
            self.eat("]")
            return {"type": "string"}
        self.i = at
        self.fail("%r is not a type of the grammar" % word)


def parse_words(words):
    """(schema, optional) for type words, or Refused."""
    p = _Parser(words)
    schema = p.type()
    optional = False
    if p.peek(", optional"):
        p.eat(", optional")
        optional = True
    if p.i != len(words):
        p.fail("text after the type at %d" % p.i)
    return schema, optional


def _tool(tool, index):
    if not isinstance(tool, dict):
        raise Refused("tool %d is not an object" % index)
    name = tool.get("name")
    description = tool.get("description")
    params = tool.get("parameters")
    if not isinstance(name, str) or not isinstance(description, str) or not isinstance(params, dict):
        raise Refused("tool %d is not a tool" % index)
    properties = {}
    required = []
    for pname, param in params.items():
        if not isinstance(param, dict) or not isinstance(param.get("type"), str):
            raise Refused("tool %s parameter %s is not a parameter" % (name, pname))
        schema, optional = parse_words(param["type"])
        prop = dict(schema)
        if "description" in param:
            prop["description"] = param["description"]
        if "default" in param:
            prop["default"] = param["default"]
        properties[pname] = prop
        if not optional and "default" not in param:
            required.append(pname)
    return {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": properties, "required": required},
    }


def check_tools(tools):
    if not isinstance(tools, list):
        raise Refused("tools is not an array")


def check_answers(answers):
    if not isinstance(answers, list):
        raise Refused("answers is not an array")
    for call in answers:
        if not isinstance(call, dict) or not isinstance(call.get("name"), str) or "arguments" not in call:
            raise Refused("an answer is not a call")


def convert_tools(tools):
    """The row's tools (parsed) as they are sent, or Refused."""
    check_tools(tools)
    return [_tool(t, i) for i, t in enumerate(tools)]


def row_line(row, index):
    """One output line of ``assess_ref.py tools`` for a row: its id and its tools, or the refusal."""
    rid = row.get("id") if isinstance(row, dict) else None
    rid_text = rid.text if isinstance(rid, ExactNumber) else None
    try:
        tools = convert_tools(strict_json.parse(row["tools"]))
    except (Refused, strict_json.StrictJsonError) as e:
        return '{"index": %d, "id": %s, "refused": %s}' % (
            index, rid_text or "null", json.dumps(str(e), ensure_ascii=False))
    return '{"index": %d, "id": %s, "tools": %s}' % (
        index, rid_text or "null", strict_json.dumps(tools))
