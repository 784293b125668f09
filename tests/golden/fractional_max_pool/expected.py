# FractionalMaxPool: output_size keeps its name; Paddle takes it first, so positional arguments become keywords.
import paddle
import torch.nn as nn
p = paddle.nn.FractionalMaxPool2D(kernel_size=2, output_size=[3, 3], return_mask=True)
p = paddle.nn.FractionalMaxPool2D(kernel_size=3, output_size=(5, 5))
p = paddle.nn.FractionalMaxPool3D(kernel_size=2, output_size=4)
# TODO(torch2paddle): torch.nn.FractionalMaxPool2d: argument 'output_ratio' of torch.nn.FractionalMaxPool2d cannot be converted (needs_rewrite)
p = nn.FractionalMaxPool2d(2, output_ratio=0.5)
# TODO(torch2paddle): torch.nn.FractionalMaxPool2d: argument '_random_samples' of torch.nn.FractionalMaxPool2d cannot be converted (semantics_differ)
p = nn.FractionalMaxPool2d(2, output_size=3, _random_samples=s)
x = paddle.rand([1, 3, 8, 8])
y = paddle.nn.functional.fractional_max_pool2d(x, kernel_size=2, output_size=[3, 3])
y = paddle.nn.functional.fractional_max_pool2d(x, kernel_size=2, output_size=(3, 3), return_mask=True)
y = paddle.nn.functional.fractional_max_pool3d(x, kernel_size=2, output_size=3)
