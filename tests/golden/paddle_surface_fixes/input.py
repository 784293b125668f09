# Conversions that the check against Paddle's API reference corrected (mappings/surface_fixes.jsonl,
# rules/surface_fixes.jsonl).
import torch
import torch.distributed as dist


def describe(x, tau, c):
    n = x.nelement()  # paddle.Tensor.size is a property
    device = x.get_device()  # x.place.gpu_device_id()
    q = torch.ormqr(x, tau, c, left=False)  # the third argument is `other`
    r = x.ormqr(tau, input3=c)
    return n, device, q, r


op = dist.ReduceOp
same_op = dist.ReduceOp.SUM
relu_like = torch.nn.Threshold(0.5, 0.0)
shifted = torch.nn.Threshold(0.5, 20.0)  # Paddle's ThresholdedReLU always writes 0
emb = torch.nn.Embedding(10, 3)
clipped_emb = torch.nn.Embedding(10, 3, max_norm=1.0)  # no max_norm in Paddle


class Uniformish(torch.distributions.Distribution):
    def score(self, value):
        return self.log_prob(value)


def diagonal_mask(T, scores):
    # paddle.eye makes no bool tensor: a bool identity is cast (torch.bool or Python's bool).
    scores = scores.masked_fill(torch.eye(T, dtype=torch.bool), -100)
    return scores, torch.eye(T, T + 1, dtype=bool), torch.eye(T, dtype=torch.float64)
