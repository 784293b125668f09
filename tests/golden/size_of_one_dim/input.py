# `x.size()` is a torch.Size (a shape) but `x.size(d)` one int, and alike `x.stride(d)`
# (`returns_with` in mappings/signatures.jsonl): one int passed as a shape is wrapped in a list.
import torch


def shapes(x: torch.Tensor):
    n = x.size(0)
    m = x.size(dim=1)
    s = x.stride(1)
    whole = x.size()
    return torch.zeros(n), torch.zeros(whole), torch.ones(m), torch.ones(s), torch.empty(x.size(-1))
