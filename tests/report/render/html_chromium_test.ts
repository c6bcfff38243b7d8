/**
 * The HTML report in a real browser: Debian's Chromium, headless, driven over the DevTools
 * protocol. It renders, both charts are laid out and visible (a screenshot of each has drawn
 * pixels), an item's panel is closed until its id is clicked in a list of fixed items (or its
 * summary is) and then shows the item whole,
 * nothing is fetched from the network, and the console shows no error. The reports of hostile
 * names and texts (issue 23's payloads), in HTML and in Markdown as a CommonMark renderer makes it
 * into a page, create no element or handler of theirs and keep their title. Skipped, saying so, only
 * when Chromium is not installed (`.ci/run` installs it).
 */

import assert from "node:assert/strict";
import { buildReport } from "../../../src/report/build_report.ts";
import { reportInputFromResults } from "../../../src/report/from_results.ts";
import { withItemPanels } from "../../../src/report/item_panels.ts";
import { renderHtml } from "../../../src/report/render/html.ts";
import { xlamToolCall } from "../../../src/score/xlam_tool_call.ts";
import MarkdownIt from "markdown-it";
import { renderMarkdown } from "../../../src/report/render/markdown.ts";
import { hostileNames, hostileReport, PAYLOADS } from "../_hostile.ts";
import { readPng } from "../_png.ts";
import { resultsFor, times } from "../_results.ts";
import { apartRows, syntheticItems, syntheticRows } from "../../run/_fixtures.ts";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function findChromium(): string | undefined {
  for (const path of CANDIDATES) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // not there
    }
  }
  return undefined;
}

const chromium = findChromium();
if (chromium === undefined) {
  console.warn(
    "SKIPPED: the HTML report's browser test needs Chromium (apt-get install chromium), which is " +
      `not installed here (looked for ${CANDIDATES.join(", ")})`,
  );
}

/** A DevTools protocol session on one WebSocket. */
class Cdp {
  #ws: WebSocket;
  #next = 1;
  #waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly events: { method: string; params: Record<string, unknown> }[] = [];
  #listeners: ((method: string) => void)[] = [];

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data));
      if (msg.id !== undefined) {
        const w = this.#waiting.get(msg.id);
        this.#waiting.delete(msg.id);
        if (msg.error) w?.reject(new Error(`${JSON.stringify(msg.error)}`));
        else w?.resolve(msg.result);
      } else {
        this.events.push({ method: msg.method, params: msg.params ?? {} });
        for (const l of this.#listeners) l(msg.method);
      }
    };
  }

  static open(url: string): Promise<Cdp> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => resolve(new Cdp(ws));
      ws.onerror = () => reject(new Error(`cannot open ${url}`));
    });
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = this.#next++;
    this.#ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) =>
      this.#waiting.set(id, { resolve: (v) => resolve(v as Record<string, unknown>), reject })
    );
  }

  until(method: string): Promise<void> {
    if (this.events.some((e) => e.method === method)) return Promise.resolve();
    return new Promise((resolve) => this.#listeners.push((m) => m === method && resolve()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.#ws.readyState === WebSocket.CLOSED) return resolve();
      this.#ws.onclose = () => resolve();
      this.#ws.close();
    });
  }
}

async function devtoolsUrl(stderr: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stderr.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`Chromium ended before listening:\n${seen}`);
    seen += value;
    const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
    if (match) {
      // Keep draining stderr so that the browser never blocks on it.
      (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })().catch(() => {});
      return match[1]!;
    }
  }
}

async function sampleHtml(): Promise<string> {
  const made = resultsFor({
    baseline: "base",
    adapters: ["tuned-a", "tuned-b"],
    // Every item a cluster of its own: the exact test decides, and the chart shows its colours.
    items: syntheticItems(200, apartRows(syntheticRows(200))),
    outcomes: {
      base: [...times(120, "match"), ...times(60, "no-call"), ...times(20, "arguments")],
      "tuned-a": [
        ...times(150, "match"),
        ...times(30, "no-call"),
        ...times(18, "arguments"),
        "error:http",
        null,
      ],
      "tuned-b": [...times(110, "match"), ...times(70, "no-call"), ...times(20, "arguments")],
    },
  });
  const report = buildReport(
    await reportInputFromResults(made.bytes, { scorer: xlamToolCall, items: made.items }),
  );
  return renderHtml(await withItemPanels(report, made.bytes, made.items));
}

