# torch.fmod keeps the sign of the dividend (C's fmod: fmod(-1.5, 1) is -0.5), paddle.mod that of
# the divisor (Python's %: 0.5). sign(x) * mod(|x|, |y|) is fmod for integer and float tensors
# alike; an int divisor takes the tensor's dtype, a float one Paddle's default float dtype. A
# divisor of unknown kind is reported.
import paddle
import torch


def wrap_phase(phase: paddle.Tensor, period: paddle.Tensor, steps: paddle.Tensor, scale):
    wrapped = paddle.sign(phase) * paddle.mod(paddle.abs(phase), paddle.abs(period))
    hue = paddle.sign(phase / 6.0 + 1.0) * paddle.mod(paddle.abs(phase / 6.0 + 1.0), paddle.full([], abs(1.0), paddle.get_default_dtype()))
    parity = paddle.sign(steps) * paddle.mod(paddle.abs(steps), paddle.full([], abs(2), steps.dtype))
    paddle.assign(paddle.sign(phase) * paddle.mod(paddle.abs(phase), paddle.abs(period)), phase)
    # TODO(torch2paddle): torch.fmod: fmod keeps the dividend's sign and paddle.mod the divisor's (it computes Python's %): with a divisor of unknown kind write paddle.sign(x) * paddle.mod(paddle.abs(x), paddle.abs(y)) for a tensor y
    unknown = torch.fmod(phase, scale)
    return wrapped, hue, parity, unknown
