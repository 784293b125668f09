import torch


def targets(boxes: torch.Tensor, n):
    # a slice of a shape is a shape: passed as it is, never wrapped as one dimension
    ctr = boxes.new_zeros(boxes.size()[:-1])
    rest = torch.zeros(boxes.shape[1:])
    first = torch.ones(boxes.shape[0])  # one dimension: a list of it
    flat = torch.empty(n)
    return ctr, rest, first, flat
