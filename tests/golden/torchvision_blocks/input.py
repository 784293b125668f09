# torchvision's own helpers in its detection models and quantizable backbones:
# torchvision._is_tracing() is False once converted (nothing runs under torch.jit.trace); the
# blocks Paddle lacks (Conv2dNormActivation, FloatFunctional, QuantStub) are reported with what
# to write.
import torch
import torchvision
from torch import nn
from torch.ao.quantization import DeQuantStub, QuantStub
from torchvision.ops import Conv2dNormActivation
from torchvision.ops.misc import Conv3dNormActivation


def resize_boxes(boxes, ratios):
    if torchvision._is_tracing():
        return boxes * ratios[0]
    return boxes * float(ratios[0])


class Head(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = Conv2dNormActivation(channels, channels, kernel_size=3)
        self.conv3d = Conv3dNormActivation(channels, channels, kernel_size=3)
        self.skip_add = nn.quantized.FloatFunctional()
        self.quant = QuantStub()
        self.dequant = DeQuantStub()

    def forward(self, x):
        x = self.quant(x)
        x = self.skip_add.add(self.conv(x), x)
        return self.dequant(torch.relu(x))
