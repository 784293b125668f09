# A split size of unknown kind: a chunk size (int) or a list of sizes, decided when the code runs
# (Paddle's int is a number of chunks, so it is never passed through).
import paddle
import torch


class Heads(paddle.nn.Layer):
    def __init__(self, head_dim, sizes):
        super().__init__()
        self.head_dim = head_dim
        self.sizes = sizes

    def forward(self, x, y):
        heads = x.split(self.head_dim, axis=-1) if isinstance(self.head_dim, (list, tuple)) else paddle.tensor_split(x, list(range(self.head_dim, x.shape[-1], self.head_dim)), axis=-1)
        parts = paddle.split(y, self.sizes) if isinstance(self.sizes, (list, tuple)) else paddle.tensor_split(y, list(range(self.sizes, y.shape[0], self.sizes)))
        halves = paddle.tensor_split(y, list(range(y.shape[0] // 2, y.shape[0], y.shape[0] // 2)))
        # a call of unknown result: it would run three times, reported
        # TODO(torch2paddle): torch.split: split_size_or_sections is a chunk size (int) or a list of sizes, which only shows when the code runs (Paddle's int is a number of chunks): pass an int or a list literal, or name the tensor and the size
        chunks = torch.split(y, self.chunk_size(y))
        return heads, parts, halves, chunks

    def chunk_size(self, y):
        return max(1, y.shape[0] // 4)
