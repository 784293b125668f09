# torchvision's own helpers in its detection models and quantizable backbones:
# torchvision._is_tracing() is False once converted (nothing runs under torch.jit.trace);
# quantization's stubs pass their input through in a float model (paddle.nn.Identity()) and
# FloatFunctional's methods are the plain operators there; the blocks Paddle lacks
# (Conv2dNormActivation) and downloads to a chosen file are reported with what to write.
import os

import torch
import torchvision
from torch import nn
from torch.ao.quantization import DeQuantStub, QuantStub
from torchvision.ops import Conv2dNormActivation
from torchvision.ops import misc
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
        self.stem = misc.Conv2dNormActivation(3, channels, kernel_size=3, stride=2)
        self.skip_add = nn.quantized.FloatFunctional()
        self.quant = QuantStub()
        self.dequant = DeQuantStub()

    def forward(self, x):
        x = self.quant(x)
        x = self.skip_add.add(self.conv(x), x)
        return self.dequant(torch.relu(x))


def fetch(url, root):
    archive = os.path.join(root, os.path.basename(url))
    if not os.path.exists(archive):
        torch.hub.download_url_to_file(url, archive, hash_prefix="2b4a")
    return archive
