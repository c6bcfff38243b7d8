/**
 * Every figure of a sampled report's JSON held to reference/python/sampled_results.py's output for
 * the same results file: shared by the golden check (tests/reference/sampled_golden_test.ts) and
 * the end-to-end run (tests/e2e/sampled_test.ts), so that both compare the same figures.
 *
 * @module
 */

/** Figures agree to this, absolute. */
export const TOLERANCE = 1e-9;

// deno-lint-ignore no-explicit-any -- two parsed JSON documents, walked field by field
type Json = any;

/** Collects the disagreements: a number within {@linkcode TOLERANCE}, anything else equal. */
class Differences {
  readonly found: string[] = [];

  /** Numbers within the tolerance; `null` only against `null` (never 0 against `null`). */
  num(what: string, ts: unknown, py: unknown): void {
    if (ts === null || py === null || ts === undefined || py === undefined) {
      if (ts !== py) this.found.push(`${what}: report ${ts}, Python ${py}`);
      return;
    }
    if (!(typeof ts === "number" && typeof py === "number" && Math.abs(ts - py) <= TOLERANCE)) {
      this.found.push(`${what}: report ${ts}, Python ${py}`);
    }
  }

  /** Equal as JSON. */
  same(what: string, ts: unknown, py: unknown): void {
    if (JSON.stringify(ts) !== JSON.stringify(py)) {
      this.found.push(`${what}: report ${JSON.stringify(ts)}, Python ${JSON.stringify(py)}`);
    }
  }
}

/** Each model's counts, accuracy, variances, pass@k and pass^k, and categories. */
function models(d: Differences, report: Json, py: Json): void {
  d.same("models", report.models.map((m: Json) => m.name), py.models.map((m: Json) => m.name));
  for (const [n, m] of report.models.entries()) {
    const p = py.models[n];
    const w = (what: string) => `${m.name} ${what}`;
    for (const key of ["samples", "items", "answers", "errors", "notAsked"]) {
      d.same(w(key), m[key], p[key]);
    }
    d.num(w("accuracy"), m.accuracy, p.accuracy);
    d.num(w("lower"), m.interval.lower, p.lower);
    d.num(w("upper"), m.interval.upper, p.upper);
    d.num(w("within"), m.withinVariance, p.within);
    d.num(w("between"), m.betweenVariance, p.between);
    d.same(w("pass k count"), m.passK.length, p.passK.length);
    for (const [k, e] of m.passK.entries()) {
      const q = p.passK[k];
      const at = (what: string) => w(`k ${k + 1} ${what}`);
      d.same(at("items"), [e.k, e.items], [q.k, q.items]);
      d.num(at("pass@k"), e.passAt, q.passAt);
      d.num(at("pass@k lower"), e.passAtInterval.lower, q.passAtLower);
      d.num(at("pass@k upper"), e.passAtInterval.upper, q.passAtUpper);
      d.num(at("pass^k"), e.passAll, q.passAll);
      d.num(at("pass^k lower"), e.passAllInterval.lower, q.passAllLower);
      d.num(at("pass^k upper"), e.passAllInterval.upper, q.passAllUpper);
    }
    for (const [i, c] of m.categories.entries()) {
      const q = py.categories.models[m.name][i];
      d.same(w(`${c.name} name, items`), [c.name, c.items], [q.name, q.items]);
      d.num(w(`${c.name} accuracy`), c.accuracy, q.accuracy);
      d.num(w(`${c.name} lower`), c.interval?.lower ?? null, q.lower ?? null);
      d.num(w(`${c.name} upper`), c.interval?.upper ?? null, q.upper ?? null);
    }
  }
}

