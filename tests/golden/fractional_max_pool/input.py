# FractionalMaxPool: output_size keeps its name; Paddle takes it first, so positional arguments become keywords.
import torch
import torch.nn as nn
p = nn.FractionalMaxPool2d(2, output_size=[3, 3], return_indices=True)
p = nn.FractionalMaxPool2d(3, (5, 5))
p = nn.FractionalMaxPool3d(kernel_size=2, output_size=4)
p = nn.FractionalMaxPool2d(2, output_ratio=0.5)
p = nn.FractionalMaxPool2d(2, output_size=3, _random_samples=s)
import torch.nn.functional as F
x = torch.rand(1, 3, 8, 8)
y = F.fractional_max_pool2d(x, 2, output_size=[3, 3])
y = F.fractional_max_pool2d(x, 2, (3, 3), return_indices=True)
y = F.fractional_max_pool3d(x, kernel_size=2, output_size=3)
