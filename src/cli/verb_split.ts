/**
 * `assess split`.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import { CONFIG_FLAG, readConfig } from "./read_config.ts";
import { UsageError } from "./usage_error.ts";
import type { Io } from "./io.ts";
import type { Verb } from "./verb.ts";
import { refuseSameFile } from "./same_file.ts";
import { oneLine } from "../text/one_line.ts";
import type { FlagValues } from "./flags.ts";
import { isFileFailure, readFailure, writeFailure } from "./file_failure.ts";
import type { ChatTemplate } from "../request/chat_template.ts";
import { ChatTemplateError } from "../request/chat_template_error.ts";

/** The most bytes of a chat template file read (a tokenizer configuration is a few MiB at most). */
const MAX_TEMPLATE_BYTES = 64 << 20;

/**
 * `assess split [-config FILE] -out FILE [-train FILE [-train-format openai|hf | -chat-template
 * FILE]]`: reads the config and the dataset, takes the held-out split (`split.v1`) and writes the
 * split file atomically to `-out`, replacing one already there; with `-train`, first writes the
 * training file (the complement as JSON Lines, `src/request/training.ts`) atomically too, as a
 * stream: in OpenAI's chat fine-tuning format (`-train-format openai`, the default), with one type
 * shape on every line (`hf`), or as prompt–completion text rendered by a model's chat template
 * (`-chat-template`, `src/request/chat_template.ts`; `-template-date` gives its `strftime_now` a
 * day). Prints two lines (the counts, with the
 * training file's, then the digest), then, with `probes`, how many items each probe adds
 * (`src/split/probes.ts`), then what the split could detect (the minimum detectable
 * difference at 5%, 10% and 20% of items discordant, for the config's adapters), and exits 0. A
 * dataset refused: 65. A size the dataset cannot give, a file that cannot be written, an output
 * that is the same file as the config, the dataset or the other output (`same_file.ts`), a format
 * flag without `-train` or both format flags, an unknown format, or a chat template that cannot
 * be read or fails on an item (named): 64, and a file already there is left as it was. Any
 * other error while the training file's lines are made is a bug: 70.
 */
export const splitVerb: Verb = {
  name: "split",
  permissions: "--allow-read=assess.yaml,DATASET,OUTDIR --allow-write=OUTDIR",
  summary: "take the held-out split and write the split file",
  usage: "[-config FILE] -out FILE [-train FILE [-train-format openai|hf | -chat-template FILE " +
    "[-template-date DAY]]]",
  flags: {
    config: CONFIG_FLAG,
    out: {
      kind: "string",
      help: "the split file to write",
      placeholder: "FILE",
      required: true,
    },
    train: {
      kind: "string",
      help: "also write the training file: the complement as JSON Lines",
      placeholder: "FILE",
    },
    "train-format": {
      kind: "string",
      help: "the training file's format: openai (OpenAI's chat fine-tuning), or hf (one type " +
        "shape on every line) (default openai)",
      placeholder: "FORMAT",
    },
    "chat-template": {
      kind: "string",
      help: "write the training file as prompt-completion text rendered by this chat template " +
        "(a tokenizer_config.json, or a .jinja file)",
      placeholder: "FILE",
    },
    "template-date": {
      kind: "string",
      help: "the day the chat template's strftime_now writes, YYYY-MM-DD (default: none is " +
        "given, and a template that asks for it writes its own date)",
      placeholder: "DAY",
    },
  },
  async run(flags, io) {
    const out = flags.out as string;
    const train = flags.train as string | undefined;
    const configPath = flags.config as string;
    const format = formatFlags(flags, train !== undefined);
    const config = await readConfig(configPath, io);
    await refuseSameFile("split", [
      { name: "-config", path: configPath, output: false },
      { name: "the dataset", path: config.dataset.path, output: false },
      { name: "-out", path: out, output: true },
      ...(train === undefined ? [] : [{ name: "-train", path: train, output: true }]),
      ...(format.template === undefined
        ? []
        : [{ name: "-chat-template", path: format.template, output: false }]),
    ], io);
    // Loaded here, not at start-up: the split brings node:crypto, which other verbs do not need.
    const [{ loadSplit }, { complementItems, heldOutItems, splitFileText }] = await Promise.all([
      import("./load_split.ts"),
      import("../split/split.ts"),
    ]);
    // The template is read before the dataset: a file that holds none is refused at once.
    const template = format.template === undefined
      ? undefined
      : await readTemplate(io, format.template, format.date);
    const { dataset, split } = await loadSplit(config, io);
    // The probes' items, made before any file is written: a probe item's id that is a held-out
    // item's is refused (65) with nothing written.
    let probes = "";
    if (config.probes.length > 0) {
      const { probeItems, probeCountLines } = await import("../split/probes.ts");
      const sets = probeItems(heldOutItems(dataset, split), {
        digest: split.digest,
        probes: config.probes,
      });
      probes = probeCountLines(sets, split.heldOut.length);
    }
    let trained = "";
    if (train !== undefined) {
      // Written first: a split file never names a training file older than itself.
      const [{ trainingParts }, { requestSettings }] = await Promise.all([
        import("../request/training.ts"),
        import("../request/request.ts"),
      ]);
      // The run's own settings: the same system prompt and chat_template_kwargs as its requests.
      const settings = requestSettings(config);
      const file = trainingParts(complementItems(dataset, split), settings.system, {
        format: template ?? format.name,
        templateKwargs: { [settings.templateKey]: settings.thinking },
      });
      await write(io, train, file.parts);
      const counts = file.counts();
      trained =
        `; ${oneLine(train)}: ${counts.lines} training ${counts.lines === 1 ? "line" : "lines"} ` +
        `(left out: ${counts.ineligible} ineligible, ${counts.noReply} with no call and no text)`;
    }
    await write(io, out, new TextEncoder().encode(splitFileText(split)));
    const held = split.heldOut.length;
    await io.stdout.write(
      `${oneLine(out)}: ${held} ${held === 1 ? "item" : "items"} held out, ` +
        `${split.complement.length} in the complement, ${split.twinsExcluded} left out of it as ` +
        `identical to a held-out item${trained}\ndigest ${split.digest}\n`,
    );
    await io.stdout.write(probes);
    // Loaded only here: the statistics are not part of the split itself.
    const { detectableLines } = await import("../report/split_detectable.ts");
    await io.stdout.write(detectableLines(held, config.models.adapters.length));
    const { sampledDetectableLines } = await import("../report/split_detectable_samples.ts");
    const k = config.sampling.samples;
    await io.stdout.write(sampledDetectableLines(held, config.models.adapters.length, k));
    return ExitCode.ok;
  },
};

