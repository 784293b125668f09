"""Fused bias + leaky ReLU: the autograd wrapper of the CUDA extension."""
import torch
from torch import nn
from torch.autograd import Function

import fused_act_cuda  # built by setup.py


class FusedLeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, bias, negative_slope, scale):
        out = fused_act_cuda.forward(input, bias, negative_slope, scale)
        ctx.save_for_backward(out)
        ctx.negative_slope = negative_slope
        ctx.scale = scale
        return out

    @staticmethod
    def backward(ctx, grad_output):
        (out,) = ctx.saved_tensors
        grad_input = fused_act_cuda.backward(grad_output.contiguous(), out, ctx.negative_slope, ctx.scale)
        # the bias gradient: the input gradient summed over every axis but the channels
        dims = [0] + list(range(2, grad_input.dim()))
        grad_bias = grad_input.sum(dims)
        return grad_input, grad_bias, None, None


class FusedLeakyReLU(nn.Module):
    def __init__(self, channels, negative_slope=0.2, scale=2 ** 0.5):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(channels))
        self.negative_slope = negative_slope
        self.scale = scale

    def forward(self, input):
        return FusedLeakyReLUFunction.apply(input, self.bias, self.negative_slope, self.scale)
