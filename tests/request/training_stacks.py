"""The training files of `assess split -train` as the Python stacks read them: Hugging Face
`datasets` (5.x) loading them, and TRL's `SFTTrainer` turning them into the token ids it trains on,
with a tokenizer and a model made here (no download: a byte-level tokenizer of 256 tokens and two
special tokens, a GPT-2 of one layer), on the CPU.

Run in a folder holding `openai.jsonl` and `hf.jsonl` (the same items in the two formats); reads
one JSON object on stdin, {"template": the chat template, "decode": the source of
reference/split.md's decode, "to_text": the source of its to_text block (which loads
`train.jsonl`, the hf file, and maps it)}, and writes one JSON object:

- "altered": for each file, every value `datasets` loads otherwise than the file writes it, as
  [line, path, the file's value as JSON text, the loaded value as JSON text];
- "trl": for each file given to `SFTTrainer` as it is, the text of its first example's token ids;
- "documented": the text of the first example's token ids when the hf file goes through the page's
  decode and to_text and is tokenized with no special token added, then given to `SFTTrainer`;
  and "to_text": that example's text as to_text wrote it.

Needs datasets, transformers, trl and torch.
"""

import json
import os
import sys
import tempfile

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_DATASETS_OFFLINE"] = "1"

from datasets import load_dataset  # noqa: E402
from tokenizers import Tokenizer, decoders, models, pre_tokenizers  # noqa: E402
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
    for token in ["<|im_start|>", "<|im_end|>"]:
        vocab[token] = len(vocab)
    model = Tokenizer(models.BPE(vocab=vocab, merges=[]))
    model.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    model.decoder = decoders.ByteLevel()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=model, eos_token="<|im_end|>", pad_token="<|im_end|>"
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

    result = {"altered": {}, "trl": {}}
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
    sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