/** One comparison's test, planning figures and error sensitivity. */
function comparison(d: Differences, c: Json, p: Json): void {
  const w = (what: string) => `${c.adapter} ${what}`;
  d.same(
    w("adapter, items, method, outcome, differing items, too few differ, items to decide"),
    [c.adapter, c.items, c.method, c.outcome, c.differingItems, c.tooFewDiffer, c.itemsToDecide],
    [p.adapter, p.items, p.method, p.outcome, p.differingItems, p.tooFewDiffer, p.itemsToDecide],
  );
  d.num(w("adapter accuracy"), c.adapterAccuracy, p.adapterAccuracy);
  d.num(w("baseline accuracy"), c.baselineAccuracy, p.baselineAccuracy);
  d.num(w("difference"), c.difference, p.difference);
  d.num(w("Holm level"), c.interval.level, p.level);
  d.num(w("test level"), c.interval.testLevel, p.level);
  d.num(w("lower"), c.interval.lower, p.lower);
  d.num(w("upper"), c.interval.upper, p.upper);
  d.num(w("p"), c.pValue, p.pValue);
  d.num(w("Holm p"), c.pAdjusted, p.pAdjusted);
  const mdd = c.minimumDetectableDifference;
  const pm = p.minimumDetectableDifference;
  if (mdd === null || pm === null) d.same(w("detectable"), mdd, pm);
  else {
    for (const key of Object.keys(pm)) {
      if (typeof pm[key] === "string") d.same(w(`detectable ${key}`), mdd[key], pm[key]);
      else d.num(w(`detectable ${key}`), mdd[key], pm[key]);
    }
    d.same(w("detectable fields"), Object.keys(mdd).sort(), Object.keys(pm).sort());
  }
  const es = c.errorSensitivity;
  const pe = p.errorSensitivity;
  if (es === null || pe === null) d.same(w("error sensitivity"), es, pe);
  else {
    d.same(w("errors, couldChange"), [es.errors, es.couldChange], [pe.errors, pe.couldChange]);
    for (const way of ["against", "favour"]) {
      d.num(w(`${way} difference`), es[way].difference, pe[way].difference);
      d.num(w(`${way} lower`), es[way].interval.lower, pe[way].lower);
      d.num(w(`${way} upper`), es[way].interval.upper, pe[way].upper);
      d.same(w(`${way} outcome`), es[way].outcome, pe[way].outcome);
    }
  }
}

/** Each comparison's categories and guard. */
function categories(d: Differences, c: Json, p: Json): void {
  d.same(`${c.adapter} guardWorse`, c.guardWorse, p.guardWorse);
  for (const [i, x] of c.categories.entries()) {
    const q = p.categories[i];
    const w = (what: string) => `${c.adapter} ${x.name} ${what}`;
    d.same(w("name, items, method, outcome"), [x.name, x.items, x.method, x.outcome], [
      q.name,
      q.items,
      q.method ?? null,
      q.outcome,
    ]);
    d.num(w("difference"), x.difference, q.difference ?? null);
    d.num(w("Holm level"), x.interval?.level ?? null, q.level ?? null);
    d.num(w("lower"), x.interval?.lower ?? null, q.lower ?? null);
    d.num(w("upper"), x.interval?.upper ?? null, q.upper ?? null);
    d.num(w("p"), x.pValue, q.pValue ?? null);
    d.num(w("Holm p"), x.pAdjusted, q.pAdjusted ?? null);
  }
}

/**
 * The figures of `report` (a sampled report's JSON, parsed) that are not `py`'s
 * (sampled_results.py's output for its results file, parsed), each named; `[]` when all agree.
 * Compared: each model's samples, items, answers, errors, notAsked, accuracy and interval, both
 * variances, every pass@k and pass^k with its items and interval, and each category's items,
 * accuracy and interval; each comparison's adapter, items, method, outcome, differing items, whether
 * too few differ, the items that would decide it, both accuracies, the difference, its interval, level and test level, the p-value and the Holm p, every field of the
 * minimum detectable difference, and the error sensitivity (errors, both ways' difference,
 * interval and outcome, couldChange); each comparison's categories (items, method, outcome,
 * difference, interval, Holm level, p, Holm p) and guardWorse. `null` equals only `null`.
 */
export function sampledDisagreements(report: Json, py: Json): string[] {
  const d = new Differences();
  models(d, report, py);
  d.same("comparisons", report.comparisons.length, py.comparisons.length);
  for (const [n, c] of report.comparisons.entries()) {
    comparison(d, c, py.comparisons[n]);
    categories(d, c, py.categories.comparisons[c.adapter]);
  }
  return d.found;
}
