# PyTorch computes an integer tensor in the default float dtype where its unary float functions
# take one (`torch.arange(1, n + 1).sqrt()`); Paddle's kernels take floats only, so the input is
# cast first. Integer tensors: torch.arange of int bounds, randperm, randint, argmax, .long(),
# and +, -, *, //, % of those with ints. A dtype= or a float bound makes no integer tensor.
import torch


def smooth_embedding(weight, num_embeddings: int, d_model: int, half: int):
    weight = weight / torch.arange(1, num_embeddings + 1).sqrt()[:, None]
    idx = torch.arange(0, d_model, 2)
    freqs = torch.exp(-idx * 4 // d_model)
    ramp = torch.log1p(torch.arange(half, device=weight.device))
    ranks = torch.randperm(num_embeddings).sigmoid()
    floats = torch.arange(0.5, num_embeddings).sqrt()
    typed = torch.arange(num_embeddings, dtype=torch.float64).sqrt()
    return weight, freqs, ramp, ranks, floats, typed


def every_function(scores: torch.Tensor, n: int):
    order = scores.argsort()
    low = scores.argmin()
    ramp = torch.arange(n)
    return (order.cos(), order.sin(), order.tanh(), low.log10(), low.log1p(), low.log2(), ramp.rsqrt(),
            torch.log10(ramp), torch.tanh(ramp + 1))


def equalize(img_chan, labels):
    # bincount counts any integer dtype in PyTorch (a uint8 image); Paddle's, int32 and int64.
    hist = torch.bincount(img_chan.view(-1), minlength=256)
    return hist, labels.bincount(minlength=3)
