# torchvision's own helpers in its detection models and quantizable backbones:
# torchvision._is_tracing() is False once converted (nothing runs under torch.jit.trace);
# quantization's stubs pass their input through in a float model (paddle.nn.Identity()) and
# FloatFunctional's methods are the plain operators there; the blocks Paddle lacks
# (Conv2dNormActivation) and downloads to a chosen file are reported with what to write.
import os

import paddle
import torch
from torchvision.ops import Conv2dNormActivation
from torchvision.ops import misc
from torchvision.ops.misc import Conv3dNormActivation


def resize_boxes(boxes, ratios):
    if False:
        return boxes * ratios[0]
    return boxes * float(ratios[0])


class Head(paddle.nn.Layer):
    def __init__(self, channels):
        super().__init__()
        # TODO(torch2paddle): torchvision.ops.Conv2dNormActivation: torchvision's convolution + norm + activation block, which Paddle lacks: write paddle.nn.Sequential(paddle.nn.Conv2D(in_channels, out_channels, kernel_size, stride, padding=(kernel_size - 1) // 2 * dilation, dilation=dilation, groups=groups, bias_attr=False), paddle.nn.BatchNorm2D(out_channels), paddle.nn.ReLU()) with the norm and activation layers it is given
        self.conv = Conv2dNormActivation(channels, channels, kernel_size=3)
        # TODO(torch2paddle): torchvision.ops.misc.Conv3dNormActivation: torchvision's 3-D convolution + norm + activation block, which Paddle lacks: write paddle.nn.Sequential(paddle.nn.Conv3D(in_channels, out_channels, kernel_size, stride, padding=(kernel_size - 1) // 2 * dilation, dilation=dilation, groups=groups, bias_attr=False), paddle.nn.BatchNorm3D(out_channels), paddle.nn.ReLU()) with the norm and activation layers it is given
        self.conv3d = Conv3dNormActivation(channels, channels, kernel_size=3)
        # TODO(torch2paddle): torchvision.ops.misc.Conv2dNormActivation: torchvision's convolution + norm + activation block, which Paddle lacks: write paddle.nn.Sequential(paddle.nn.Conv2D(in_channels, out_channels, kernel_size, stride, padding=(kernel_size - 1) // 2 * dilation, dilation=dilation, groups=groups, bias_attr=False), paddle.nn.BatchNorm2D(out_channels), paddle.nn.ReLU()) with the norm and activation layers it is given
        self.stem = misc.Conv2dNormActivation(3, channels, kernel_size=3, stride=2)
        self.skip_add = paddle.nn.Identity()
        self.quant = paddle.nn.Identity()
        self.dequant = paddle.nn.Identity()

    def forward(self, x):
        x = self.quant(x)
        x = paddle.add(self.conv(x), x)
        return self.dequant(paddle.nn.functional.relu(x))


def fetch(url, root):
    archive = os.path.join(root, os.path.basename(url))
    if not os.path.exists(archive):
        # TODO(torch2paddle): torch.hub.download_url_to_file: Paddle downloads only into its own cache: path = paddle.utils.download.get_weights_path_from_url(url) then shutil.copy(path, dst), or urllib.request.urlretrieve(url, dst); hash_prefix (a SHA-256 prefix) has no counterpart (md5sum= takes a whole MD5)
        torch.hub.download_url_to_file(url, archive, hash_prefix="2b4a")
    return archive
