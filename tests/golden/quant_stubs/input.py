# Eager-mode quantization's stubs in a float model: QuantStub and DeQuantStub pass their input
# through until torch.ao.quantization.prepare replaces them, so they become paddle.nn.Identity().
# A stub given a qconfig, and the quantization workflow itself, are reported.
import torch
from torch import nn
from torch.ao.quantization import DeQuantStub, QuantStub, default_qconfig


class QuantizableNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.quant = QuantStub()
        self.dequant = torch.ao.quantization.DeQuantStub()
        self.fc = nn.Linear(4, 2)
        self.observed = QuantStub(default_qconfig)

    def forward(self, x):
        return self.dequant(self.fc(self.quant(x)))


class Plain(nn.Module):
    def __init__(self):
        super().__init__()
        self.quant = torch.quantization.QuantStub()
        self.dequant = DeQuantStub()


def quantize(model):
    model.qconfig = torch.ao.quantization.get_default_qconfig("fbgemm")
    torch.ao.quantization.prepare(model, inplace=True)
    return model
