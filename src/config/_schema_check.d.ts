/**
 * The types of `_schema_check.js`, the validator generated from `schema/assess.schema.json`.
 *
 * @module
 */

/** One error, as ajv reports it (with `verbose: true`). */
export interface SchemaError {
  /** A JSON pointer to the value, `""` for the root. */
  readonly instancePath: string;
  /** A JSON pointer into the schema. */
  readonly schemaPath: string;
  /** The keyword that failed. */
  readonly keyword: string;
  /** The keyword's details. */
  readonly params: Readonly<Record<string, unknown>>;
  /** ajv's own message. */
  readonly message?: string;
  /** The value that failed. */
  readonly data?: unknown;
  /** The schema holding the keyword. */
  readonly parentSchema?: unknown;
}

/** Checks a value against the schema; on failure, `validate.errors` holds every error. */
export declare const validate: {
  (data: unknown): boolean;
  errors: readonly SchemaError[] | null;
};
export default validate;
