"""Where the imports the converted code needs go when torch is imported inside functions only:
at module level, after the `from __future__` imports (which must come first), so that every
function sees them; an import sharing its line goes with its `;`."""
from __future__ import annotations


def threads():
    import torch
    torch.set_num_threads(2)
    return torch.zeros(2)


def counts():
    n = 1; import torch
    return torch.multiprocessing.cpu_count() * n
