/**
 * The settings of assess.yaml by name and place, read from its JSON Schema: what an unknown key's
 * refusal says it may have meant (a close name at its place, or the place where a key of that name
 * belongs). Private to `src/config/`.
 *
 * @module
 */

import assessSchema from "../../schema/assess.schema.json" with { type: "json" };

/** A setting: its name and its parent's place, as `models.adapters[]` for a list's elements. */
interface Setting {
  readonly name: string;
  readonly parent: string;
}

function join(parent: string, name: string): string {
  return parent === "" ? name : `${parent}.${name}`;
}

/** Every setting of the schema, in its order, walking `properties`, `items` and the `if`s. */
function settingsOf(schema: unknown, parent: string, into: Setting[]): Setting[] {
  if (schema === null || typeof schema !== "object") return into;
  const node = schema as Record<string, unknown>;
  const properties = node.properties;
  if (properties !== null && typeof properties === "object") {
    for (const [name, child] of Object.entries(properties)) {
      if (!into.some((s) => s.name === name && s.parent === parent)) into.push({ name, parent });
      settingsOf(child, join(parent, name), into);
    }
  }
  if (node.items !== undefined) settingsOf(node.items, `${parent}[]`, into);
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    for (const sub of list) settingsOf(sub, parent, into);
  }
  for (const key of ["if", "then", "else"]) settingsOf(node[key], parent, into);
  return into;
}

const SETTINGS: readonly Setting[] = settingsOf(assessSchema, "", []);

/** A key's place as settings name it: list indices as `[]` (`models.adapters.0` → `models.adapters[]`). */
function placeOf(path: string): string {
  return path.split(".").map((s) => /^[0-9]+$/.test(s) ? "[]" : `.${s}`).join("").slice(1);
}

/** A name without case, `_`, `-` or spaces: `max_tokens`, `MaxTokens` and `maxtokens` alike. */
function folded(name: string): string {
  return name.toLowerCase().replace(/[_\-\s]/g, "");
}

/** The optimal string alignment distance: edits, a swap of two neighbours counting as one. */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** The settings whose names are closest to `key` within a few edits (one for a short key). */
function closest(key: string, among: readonly Setting[]): Setting[] {
  const limit = key.length <= 4 ? 1 : 2;
  let best = limit + 1;
  let found: Setting[] = [];
  for (const s of among) {
    const d = distance(folded(key), folded(s.name));
    if (d < best) [best, found] = [d, [s]];
    else if (d === best) found.push(s);
  }
  return found;
}

/**
 * What an unknown key may have meant, as the end of its refusal: a setting at its place written
 * alike but for case and `_`/`-` (`; did you mean 'maxTokens'?`); else the places where a setting
 * of that name, or of a name written alike, belongs (`; it belongs at sampling.temperature`,
 * `; did you mean sampling.maxTokens?`); else a setting at its place, then elsewhere, a few edits
 * away (`; did you mean 'concurrency'?`). Empty when none is close.
 *
 * @param key The unknown key.
 * @param path The place it was found at, dotted (`""` for the top level).
 * @returns The hint, starting with `; `, or `""`.
 */
export function settingHint(key: string, path: string): string {
  const place = placeOf(path);
  const here = SETTINGS.filter((s) => s.parent === place);
  const elsewhere = SETTINGS.filter((s) => s.parent !== place);
  const hereAlike = here.find((s) => folded(s.name) === folded(key));
  if (hereAlike !== undefined) return `; did you mean '${hereAlike.name}'?`;
  const named = elsewhere.filter((s) => s.name === key);
  if (named.length > 0) return `; it belongs at ${places(named)}`;
  const alike = elsewhere.filter((s) => folded(s.name) === folded(key));
  if (alike.length > 0) return `; did you mean ${places(alike)}?`;
  const near = closest(key, here);
  if (near.length > 0) return `; did you mean ${near.map((s) => `'${s.name}'`).join(" or ")}?`;
  const far = closest(key, elsewhere);
  return far.length > 0 ? `; did you mean ${places(far)}?` : "";
}

function places(settings: readonly Setting[]): string {
  return settings.map((s) => join(s.parent, s.name)).join(" or ");
}