/**
 * Runs `use` on a tab of a headless Chromium of its own (a fresh profile, no network of its own
 * asked for), with the runtime, log, network and page domains enabled and a temporary directory
 * for its pages; then closes the browser and removes both directories.
 */
async function inChromium(use: (tab: Cdp, dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "assess_html_" });
  const profile = await Deno.makeTempDir({ prefix: "assess_chromium_" });
  const child = new Deno.Command(chromium!, {
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--hide-scrollbars",
      `--user-data-dir=${profile}`,
      "--remote-debugging-address=127.0.0.1",
      "--remote-debugging-port=0",
      "--window-size=1100,900",
      "about:blank",
    ],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let browser: Cdp | undefined;
  let tab: Cdp | undefined;
  const deadline = setTimeout(() => child.kill("SIGKILL"), 90_000);
  try {
    const wsUrl = await devtoolsUrl(child.stderr);
    browser = await Cdp.open(wsUrl);
    const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" });
    const origin = new URL(wsUrl).host;
    tab = await Cdp.open(`ws://${origin}/devtools/page/${targetId}`);
    await tab.send("Runtime.enable");
    await tab.send("Log.enable");
    await tab.send("Network.enable");
    await tab.send("Page.enable");
    await use(tab, dir);
    await browser.send("Browser.close").catch(() => {});
  } finally {
    clearTimeout(deadline);
    await tab?.close();
    await browser?.close();
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
    await child.status;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}

Deno.test({
  name: chromium === undefined
    ? "the HTML report in headless Chromium (SKIPPED: chromium is not installed)"
    : "the HTML report in headless Chromium: renders, charts visible, an item's id opens its panel, which shows the item, no network, no console error",
  ignore: chromium === undefined,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    inChromium(async (tab, dir) => {
      const page = `${dir}/report.html`;
      await Deno.writeTextFile(page, await sampleHtml());
      const loaded = tab.until("Page.loadEventFired");
      await tab.send("Page.navigate", { url: `file://${page}` });
      await loaded;

      // Laid out: the page, both charts and their marks.
      const { result } = await tab.send("Runtime.evaluate", {
        returnByValue: true,
        expression: `(() => {
          const chart = (id) => {
            const svg = document.getElementById(id);
            if (!svg) return null;
            const r = svg.getBoundingClientRect();
            const style = getComputedStyle(svg);
            return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height,
              visible: style.display !== "none" && style.visibility !== "hidden",
              circles: svg.querySelectorAll("circle").length };
          };
          return { title: document.title, h1: document.querySelector("h1")?.textContent,
            tables: document.querySelectorAll("table").length,
            accuracy: chart("accuracy-chart"), difference: chart("difference-chart") };
        })()`,
      }) as { result: { value: Record<string, unknown> } };
      const seen = result.value as {
        title: string;
        h1: string;
        tables: number;
        accuracy: {
          x: number;
          y: number;
          width: number;
          height: number;
          visible: boolean;
          circles: number;
        };
        difference: {
          x: number;
          y: number;
          width: number;
          height: number;
          visible: boolean;
          circles: number;
        };
      };
      assert.equal(seen.title, "assess report: tuned-a, tuned-b against base");
      assert.equal(seen.h1, seen.title);
      assert.ok(seen.tables >= 8, `${seen.tables} tables`);
      for (
        const [name, chart, dots] of [["accuracy", seen.accuracy, 3], [
          "difference",
          seen.difference,
          2,
        ]] as const
      ) {
        assert.ok(chart, `no ${name} chart`);
        assert.ok(
          chart.visible && chart.width > 300 && chart.height > 50,
          `${name}: ${JSON.stringify(chart)}`,
        );
        assert.equal(chart.circles, dots);
        // Drawn: a screenshot of the chart has many pixels that are not the page's white.
        const shot = await tab.send("Page.captureScreenshot", {
          format: "png",
          captureBeyondViewport: true,
          clip: { x: chart.x, y: chart.y, width: chart.width, height: chart.height, scale: 1 },
        });
        const png = await readPng(Uint8Array.from(atob(String(shot.data)), (c) => c.charCodeAt(0)));
        let drawn = 0;
        let coloured = 0;
        for (let i = 0; i < png.rgba.length; i += 4) {
          const [r, g, b] = [png.rgba[i]!, png.rgba[i + 1]!, png.rgba[i + 2]!];
          if (r < 250 || g < 250 || b < 250) drawn++;
          if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++; // the blue/green marks
        }
        const share = drawn / (png.width * png.height);
        assert.ok(
          share > 0.2,
          `${name} chart: only ${(share * 100).toFixed(1)}% of its pixels drawn`,
        );
        assert.ok(coloured > 100, `${name} chart: ${coloured} coloured pixels`);
      }

      // An item's panel: closed in the items section; its id, in the closed list of the items
      // tuned-a fixed, links to it. A click on the list's summary and then on the id, as a
      // reader does, opens the panel (the browser opens a closed <details> it navigates into).
      const panel = async () =>
        ((await tab!.send("Runtime.evaluate", {
          returnByValue: true,
          expression: `(() => {
            // Item 120: only tuned-a right (it fixed it).
            const p = document.getElementById("item-120").nextElementSibling; // its .panel
            const d = p.closest("details.item");
            const link = [...document.querySelectorAll('a[href="#item-120"]')]
              .find((a) => a.closest("details")?.querySelector("summary").textContent.startsWith("fixed"));
            const list = link.closest("details");
            const at = (e) => {
              e.scrollIntoView({ block: "center" });
              const r = e.getBoundingClientRect();
              return { x: r.x + 5, y: r.y + r.height / 2 };
            };
            return { listOpen: list.open, open: d.open, summary: d.querySelector("summary").textContent,
              list: at(list.querySelector("summary")), link: list.open ? at(link) : null,
              visible: p.checkVisibility(), height: p.getBoundingClientRect().height,
              text: p.innerText };
          })()`,
        })) as { result: { value: Record<string, unknown> } }).result.value as {
          listOpen: boolean;
          open: boolean;
          summary: string;
          list: { x: number; y: number };
          link: { x: number; y: number } | null;
          visible: boolean;
          height: number;
          text: string;
        };
      const click = async (at: { x: number; y: number }) => {
        for (const type of ["mousePressed", "mouseReleased"]) {
          await tab!.send("Input.dispatchMouseEvent", {
            type,
            x: at.x,
            y: at.y,
            button: "left",
            clickCount: 1,
          });
        }
      };
      const closed = await panel();
      assert.deepEqual([closed.listOpen, closed.open, closed.visible], [false, false, false]);
      assert.equal(closed.summary, "item 120 (single): fixed by tuned-a");
      await click(closed.list);
      const listed = await panel();
      assert.deepEqual([listed.listOpen, listed.open, listed.visible], [true, false, false]);
      await click(listed.link!);
      let opened = await panel();
      for (let i = 0; i < 50 && !opened.visible; i++) {
        await new Promise((r) => setTimeout(r, 20));
        opened = await panel();
      }
      assert.deepEqual([opened.listOpen, opened.open, opened.visible], [true, true, true]);
      assert.ok(opened.height > 50, `the open panel is ${opened.height} px high`);
      // Item 120: base answered with no call, tuned-a with the key, tuned-b with no call.
      for (
        const shown of [
          "query: Question number 120?",
          "category: single",
          "tools offered: tool_1",
          'tool_1({"x":120})',
          "I would rather not.",
          "wrong: no-call the reply has no calls, the answer has 1",
          "right: match the call is the answer's",
        ]
      ) {
        assert.ok(opened.text.includes(shown), `the panel does not show ${shown}:\n${opened.text}`);
      }
      // A panel's own summary opens it too.
      const other = async () =>
        ((await tab!.send("Runtime.evaluate", {
          returnByValue: true,
          expression: `(() => {
            const d = [...document.querySelectorAll("h2#items ~ details.item")].find((x) => !x.open);
            d.id = "probe";
            const s = d.querySelector("summary");
            s.scrollIntoView({ block: "center" });
            const r = s.getBoundingClientRect();
            return { x: r.x + 5, y: r.y + r.height / 2 };
          })()`,
        })) as { result: { value: { x: number; y: number } } }).result.value;
      await click(await other());
      const { result: shownOther } = await tab.send("Runtime.evaluate", {
        returnByValue: true,
        expression: `document.getElementById("probe").open &&
          document.querySelector("#probe .panel").checkVisibility()`,
      }) as { result: { value: boolean } };
      assert.equal(shownOther.value, true);
      for (const model of ["base", "tuned-a", "tuned-b", "answer key"]) {
        assert.match(opened.text, new RegExp(`^${model}\t`, "m"));
      }

      // Hostile names, queries, replies and results-file texts (issue 23): the HTML report, and
      // the Markdown report as a CommonMark renderer makes it into a page, create no element
      // of theirs, no handler runs, and the title stays the report's.
      for (const [i, payload] of PAYLOADS.entries()) {
        const report = await hostileReport(payload);
        // A line break in a name: `\n` in Markdown (as in text), a space in HTML.
        const { baseline, adapter } = hostileNames(payload);
        const pages = [
          ["html", renderHtml(report), `assess report: ${adapter} against ${baseline}`],
          [
            "md",
            '<!doctype html><meta charset="utf-8"><title>assess report</title>\n' +
            new MarkdownIt({ html: true }).render(renderMarkdown(report)),
            "assess report",
          ],
        ] as const;
        for (const [format, html, title] of pages) {
          const file = `${dir}/hostile-${i}.${format}.html`;
          await Deno.writeTextFile(file, html);
          tab.events.length = 0;
          const done = tab.until("Page.loadEventFired");
          await tab.send("Page.navigate", { url: `file://${file}` });
          await done;
          const { result } = await tab.send("Runtime.evaluate", {
            returnByValue: true,
            expression: `({ title: document.title,
              foreign: [...document.querySelectorAll("img, script, iframe, object, embed, link, a")]
                .filter((e) => !(e.tagName === "A" && /^#item-\\d+$/.test(e.getAttribute("href"))))
                .map((e) => e.outerHTML),
              handlers: [...document.querySelectorAll("*")].flatMap((e) =>
                [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)) })`,
          }) as { result: { value: { title: string; foreign: string[]; handlers: string[] } } };
          const what = `${format} page, payload ${JSON.stringify(payload)}`;
          assert.deepEqual(result.value.foreign, [], what);
          assert.deepEqual(result.value.handlers, [], what);
          // The HTML report keeps a name's line break as the space HTML makes of it.
          assert.equal(result.value.title.replace(/\s+/g, " "), title.replace(/\s+/g, " "), what);
          assert.ok(!tab.events.some((e) => e.method === "Page.javascriptDialogOpening"), what);
        }
      }

      // Nothing from the network, no console error, no exception.
      const requests = tab.events
        .filter((e) => e.method === "Network.requestWillBeSent")
        .map((e) => String((e.params.request as { url: string }).url));
      assert.deepEqual(
        requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:")),
        [],
      );
      const problems = tab.events.filter((e) =>
        e.method === "Runtime.exceptionThrown" ||
        (e.method === "Runtime.consoleAPICalled" &&
          ["error", "warning", "assert"].includes(String(e.params.type))) ||
        (e.method === "Log.entryAdded" &&
          ["error", "warning"].includes(String((e.params.entry as { level: string }).level)))
      );
      assert.deepEqual(problems, []);
    }),
});

/** Where the phone test writes its screenshots for a person to look at, when set. */
const SHOTS = Deno.env.get("ASSESS_HTML_SHOTS");

Deno.test({
  name: chromium === undefined
    ? "the HTML report on a phone (SKIPPED: chromium is not installed)"
    : "the HTML report on a phone, 390 px wide: the page never scrolls sideways and the decision at a glance fits the width",
  ignore: chromium === undefined,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    inChromium(async (tab, dir) => {
      // A phone's viewport (an iPhone 12 to 15 is 390 CSS pixels wide), as a phone lays it out.
      await tab.send("Emulation.setDeviceMetricsOverride", {
        width: 390,
        height: 844,
        deviceScaleFactor: 1,
        mobile: true,
      });
      const golden = (path: string) =>
        Deno.readTextFile(new URL(`../golden/${path}`, import.meta.url));
      const pages: [string, string][] = [
        ["report", await golden("report.html")],
        ["replicas", await golden("replicas/report.html")],
        ["sampled", await golden("sampled/report.html")],
        ["sampled-panels", await golden("sampled/panels.html")],
        ["panels", await sampleHtml()],
      ];
      for (const [name, html] of pages) {
        const file = `${dir}/${name}.html`;
        await Deno.writeTextFile(file, html);
        tab.events.length = 0;
        const loaded = tab.until("Page.loadEventFired");
        await tab.send("Page.navigate", { url: `file://${file}` });
        await loaded;
        const { result } = await tab.send("Runtime.evaluate", {
          returnByValue: true,
          expression: `(() => {
            const width = document.documentElement.clientWidth;
            // Every box that reaches past the viewport's right edge and is not inside a box
            // that scrolls on its own: what makes the page scroll sideways.
            const scrolls = (e) => {
              for (let p = e.parentElement; p !== null; p = p.parentElement) {
                if (p === document.body) return false;
                if (["auto", "scroll"].includes(getComputedStyle(p).overflowX)) return true;
              }
              return false;
            };
            const past = [...document.body.querySelectorAll("*")]
              .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !scrolls(e))
              .slice(0, 5).map((e) => e.tagName + " " + e.textContent.slice(0, 60));
            // The decision at a glance: the one-sample report's, or the sampled report's
            // comparisons.
            const glance = document.querySelector("table.glance") ?? [...document.querySelectorAll("h2")]
              .find((h) => h.textContent === "Comparisons")?.nextElementSibling ?? null;
            const cells = glance === null ? [] : [...glance.querySelectorAll("td")].map((td) => {
              const r = td.getBoundingClientRect();
              return { text: td.innerText, left: r.left, right: r.right,
                shown: td.checkVisibility() && r.width > 0 };
            });
            return { width, scrollWidth: document.documentElement.scrollWidth, past,
              glance: glance === null ? null : { scrollWidth: glance.scrollWidth,
                clientWidth: glance.clientWidth, cells } };
          })()`,
        }) as {
          result: {
            value: {
              width: number;
              scrollWidth: number;
              past: string[];
              glance: {
                scrollWidth: number;
                clientWidth: number;
                cells: { text: string; left: number; right: number; shown: boolean }[];
              } | null;
            };
          };
        };
        const seen = result.value;
        assert.ok(seen !== undefined, `${name}: ${JSON.stringify(result)}`);
        if (SHOTS !== undefined) {
          const shot = await tab.send("Page.captureScreenshot", { format: "png" });
          await Deno.writeFile(
            `${SHOTS}/${name}-390.png`,
            Uint8Array.from(atob(String(shot.data)), (c) => c.charCodeAt(0)),
          );
        }
        assert.equal(seen.width, 390, name);
        assert.ok(
          seen.scrollWidth <= seen.width,
          `${name}: the page is ${seen.scrollWidth} px wide in a 390 px viewport: ${
            seen.past.join(" | ")
          }`,
        );
        assert.deepEqual(seen.past, [], name);
        assert.ok(seen.glance !== null, `${name}: no decision at a glance`);
        // The decision at a glance whole, in the width: nothing in it scrolled out of sight.
        assert.ok(
          seen.glance.scrollWidth <= seen.glance.clientWidth,
          `${name}: the glance is ${seen.glance.scrollWidth} px wide in ${seen.glance.clientWidth}`,
        );
        assert.ok(seen.glance.cells.length >= 6, name);
        for (const cell of seen.glance.cells) {
          assert.ok(
            cell.shown && cell.left >= 0 && cell.right <= seen.width + 0.5,
            `${name}: the glance's cell ${
              JSON.stringify(cell.text)
            } is at ${cell.left}..${cell.right}`,
          );
        }
      }
    }),
});
