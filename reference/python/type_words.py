"""How a tool is sent: a row's tools as JSON Schema, from the type words.

Written from reference/scorers.md, "How a tool is sent" (the shape of a row's tools, what is sent,
the EBNF of type words, defaults in the type words and when they agree, the refusals).
"""

import json

import strict_json
from equality import json_equal
from strict_json import ExactNumber


class Refused(ValueError):
    """The row's tools or answers are refused (and with them the whole dataset)."""


_BARE = {
    "str": {"type": "string"},
    "int": {"type": "integer"},
    "float": {"type": "number"},
    "bool": {"type": "boolean"},
    "list": {"type": "array"},
    "List": {"type": "array"},
    "Dict": {"type": "object"},
    "set": {"type": "array", "uniqueItems": True},
}

# Longest words first, so that "List" is not read as "list" and "float" before "f…".
_WORDS = sorted(
    ["str", "int", "float", "bool", "list", "List", "Dict", "set", "Tuple", "Callable", "Union",
     "None", "optional", "default", "True", "False"],
    key=len,
    reverse=True,
)


class _Fail(Exception):
    pass


class _Reader:
    """Recursive descent over the EBNF of scorers.md. ``sp`` is any run of U+0020."""

    def __init__(self, text):
        self.s = text
        self.i = 0

    # -- tokens ------------------------------------------------------------------------------
    def sp(self):
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1

    def at(self, token):
        return self.s.startswith(token, self.i)

    def take(self, token):
        if not self.at(token):
            raise _Fail("expected %r at %d" % (token, self.i))
        self.i += len(token)

    def word(self):
        """The longest keyword at the cursor that is not followed by a letter, digit or _."""
        for w in _WORDS:
            if self.at(w):
                j = self.i + len(w)
                if j < len(self.s) and (self.s[j].isalnum() or self.s[j] == "_"):
                    continue
                self.i = j
                return w
        raise _Fail("no type word at %d" % self.i)

    # -- type words ---------------------------------------------------------------------------
    def type_words(self):
        """(schema, optional, default literal or None)."""
        self.sp()
        schema = self.type()
        optional = False
        default = None
        has_default = False
        while True:
            self.sp()
            if self.i == len(self.s):
                break
            self.take(",")
            self.sp()
            w = self.word()
            if w == "optional":
                if optional:
                    raise _Fail("optional given twice")
                optional = True
            elif w == "default":
                if has_default:
                    raise _Fail("a default given twice")
                self.sp()
                self.take("=")
                self.sp()
                default = self.literal()
                has_default = True
            else:
                raise _Fail("%r is not a suffix" % w)
        return schema, optional, (default if has_default else _NO_DEFAULT)

    def type(self):
        start = self.i
        w = self.word()
        save = self.i
        self.sp()
        bracket = self.at("[")
        if w in ("List", "Tuple", "Callable") and bracket:
            self.take("[")
            if w == "List":
                schema, _ = self.member()
                self.take("]")
                return {"type": "array", "items": schema}
            if w == "Tuple":
                members = [self.member()]
                while self.at(","):
                    self.take(",")
                    members.append(self.member())
                self.take("]")
                first = members[0][1].replace(" ", "")
                if any(text.replace(" ", "") != first for _, text in members):
                    raise _Fail("a Tuple of mixed member types")
                n = ExactNumber(str(len(members)))
                return {"type": "array", "items": members[0][0], "minItems": n, "maxItems": n}
            # Callable[ sp arguments sp , result ]
            self.sp()
            if self.at("..."):
                self.take("...")
            else:
                self.take("[")
                self.sp()
                if not self.at("]"):
                    self.member()
                    while self.at(","):
                        self.take(",")
                        self.member()
                self.sp()
                self.take("]")
            self.sp()
            self.take(",")
            self.sp()
            if self.word_is("None"):
                pass
            else:
                self.member()
            self.sp()
            self.take("]")
            return {"type": "string"}
        self.i = save
        if w in _BARE:
            return dict(_BARE[w])
        self.i = start
        raise _Fail("%r is not a type of the grammar" % w)

    def word_is(self, w):
        save = self.i
        try:
            if self.word() == w:
                return True
        except _Fail:
            pass
        self.i = save
        return False

    def member(self):
        """(schema, text of the member) for ``member = sp, (type | Union[…]), sp``."""
        start = self.i
        self.sp()
        if self.word_is("Union"):
            self.sp()
            self.take("[")
            self.sp()
            a = self.word()
            self.sp()
            self.take(",")
            self.sp()
            b = self.word()
            if {a, b} != {"int", "float"}:
                raise _Fail("Union of %s and %s" % (a, b))
            self.sp()
            self.take("]")
            schema = {"type": "number"}
        else:
            schema = self.type()
        self.sp()
        return schema, self.s[start:self.i]

    # -- literals -----------------------------------------------------------------------------
    def literal(self):
        """A Python literal as ("str", text) | ("num", text) | ("bool", b) | ("none",) |
        ("seq", [literals])."""
        if self.at("'") or self.at('"'):
            quote = self.s[self.i]
            self.i += 1
            out = []
            while True:
                if self.i >= len(self.s):
                    raise _Fail("an unclosed string")
                c = self.s[self.i]
                if c == quote:
                    self.i += 1
                    return ("str", "".join(out))
                if c == "\\":
                    e = self.s[self.i + 1:self.i + 2]
                    mapping = {"\\": "\\", "'": "'", '"': '"', "n": "\n", "t": "\t", "r": "\r"}
                    if e not in mapping:
                        raise _Fail("an unknown escape")
                    out.append(mapping[e])
                    self.i += 2
                    continue
                out.append(c)
                self.i += 1
        if self.at("[") or self.at("("):
            close = "]" if self.at("[") else ")"
            self.i += 1
            self.sp()
            items = []
            if not self.at(close):
                items.append(self.literal())
                while True:
                    self.sp()
                    if self.at(","):
                        self.take(",")
                        self.sp()
                        if self.at(close):
                            break
                        items.append(self.literal())
                    else:
                        break
            self.sp()
            self.take(close)
            return ("seq", items)
        for w, v in (("True", ("bool", True)), ("False", ("bool", False)), ("None", ("none",))):
            if self.word_is(w):
                return v
        return ("num", self.number())

    def number(self):
        start = self.i
        if self.at("-"):
            self.i += 1
        # integer = "0" | digit - "0", { digit } : no leading zero.
        digits = self.digits()
        if len(digits) > 1 and digits[0] == "0":
            raise _Fail("a number with a leading zero")
        if digits:
            if self.at("."):
                self.i += 1
                self.digits()
        else:
            self.take(".")
            if not self.digits():
                raise _Fail("a number with no digits")
        if self.at("e") or self.at("E"):
            self.i += 1
            if self.at("+") or self.at("-"):
                self.i += 1
            if not self.digits():
                raise _Fail("an exponent with no digits")
        return self.s[start:self.i]

    def digits(self):
        start = self.i
        while self.i < len(self.s) and self.s[self.i] in "0123456789":
            self.i += 1
        return self.s[start:self.i]


