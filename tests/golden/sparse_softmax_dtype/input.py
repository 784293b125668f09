# torch.sparse.softmax's dtype= casts the input before the softmax (PyTorch's contract); Paddle's
# sparse softmax has no dtype, so the cast is written out with paddle.sparse.cast first.
import torch


def probabilities(logits: torch.Tensor, half):
    p = torch.sparse.softmax(logits, dim=-1, dtype=torch.float32)
    q = torch.sparse.softmax(logits, 1, torch.float64)  # dtype passed by position
    r = torch.sparse.softmax(logits, dim=0)  # no dtype: the argument map
    s = torch.sparse.softmax(half, dim=-1, dtype=None)  # dtype=None: no cast
    return p, q, r, s
