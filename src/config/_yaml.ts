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

import {
  type AliasEvent,
  type DocumentEvent,
  type Event,
  getScalarValue,
  type MappingEvent,
  parseEvents,
  SCALAR_STYLE,
  type ScalarEvent,
  type SequenceEvent,
  YAMLException,
} from "js-yaml";
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

/** A mapping still being read: its entries so far, and the key waiting for its value. */
interface OpenMapping {
  kind: "mapping";
  entries: Map<string, YamlNode>;
  keyOffsets: Map<string, number>;
  offset: number;
  path: string;
  anchor: string | undefined;
  /** The key read last, waiting for its value; `skip` when that key was refused. */
  pendingKey: { key: string; offset: number } | { skip: true } | undefined;
  expanded: number;
}

/** A sequence still being read. */
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
  let events: Event[];
  try {
    events = parseEvents(text, { maxDepth: MAX_YAML_DEPTH });
  } catch (error) {
    if (error instanceof YAMLException) {
      const mark = error.mark;
      const message = `YAML syntax error: ${error.reason}`;
      const issue: ConfigIssue = mark
        ? { path: "", message, line: mark.line + 1, column: mark.column + 1 }
        : { path: "", message };
      return { root: undefined, empty: false, issues: [issue] };
    }
    throw error;
  }
  if (events.length === 0) return { root: undefined, empty: true, issues: [] };
  const builder = new TreeBuilder(text, events);
  for (let i = 0; i < events.length && !builder.stopped; i++) builder.read(i);
  return { root: builder.root, empty: false, issues: builder.issues };
}

/**
 * Builds the tree from the parser's events, one method per kind of event, and notes the issues on
 * the way. The state they share: the open collections (a stack), the anchors seen, and counts for
 * the alias limit.
 */
class TreeBuilder {
  readonly issues: ConfigIssue[] = [];
  root: YamlNode | undefined;
  /** Whether reading stopped early: after a second document, or when aliases expand too far. */
  stopped = false;
  readonly #text: string;
  readonly #events: readonly Event[];
  readonly #locate: (offset: number) => { line: number; column: number };
  readonly #anchors = new Map<string, YamlNode | "open">();
  readonly #stack: Open[] = [];
  #documents = 0;
  #firstExplicit = false;
  /** How many nodes the file writes out (aliases not counted). */
  #written = 0;
  /** Where the last node read starts, for an event that carries no offset of its own. */
  #lastOffset = 0;

  constructor(text: string, events: readonly Event[]) {
    this.#text = text;
    this.#events = events;
    this.#locate = lineLocator(text);
  }

  /** Reads the event at `index`. */
  read(index: number): void {
    const event = this.#events[index]!;
    switch (event.type) {
      case EV_DOCUMENT:
        return this.#document(event, index);
      case EV_MAPPING:
      case EV_SEQUENCE:
        return this.#collection(event);
      case EV_POP:
        return this.#pop();
      case EV_SCALAR:
        return this.#scalar(event);
      case EV_ALIAS:
        return this.#alias(event);
    }
  }

