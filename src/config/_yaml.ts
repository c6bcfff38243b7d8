/**
 * Reads the one YAML document of an `assess.yaml` into a tree of nodes, as YAML 1.2 with the core
 * schema, reporting what the file rules refuse (a second document, duplicate keys, unknown tags,
 * aliases that expand too far, syntax errors) as issues instead of throwing. Private to
 * `src/config/`.
 *
 * js-yaml parses the text into events that point into it by offsets; this file builds the tree
 * itself, so that every scalar keeps its exact text (a 64-bit seed is read exactly) and an alias
 * is a shared node, never a copy.
 *
 * @module
 */

import { type Event, getScalarValue, parseEvents, YAMLException } from "js-yaml";
import { show } from "./_schema_issues.ts";
import type { ConfigIssue } from "./config_issue.ts";

/** A scalar: its value under the YAML 1.2 core schema, and its text as written. */
export interface YamlScalar {
  readonly kind: "scalar";
  /** The value: text, a number, a boolean or null. */
  readonly value: string | number | boolean | null;
  /** The scalar's text after YAML's quoting and folding are undone. */
  readonly text: string;
  /** Where it starts in the text, counted from 0. */
  readonly offset: number;
  /** How many nodes it stands for once aliases are expanded: 1. */
  readonly expanded: number;
}

/** A sequence. */
export interface YamlSequence {
  readonly kind: "sequence";
  readonly items: readonly YamlNode[];
  readonly offset: number;
  readonly expanded: number;
}

/** A mapping with text keys, in the order written, each key once. */
export interface YamlMapping {
  readonly kind: "mapping";
  readonly entries: ReadonlyMap<string, YamlNode>;
  readonly offset: number;
  readonly expanded: number;
}

/** A node of the tree. */
export type YamlNode = YamlScalar | YamlSequence | YamlMapping;

/** What reading gives: the document's root (absent when nothing could be read), and the issues. */
export interface YamlRead {
  readonly root: YamlNode | undefined;
  /** Whether the file holds no document at all (empty, or only comments). */
  readonly empty: boolean;
  readonly issues: readonly ConfigIssue[];
}

/** How many nodes aliases may add to the file when expanded. */
export const MAX_ALIAS_EXPANSION = 10_000;

/** The deepest nesting read. */
export const MAX_YAML_DEPTH = 64;

const EV_DOCUMENT = 1;
const EV_SEQUENCE = 2;
const EV_MAPPING = 3;
const EV_SCALAR = 4;
const EV_ALIAS = 5;
const EV_POP = 6;

/**
 * Finds the line and column (both from 1) of offsets in a text. The line starts are found once, on
 * the first call, so that many lookups cost a binary search each.
 */
export function lineLocator(text: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | undefined;
  return (offset) => {
    if (starts === undefined) {
      starts = [0];
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    }
    const at = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - starts[lo]! + 1 };
  };
}

const INT_DEC = /^[-+]?[0-9]+$/;
const INT_OCT = /^0o[0-7]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INF = /^[-+]?\.(inf|Inf|INF)$/;
const NAN = /^\.(nan|NaN|NAN)$/;

/** Whether a plain scalar's text is a core-schema integer. */
export function isCoreInt(text: string): boolean {
  return INT_DEC.test(text) || INT_OCT.test(text) || INT_HEX.test(text);
}

