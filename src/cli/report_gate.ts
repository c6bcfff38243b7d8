/**
 * `assess report -gate`: the decision of a report written, as lines on stderr and an exit code.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import type { Io } from "./io.ts";
import { oneLine } from "../text/one_line.ts";
import type { Report } from "../report/report.ts";
import type { Gate, GateOutcome } from "../report/gate.ts";

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
  return await writeGate(gateReport(report), io);
}

/**
 * Writes a gate's lines to stderr and gives its exit code: the one-sample report's
 * ({@linkcode gateExit}) or a sampled report's (`gateSampledReport`).
 *
 * @param gate The decision.
 * @param io Where the lines go.
 * @returns 0 better or not worse, 1 worse, 2 inconclusive, 3 cannot be decided.
 */
export async function writeGate(gate: Gate, io: Pick<Io, "stderr">): Promise<number> {
  const lines = [`assess report -gate: ${gate.summary}`, ...gate.details.map((d) => `  ${d}`)];
  await io.stderr.write(lines.map((line) => oneLine(line) + "\n").join(""));
  return GATE_CODES[gate.outcome];
}
