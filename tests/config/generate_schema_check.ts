/**
 * Generates `src/config/_schema_check.js`, the validator compiled from `schema/assess.schema.json`
 * by ajv, so that `assess validate` starts without loading and compiling ajv (which took longer
 * than the whole verb may). `tests/config/schema_check_test.ts` fails when the committed file is
 * not what this gives, so the schema stays the single source of truth.
 *
 * Run after changing the schema:
 *
 *     deno task schema
 *
 * @module
 */

import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";

// ajv is CommonJS: its default export arrives as the module object under Deno's type checker.
const standaloneCode = ((standalone as unknown as { default?: unknown }).default ??
  standalone) as unknown as (ajv: Ajv2020, validate: unknown) => string;

/** Where the generated file goes, from the repository's root. */
export const GENERATED_PATH = "src/config/_schema_check.js";

/** Where the schema is, from the repository's root. */
export const SCHEMA_PATH = "schema/assess.schema.json";

/**
 * Compiles the schema into a standalone ES module exporting `validate`.
 *
 * @param schema The parsed schema.
 * @returns The module's text.
 */
export function generateSchemaCheck(schema: unknown): string {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    verbose: true,
    unicode: false,
    logger: false,
    code: { source: true, esm: true, lines: true },
  });
  const validate = ajv.compile(schema as Record<string, unknown>);
  const code = standaloneCode(ajv, validate);
  if (code.includes("require(")) {
    throw new Error("the generated validator needs a runtime import; change the ajv options");
  }
  return [
    "// deno-fmt-ignore-file",
    "// deno-lint-ignore-file",
    '// @ts-self-types="./_schema_check.d.ts"',
    `// Generated from ${SCHEMA_PATH} by tests/config/generate_schema_check.ts: do not edit.`,
    code,
    "",
  ].join("\n");
}

if (import.meta.main) {
  const root = new URL("../../", import.meta.url);
  const schema = JSON.parse(await Deno.readTextFile(new URL(SCHEMA_PATH, root)));
  await Deno.writeTextFile(new URL(GENERATED_PATH, root), generateSchemaCheck(schema));
  console.log(`wrote ${GENERATED_PATH}`);
}
