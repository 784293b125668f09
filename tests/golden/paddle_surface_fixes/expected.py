# Conversions that the check against Paddle's API reference corrected (mappings/surface_fixes.jsonl,
# rules/surface_fixes.jsonl).
import paddle
import torch


def describe(x, tau, c):
    n = x.size  # paddle.Tensor.size is a property
    device = x.place.gpu_device_id()  # x.place.gpu_device_id()
    q = paddle.linalg.ormqr(x, tau, c, left=False)  # the third argument is `other`
    r = paddle.linalg.ormqr(x, tau, other=c)
    return n, device, q, r


op = paddle.distributed.ReduceOp
same_op = paddle.distributed.ReduceOp.SUM
relu_like = paddle.nn.ThresholdedReLU(0.5)
# TODO(torch2paddle): torch.nn.Threshold: argument 'value=20.0' of torch.nn.Threshold has no Paddle equivalent value
shifted = torch.nn.Threshold(0.5, 20.0)  # Paddle's ThresholdedReLU always writes 0
emb = paddle.nn.Embedding(10, 3)
# TODO(torch2paddle): torch.nn.Embedding: argument 'max_norm' of torch.nn.Embedding cannot be converted (not_in_paddle_reference)
clipped_emb = torch.nn.Embedding(10, 3, max_norm=1.0)  # no max_norm in Paddle


class Uniformish(paddle.distribution.Distribution):
    def score(self, value):
        return self.log_prob(value)


def diagonal_mask(T, scores):
    # paddle.eye makes no bool tensor: a bool identity is cast (torch.bool or Python's bool).
    scores = scores.masked_fill(paddle.eye(T).astype('bool'), -100)
    return scores, paddle.eye(T, num_columns=T + 1).astype('bool'), paddle.eye(T, dtype=paddle.float64)
