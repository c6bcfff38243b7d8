/**
 * The report as JSON: the {@linkcode Report} value as it is, versioned (`assess.report.v1`), with
 * the JSON Schema `schema/report.schema.json`.
 *
 * @module
 */

import type { Report } from "./report.ts";

/**
 * Renders a report as JSON, indented by two spaces, ending in a newline. Every figure of the
 * other formats is in it, unrounded; proportions and differences are fractions (0.412, not 41.2).
 *
 * @param report The report.
 * @returns The JSON text.
 *
 * @example
 * ```ts ignore
 * import { buildReport, renderJson } from "@assess/assess";
 *
 * const parsed = JSON.parse(renderJson(buildReport(input)));
 * console.log(parsed.schema); // "assess.report.v1"
 * ```
 */
export function renderJson(report: Report): string {
  return JSON.stringify(report, null, 2) + "\n";
}
