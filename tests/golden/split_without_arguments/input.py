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
