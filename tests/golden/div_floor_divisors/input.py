import torch


def bins(index: torch.Tensor, counts: torch.Tensor, width: int, scale):
    # floor division: paddle.floor_divide rounds toward -inf for integer and float tensors alike
    row = torch.div(index, counts, rounding_mode="floor")
    col = torch.div(index, width, rounding_mode="floor")  # an int divisor: a 0-d tensor of index's dtype
    half = index.div(2, rounding_mode="floor")
    # a divisor of unknown kind (an int tensor or a float?): reported
    odd = torch.div(index, scale, rounding_mode="floor")
    return row, col, half, odd
