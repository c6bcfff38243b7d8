"""The training files of `assess split -train` as the Python stacks read them: Hugging Face
`datasets` (5.x) loading them, and TRL's `SFTTrainer` turning them into the token ids it trains on,
with a tokenizer and a model made here (no download: a byte-level tokenizer of 256 tokens and two
special tokens, a GPT-2 of one layer), on the CPU.

Run in a folder holding `openai.jsonl`, `hf.jsonl` and `pc.jsonl` (the same items in the two
formats, and as `-chat-template` writes them with a template that begins with `bos_token`, `<s>`);
reads one JSON object on stdin, {"template": the chat template, "decode": the source of
reference/split.md's decode, "to_text": the source of its to_text block (which loads
`train.jsonl`, the hf file, and maps it), "tokenize": the source of its TRL block for
prompt-completion lines (which loads `train.jsonl`, the pc file, and makes `trainer`)}, and writes
one JSON object:

- "altered": for each file, every value `datasets` loads otherwise than the file writes it, as
  [line, path, the file's value as JSON text, the loaded value as JSON text], and "features", the
  column types it gives each file;
- "trl": for each file given to `SFTTrainer` as it is, the text of its first example's token ids;
- "documented": the text of the first example's token ids when the hf file goes through the page's
  decode and to_text and is tokenized with no special token added, then given to `SFTTrainer`;
  and "to_text": that example's text as to_text wrote it;
- "trl_pc": the text of the first example's token ids when the pc file goes to `SFTTrainer` as it
  is; "tokenized_pc": the same when it goes through the page's tokenize block (its `SFTConfig` set
  for the CPU), with "completion_mask", where that example's labels take the loss (1) or not (0),
  "prompt_tokens", how many tokens its prompt is alone, and "longest_trained" and "longest_line", the
  most tokens of an example trained on and of a line; "max_length", SFTConfig's own, and
  "longest_default", the most tokens of an example trained on with it.

The tokenizer adds `<s>` before a text when told to add special tokens (its default), as Llama's
does, and its end-of-sequence token is `<|im_end|>`, as Qwen's is.

Needs datasets, transformers, trl and torch.
"""

import json
import os
import sys
import tempfile

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_DATASETS_OFFLINE"] = "1"

from datasets import load_dataset  # noqa: E402
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors  # noqa: E402
from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast  # noqa: E402
from trl import SFTConfig, SFTTrainer  # noqa: E402


def differences(loaded, written, path, out):
    """Every place where the loaded value is not the written one (type, member or value)."""
    if isinstance(written, dict) and isinstance(loaded, dict):
        for key in written.keys() | loaded.keys():
            differences(loaded.get(key), written.get(key), f"{path}.{key}", out)
    elif isinstance(written, list) and isinstance(loaded, list) and len(written) == len(loaded):
        for i, (a, b) in enumerate(zip(loaded, written)):
            differences(a, b, f"{path}[{i}]", out)
    elif type(loaded) is not type(written) or loaded != written:
        out.append([path, json.dumps(written), json.dumps(loaded)])


def tokenizer_for(template):
    """A byte-level tokenizer that writes any text back as it was, with the template."""
    vocab = {c: i for i, c in enumerate(sorted(pre_tokenizers.ByteLevel.alphabet()))}
    for token in ["<|im_start|>", "<|im_end|>", "<s>"]:
        vocab[token] = len(vocab)
    model = Tokenizer(models.BPE(vocab=vocab, merges=[]))
    model.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    model.decoder = decoders.ByteLevel()
    model.post_processor = processors.TemplateProcessing(
        single="<s> $A", pair="<s> $A <s> $B", special_tokens=[("<s>", vocab["<s>"])]
    )
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=model, bos_token="<s>", eos_token="<|im_end|>", pad_token="<|im_end|>"
    )
    tokenizer.chat_template = template
    return tokenizer


def first_text(trainer, tokenizer):
    return tokenizer.decode(trainer.train_dataset[0]["input_ids"])


