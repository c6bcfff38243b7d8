import assert from "node:assert/strict";
import { Progress } from "../../src/run/progress.ts";
import { showProgress } from "../../src/cli/progress_display.ts";

function output(isTerminal: boolean) {
  let text = "";
  return {
    out: { isTerminal, write: (t: string) => Promise.resolve(void (text += t)) },
    text: () => text,
  };
}

const starts = [
  { model: "base", total: 4, answered: 0, correct: 0 },
  { model: "tuned", total: 4, answered: 0, correct: 0 },
];

Deno.test({
  name: "progress on a terminal: redrawn in place, and a notice clears the lines it would cut",
  permissions: "none",
  fn: async () => {
    const o = output(true);
    const display = showProgress(new Progress(starts, 0), o.out, () => 1000);
    display.notice("before the session: printed as it is");
    display.begin();
    await display.finish();
    display.notice("WARNING: \u001b[31mred\u001b[0m");
    await display.finish();
    const block = "\x1b[2Kbase   0/4  0.0 req/s  ETA ?  errors 0  retries 0  accuracy -\n" +
      "\x1b[2Ktuned  0/4  0.0 req/s  ETA ?  errors 0  retries 0  accuracy -\n";
    assert.equal(
      o.text(),
      "before the session: printed as it is\n" + block +
        // Up two lines, cleared, the notice escaped to one line, then the lines drawn again.
        "\x1b[2A\x1b[JWARNING: \\u001b[31mred\\u001b[0m\n" + block,
    );
  },
});

Deno.test({
  name: "progress elsewhere: plain lines marked progress, and nothing before the session begins",
  permissions: "none",
  fn: async () => {
    const o = output(false);
    const idle = showProgress(new Progress(starts, 0), o.out, () => 0);
    await idle.finish();
    assert.equal(o.text(), "", "a run that never began shows no progress");
    const display = showProgress(new Progress(starts, 0), o.out, () => 0);
    display.begin();
    await display.finish();
    assert.equal(
      o.text(),
      "progress base   0/4  0.0 req/s  ETA ?  errors 0  retries 0  accuracy -\n" +
        "progress tuned  0/4  0.0 req/s  ETA ?  errors 0  retries 0  accuracy -\n",
    );
  },
});

Deno.test({
  name: "progress shows the probe's line first once it has sends: made of planned, and its checks",
  permissions: "none",
  fn: async () => {
    const o = output(false);
    const progress = new Progress(starts, 0);
    progress.probePlanned(8);
    progress.probeSent();
    progress.probeSent();
    progress.probeChecked("same");
    // A replica taken out: two of its sends will not be made.
    progress.probePlanned(-2);
    const display = showProgress(progress, o.out, () => 0);
    display.begin();
    await display.finish();
    assert.equal(
      o.text(),
      "progress probe  2/6 sends  same 1  different 0  inconclusive 0\n" +
        "progress base   0/4  0.0 req/s  ETA ?  errors 0  retries 0  accuracy -\n" +
        "progress tuned  0/4  0.0 req/s  ETA ?  errors 0  retries 0  accuracy -\n",
    );
  },
});
