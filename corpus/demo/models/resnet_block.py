"""Residual building blocks with squeeze-and-excitation gating."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class SqueezeExcite(nn.Module):
    """Channel attention: global pool -> bottleneck MLP -> sigmoid gate."""

    def __init__(self, channels, reduction=4):
        super().__init__()
        hidden = max(channels // reduction, 4)
        self.fc1 = nn.Linear(channels, hidden)
        self.fc2 = nn.Linear(hidden, channels)

    def forward(self, x):
        # x: (N, C, H, W) -> (N, C)
        s = x.mean(dim=(2, 3))
        s = F.relu(self.fc1(s))
        s = torch.sigmoid(self.fc2(s))
        # broadcast the gate back over the spatial dimensions
        return x * s.unsqueeze(-1).unsqueeze(-1)


class ResidualBlock(nn.Module):
    """Basic 3x3 residual block (as in ResNet-18) with an optional SE gate."""

    expansion = 1

    def __init__(self, in_channels, out_channels, stride=1, use_se=True):
        super(ResidualBlock, self).__init__()
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, stride=stride,
                               padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, padding=1,
                               bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.se = SqueezeExcite(out_channels) if use_se else nn.Identity()

        # projection shortcut when the shape changes
        if stride != 1 or in_channels != out_channels:
            self.shortcut = nn.Sequential(
                nn.Conv2d(in_channels, out_channels, 1, stride=stride, bias=False),
                nn.BatchNorm2d(out_channels),
            )
        else:
            self.shortcut = nn.Identity()

    def forward(self, x):
        identity = self.shortcut(x)
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out = self.se(out)
        return F.relu(out + identity)


class DenseFusion(nn.Module):
    """Concatenate two feature maps along channels and mix them with 1x1 conv."""

    def __init__(self, c1, c2, out_channels):
        super().__init__()
        self.mix = nn.Conv2d(c1 + c2, out_channels, kernel_size=1)

    def forward(self, a, b):
        if a.shape[-2:] != b.shape[-2:]:
            b = F.interpolate(b, size=a.shape[-2:], mode="nearest")
        fused = torch.cat([a, b], dim=1)
        return self.mix(fused)


class TokenMixer(nn.Module):
    """Treat every spatial position as a token and mix tokens with a Linear.

    Demonstrates the layout shuffling tensor methods: permute, transpose,
    contiguous, reshape and squeeze.
    """

    def __init__(self, num_tokens, channels):
        super().__init__()
        self.norm = nn.LayerNorm(channels)
        self.token_fc = nn.Linear(num_tokens, num_tokens)

    def forward(self, x):
        n, c, h, w = x.shape
        # (N, C, H, W) -> (N, H*W, C)
        tokens = x.permute(0, 2, 3, 1).reshape(n, h * w, c)
        tokens = self.norm(tokens)
        # mix along the token axis: (N, C, T) -> Linear over T
        mixed = self.token_fc(tokens.transpose(1, 2))
        mixed = mixed.transpose(1, 2).contiguous()
        # back to the image layout
        out = mixed.view(n, h, w, c).permute(0, 3, 1, 2)
        return x + out


class TinyResNet(nn.Module):
    """Three stages of residual blocks, enough for 32x32 inputs."""

    def __init__(self, num_classes=10, width=16):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1, bias=False),
            nn.BatchNorm2d(width),
            nn.ReLU(inplace=True),
        )
        self.stage1 = ResidualBlock(width, width)
        self.stage2 = ResidualBlock(width, width * 2, stride=2)
        self.stage3 = ResidualBlock(width * 2, width * 4, stride=2)
        self.fuse = DenseFusion(width * 4, width * 2, width * 4)
        self.mixer = TokenMixer(num_tokens=8 * 8, channels=width * 4)
        self.head = nn.Linear(width * 4, num_classes)

    def forward(self, x):
        x = self.stem(x)
        x = self.stage1(x)
        mid = self.stage2(x)
        deep = self.stage3(mid)
        deep = self.fuse(deep, mid)
        deep = self.mixer(deep)
        # global average pooling, keepdim then squeeze to (N, C)
        pooled = deep.mean(dim=[2, 3], keepdim=True).squeeze(-1).squeeze(-1)
        return self.head(pooled)


if __name__ == "__main__":
    net = TinyResNet()
    dummy = torch.randn(2, 3, 32, 32)
    print(net(dummy).shape)  # expected: torch.Size([2, 10])
