"""Pure-python text helpers.  No torch import in this file on purpose:
a converter must leave it byte-for-byte identical."""

import re
from collections import Counter

_TOKEN_RE = re.compile(r"[A-Za-z0-9']+")


def normalize(s):
    """Lower-case, strip and collapse internal whitespace."""
    return " ".join(s.strip().lower().split())


def tokenize(s):
    return _TOKEN_RE.findall(normalize(s))


def parse_class_list(spec, sep=","):
    # "cat, dog,,bird" -> ["cat", "dog", "bird"]
    return [part.strip() for part in spec.split(sep) if part.strip()]


def build_vocab(lines, min_count=1, specials=("<pad>", "<unk>")):
    counts = Counter()
    for line in lines:
        counts.update(tokenize(line))
    vocab = {tok: i for i, tok in enumerate(specials)}
    for tok, n in counts.most_common():
        if n >= min_count and tok not in vocab:
            vocab[tok] = len(vocab)
    return vocab


def encode(line, vocab, max_len=None):
    unk = vocab.get("<unk>", 0)
    ids = [vocab.get(tok, unk) for tok in tokenize(line)]
    if max_len is not None:
        ids = ids[:max_len] + [vocab.get("<pad>", 0)] * max(0, max_len - len(ids))
    return ids


def format_table(rows, header=None):
    """Render a list of tuples as a fixed-width text table."""
    rows = [tuple(str(c) for c in r) for r in rows]
    if header:
        rows.insert(0, tuple(header))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    if header:
        lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def slugify(name):
    s = name.replace(" ", "-").replace("_", "-")
    return re.sub(r"[^a-z0-9-]", "", s.lower()).strip("-")


if __name__ == "__main__":
    print(parse_class_list("cat, dog,,bird"))
    v = build_vocab(["The cat sat", "the dog sat down"])
    print(encode("the cat ran", v, max_len=5))
    print(format_table([(1, 0.5), (2, 0.25)], header=("epoch", "loss")))
    print(slugify("My Model_v2"))
