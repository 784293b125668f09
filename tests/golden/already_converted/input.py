# A file converted before that still imports torch (something was unsupported): Paddle calls
# that do not fit PyTorch's signatures are left alone, with no TODO comment.
import paddle
import torch
import torch.nn as nn


class Head(nn.Module):
    def forward(self, x):
        x = x + torch.randn_like(x) * 1e-3
        x = x.chunk(2, axis=-1)[0]
        x = paddle.concat([x, x.mean(axis=1, keepdim=True)], axis=1)
        return x.transpose([0, 2, 1])
