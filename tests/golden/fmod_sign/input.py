# torch.fmod keeps the sign of the dividend (C's fmod: fmod(-1.5, 1) is -0.5), paddle.mod that of
# the divisor (Python's %: 0.5). sign(x) * mod(|x|, |y|) is fmod for integer and float tensors
# alike; an int divisor takes the tensor's dtype, a float one Paddle's default float dtype. A
# divisor of unknown kind is reported.
import torch


def wrap_phase(phase: torch.Tensor, period: torch.Tensor, steps: torch.LongTensor, scale):
    wrapped = torch.fmod(phase, period)
    hue = torch.fmod(phase / 6.0 + 1.0, 1.0)
    parity = steps.fmod(2)
    phase.fmod_(period)
    unknown = torch.fmod(phase, scale)
    return wrapped, hue, parity, unknown
