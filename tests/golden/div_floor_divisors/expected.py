import paddle
import torch


def bins(index: paddle.Tensor, counts: paddle.Tensor, width: int, scale):
    # floor division: paddle.floor_divide rounds toward -inf for integer and float tensors alike
    row = paddle.floor_divide(index, counts)
    col = paddle.floor_divide(index, paddle.full([], width, index.dtype))  # an int divisor: a 0-d tensor of index's dtype
    half = paddle.floor_divide(index, paddle.full([], 2, index.dtype))
    # a divisor of unknown kind (an int tensor or a float?): reported
    # TODO(torch2paddle): torch.div: rounding_mode with a divisor not known to be a tensor: Paddle's floor_divide and divide take tensors of one dtype; write paddle.floor_divide(x, paddle.full([], y, x.dtype)) for 'floor', paddle.trunc(paddle.divide(x, paddle.full([], y, x.dtype))) for 'trunc' on a float tensor; an integer tensor divided by a float is a float in PyTorch: cast x first (x.astype('float32'))
    odd = torch.div(index, scale, rounding_mode="floor")
    return row, col, half, odd
