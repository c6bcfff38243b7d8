/**
 * A results file read whole into memory, records and all: for the tests, which look at every
 * record of small files. assess itself streams them (`readResults` with a visitor).
 *
 * @module
 */

import {
  readResults,
  type ResultsRead,
  type ResultsSource,
} from "../../src/results/read_results.ts";
import type { BodyRecord } from "../../src/results/records.ts";

/** What `readResults` found, with every record in file order. */
export interface ReadAll extends Omit<ResultsRead, "records"> {
  /** Every record after the header. */
  readonly records: BodyRecord[];
}

/**
 * Reads a results file and keeps every record.
 *
 * @param source The file's bytes.
 * @returns The header, the records, and where the complete records end.
 */
export async function readAll(source: ResultsSource): Promise<ReadAll> {
  const records: BodyRecord[] = [];
  const read = await readResults(source, (record) => records.push(record));
  return { ...read, records };
}