def main():
    case = json.loads(sys.stdin.read())
    tokenizer = tokenizer_for(case["template"])
    model = GPT2LMHeadModel(
        GPT2Config(vocab_size=len(tokenizer), n_positions=8192, n_embd=8, n_layer=1, n_head=1,
                   bos_token_id=tokenizer.eos_token_id, eos_token_id=tokenizer.eos_token_id)
    )

    def trainer(dataset):
        args = SFTConfig(output_dir=tempfile.mkdtemp(), report_to=[], max_length=None,
                         use_cpu=True, bf16=False)
        return SFTTrainer(model=model, processing_class=tokenizer, train_dataset=dataset, args=args)

    result = {"altered": {}, "features": {}, "trl": {}}
    for name in ["openai", "hf"]:
        dataset = load_dataset("json", data_files=f"{name}.jsonl", split="train")
        with open(f"{name}.jsonl", encoding="utf-8") as f:
            written = [json.loads(line) for line in f]
        altered = []
        for n, (loaded, line) in enumerate(zip(dataset, written)):
            found = []
            differences(loaded, line, "", found)
            altered += [[n + 1, *d] for d in found]
        result["altered"][name] = altered
        result["features"][name] = str(dataset.features)
        result["trl"][name] = first_text(trainer(dataset), tokenizer)

    # The page's way: decode and to_text (run as written, on train.jsonl), then token ids.
    os.replace("hf.jsonl", "train.jsonl")
    names = {"tokenizer": tokenizer}
    exec(case["decode"], names)
    exec(case["to_text"], names)
    texts = names["dataset"]
    result["to_text"] = texts[0]["text"]
    ids = texts.map(
        lambda e: {"input_ids": tokenizer(e["text"], add_special_tokens=False)["input_ids"]},
        remove_columns=["text"],
    )
    result["documented"] = first_text(trainer(ids), tokenizer)

    # Prompt and completion: as it is, then through the page's tokenize block (run as written but
    # for the CPU settings of its SFTConfig).
    pc = load_dataset("json", data_files="pc.jsonl", split="train")
    result["trl_pc"] = first_text(trainer(pc), tokenizer)
    os.replace("pc.jsonl", "train.jsonl")
    written = "SFTConfig(completion_only_loss=True, max_length=None)"
    cpu = "SFTConfig(completion_only_loss=True, max_length=None, use_cpu=True, bf16=False, " \
        f"report_to=[], output_dir={tempfile.mkdtemp()!r})"
    assert written in case["tokenize"], f"the tokenize block has no {written}"
    source = case["tokenize"].replace(written, cpu)
    names = {"tokenizer": tokenizer, "model": model}
    exec(source, names)
    first = names["trainer"].train_dataset[0]
    result["tokenized_pc"] = tokenizer.decode(first["input_ids"])
    # TRL folds the completion mask into the labels: -100 where no loss is taken.
    result["completion_mask"] = [0 if label == -100 else 1 for label in first["labels"]]
    result["longest_trained"] = max(len(e["input_ids"]) for e in names["trainer"].train_dataset)
    # The same tokenized lines, with SFTConfig's own max_length.
    default = SFTConfig(completion_only_loss=True, use_cpu=True, bf16=False, report_to=[],
                        output_dir=tempfile.mkdtemp())
    result["max_length"] = default.max_length
    cut = SFTTrainer(model=model, processing_class=tokenizer, train_dataset=names["dataset"],
                     args=default)
    result["longest_default"] = max(len(e["input_ids"]) for e in cut.train_dataset)
    with open("train.jsonl", encoding="utf-8") as f:
        result["longest_line"] = max(
            len(tokenizer(p["prompt"] + p["completion"], add_special_tokens=False)["input_ids"])
            for p in map(json.loads, f)
        )
    with open("train.jsonl", encoding="utf-8") as f:
        prompt = json.loads(f.readline())["prompt"]
    result["prompt_tokens"] = len(tokenizer(prompt, add_special_tokens=False)["input_ids"])
    sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
