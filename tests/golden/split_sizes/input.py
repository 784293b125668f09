# torch.split takes a chunk size or a list of sizes; paddle.split takes a number of chunks or a list
# of sizes. A chunk size becomes split points, so a last shorter chunk stays as in PyTorch.
import torch

x = torch.rand(10, 6)
parts = torch.split(x, [3, 7])
cols = torch.split(x, (2, 4), dim=1)
chunks = torch.split(x, 4)
halves = x.split(3, dim=1)
named = x.split(split_size=5, dim=0)
sizes = x.split([5, 5])
q, k, v = torch.split(x @ x.T, 2)

# Sizes the inference knows are a list (a list display, a comprehension, an annotation) are a
# list of sizes in both frameworks.
widths = [4, 6]
by_name = x.split(widths, dim=0)
counts = [t.shape[0] for t in parts]
by_comprehension = torch.split(x, counts)


def by_annotation(y: torch.Tensor, sizes: list):
    return y.split(sizes, dim=1)
