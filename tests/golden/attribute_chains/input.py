# A tensor attribute that Paddle writes otherwise can sit inside a chain: `x.real.unsqueeze(-1)`
# (Paddle's `real` is a method), `t.device.type` (a tensor's device is its `place`). Each link is
# converted on a known tensor and reported on a receiver of unknown kind.
import torch
from torch import Tensor


def spectra(rtf: Tensor, numerator: Tensor):
    denominator = torch.einsum("...d,...d->...", [rtf.conj(), numerator])
    return denominator.real.unsqueeze(-1), denominator.imag.shape


def on_cpu(t, x):
    assert t.device.type == 'cpu'
    if x.is_cuda:
        x = x.cpu()
    return x


# A torch.Size assigned to a name stays a tuple where the name meets one: Paddle's shape is a list.
def fold(specgram: Tensor, melspec: Tensor, frames: int, feats: int):
    input_shape = specgram.shape
    out = specgram.reshape(-1, frames, feats).view(input_shape[:-2] + (frames, feats))
    shape = melspec.size()
    return out, shape == (2, 3), shape[0], melspec.view(shape[:-2] + (2, 3))


# `inp.get_device()` makes `inp` a tensor (classifier:usage): its `device` converts, and the
# chain around it reads a converted device, which is reported.
def reduce_add(inputs, destination):
    for i, inp in enumerate(inputs):
        assert inp.device.type != "cpu", "reduce_add expects all inputs to be on GPUs"
        if inp.get_device() == destination:
            return i
