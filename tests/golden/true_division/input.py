# PyTorch's div without rounding_mode is a true division: integer tensors give a float quotient.
# Paddle's divide keeps an integer dtype and truncates, so the conversion is Python's `/`, which
# Paddle computes in float32 for integer tensors, PyTorch's result dtype (float tensors: the same
# division). rounding_mode='trunc' by an int divides in the tensor's dtype, as PyTorch does.
import torch


def mean_length(lengths: torch.LongTensor, count: int, stride: int):
    total = lengths.sum()
    ratio = torch.div(total, count)  # 2.5, not 2
    half = lengths.div(2)
    share = lengths.true_divide(total)
    frames = lengths.div(stride, rounding_mode="trunc")
    explicit = torch.divide(lengths, lengths.max(), rounding_mode=None)
    scaled = torch.true_divide(lengths, 4.0) ** 2
    normed = lengths.divide(total)
    return ratio, half, share, frames, explicit, scaled, normed
