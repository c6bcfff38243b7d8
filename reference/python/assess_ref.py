#!/usr/bin/env python3
"""assess_ref: an independent reference implementation of assess's scorer rules, type words,
split.v1 and the leak check's comparison, in Python 3 with the standard library only. See README.md beside this file.

    python3 assess_ref.py score  < cases.jsonl > reasons.jsonl
    python3 assess_ref.py lenient < cases.jsonl > verdicts.jsonl
    python3 assess_ref.py tools  < rows.json   > tools.jsonl
    python3 assess_ref.py split DATASET --seed S --size N > split.json
    python3 assess_ref.py probes < jobs.jsonl > probes.jsonl
    python3 assess_ref.py leak   < check.json > findings.json
    python3 assess_ref.py leak-turns < lines.jsonl > turns.jsonl
"""

import argparse
import json
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the repository

import scorer  # noqa: E402
import strict_json  # noqa: E402


def _read_stdin_text():
    return sys.stdin.buffer.read().decode("utf-8", errors="strict")


def _cases():
    """Each case of stdin (one JSON object a line), with its answer's calls read strictly."""
    for line in _read_stdin_text().split("\n"):
        if line.strip() == "":
            continue
        case = json.loads(line)
        answers = [
            {"name": call["name"], "arguments": call["arguments"]}
            for call in strict_json.parse(case["answers"])
        ]
        yield case, answers


def cmd_score(_args):
    """One case per input line; one ``{"reason": …}`` line per case, in order.

    A case: ``{"answers": "<the row's answers string>", "reply": {"text", "calls":
    [{"name", "arguments"}], "truncated"}, "ordering": "any"|"strict", "toolCallParser"?: …}``.
    An ``id`` member, when present, is copied to the output line.
    """
    out = []
    for case, answers in _cases():
        parser = case.get("toolCallParser")
        try:
            result = {"reason": scorer.reason(answers, case["reply"], case["ordering"], parser)}
        except scorer.CannotJudge as e:
            result = {"reason": "error", "error": str(e)}
        if "id" in case:
            result = {"id": case["id"], **result}
        out.append(json.dumps(result))
    sys.stdout.write("".join(line + "\n" for line in out))
    return 0


def cmd_lenient(_args):
    """One case per input line, a scorer case with ``tools`` (the row's tools string) too; one
    ``{"correct": bool, "rescued": [rule, …]}`` line per case (``{"error": why}`` when the scorer
    cannot judge the item)."""
    import lenient

    out = []
    for case, answers in _cases():
        tools = strict_json.parse(case["tools"])
        try:
            correct, rescued = lenient.lenient(
                answers, tools, case["reply"], case["ordering"], case.get("toolCallParser")
            )
            result = {"correct": correct, "rescued": rescued}
        except scorer.CannotJudge as e:
            result = {"error": str(e)}
        out.append(json.dumps(result))
    sys.stdout.write("".join(line + "\n" for line in out))
    return 0


def cmd_tools(_args):
    import type_words

    rows = strict_json.parse(_read_stdin_text())
    out = []
    for index, row in enumerate(rows):
        out.append(type_words.row_line(row, index))
    sys.stdout.write("".join(line + "\n" for line in out))
    return 0


def _split_one(path, seed, size, confirm=None, kind="xlam-function-calling"):
    import split_v1

    with open(path, "rb") as f:
        data = f.read()
    try:
        return {"file": split_v1.split_file(data, seed, size, confirm, kind) + "\n"}
    except split_v1.DatasetRefused as e:
        return {"refused": "dataset", "message": str(e)}
    except split_v1.SizeRefused as e:
        return {"refused": "size", "message": str(e)}


def cmd_split(args):
    """The split file on stdout; a refusal on stderr, exit 65 (dataset) or 64 (size)."""
    result = _split_one(args.dataset, args.seed, args.size, None, args.kind)
    if "file" in result:
        sys.stdout.buffer.write(result["file"].encode("utf-8"))
        return 0
    sys.stderr.write("assess_ref.py split: %s\n" % result["message"])
    return 65 if result["refused"] == "dataset" else 64


