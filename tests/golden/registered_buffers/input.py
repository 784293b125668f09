# A buffer or parameter a module registers (`self.register_buffer("fb", fb)`) is a tensor,
# whatever expression gave it: PyTorch accepts nothing else (or None).
import torch
from torch import nn


class MelScale(nn.Module):
    def __init__(self, n_mels, make_filterbank):
        super().__init__()
        fb = make_filterbank(n_mels)
        self.register_buffer("fb", fb)
        self.register_buffer(name="window", tensor=torch.hann_window(n_mels), persistent=False)
        self.register_parameter("scale", load_scale())

    def forward(self, specgram):
        freq, _ = self.fb.size()
        return self.window.device, freq, self.scale.is_leaf


class Registry:
    # not a module: its register_buffer is its own
    def __init__(self, table):
        self.register_buffer("entries", table)

    def register_buffer(self, name, value):
        setattr(self, name, value)

    def count(self):
        return self.entries.size()
