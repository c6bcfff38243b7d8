/**
 * Generates the validators that ajv compiles from the project's JSON Schemas, so that assess
 * loads and compiles no ajv when it runs (compiling took longer than `assess validate` may):
 *
 * - `src/config/_schema_check.js` from `schema/assess.schema.json`: `validate`, every error, and
 *   the schema's `default`s filled in where the file leaves them out (the one place each default
 *   is written);
 * - `src/results/_record_check.js` from `schema/results.schema.json`: one validator per record
 *   kind (`header`, `session`, `result`, `probe`, `probeCheck`, `replica`, `end`), the first error only.
 *
 * `tests/config/schema_check_test.ts` and `tests/results/record_check_test.ts` fail when a
 * committed file is not what this gives, so each schema stays the single source of truth.
 *
 * Run after changing a schema:
 *
 *     deno task schema
 *
 * @module
 */

import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";

// ajv is CommonJS: its default export arrives as the module object under Deno's type checker.
const standaloneCode = ((standalone as unknown as { default?: unknown }).default ??
  standalone) as unknown as (ajv: Ajv2020, refs?: unknown) => string;

/** A validator to generate: the schema it is compiled from and where it goes. */
export interface Generated {
  /** The schema, from the repository's root. */
  readonly schema: string;
  /** The generated module, from the repository's root. */
  readonly path: string;
  /** Its types, next to it. */
  readonly types: string;
  /** Report every error (the configuration's refusals) or stop at the first (a record's). */
  readonly allErrors: boolean;
  /** Fill in the schema's `default`s where a value leaves them out (the configuration's). */
  readonly useDefaults: boolean;
  /** Export names and the `$defs` each validates; absent: one `validate` of the whole schema. */
  readonly defs?: Readonly<Record<string, string>>;
}

/** The configuration's validator. */
export const CONFIG_CHECK: Generated = {
  schema: "schema/assess.schema.json",
  path: "src/config/_schema_check.js",
  types: "./_schema_check.d.ts",
  allErrors: true,
  useDefaults: true,
};

/** The results records' validators, one per kind. */
export const RECORD_CHECK: Generated = {
  schema: "schema/results.schema.json",
  path: "src/results/_record_check.js",
  types: "./_record_check.d.ts",
  allErrors: false,
  useDefaults: false,
  defs: {
    header: "header",
    session: "session",
    result: "result",
    probe: "probe",
    probeCheck: "probeCheck",
    replica: "replica",
    end: "end",
  },
};

/**
 * Compiles a schema into a standalone ES module.
 *
 * @param schema The parsed schema.
 * @param what Which validator.
 * @returns The module's text.
 */
export function generateCheck(schema: { readonly $id: string }, what: Generated): string {
  const ajv = new Ajv2020({
    allErrors: what.allErrors,
    useDefaults: what.useDefaults,
    strict: true,
    strictNumbers: true,
    verbose: true,
    unicode: false,
    logger: false,
    code: { source: true, esm: true, lines: true },
  });
  let code: string;
  if (what.defs === undefined) {
    code = standaloneCode(ajv, ajv.compile(schema as Record<string, unknown>));
  } else {
    ajv.addSchema(schema as Record<string, unknown>);
    const refs: Record<string, string> = {};
    for (const [name, def] of Object.entries(what.defs)) refs[name] = `${schema.$id}#/$defs/${def}`;
    code = standaloneCode(ajv, refs);
  }
  if (code.includes("require(")) {
    throw new Error("the generated validator needs a runtime import; change the ajv options");
  }
  return [
    "// deno-fmt-ignore-file",
    "// deno-lint-ignore-file",
    `// @ts-self-types="${what.types}"`,
    `// Generated from ${what.schema} by tests/support/generate_schema_checks.ts: do not edit.`,
    code,
    "",
  ].join("\n");
}

if (import.meta.main) {
  const root = new URL("../../", import.meta.url);
  for (const what of [CONFIG_CHECK, RECORD_CHECK]) {
    const schema = JSON.parse(await Deno.readTextFile(new URL(what.schema, root)));
    await Deno.writeTextFile(new URL(what.path, root), generateCheck(schema, what));
    console.log(`wrote ${what.path}`);
  }
}
