# Tensor.bernoulli_(p): a number p fills a tensor of the receiver's shape; a tensor p is broadcast to
# it; a p of unknown kind (a parameter without annotation) goes through paddle.to_tensor, right for both.
import torch


def resample(x: torch.Tensor, probs: torch.Tensor, p):
    x.bernoulli_(0.25)
    x.bernoulli_(p=probs)
    x.bernoulli_(p)
    x.bernoulli_(p=p)
    return x
