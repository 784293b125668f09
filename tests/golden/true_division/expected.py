# PyTorch's div without rounding_mode is a true division: integer tensors give a float quotient.
# Paddle's divide keeps an integer dtype and truncates, so the conversion is Python's `/`, which
# Paddle computes in float32 for integer tensors, PyTorch's result dtype (float tensors: the same
# division). rounding_mode='trunc' by an int divides in the tensor's dtype, as PyTorch does.
import paddle


def mean_length(lengths: paddle.Tensor, count: int, stride: int):
    total = lengths.sum()
    ratio = total / count  # 2.5, not 2
    half = lengths / 2
    share = lengths / total
    frames = paddle.trunc(paddle.divide(lengths, paddle.full([], stride, lengths.dtype)))
    explicit = lengths / lengths.max()
    scaled = (lengths / 4.0) ** 2
    normed = lengths / total
    return ratio, half, share, frames, explicit, scaled, normed