def cmd_split_batch(_args):
    """One job per input line, ``{"path", "seed", "size"}`` (and ``"confirm"``, a share, for
    step 8a; ``"kind"``, the dataset's kind, ``xlam-function-calling`` when absent); one result
    line per job:
    ``{"file": text}`` or ``{"refused": "dataset"|"size", "message": …}``."""
    out = []
    for line in _read_stdin_text().split("\n"):
        if line.strip() == "":
            continue
        job = json.loads(line)
        out.append(
            json.dumps(
                _split_one(
                    job["path"],
                    job["seed"],
                    job["size"],
                    job.get("confirm"),
                    job.get("kind", "xlam-function-calling"),
                )
            )
        )
    sys.stdout.write("".join(line + "\n" for line in out))
    return 0


def cmd_probes(_args):
    """One job per input line, ``{"path", "seed", "size", "probes", "kind"?}`` (an xlam dataset,
    or ``kind: "chat-jsonl"``); one result line per job: ``[{"name", "items": [[id, tool names,
    calls, system or null], …]}, …]``."""
    import probes

    out = []
    for line in _read_stdin_text().split("\n"):
        if line.strip() == "":
            continue
        job = json.loads(line)
        with open(job["path"], "rb") as f:
            data = f.read()
        kind = job.get("kind", "xlam-function-calling")
        out.append(
            json.dumps(probes.probe_items(data, job["seed"], job["size"], job["probes"], kind))
        )
    sys.stdout.write("".join(line + "\n" for line in out))
    return 0


def cmd_leak(_args):
    """``{"heldOut": [{"id", "query", "answers"}], "examples": [{"line", "turns": [{"user",
    "calls": [{"name", "arguments"}]}]}], "ordering"}`` in; the findings out, one JSON array of
    ``[kind, id, line, shared, union, sameAnswer, edits, addedWords]``."""
    import leak

    job = json.loads(_read_stdin_text())
    found = leak.findings(job["heldOut"], job["examples"], job["ordering"])
    sys.stdout.write(json.dumps([list(f) for f in found]) + "\n")
    return 0


def cmd_leak_turns(_args):
    """A chat training line (JSON lines on stdin) in; its turns when the held-out items are a
    chat-jsonl dataset's, and the held-out query of its prompt (all messages but the last), out:
    ``{"turns": [{"user", "calls": [name]}], "query"}`` a line."""
    import leak

    for line in _read_stdin_text().split("\n"):
        if not line.strip():
            continue
        messages = json.loads(line)["messages"]
        out = {"turns": leak.conversation_turns(messages), "query": leak.held_out_query(messages[:-1])}
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return 0


def main(argv):
    p = argparse.ArgumentParser(prog="assess_ref.py", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("score", help="reasons for cases (JSON lines on stdin)")
    sub.add_parser("lenient", help="lenient verdicts and rules for cases (JSON lines on stdin)")
    sub.add_parser("tools", help="JSON Schema tools for rows (a JSON array on stdin)")
    s = sub.add_parser("split", help="the split.v1 file for a dataset")
    s.add_argument("dataset")
    s.add_argument("--seed", required=True)
    s.add_argument("--size", required=True, type=int)
    s.add_argument("--kind", default="xlam-function-calling", help="or chat-jsonl")
    sub.add_parser("split-batch", help="split files for jobs (JSON lines on stdin)")
    sub.add_parser("probes", help="probe items of xlam splits (JSON lines on stdin)")
    sub.add_parser("leak", help="the leak check's findings (a JSON object on stdin)")
    sub.add_parser("leak-turns", help="a chat training line's turns (JSON lines on stdin)")
    args = p.parse_args(argv)
    commands = {
        "score": cmd_score,
        "lenient": cmd_lenient,
        "tools": cmd_tools,
        "split": cmd_split,
        "split-batch": cmd_split_batch,
        "probes": cmd_probes,
        "leak": cmd_leak,
        "leak-turns": cmd_leak_turns,
    }
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
