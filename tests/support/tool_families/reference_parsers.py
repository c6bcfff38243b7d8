"""An independent reading, in Python, of what vLLM's non-streaming tool-call parsers return for a
text, for the families whose parsers need only Python itself: pythonic, llama4_pythonic,
qwen3_coder (and qwen3_xml, served by the same class), deepseek_v3, deepseek_v31, kimi_k2 and
glm45. Written from the behaviour each family's TypeScript port documents (the vLLM file and
commit it cites), with Python's own `ast`, `json`, `re`, `int` and `float` where vLLM uses them, so
that the ports' hand-written Python readers are held to the real ones.

Reads JSON lines `{"parser": NAME, "text": TEXT, "tools": [...] | null}` on stdin, writes one JSON
line per input: `{"toolsCalled": bool, "calls": [{"name", "arguments"}], "content": str | null}`.
The standard library only.
"""

import ast
import json
import re
import sys

PY_CALLS = re.compile(
    r"\[([a-zA-Z]+\w*\(([a-zA-Z]+\w*=.*,\s*)*([a-zA-Z]+\w*=.*\s)?\),\s*)*"
    r"([a-zA-Z]+\w*\(([a-zA-Z]+\w*=.*,\s*)*([a-zA-Z]+\w*=.*\s*)?\)\s*)+\]",
    re.DOTALL,
)


class NotLiteral(Exception):
    pass


def literal(node):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Dict):
        if not all(isinstance(k, ast.Constant) for k in node.keys):
            raise NotLiteral()
        return {k.value: literal(v) for k, v in zip(node.keys, node.values)}
    if isinstance(node, ast.List):
        return [literal(v) for v in node.elts]
    raise NotLiteral()


def pythonic(text, ensure_ascii):
    none = (False, [], text)
    if PY_CALLS.match(text) is None:
        return none
    try:
        module = ast.parse(text)
        value = getattr(module.body[0], "value", None)
        if not isinstance(value, ast.List) or not all(isinstance(e, ast.Call) for e in value.elts):
            return none
        calls = []
        for call in value.elts:
            if not isinstance(call.func, ast.Name):
                raise NotLiteral()
            args = {kw.arg: literal(kw.value) for kw in call.keywords}
            calls.append((call.func.id, json.dumps(args, ensure_ascii=ensure_ascii)))
        return True, calls, None
    except Exception:
        return none


def llama4_pythonic(text):
    if text.startswith("<|python_start|>"):
        text = text[len("<|python_start|>"):].replace("<|python_end|>", "")
    return pythonic(text, True)


def properties(name, tools, whole_parameters):
    for tool in tools or []:
        fn = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(fn, dict) or fn.get("name") != name or tool.get("type") != "function":
            continue
        params = fn.get("parameters")
        if isinstance(params, dict) and "properties" in params:
            return params["properties"] if isinstance(params["properties"], dict) else {}
        return params if isinstance(params, dict) and whole_parameters else {}
    return {}


def qwen3_value(value, name, config):
    if value.lower() == "null":
        return None
    if name not in config:
        return value
    spec = config[name]
    if isinstance(spec, dict) and "type" in spec:
        t = spec["type"] if isinstance(spec["type"], str) else json.dumps(spec["type"])
        t = t.strip().lower()
    else:
        t = "string"
    if t in ("string", "str", "text", "varchar", "char", "enum"):
        return value
    if t.startswith(("int", "uint", "long", "short", "unsigned")):
        try:
            return int(value)
        except ValueError:
            return value
    if t.startswith(("num", "float")):
        try:
            f = float(value)
            return f if f - int(f) != 0 else int(f)
        except (ValueError, OverflowError):
            return value
    if t in ("boolean", "bool", "binary"):
        return value.lower() == "true"
    if t in ("object", "array", "arr") or t.startswith(("dict", "list")):
        try:
            return json.loads(value)
        except ValueError:
            pass
    try:
        return ast.literal_eval(value)
    except Exception:
        return value


