# torch.pow with a Python number as the base: paddle.pow takes only a Tensor for x, so the call
# is written with Python's operator, which a Paddle tensor exponent takes (Tensor.__rpow__), and
# which gives PyTorch's result dtype (the tensor's). A tensor base keeps paddle.pow.
import paddle


def fade_in(fade: paddle.Tensor, shift: paddle.Tensor, ratio: float):
    logarithmic = (2 ** shift) * fade
    exponential = (2 ** (-fade)) * (1 - fade)
    scaled = ratio ** fade
    negative = (-2.0) ** fade
    squared = paddle.pow(fade, 2)
    return logarithmic, exponential, scaled, negative, squared
