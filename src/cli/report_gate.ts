/**
 * `assess report -gate`: the decision of a report written, as lines on stderr and an exit code.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import type { Io } from "./io.ts";
import { oneLine } from "../text/one_line.ts";
import type { Report } from "../report/report.ts";
import type { GateOutcome } from "../report/gate.ts";

/** The exit code of each outcome of `-gate`. */
const GATE_CODES: Readonly<Record<GateOutcome, number>> = {
  pass: ExitCode.ok,
  worse: ExitCode.gateWorse,
  inconclusive: ExitCode.gateInconclusive,
  undecided: ExitCode.gateUndecided,
};

/**
 * Writes the gate's lines for a report to stderr and gives its exit code.
 *
 * @param report The report written.
 * @param io Where the lines go.
 * @returns 0 better or not worse, 1 worse, 2 inconclusive, 3 cannot be decided.
 */
export async function gateExit(report: Report, io: Pick<Io, "stderr">): Promise<number> {
  const { gateReport } = await import("../report/gate.ts");
  const gate = gateReport(report);
  const lines = [`assess report -gate: ${gate.summary}`, ...gate.details.map((d) => `  ${d}`)];
  await io.stderr.write(lines.map((line) => oneLine(line) + "\n").join(""));
  return GATE_CODES[gate.outcome];
}
