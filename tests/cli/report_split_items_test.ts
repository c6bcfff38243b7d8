/**
 * A results file that holds records for items the split does not (issue 36): `assess report`, in
 * every mode (text, json, -gate, -config with the panels, -scoring lenient, several samples per
 * item), and `assess run` resuming it refuse it with exit 65 and one line that names the item and
 * the line, where they counted the records (a report "complete: all 80 (model, item) pairs
 * scored") or ended in an internal error (exit 70).
 */

import assert from "node:assert/strict";
import { readAll } from "../results/_read_all.ts";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { assess } from "./_in_process.ts";

const ROWS = 100;
const SIZE = 40;

/** A run of base and tuned on 40 of 100 rows (each item `samples` times), and its results file. */
async function ran(samples?: number) {
  const emu = await startEmulator({
    rows: syntheticRows(ROWS),
    adapters: ["tuned"],
    ...(samples === undefined
      ? {}
      : { scripts: { base: { sampled: true }, tuned: { sampled: true } } }),
  });
  try {
    const s = await setupRun(ROWS, {
      url: emu.url,
      adapters: [{ name: "tuned" }],
      size: SIZE,
      ...(samples === undefined ? {} : { samples, temperature: 0.7 }),
    });
    const run = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(run.code, 0, run.stderr);
    // The records in an order the tests can count on: the baseline's, then tuned's, each by
    // index and sample (a report and a resume read any order).
    const lines = (await Deno.readTextFile(s.out)).split("\n");
    const key = (line: string) => {
      const m =
        /^\{"kind":"result","model":"(\w+)","itemId":\d+,"itemIndex":(\d+),(?:"sample":(\d+),)?/
          .exec(line);
      return m === null ? null : [m[1] === "base" ? 0 : 1, Number(m[2]), Number(m[3] ?? 0)];
    };
    const results = lines.filter((l) => key(l) !== null).sort((a, b) => {
      const [x, y] = [key(a)!, key(b)!];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
    const text = [lines[0], lines[1], ...results, ...lines.slice(2).filter((l) => key(l) === null)]
      .join("\n");
    await Deno.writeTextFile(s.out, text);
    const file = await readAll(new TextEncoder().encode(text));
    const heldOut = [
      ...new Set(file.records.flatMap((r) => r.kind === "result" ? [r.itemIndex] : [])),
    ].sort((a, b) => a - b);
    assert.equal(heldOut.length, SIZE);
    return { ...s, text, heldOut };
  } finally {
    await emu.close();
  }
}

/**
 * The file with the baseline's records for its last 20 held-out items given to other items: each
 * `to(k)` (an id and an index) for the k-th of them; and the line of the first record changed.
 */
function replaced(
  text: string,
  heldOut: readonly number[],
  to: (k: number) => { id: number; index: number },
): { text: string; line: number } {
  const moved = new Map(heldOut.slice(SIZE - 20).map((index, k) => [index, to(k)]));
  let first = 0;
  const lines = text.split("\n").map((line, i) => {
    const m = /^\{"kind":"result","model":"base","itemId":(\d+),"itemIndex":(\d+),/.exec(line);
    const into = m === null ? undefined : moved.get(Number(m[2]));
    if (into === undefined) return line;
    first ||= i + 1;
    return line.replace(
      `"itemId":${m![1]},"itemIndex":${m![2]},`,
      `"itemId":${into.id},"itemIndex":${into.index},`,
    );
  });
  return { text: lines.join("\n"), line: first };
}

/** The one line a refusal prints, for the results file `path`, its line `line`. */
function refusal(path: string, line: number, rest: string): string {
  return `assess report: ${path}: line ${line} of the results file holds ${rest}\n`;
}

Deno.test("assess report refuses records of items the split does not hold, in every mode: 65, one line", async (t) => {
  const s = await ran();
  const bad = `${s.dir}/bad.jsonl`;
  // Items 5000 to 5019, at indexes of their own, as the file: without -config, more items
  // than the split's 40; with it, the first one is not the split's.
  const renumbered = replaced(s.text, s.heldOut, (k) => ({ id: 5000 + k, index: 5000 + k }));
  // Items 5000 to 5019 at the held-out items' own indexes: tuned's records give those indexes
  // other ids.
  const sameIndex = replaced(
    s.text,
    s.heldOut,
    (k) => ({ id: 5000 + k, index: s.heldOut[20 + k]! }),
  );
  // A row of the dataset that is not held out, at its own index: only the split knows it is not
  // one of its items.
  const outside = [...Array(ROWS).keys()].filter((i) => !s.heldOut.includes(i));
  const notHeldOut = replaced(s.text, s.heldOut, (k) => ({ id: outside[k]!, index: outside[k]! }));
  const lineOf = (file: { text: string }, needle: RegExp) =>
    file.text.split("\n").findIndex((l) => needle.test(l)) + 1;
  // Where tuned's record of the first moved index is.
  const tunedAt = lineOf(
    s,
    new RegExp(`^\\{"kind":"result","model":"tuned","itemId":${s.heldOut[20]},`),
  );
  const plain = async (file: { text: string }, args: string[]) => {
    await Deno.writeTextFile(bad, file.text);
    return await assess(["report", "-in", bad, ...args]);
  };
  await t.step(
    "renumbered (the issue's file): more items than the split's, every format and -gate",
    async () => {
      // The baseline's records come first: its 20 renumbered items are the 21st to the 40th, and
      // tuned's first record of the 20 items they replaced is the 41st.
      for (const args of [[], ["-gate"], ["-format", "json"], ["-format", "html"]]) {
        const r = await plain(renumbered, args);
        assert.equal(r.code, 65, `${args}: ${r.stderr}`);
        assert.equal(r.stdout, "");
        assert.equal(
          r.stderr,
          refusal(
            bad,
            tunedAt,
            `item ${s.heldOut[20]} (index ${
              s.heldOut[20]
            }), a 41st item where the split holds 40: ` +
              "the results hold items the split does not",
          ),
        );
      }
    },
  );
  await t.step(
    "renumbered, -config (and its panels, and the lenient reading): the first not the split's",
    async () => {
      for (
        const args of [
          ["-config", s.config],
          ["-config", s.config, "-format", "html"],
          ["-scoring", "lenient", "-config", s.config, "-gate"],
        ]
      ) {
        const r = await plain(renumbered, args);
        assert.equal(r.code, 65, `${args}: ${r.stderr}`);
        assert.equal(r.stdout, "");
        assert.equal(
          r.stderr,
          refusal(bad, renumbered.line, "item 5000 (index 5000), which the split does not hold"),
        );
      }
    },
  );
  await t.step("at the held-out items' indexes: an index with two items", async () => {
    const r = await plain(sameIndex, ["-gate"]);
    assert.equal(r.code, 65, r.stderr);
    assert.equal(
      r.stderr,
      refusal(
        bad,
        tunedAt,
        `item ${s.heldOut[20]} (index ${s.heldOut[20]}), where line ${sameIndex.line} holds ` +
          "item 5000: an index names one item",
      ),
    );
    const c = await plain(sameIndex, ["-config", s.config]);
    assert.equal(c.code, 65, c.stderr);
    assert.equal(
      c.stderr,
      refusal(
        bad,
        sameIndex.line,
        `item 5000 (index ${s.heldOut[20]}), where the split holds item ${s.heldOut[20]}`,
      ),
    );
  });
  await t.step("rows of the dataset that are not held out: -config names them", async () => {
    const c = await plain(notHeldOut, ["-config", s.config, "-format", "json"]);
    assert.equal(c.code, 65, c.stderr);
    assert.equal(
      c.stderr,
      refusal(
        bad,
        notHeldOut.line,
        `item ${outside[0]} (index ${outside[0]}), which the split does not hold`,
      ),
    );
    // Without the split, 60 items where it holds 40.
    assert.equal((await plain(notHeldOut, [])).code, 65);
    // With tuned's records of the 20 items left out, the file names 40 items, one id an index:
    // only the split's items (-config) can say that 20 of them are not its own.
    const moved = new Set(s.heldOut.slice(20));
    const alone = {
      text: notHeldOut.text.split("\n").filter((l) => {
        const m = /^\{"kind":"result","model":"tuned","itemId":\d+,"itemIndex":(\d+),/.exec(l);
        return m === null || !moved.has(Number(m[1]));
      }).join("\n"),
    };
    assert.equal((await plain(alone, ["-gate"])).code, 3, "undecided: pairs never asked");
    assert.equal((await plain(alone, ["-config", s.config])).code, 65);
  });
  await t.step("more records than the split has items: 65, never 70", async () => {
    const extra = s.text +
      s.text.split("\n").filter((l) => l.startsWith('{"kind":"result","model":"base"'))
        .slice(0, 1).map((l) =>
          l.replace(/"itemId":\d+,"itemIndex":\d+,/, '"itemId":5000,"itemIndex":5000,')
        )
        .join("\n") +
      "\n";
    const at = extra.split("\n").length - 1;
    for (const args of [[], ["-config", s.config]]) {
      const r = await plain({ text: extra }, args);
      assert.equal(r.code, 65, r.stderr);
      assert.match(
        r.stderr,
        new RegExp(
          `^assess report: .*: line ${at} of the results file holds item 5000 \\(index 5000\\)`,
        ),
      );
    }
  });
  await Deno.remove(s.dir, { recursive: true });
});

Deno.test("samples: 4: a report refuses records of items the split does not hold, with -config too", async () => {
  const s = await ran(4);
  const bad = `${s.dir}/bad.jsonl`;
  const renumbered = replaced(s.text, s.heldOut, (k) => ({ id: 5000 + k, index: 5000 + k }));
  await Deno.writeTextFile(bad, renumbered.text);
  for (const args of [["-gate"], ["-format", "json"]]) {
    const r = await assess(["report", "-in", bad, ...args]);
    assert.equal(r.code, 65, r.stderr);
    assert.equal(r.stdout, "");
    assert.match(
      r.stderr,
      /^assess report: .*bad\.jsonl: line \d+ of the results file holds item \d+ \(index \d+\), a 41st item where the split holds 40: the results hold items the split does not\n$/,
    );
  }
  const c = await assess(["report", "-in", bad, "-config", s.config]);
  assert.equal(c.code, 65, c.stderr);
  assert.equal(
    c.stderr,
    refusal(bad, renumbered.line, "item 5000 (index 5000), which the split does not hold"),
  );
  await Deno.remove(s.dir, { recursive: true });
});

Deno.test("assess run resuming a file with records of items the split does not hold: 65, one line, the file untouched", async () => {
  const s = await ran();
  // The baseline's records for 20 items given to rows of the dataset that are not held out.
  const outside = [...Array(ROWS).keys()].filter((i) => !s.heldOut.includes(i));
  const moved = replaced(s.text, s.heldOut, (k) => ({ id: outside[k]!, index: outside[k]! }));
  await Deno.writeTextFile(s.out, moved.text);
  const emu = await startEmulator({ rows: syntheticRows(ROWS), adapters: ["tuned"] });
  try {
    const config = (await Deno.readTextFile(s.config)).replace(/url: .*/, `url: ${emu.url}`);
    await Deno.writeTextFile(s.config, config);
    const r = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(r.code, 65, r.stderr);
    assert.equal(r.stdout, "");
    assert.equal(
      r.stderr,
      `assess run: ${s.out}: line ${moved.line} of the results file holds item ${outside[0]} ` +
        `(index ${outside[0]}), which the split does not hold\n`,
    );
    assert.equal(await Deno.readTextFile(s.out), moved.text);
  } finally {
    await emu.close();
  }
  await Deno.remove(s.dir, { recursive: true });
});
