# Normalisation layers without learnable scale and shift, and Kaiming initialisation modes.
import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, dim, flag):
        super().__init__()
        self.bn1 = nn.BatchNorm1d(dim, affine=False)
        self.bn2 = nn.BatchNorm2d(dim, affine=True, momentum=0.2)
        self.bn3 = nn.BatchNorm3d(dim, affine=False)
        self.gn = nn.GroupNorm(4, dim, affine=False)
        self.ln = nn.LayerNorm(dim, eps=1e-6, elementwise_affine=False)
        self.ln_affine = nn.LayerNorm(dim, elementwise_affine=True)
        self.ln_flag = nn.LayerNorm(dim, elementwise_affine=flag)  # not a literal: reported
        self.conv = nn.Conv2d(dim, dim, 3)
        torch.nn.init.kaiming_normal_(self.conv.weight, mode="fan_in", nonlinearity="relu")
        torch.nn.init.kaiming_uniform_(self.conv.weight, mode='fan_in')
        torch.nn.init.kaiming_normal_(self.conv.weight, mode="fan_out")  # the fan-out passed as fan_in