/** The training format the flags ask for: a name, or a chat template's path. */
function formatFlags(
  flags: FlagValues,
  training: boolean,
): { name: "openai" | "hf"; template?: string; date?: string } {
  const name = flags["train-format"] as string | undefined;
  const template = flags["chat-template"] as string | undefined;
  const date = flags["template-date"] as string | undefined;
  const refuse = (what: string): never => {
    throw new UsageError(`assess split: ${what} (see assess help split)`);
  };
  if (!training && (name !== undefined || template !== undefined)) {
    refuse(`-${name === undefined ? "chat-template" : "train-format"} needs -train`);
  }
  if (name !== undefined && template !== undefined) {
    refuse("-chat-template writes prompt-completion lines: give it without -train-format");
  }
  if (name !== undefined && name !== "openai" && name !== "hf") {
    refuse(`-train-format is openai or hf, not ${JSON.stringify(oneLine(name))}`);
  }
  if (date !== undefined && template === undefined) refuse("-template-date needs -chat-template");
  const chosen = (name ?? "openai") as "openai" | "hf";
  if (template === undefined) return { name: chosen };
  return date === undefined ? { name: chosen, template } : { name: chosen, template, date };
}

async function readTemplate(io: Io, path: string, date?: string): Promise<ChatTemplate> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(path, { maxBytes: MAX_TEMPLATE_BYTES });
  } catch (e) {
    throw new UsageError(
      `assess split: -chat-template ${path} cannot be read: ${readFailure(e, path)}`,
    );
  }
  const { ChatTemplate } = await import("../request/chat_template.ts");
  try {
    return ChatTemplate.read(
      new TextDecoder().decode(bytes),
      path,
      date === undefined ? {} : { date },
    );
  } catch (e) {
    if (e instanceof RangeError) {
      throw new UsageError(
        `assess split: -template-date ${JSON.stringify(oneLine(date ?? ""))} is not a day ` +
          `written YYYY-MM-DD (see assess help split)`,
      );
    }
    throw new UsageError(`assess split: ${(e as Error).message}`);
  }
}

async function write(io: Io, path: string, data: Uint8Array | Iterable<Uint8Array>): Promise<void> {
  try {
    await io.writeFileAtomic(path, data);
  } catch (e) {
    if (e instanceof ChatTemplateError) {
      throw new UsageError(`assess split: ${e.message}; no training file is written`);
    }
    // The training file's lines are made while it is written: any other error is a bug (70).
    if (!isFileFailure(e)) throw e;
    throw new UsageError(`assess split: cannot write ${path}: ${writeFailure(e)}`);
  }
}
