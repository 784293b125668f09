# torch.split takes a chunk size or a list of sizes; paddle.split takes a number of chunks or a list
# of sizes. A chunk size becomes split points, so a last shorter chunk stays as in PyTorch.
import paddle
import torch

x = paddle.rand([10, 6])
parts = paddle.split(x, [3, 7])
cols = paddle.split(x, (2, 4), axis=1)
chunks = paddle.tensor_split(x, list(range(4, x.shape[0], 4)))
halves = paddle.tensor_split(x, list(range(3, x.shape[1], 3)), axis=1)
named = paddle.tensor_split(x, list(range(5, x.shape[0], 5)), axis=0)
sizes = x.split([5, 5])
# TODO(torch2paddle): torch.split: a chunk size needs the tensor twice (its length): assign the tensor to a name first
q, k, v = torch.split(x @ x.T, 2)

# Sizes the inference knows are a list (a list display, a comprehension, an annotation) are a
# list of sizes in both frameworks.
widths = [4, 6]
by_name = x.split(widths, axis=0)
counts = [t.shape[0] for t in parts]
by_comprehension = paddle.split(x, counts)


def by_annotation(y: paddle.Tensor, sizes: list):
    return y.split(sizes, axis=1)
