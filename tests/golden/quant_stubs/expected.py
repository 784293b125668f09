# Eager-mode quantization's stubs in a float model: QuantStub and DeQuantStub pass their input
# through until torch.ao.quantization.prepare replaces them, so they become paddle.nn.Identity().
# FloatFunctional's methods compute the plain operators there; the object becomes a placeholder
# layer nothing calls. A stub given a qconfig, and the quantization workflow itself, are reported.
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
        self.skip = paddle.nn.Identity()
        self.join = paddle.nn.Identity()

    def forward(self, x):
        y = self.fc(self.quant(x))
        y = paddle.nn.functional.relu(paddle.add(y, paddle.multiply(y, y)))
        y = paddle.add((y + 1.0), (y * 2.0))
        y = paddle.matmul(y, y.T)
        return self.dequant(paddle.concat([y, y], axis=1))


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
