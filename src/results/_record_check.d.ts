/**
 * The types of `_record_check.js`, the validators generated from `schema/results.schema.json`:
 * one per record kind, each stopping at the first error.
 *
 * @module
 */

/** One error, as ajv reports it (with `verbose: true`). */
export interface SchemaError {
  /** A JSON pointer to the value, `""` for the record itself. */
  readonly instancePath: string;
  /** The keyword that failed. */
  readonly keyword: string;
  /** The keyword's details. */
  readonly params: Readonly<Record<string, unknown>>;
  /** ajv's own message. */
  readonly message?: string;
  /** The value that failed. */
  readonly data?: unknown;
}

/** Checks a record against its kind's definition; on failure, `errors` holds the first error. */
export interface RecordCheck {
  (data: unknown): boolean;
  errors: readonly SchemaError[] | null;
}

/** The header's definition. */
export declare const header: RecordCheck;
/** A session record's. */
export declare const session: RecordCheck;
/** A result record's. */
export declare const result: RecordCheck;
/** A probe record's. */
export declare const probe: RecordCheck;
/** A probe-check record's. */
export declare const probeCheck: RecordCheck;
/** A replica record's. */
export declare const replica: RecordCheck;
/** An end record's. */
export declare const end: RecordCheck;
