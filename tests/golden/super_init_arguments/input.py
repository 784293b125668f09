# super().__init__ in a class deriving from a torch class calls the converted Paddle class's
# constructor: its arguments are converted by the class's argument map (nn.Linear's third
# positional is Paddle's weight_attr, not bias), or reported when they cannot be.
import torch
from torch import nn


class Proj(nn.Linear):
    def __init__(self, a, b):
        super().__init__(a, b, False)


class Wide(Proj):
    pass


class Plain(nn.Linear):
    def __init__(self, a, b):
        super(Plain, self).__init__(a, b)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)


class Attn(nn.MultiheadAttention):
    def __init__(self, d, h, dropout, bias, qkv_dim, device, dtype):
        super().__init__(d, h, dropout, bias, False, False, qkv_dim, qkv_dim, True, device, dtype)


class Conv3DSimple(nn.Conv3d):
    def __init__(self, in_planes, out_planes, stride=1, padding=1):
        super().__init__(in_planes, out_planes, kernel_size=(3, 3, 3), stride=stride, padding=padding, bias=False)
