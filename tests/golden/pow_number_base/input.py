# torch.pow with a Python number as the base: paddle.pow takes only a Tensor for x, so the call
# is written with Python's operator, which a Paddle tensor exponent takes (Tensor.__rpow__), and
# which gives PyTorch's result dtype (the tensor's). A tensor base keeps paddle.pow.
import torch


def fade_in(fade: torch.Tensor, shift: torch.Tensor, ratio: float):
    logarithmic = torch.pow(2, shift) * fade
    exponential = torch.pow(2, -fade) * (1 - fade)
    scaled = torch.pow(ratio, fade)
    negative = torch.pow(-2.0, fade)
    squared = torch.pow(fade, 2)
    return logarithmic, exponential, scaled, negative, squared