  /** A document starts: a second one is refused, and so is a `%YAML` other than 1.2. */
  #document(event: DocumentEvent, index: number): void {
    this.#documents++;
    if (this.#documents === 1) this.#firstExplicit = event.explicitStart;
    if (this.#documents === 2) {
      this.#issue(
        "",
        this.#secondDocumentOffset(index),
        "a second YAML document is refused, since it would replace values in the first without saying so",
      );
      this.stopped = true; // the first document stands, and nothing after it is read
    }
    for (const directive of event.directives) {
      if (directive.kind === "yaml" && directive.version !== "1.2") {
        this.issues.push({
          path: "",
          message: `the file asks for YAML ${directive.version}, and assess reads YAML 1.2 only`,
        });
      }
    }
  }

  /** Where the second document starts: its --- line, or (after a ... line) its first node. */
  #secondDocumentOffset(index: number): number {
    const markers = [...this.#text.matchAll(/^---(?=[ \t\r\n]|$)/gm)];
    const marker = markers[this.#firstExplicit ? 1 : 0];
    if (marker !== undefined) return marker.index;
    const next = this.#events[index + 1];
    if (next && "start" in next) return next.start;
    if (next && next.type === EV_SCALAR && next.valueStart >= 0) return next.valueStart;
    return this.#lastOffset;
  }

  /** A mapping or a sequence opens. */
  #collection(event: MappingEvent | SequenceEvent): void {
    this.#lastOffset = event.start;
    this.#written++;
    const tag = this.#tag(event);
    const want = event.type === EV_MAPPING ? "!!map" : "!!seq";
    const path = this.#currentPath();
    if (tag !== undefined && tag !== want && tag !== "!") {
      this.issues.push({ path, message: `the tag ${tag} is not accepted here` });
    }
    const anchor = this.#anchorName(event);
    if (anchor !== undefined) this.#anchors.set(anchor, "open");
    const common = { offset: event.start, path, anchor, expanded: 1 };
    this.#stack.push(
      event.type === EV_MAPPING
        ? {
          kind: "mapping",
          entries: new Map(),
          keyOffsets: new Map(),
          pendingKey: undefined,
          ...common,
        }
        : { kind: "sequence", items: [], ...common },
    );
  }

  /** The open mapping or sequence closes (or, with none open, the document ends). */
  #pop(): void {
    const open = this.#stack.pop();
    if (!open) return; // the document's end
    const { offset, expanded } = open;
    const node: YamlNode = open.kind === "mapping"
      ? { kind: "mapping", entries: open.entries, offset, expanded }
      : { kind: "sequence", items: open.items, offset, expanded };
    if (open.anchor !== undefined) this.#anchors.set(open.anchor, node);
    this.#place(node, offset, false);
  }

  /** A scalar: resolved by its tag or, plain, by the core schema. */
  #scalar(event: ScalarEvent): void {
    const offset = event.valueStart >= 0
      ? event.valueStart
      : event.anchorStart >= 0
      ? event.anchorStart
      : event.tagStart >= 0
      ? event.tagStart
      : this.#lastOffset;
    this.#lastOffset = offset;
    this.#written++;
    const value = getScalarValue(this.#text, event);
    const tag = this.#tag(event);
    let resolved: string | number | boolean | null;
    if (tag !== undefined) {
      const r = resolveTagged(tag, value);
      if (typeof r === "object" && r !== null) {
        const top = this.#stack[this.#stack.length - 1];
        const isKey = top?.kind === "mapping" && top.pendingKey === undefined;
        this.#issue(isKey ? top.path : this.#currentPath(), offset, r.error);
        resolved = value;
      } else {
        resolved = r;
      }
    } else {
      resolved = event.style === SCALAR_STYLE.PLAIN ? resolvePlain(value) : value;
    }
    const node: YamlScalar = { kind: "scalar", value: resolved, text: value, offset, expanded: 1 };
    const anchor = this.#anchorName(event);
    if (anchor !== undefined) this.#anchors.set(anchor, node);
    this.#place(node, offset, false);
  }

  /** An alias: its anchor's node, shared; refused when that adds too many nodes. */
  #alias(event: AliasEvent): void {
    const name = this.#text.slice(event.anchorStart, event.anchorEnd);
    const offset = Math.max(0, event.anchorStart - 1);
    this.#lastOffset = offset;
    const target = this.#anchors.get(name);
    if (target === undefined || target === "open") {
      this.#issue(
        "",
        offset,
        target === undefined
          ? `the alias *${name} names no anchor before it`
          : `the alias *${name} is inside the node it names`,
      );
      this.#place({ kind: "scalar", value: null, text: "", offset, expanded: 1 }, offset, true);
      return;
    }
    this.#place(target, offset, true);
    let total = this.#stack.length === 0 ? target.expanded : 0;
    for (const open of this.#stack) total += open.expanded;
    if (total - this.#written > MAX_ALIAS_EXPANSION) {
      this.#issue(
        "",
        offset,
        `aliases expand the file by more than ${MAX_ALIAS_EXPANSION} nodes, which is refused`,
      );
      this.root = undefined; // nothing is read from such a file
      this.stopped = true;
    }
  }

  /** Places a finished node (or an alias's target) in its parent: as the root, an item, a key or a value. */
  #place(node: YamlNode, offset: number, isAlias: boolean): void {
    const top = this.#stack[this.#stack.length - 1];
    if (!top) {
      this.root = node;
    } else if (top.kind === "sequence") {
      top.items.push(node);
      top.expanded += node.expanded;
    } else if (top.pendingKey === undefined) {
      this.#placeKey(top, node, offset, isAlias);
    } else {
      const pending = top.pendingKey;
      top.pendingKey = undefined;
      if ("skip" in pending) return;
      top.entries.set(pending.key, node);
      top.expanded += node.expanded;
    }
  }

  /** Takes a node as the open mapping's next key: text, written out, and not written before. */
  #placeKey(top: OpenMapping, node: YamlNode, offset: number, isAlias: boolean): void {
    if (node.kind !== "scalar") {
      this.#issue(top.path, offset, `a key must be text, not a ${node.kind}`);
      top.pendingKey = { skip: true };
      return;
    }
    if (isAlias) {
      this.#issue(top.path, offset, "a key must be written out, not an alias");
      top.pendingKey = { skip: true };
      return;
    }
    const key = node.text;
    const first = top.keyOffsets.get(key);
    if (first !== undefined) {
      const message = `key written twice, first on line ${this.#locate(first).line}`;
      this.#issue(join(top.path, key), offset, message);
      top.pendingKey = { skip: true };
      return;
    }
    top.keyOffsets.set(key, offset);
    top.pendingKey = { key, offset };
    top.expanded += 1;
  }

  /** The path of the node about to be read. */
  #currentPath(): string {
    const top = this.#stack[this.#stack.length - 1];
    if (!top) return "";
    if (top.kind === "sequence") return join(top.path, top.items.length);
    const pending = top.pendingKey;
    return pending && !("skip" in pending) ? join(top.path, pending.key) : top.path;
  }

  #tag(event: MappingEvent | SequenceEvent | ScalarEvent): string | undefined {
    return event.tagStart < 0 ? undefined : this.#text.slice(event.tagStart, event.tagEnd);
  }

  #anchorName(event: MappingEvent | SequenceEvent | ScalarEvent): string | undefined {
    return event.anchorStart < 0 ? undefined : this.#text.slice(event.anchorStart, event.anchorEnd);
  }

  /** Notes an issue at a place in the text. */
  #issue(path: string, offset: number, message: string): void {
    const { line, column } = this.#locate(offset);
    this.issues.push({ path, message, line, column });
  }
}