/** Resolves a plain scalar's text by the YAML 1.2 core schema. */
export function resolvePlain(text: string): string | number | boolean | null {
  switch (text) {
    case "":
    case "~":
    case "null":
    case "Null":
    case "NULL":
      return null;
    case "true":
    case "True":
    case "TRUE":
      return true;
    case "false":
    case "False":
    case "FALSE":
      return false;
  }
  if (INT_DEC.test(text)) return Number(text);
  if (INT_OCT.test(text)) return parseInt(text.slice(2), 8);
  if (INT_HEX.test(text)) return parseInt(text.slice(2), 16);
  if (FLOAT.test(text)) return Number(text);
  if (INF.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
  if (NAN.test(text)) return NaN;
  return text;
}

/** What an explicit core tag makes of a scalar's text, or an error message. */
function resolveTagged(
  tag: string,
  text: string,
): string | number | boolean | null | { error: string } {
  if (tag === "!" || tag === "!!str") return text;
  const resolved = resolvePlain(text);
  const fits = tag === "!!int"
    ? typeof resolved === "number" && isCoreInt(text)
    : tag === "!!float"
    ? typeof resolved === "number"
    : tag === "!!bool"
    ? typeof resolved === "boolean"
    : tag === "!!null"
    ? resolved === null
    : undefined;
  if (fits === undefined) return { error: `the tag ${tag} is not accepted` };
  if (!fits) return { error: `${show(text)} is not a ${tag}` };
  return resolved;
}

interface OpenMapping {
  kind: "mapping";
  entries: Map<string, YamlNode>;
  keyOffsets: Map<string, number>;
  offset: number;
  path: string;
  anchor: string | undefined;
  pendingKey: { key: string; offset: number } | { skip: true } | undefined;
  expanded: number;
}

interface OpenSequence {
  kind: "sequence";
  items: YamlNode[];
  offset: number;
  path: string;
  anchor: string | undefined;
  expanded: number;
}

type Open = OpenMapping | OpenSequence;

function join(path: string, segment: string | number): string {
  return path === "" ? String(segment) : `${path}.${segment}`;
}

/**
 * Reads the YAML text: one document, YAML 1.2 core schema, aliases as shared nodes.
 *
 * @param text The file's text.
 * @returns The root and the issues found on the way.
 */
export function readYaml(text: string): YamlRead {
  const issues: ConfigIssue[] = [];
  const locate = lineLocator(text);
  const lineOf = (offset: number): number => locate(offset).line;
  const at = (offset: number, message: string): void => {
    const { line, column } = locate(offset);
    issues.push({ path: "", message: `line ${line}, column ${column}: ${message}` });
  };
  let events: Event[];
  try {
    events = parseEvents(text, { maxDepth: MAX_YAML_DEPTH });
  } catch (error) {
    if (error instanceof YAMLException) {
      const mark = error.mark;
      const where = mark ? `line ${mark.line + 1}, column ${mark.column + 1}: ` : "";
      issues.push({ path: "", message: `${where}YAML syntax error: ${error.reason}` });
      return { root: undefined, empty: false, issues };
    }
    throw error;
  }
  if (events.length === 0) return { root: undefined, empty: true, issues };

  const anchors = new Map<string, YamlNode | "open">();
  const stack: Open[] = [];
  let root: YamlNode | undefined;
  let documents = 0;
  let firstExplicit = false;
  let written = 0;
  let lastOffset = 0;
  let aborted = false;

  const currentPath = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return "";
    if (top.kind === "sequence") return join(top.path, top.items.length);
    const pending = top.pendingKey;
    return pending && !("skip" in pending) ? join(top.path, pending.key) : top.path;
  };

  // Places a finished node (or an alias's target) in its parent.
  const place = (node: YamlNode, offset: number, isAlias: boolean): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      root = node;
      return;
    }
    if (top.kind === "sequence") {
      top.items.push(node);
      top.expanded += node.expanded;
      return;
    }
    const pending = top.pendingKey;
    if (pending === undefined) {
      // A key.
      if (node.kind !== "scalar") {
        issues.push({
          path: top.path,
          message: `line ${lineOf(offset)}: a key must be text, not a ${node.kind}`,
        });
        top.pendingKey = { skip: true };
        return;
      }
      if (isAlias) {
        issues.push({
          path: top.path,
          message: `line ${lineOf(offset)}: a key must be written out, not an alias`,
        });
        top.pendingKey = { skip: true };
        return;
      }
      const key = node.text;
      const first = top.keyOffsets.get(key);
      if (first !== undefined) {
        issues.push({
          path: join(top.path, key),
          message: `key written twice, on lines ${lineOf(first)} and ${lineOf(offset)}`,
        });
        top.pendingKey = { skip: true };
        return;
      }
      top.keyOffsets.set(key, offset);
      top.pendingKey = { key, offset };
      top.expanded += 1;
      return;
    }
    top.pendingKey = undefined;
    if ("skip" in pending) return;
    top.entries.set(pending.key, node);
    top.expanded += node.expanded;
  };

  const anchorName = (start: number, end: number): string | undefined =>
    start < 0 ? undefined : text.slice(start, end);

  for (const event of events) {
    if (aborted) break;
    switch (event.type) {
      case EV_DOCUMENT: {
        documents++;
        if (documents === 1) firstExplicit = event.explicitStart;
        if (documents === 2) {
          // Its --- line, or (after a ... line) its first node, says where it starts.
          const markers = [...text.matchAll(/^---(?=[ \t\r\n]|$)/gm)];
          const marker = markers[firstExplicit ? 1 : 0];
          const next = events[events.indexOf(event) + 1];
          const offset = marker?.index ??
            (next && "start" in next
              ? next.start
              : next && next.type === EV_SCALAR && next.valueStart >= 0
              ? next.valueStart
              : lastOffset);
          issues.push({
            path: "",
            message: `line ${
              lineOf(offset)
            }: a second YAML document is refused, since it would replace values in the first without saying so`,
          });
          aborted = true;
        }
        for (const directive of event.directives) {
          if (directive.kind === "yaml" && directive.version !== "1.2") {
            issues.push({
              path: "",
              message:
                `the file asks for YAML ${directive.version}, and assess reads YAML 1.2 only`,
            });
          }
        }
        break;
      }
      case EV_MAPPING:
      case EV_SEQUENCE: {
        lastOffset = event.start;
        written++;
        const tag = event.tagStart < 0 ? undefined : text.slice(event.tagStart, event.tagEnd);
        const want = event.type === EV_MAPPING ? "!!map" : "!!seq";
        const path = currentPath();
        if (tag !== undefined && tag !== want && tag !== "!") {
          issues.push({ path, message: `the tag ${tag} is not accepted here` });
        }
        const anchor = anchorName(event.anchorStart, event.anchorEnd);
        if (anchor !== undefined) anchors.set(anchor, "open");
        stack.push(
          event.type === EV_MAPPING
            ? {
              kind: "mapping",
              entries: new Map(),
              keyOffsets: new Map(),
              offset: event.start,
              path,
              anchor,
              pendingKey: undefined,
              expanded: 1,
            }
            : { kind: "sequence", items: [], offset: event.start, path, anchor, expanded: 1 },
        );
        break;
      }
      case EV_POP: {
        const open = stack.pop();
        if (!open) break; // the document's end
        const node: YamlNode = open.kind === "mapping"
          ? {
            kind: "mapping",
            entries: open.entries,
            offset: open.offset,
            expanded: open.expanded,
          }
          : { kind: "sequence", items: open.items, offset: open.offset, expanded: open.expanded };
        if (open.anchor !== undefined) anchors.set(open.anchor, node);
        place(node, open.offset, false);
        break;
      }
      case EV_SCALAR: {
        const offset = event.valueStart >= 0
          ? event.valueStart
          : event.anchorStart >= 0
          ? event.anchorStart
          : event.tagStart >= 0
          ? event.tagStart
          : lastOffset;
        lastOffset = offset;
        written++;
        const value = getScalarValue(text, event);
        const plain = event.style === 1;
        const tag = event.tagStart < 0 ? undefined : text.slice(event.tagStart, event.tagEnd);
        let resolved: string | number | boolean | null;
        if (tag !== undefined) {
          const r = resolveTagged(tag, value);
          if (typeof r === "object" && r !== null) {
            const top = stack[stack.length - 1];
            const isKey = top?.kind === "mapping" && top.pendingKey === undefined;
            issues.push({
              path: isKey ? top.path : currentPath(),
              message: `line ${lineOf(offset)}: ${r.error}`,
            });
            resolved = value;
          } else {
            resolved = r;
          }
        } else {
          resolved = plain ? resolvePlain(value) : value;
        }
        const node: YamlScalar = {
          kind: "scalar",
          value: resolved,
          text: value,
          offset,
          expanded: 1,
        };
        const anchor = anchorName(event.anchorStart, event.anchorEnd);
        if (anchor !== undefined) anchors.set(anchor, node);
        place(node, offset, false);
        break;
      }
      case EV_ALIAS: {
        const name = text.slice(event.anchorStart, event.anchorEnd);
        const offset = Math.max(0, event.anchorStart - 1);
        lastOffset = offset;
        const target = anchors.get(name);
        if (target === undefined || target === "open") {
          at(
            offset,
            target === undefined
              ? `the alias *${name} names no anchor before it`
              : `the alias *${name} is inside the node it names`,
          );
          place({ kind: "scalar", value: null, text: "", offset, expanded: 1 }, offset, true);
          break;
        }
        place(target, offset, true);
        let total = stack.length === 0 ? target.expanded : 0;
        for (const open of stack) total += open.expanded;
        if (total - written > MAX_ALIAS_EXPANSION) {
          at(
            offset,
            `aliases expand the file by more than ${MAX_ALIAS_EXPANSION} nodes, which is refused`,
          );
          return { root: undefined, empty: false, issues };
        }
        break;
      }
    }
  }
  return { root, empty: false, issues };
}
