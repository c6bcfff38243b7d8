/**
 * Flags in Go's syntax: `-name value`, `-name=value`, `--name value`, `--name=value`; a boolean
 * flag alone is `true`, and takes a value only as `-name=false`.
 *
 * @module
 */

import { UsageError } from "./usage_error.ts";

/** How a verb's flag is read. */
export interface FlagSpec {
  /** `string` takes a value; `boolean` stands alone (or `=true` / `=false`). */
  readonly kind: "string" | "boolean";
  /** What the flag means, for `assess help`. */
  readonly help: string;
  /** The value's placeholder in usage lines, such as `FILE`. */
  readonly placeholder?: string;
  /** The value when the flag is left out (strings only). */
  readonly default?: string;
  /** Whether the flag must be given. */
  readonly required?: boolean;
  /**
   * Whether a string flag may be given more than once: its value is then the list of the values
   * given, in order (one given: a list of one).
   */
  readonly repeatable?: boolean;
}

/** What a verb's flags were given as: strings for string flags, booleans for boolean ones. */
export type FlagValues = Readonly<
  Record<string, string | readonly string[] | boolean | undefined>
>;

/** The result of reading a verb's arguments: its flags, or a request for its help. */
export type ParsedFlags = { readonly help: true } | {
  readonly help: false;
  readonly values: FlagValues;
};

/**
 * Reads a verb's arguments against its flags. Refuses (with a {@linkcode UsageError}) an unknown
 * flag, a flag given twice, a string flag without its value (at the end, or followed by what looks
 * like a flag: write `-name=-x` for such a value), an empty value, a boolean flag with a
 * value other than `true`/`false`, a positional argument and a required flag left out. `-h`,
 * `-help` and `--help` ask for the verb's help.
 *
 * @param verb The verb, for messages.
 * @param args The arguments after the verb.
 * @param specs The verb's flags, by name.
 * @returns The values, defaults filled in, or `{ help: true }`.
 * @throws {UsageError} When the arguments are refused.
 *
 * @example
 * ```ts
 * import { parseFlags } from "./flags.ts";
 * import assert from "node:assert/strict";
 *
 * const parsed = parseFlags("split", ["--out=split.json"], {
 *   config: { kind: "string", help: "the config", default: "assess.yaml" },
 *   out: { kind: "string", help: "the split file", required: true },
 * });
 * assert.deepEqual(parsed, { help: false, values: { config: "assess.yaml", out: "split.json" } });
 * ```
 */
export function parseFlags(
  verb: string,
  args: readonly string[],
  specs: Readonly<Record<string, FlagSpec>>,
): ParsedFlags {
  const refuse = (what: string): never => {
    throw new UsageError(`assess ${verb}: ${what} (see assess help ${verb})`);
  };
  const values: Record<string, string | readonly string[] | boolean | undefined> = {};
  let i = 0;
  while (i < args.length) {
    const arg = args[i]!;
    i++;
    if (arg === "--") {
      if (i < args.length) refuse(`unexpected argument ${quote(args[i]!)}`);
      break;
    }
    if (!arg.startsWith("-") || arg === "-") refuse(`unexpected argument ${quote(arg)}`);
    const body = arg.startsWith("--") ? arg.slice(2) : arg.slice(1);
    if (body === "" || body.startsWith("-") || body.startsWith("=")) {
      refuse(`bad flag syntax: ${quote(arg)}`);
    }
    const eq = body.indexOf("=");
    const name = eq < 0 ? body : body.slice(0, eq);
    const inline = eq < 0 ? undefined : body.slice(eq + 1);
    if (name === "h" || name === "help") {
      if (inline === undefined) return { help: true };
    }
    if (!Object.hasOwn(specs, name)) refuse(`flag provided but not defined: -${name}`);
    const spec = specs[name]!;
    if (Object.hasOwn(values, name) && spec.repeatable !== true) {
      refuse(`flag given twice: -${name}`);
    }
    if (spec.kind === "boolean") {
      if (inline === undefined || inline === "true") values[name] = true;
      else if (inline === "false") values[name] = false;
      else refuse(`flag -${name} takes true or false, not ${quote(inline)}`);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      // A next argument that looks like a flag (-name, --name) is taken for a forgotten value,
      // not as the value: write -name=-x for such a value. `-1` and `-` are values.
      const next = args[i];
      if (next === undefined || /^--?[A-Za-z]/.test(next)) {
        refuse(`flag needs a value: -${name}`);
      }
      value = next!;
      i++;
    }
    if (value === "") refuse(`flag -${name} needs a value that is not empty`);
    values[name] = spec.repeatable === true
      ? [...((values[name] as readonly string[] | undefined) ?? []), value!]
      : value;
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (Object.hasOwn(values, name)) continue;
    if (spec.required) refuse(`flag -${name} is required`);
    values[name] = spec.kind === "boolean" ? false : spec.default;
  }
  return { help: false, values };
}

/**
 * The usage lines of a verb's flags, for `assess help VERB`, their help in one column.
 *
 * @param specs The verb's flags.
 * @returns One line a flag, indented.
 *
 * @example
 * ```ts
 * import { flagUsage } from "./flags.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   flagUsage({ out: { kind: "string", help: "the split file", placeholder: "FILE" } }),
 *   ["  -out FILE        the split file"],
 * );
 * ```
 */
export function flagUsage(specs: Readonly<Record<string, FlagSpec>>): string[] {
  const heads = Object.entries(specs).map(([name, spec]) =>
    spec.kind === "boolean" ? `-${name}` : `-${name} ${spec.placeholder ?? "VALUE"}`
  );
  // One column for the help, however long a verb's longest flag is.
  const width = Math.max(16, ...heads.map((h) => h.length));
  return Object.values(specs).map((spec, i) => {
    const tail = spec.default === undefined ? "" : ` (default ${spec.default})`;
    return `  ${heads[i]!.padEnd(width)} ${spec.help}${tail}`;
  });
}

function quote(text: string): string {
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return JSON.stringify(shown);
}
