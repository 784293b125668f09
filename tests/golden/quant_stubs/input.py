# Eager-mode quantization's stubs in a float model: QuantStub and DeQuantStub pass their input
# through until torch.ao.quantization.prepare replaces them, so they become paddle.nn.Identity().
# FloatFunctional's methods compute the plain operators there; the object becomes a placeholder
# layer nothing calls. A stub given a qconfig, and the quantization workflow itself, are reported.
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
        self.skip = nn.quantized.FloatFunctional()
        self.join = torch.ao.nn.quantized.FloatFunctional()

    def forward(self, x):
        y = self.fc(self.quant(x))
        y = self.skip.add_relu(y, self.skip.mul(y, y))
        y = self.skip.add(self.skip.add_scalar(y, 1.0), self.skip.mul_scalar(y, 2.0))
        y = self.join.matmul(y, y.T)
        return self.dequant(self.join.cat([y, y], dim=1))


class Plain(nn.Module):
    def __init__(self):
        super().__init__()
        self.quant = torch.quantization.QuantStub()
        self.dequant = DeQuantStub()


def quantize(model):
    model.qconfig = torch.ao.quantization.get_default_qconfig("fbgemm")
    torch.ao.quantization.prepare(model, inplace=True)
    return model
