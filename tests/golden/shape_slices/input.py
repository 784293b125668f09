import torch


def targets(boxes: torch.Tensor, n):
    # a slice of a shape is a shape: passed as it is, never wrapped as one dimension
    ctr = boxes.new_zeros(boxes.size()[:-1])
    rest = torch.zeros(boxes.shape[1:])
    first = torch.ones(boxes.shape[0])  # one dimension: a list of it
    flat = torch.empty(n)
    return ctr, rest, first, flat


def stacked(spec: torch.Tensor, n: int):
    shape = spec.size()
    # a sum or repetition of sequences is a shape too
    flat = spec.reshape([-1] + list(shape[-2:]))
    back = flat.reshape(shape[:-2] + flat.shape[-2:])
    ones = spec.new_zeros([1] * n)
    return back, ones, spec.view(n * 2, -1)


def per_row(x: torch.Tensor):
    rows = x.size(0)  # one dimension (x.size() would be a whole shape)
    return torch.zeros(rows), torch.zeros(x.size())
