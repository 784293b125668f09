# Attributes of a converted layer that Paddle keeps under private names or not at all. Those the
# documented weight layout gives are computed from it: a Linear's weight is [in_features,
# out_features] in Paddle, an Embedding's [num_embeddings, embedding_dim], a Conv's
# [out_channels, in_channels / groups, *kernel_size]. The others are reported with what to write,
# and so is an assignment to one. A class of the file that sets the attribute itself keeps it.
import re

import paddle


class Encoder(paddle.nn.Layer):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = paddle.nn.Embedding(vocab, dim, padding_idx=0)
        self.conv = paddle.nn.Conv2D(3, 16, kernel_size=3, padding=1)
        self.proj = paddle.nn.Linear(dim, 2 * dim)
        self.head = paddle.nn.Linear(self.proj.weight.shape[1], self.conv.weight.shape[0])
        self.norm = paddle.nn.LayerNorm(dim)

    def forward(self, tokens):
        x = self.embed(tokens)
        # TODO(torch2paddle): torch.nn.Embedding.padding_idx: Paddle's Embedding keeps padding_idx only as a private attribute, made non-negative: write the value the layer was built with
        mask = tokens == self.embed.padding_idx
        kernel = tuple(self.conv.weight.shape[2:])
        scale = self.proj.weight.shape[0] ** -0.5
        rows = self.embed.weight.shape[0], self.embed.weight.shape[1]
        # TODO(torch2paddle): torch.nn.LayerNorm.eps: Paddle's LayerNorm keeps eps only as the private _epsilon: write the value the layer was built with
        return x, mask, kernel, scale, rows, self.norm.eps


class ChannelsFirstNorm(paddle.nn.LayerNorm):
    def forward(self, x):
        x = x.transpose([0, 2, 3, 1])
        # TODO(torch2paddle): torch.nn.LayerNorm.eps: Paddle's LayerNorm keeps eps only as the private _epsilon: write the value the layer was built with
        # TODO(torch2paddle): torch.nn.LayerNorm.normalized_shape: Paddle's LayerNorm keeps normalized_shape only as a private attribute (a list): write the value the layer was built with
        x = paddle.nn.functional.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.transpose([0, 3, 1, 2])


class Scaled(paddle.nn.Linear):
    def __init__(self, n):
        super().__init__(n, n)
        self.out_features = n  # its own attribute now

    def width(self):
        return self.out_features


def widen(layer: paddle.nn.Conv2D):
    # TODO(torch2paddle): torch.nn.Conv2d.padding: Paddle's Conv2D has no public padding to set: build the layer with the new value
    layer.padding = (2, 2)
    return layer


def describe():
    # Every attribute with a record, read once.
    batchnorm1d = paddle.nn.BatchNorm1D(8)
    # TODO(torch2paddle): torch.nn.BatchNorm1d.num_features: Paddle's BatchNorm1D keeps num_features only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.BatchNorm1d.momentum: Paddle's BatchNorm1D keeps its momentum (1 - PyTorch's) only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.BatchNorm1d.eps: Paddle's BatchNorm1D keeps eps only as the private _epsilon: write the value the layer was built with
    batchnorm1d_facts = (batchnorm1d.eps, batchnorm1d.momentum, batchnorm1d.num_features)
    batchnorm2d = paddle.nn.BatchNorm2D(8)
    # TODO(torch2paddle): torch.nn.BatchNorm2d.num_features: Paddle's BatchNorm2D keeps num_features only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.BatchNorm2d.momentum: Paddle's BatchNorm2D keeps its momentum (1 - PyTorch's) only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.BatchNorm2d.eps: Paddle's BatchNorm2D keeps eps only as the private _epsilon: write the value the layer was built with
    batchnorm2d_facts = (batchnorm2d.eps, batchnorm2d.momentum, batchnorm2d.num_features)
    batchnorm3d = paddle.nn.BatchNorm3D(8)
    # TODO(torch2paddle): torch.nn.BatchNorm3d.num_features: Paddle's BatchNorm3D keeps num_features only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.BatchNorm3d.momentum: Paddle's BatchNorm3D keeps its momentum (1 - PyTorch's) only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.BatchNorm3d.eps: Paddle's BatchNorm3D keeps eps only as the private _epsilon: write the value the layer was built with
    batchnorm3d_facts = (batchnorm3d.eps, batchnorm3d.momentum, batchnorm3d.num_features)
    conv1d = paddle.nn.Conv1D(3, 8, 3)
    # TODO(torch2paddle): torch.nn.Conv1d.stride: Paddle's Conv1D keeps stride only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.Conv1d.padding: Paddle's Conv1D keeps padding only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.Conv1d.in_channels: Paddle's Conv1D keeps in_channels only as a private attribute, and its weight holds in_channels / groups: write the value the layer was built with, or layer.weight.shape[1] * groups
    # TODO(torch2paddle): torch.nn.Conv1d.groups: Paddle's Conv1D keeps groups only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.Conv1d.dilation: Paddle's Conv1D keeps dilation only as a private attribute: write the value the layer was built with
    conv1d_facts = (conv1d.dilation, conv1d.groups, conv1d.in_channels, tuple(conv1d.weight.shape[2:]), conv1d.weight.shape[0], conv1d.padding, conv1d.stride)
    conv2d = paddle.nn.Conv2D(3, 8, 3)
    # TODO(torch2paddle): torch.nn.Conv2d.stride: Paddle's Conv2D keeps stride only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.Conv2d.in_channels: Paddle's Conv2D keeps in_channels only as a private attribute, and its weight holds in_channels / groups: write the value the layer was built with, or layer.weight.shape[1] * groups
    # TODO(torch2paddle): torch.nn.Conv2d.groups: Paddle's Conv2D keeps groups only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.Conv2d.dilation: Paddle's Conv2D keeps dilation only as a private attribute: write the value the layer was built with
    conv2d_facts = (conv2d.dilation, conv2d.groups, conv2d.in_channels, conv2d.stride)
    conv3d = paddle.nn.Conv3D(3, 8, 3)
    # TODO(torch2paddle): torch.nn.Conv3d.stride: Paddle's Conv3D keeps stride only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.Conv3d.padding: Paddle's Conv3D keeps padding only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.Conv3d.in_channels: Paddle's Conv3D keeps in_channels only as a private attribute, and its weight holds in_channels / groups: write the value the layer was built with, or layer.weight.shape[1] * groups
    # TODO(torch2paddle): torch.nn.Conv3d.groups: Paddle's Conv3D keeps groups only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.Conv3d.dilation: Paddle's Conv3D keeps dilation only as a private attribute: write the value the layer was built with
    conv3d_facts = (conv3d.dilation, conv3d.groups, conv3d.in_channels, tuple(conv3d.weight.shape[2:]), conv3d.weight.shape[0], conv3d.padding, conv3d.stride)
    groupnorm = paddle.nn.GroupNorm(2, 8)
    # TODO(torch2paddle): torch.nn.GroupNorm.num_groups: Paddle's GroupNorm keeps num_groups only as a private attribute: write the value the layer was built with
    # TODO(torch2paddle): torch.nn.GroupNorm.eps: Paddle's GroupNorm keeps eps only as the private _epsilon: write the value the layer was built with
    groupnorm_facts = (groupnorm.eps, groupnorm.num_groups)
    return batchnorm1d_facts, batchnorm2d_facts, batchnorm3d_facts, conv1d_facts, conv2d_facts, conv3d_facts, groupnorm_facts


def parse(pattern, text, match):
    # Calls of methods of the same names on other objects are no layer attributes.
    return re.match(pattern, text).groups(), match.groups()