_NO_DEFAULT = object()


def _literal_number(text):
    """A Python number literal (``5.``, ``.5``, ``-1e3``) as an ExactNumber for equality."""
    sign = "-" if text.startswith("-") else ""
    body = text[len(sign):]
    mant, _, exp = body.replace("E", "e").partition("e")
    whole, _, frac = mant.partition(".")
    whole = whole.lstrip("0") or "0"
    json_text = sign + whole + ("." + frac if frac else "") + ("e" + exp if exp else "")
    return ExactNumber(json_text)


def agrees(literal, value):
    """Whether a default in the type words agrees with the parameter's ``default``."""
    kind = literal[0]
    if kind == "str":
        s = literal[1]
        if isinstance(value, str):
            return value == s
        if isinstance(value, ExactNumber):
            return value.text == s
        if isinstance(value, bool):
            return s in (("true", "True") if value else ("false", "False"))
        return False
    if kind == "num":
        if isinstance(value, ExactNumber):
            return json_equal(_literal_number(literal[1]), value)
        if isinstance(value, str):
            return value == literal[1]
        return False
    if kind == "bool":
        if isinstance(value, bool):
            return value is literal[1]
        if isinstance(value, str):
            return value in (("true", "True") if literal[1] else ("false", "False"))
        return False
    if kind == "none":
        return value is None
    if kind == "seq":
        return (
            isinstance(value, list)
            and len(value) == len(literal[1])
            and all(agrees(x, y) for x, y in zip(literal[1], value))
        )
    raise AssertionError(kind)


def parse_words(words):
    """(schema, optional, default literal or _NO_DEFAULT), or Refused."""
    r = _Reader(words)
    try:
        return r.type_words()
    except _Fail as e:
        raise Refused("type words %s: %s" % (json.dumps(words, ensure_ascii=False), e)) from None


def _tool(tool, index):
    if not isinstance(tool, dict) or set(tool) != {"name", "description", "parameters"}:
        raise Refused("tool %d is not an object with name, description and parameters" % index)
    name, description, params = tool["name"], tool["description"], tool["parameters"]
    if not isinstance(name, str) or not isinstance(description, str) or not isinstance(params, dict):
        raise Refused("tool %d: name, description or parameters of the wrong type" % index)
    properties = {}
    required = []
    for pname, param in params.items():
        where = "tool %s parameter %s" % (json.dumps(name), json.dumps(pname))
        if (
            not isinstance(param, dict)
            or "type" not in param
            or not set(param) <= {"type", "description", "default"}
            or not isinstance(param["type"], str)
            or ("description" in param and not isinstance(param["description"], str))
        ):
            raise Refused("%s is not a parameter" % where)
        schema, optional, literal = parse_words(param["type"])
        if literal is not _NO_DEFAULT:
            if "default" not in param:
                raise Refused("%s: a default in the type words, none in the parameter" % where)
            if not agrees(literal, param["default"]):
                raise Refused("%s: the type words' default is not the parameter's" % where)
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
    """scorers.md, "What a row's answers look like": an array of calls, each an object with
    exactly ``name`` (a string) and ``arguments`` (an object)."""
    if not isinstance(answers, list):
        raise Refused("answers is not an array")
    for i, call in enumerate(answers):
        if (
            not isinstance(call, dict)
            or set(call) != {"name", "arguments"}
            or not isinstance(call["name"], str)
            or not isinstance(call["arguments"], dict)
        ):
            raise Refused("answer %d is not a call" % i)


def convert_tools(tools):
    """The row's tools (parsed) as they are sent, or Refused."""
    check_tools(tools)
    return [_tool(t, i) for i, t in enumerate(tools)]


def row_line(row, index):
    """One output line of ``assess_ref.py tools`` for a row: its id and its tools, or the refusal."""
    rid = row.get("id") if isinstance(row, dict) else None
    rid_text = rid.text if isinstance(rid, ExactNumber) else None
    try:
        tools = convert_tools(strict_json.parse(row["tools"], max_depth=512))
    except (Refused, strict_json.StrictJsonError) as e:
        return '{"index": %d, "id": %s, "refused": %s}' % (
            index, rid_text or "null", json.dumps(str(e), ensure_ascii=False))
    return '{"index": %d, "id": %s, "tools": %s}' % (
        index, rid_text or "null", strict_json.dumps(tools))
