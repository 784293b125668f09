# Tuple assignments give each name the kind of its own value.
import numpy as np
import torch


def attention(qkv, mask, device):
    qkv = torch.as_tensor(qkv).reshape(2, 3, 4, 8)
    q, k, v = qkv[0], qkv[1], qkv[2]
    scores = q @ k.transpose(-2, -1)
    q2, k2 = scores.softmax(dim=-1), v
    arr, t = np.zeros((3, 4)), torch.ones(3, 4)
    a = arr.transpose(1, 0)
    b = t.transpose(1, 0)
    first, *rest = qkv[0], qkv[1], qkv[2]
    c = first.transpose(0, 1)
    return q2.sum(), k2.sum(), a, b, c
