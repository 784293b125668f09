# A split size of unknown kind: a chunk size (int) or a list of sizes, decided when the code runs
# (Paddle's int is a number of chunks, so it is never passed through).
import torch
import torch.nn as nn


class Heads(nn.Module):
    def __init__(self, head_dim, sizes):
        super().__init__()
        self.head_dim = head_dim
        self.sizes = sizes

    def forward(self, x, y):
        heads = x.split(self.head_dim, dim=-1)
        parts = torch.split(y, self.sizes)
        halves = torch.split(y, y.shape[0] // 2)
        # a call of unknown result: it would run three times, reported
        chunks = torch.split(y, self.chunk_size(y))
        return heads, parts, halves, chunks

    def chunk_size(self, y):
        return max(1, y.shape[0] // 4)
