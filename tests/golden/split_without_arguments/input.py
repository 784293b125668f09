# `x.split()` with no argument cannot be Tensor.split (split_size is required): another object's
# method, left alone; with an integer it is a tensor's.
import torch


def tokens(line):
    return line.strip().split()


def halves(x, n):
    head, tail = x.split(2)
    parts = x.split(n)
    return head, tail, parts


def relu(x):
    return torch.relu(x)


def key_value(line):
    # str.split's first argument is a separator or None; its second (maxsplit) is an int.
    key, value = line.split(None, 1)
    return key, value


def per_level(anchors, features):
    # A list first: only a tensor's split takes one (str.split would raise).
    sizes = [f.shape[-1] for f in features]
    return [list(a.split(sizes)) for a in anchors]
