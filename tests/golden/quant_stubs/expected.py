# Eager-mode quantization's stubs in a float model: QuantStub and DeQuantStub pass their input
# through until torch.ao.quantization.prepare replaces them, so they become paddle.nn.Identity().
# A stub given a qconfig, and the quantization workflow itself, are reported.
import paddle
import torch
from torch.ao.quantization import QuantStub, default_qconfig


class QuantizableNet(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.quant = paddle.nn.Identity()
        self.dequant = paddle.nn.Identity()
        self.fc = paddle.nn.Linear(4, 2)
        # TODO(torch2paddle): torch.ao.quantization.default_qconfig: PyTorch's eager-mode quantization (qconfigs, observers, prepare / convert, fused and quantized modules), which Paddle does its own way: keep the float model, drop these calls, and quantize it with paddle.quantization (QuantConfig with QAT or PTQ)
        # TODO(torch2paddle): torch.ao.quantization.QuantStub: QuantStub with a qconfig marks where eager-mode quantization observes, which Paddle lacks: in a float model it passes its input through (paddle.nn.Identity()); Paddle quantizes a whole model with paddle.quantization (QAT/PTQ)
        self.observed = QuantStub(default_qconfig)

    def forward(self, x):
        return self.dequant(self.fc(self.quant(x)))


class Plain(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.quant = paddle.nn.Identity()
        self.dequant = paddle.nn.Identity()


def quantize(model):
    # TODO(torch2paddle): torch.ao.quantization.get_default_qconfig: PyTorch's eager-mode quantization (qconfigs, observers, prepare / convert, fused and quantized modules), which Paddle does its own way: keep the float model, drop these calls, and quantize it with paddle.quantization (QuantConfig with QAT or PTQ)
    model.qconfig = torch.ao.quantization.get_default_qconfig("fbgemm")
    # TODO(torch2paddle): torch.ao.quantization.prepare: PyTorch's eager-mode quantization (qconfigs, observers, prepare / convert, fused and quantized modules), which Paddle does its own way: keep the float model, drop these calls, and quantize it with paddle.quantization (QuantConfig with QAT or PTQ)
    torch.ao.quantization.prepare(model, inplace=True)
    return model