def qwen3_coder(text, tools):
    none = (False, [], text)
    if "<function=" not in text:
        return none
    try:
        blocks = [a or b for a, b in re.findall(
            r"<tool_call>(.*?)</tool_call>|<tool_call>(.*?)$", text, re.DOTALL)]
        if not blocks:
            blocks = [text]
        parts = []
        for block in blocks:
            parts += [a or b for a, b in re.findall(
                r"<function=(.*?)</function>|<function=(.*)$", block, re.DOTALL)]
        if not parts:
            return none
        calls = []
        for part in parts:
            end = part.index(">")
            name = part[:end]
            config = properties(name, tools, True)
            args = {}
            for m in re.findall(
                r"<parameter=(.*?)(?:</parameter>|(?=<parameter=)|(?=</function>)|$)",
                part[end + 1:], re.DOTALL):
                i = m.index(">")
                value = m[i + 1:]
                if value.startswith("\n"):
                    value = value[1:]
                if value.endswith("\n"):
                    value = value[:-1]
                args[m[:i]] = qwen3_value(value, m[:i], config)
            calls.append((name, json.dumps(args, ensure_ascii=False)))
        at = text.find("<tool_call>")
        if at < 0:
            at = text.find("<function=")
        return bool(calls), calls, text[:at] or None
    except Exception:
        return none


def marked(text, start, pattern, flags, read):
    if start not in text:
        return False, [], text
    try:
        calls = [read(m) for m in re.findall(pattern, text, flags)]
        return True, calls, text[:text.find(start)] or None
    except Exception:
        return False, [], text


def deepseek_v3_call(m):
    if m[0] != "function":
        raise ValueError("type")
    return m[1], m[2]


def glm_deserialize(value):
    try:
        return json.loads(value)
    except Exception:
        pass
    try:
        return json.loads(json.loads('{"tmp": "' + value + '"}')["tmp"])
    except Exception:
        pass
    try:
        return ast.literal_eval(value)
    except Exception:
        pass
    return value


def glm_is_string(tool, arg, tools):
    for t in tools or []:
        fn = t.get("function", {})
        if fn.get("name") == tool:
            params = fn.get("parameters")
            if params is None:
                return False
            return params.get("properties", {}).get(arg, {}).get("type") == "string"
    return False


def glm45(text, tools):
    none = (False, [], text)
    calls = []
    try:
        for block in re.findall(r"<tool_call>.*?</tool_call>", text, re.DOTALL):
            d = re.search(r"<tool_call>(.*?)(?:\\n|\n)(.*)</tool_call>", block, re.DOTALL)
            name = d.group(1)
            args = {}
            for k, v in re.findall(
                r"<arg_key>(.*?)</arg_key>(?:\\n|\s)*<arg_value>(.*?)</arg_value>",
                d.group(2), re.DOTALL):
                k, v = k.strip(), v.strip()
                args[k] = v if glm_is_string(name, k, tools) else glm_deserialize(v)
            calls.append((name, json.dumps(args)))
    except Exception:
        return none
    if not calls:
        return none
    return True, calls, text[:text.find("<tool_call>")]


DS_BEGIN = "<｜tool▁calls▁begin｜>"


def extract(parser, text, tools):
    if parser == "pythonic":
        return pythonic(text, False)
    if parser == "llama4_pythonic":
        return llama4_pythonic(text)
    if parser in ("qwen3_coder", "qwen3_xml"):
        return qwen3_coder(text, tools)
    if parser == "deepseek_v3":
        return marked(text, DS_BEGIN,
                      r"<｜tool▁call▁begin｜>(.*)<｜tool▁sep｜>(.*)\n```json\n(.*)\n```<｜tool▁call▁end｜>",
                      0, deepseek_v3_call)
    if parser == "deepseek_v31":
        return marked(text, DS_BEGIN,
                      r"<｜tool▁call▁begin｜>(.*?)<｜tool▁sep｜>(.*?)<｜tool▁call▁end｜>", 0,
                      lambda m: (m[0], m[1]))
    if parser == "kimi_k2":
        return marked(text, "<|tool_calls_section_begin|>",
                      r"<\|tool_call_begin\|>\s*([^<]+:\d+)\s*<\|tool_call_argument_begin\|>\s*"
                      r"((?:(?!<\|tool_call_begin\|>).)*?)\s*<\|tool_call_end\|>",
                      re.DOTALL,
                      lambda m: (m[0].split(":")[0].split(".")[-1], m[1]))
    if parser == "glm45":
        return glm45(text, tools)
    raise ValueError(parser)


for line in sys.stdin:
    case = json.loads(line)
    called, calls, content = extract(case["parser"], case["text"], case.get("tools"))
    print(json.dumps({
        "toolsCalled": called,
        "calls": [{"name": n, "arguments": a} for n, a in calls],
        "content": content,
    }, ensure_ascii=True))
