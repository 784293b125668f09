# Tensor.stride(dim): one entry of Paddle's get_strides() (the mapping docs' form); without dim
# the whole list.
import torch


def strides(x: torch.Tensor, d: int):
    return x.stride(), x.stride(0), x.stride(dim=-1), x.stride(d)
