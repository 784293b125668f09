# Attributes of a converted layer that Paddle keeps under private names or not at all. Those the
# documented weight layout gives are computed from it: a Linear's weight is [in_features,
# out_features] in Paddle, an Embedding's [num_embeddings, embedding_dim], a Conv's
# [out_channels, in_channels / groups, *kernel_size]. The others are reported with what to write,
# and so is an assignment to one. A class of the file that sets the attribute itself keeps it.
import re

import torch.nn as nn
import torch.nn.functional as F


class Encoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.conv = nn.Conv2d(3, 16, kernel_size=3, padding=1)
        self.proj = nn.Linear(dim, 2 * dim)
        self.head = nn.Linear(self.proj.out_features, self.conv.out_channels)
        self.norm = nn.LayerNorm(dim)

    def forward(self, tokens):
        x = self.embed(tokens)
        mask = tokens == self.embed.padding_idx
        kernel = self.conv.kernel_size
        scale = self.proj.in_features ** -0.5
        rows = self.embed.num_embeddings, self.embed.embedding_dim
        return x, mask, kernel, scale, rows, self.norm.eps


class ChannelsFirstNorm(nn.LayerNorm):
    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.permute(0, 3, 1, 2)


class Scaled(nn.Linear):
    def __init__(self, n):
        super().__init__(n, n)
        self.out_features = n  # its own attribute now

    def width(self):
        return self.out_features


def widen(layer: nn.Conv2d):
    layer.padding = (2, 2)
    return layer


def describe():
    # Every attribute with a record, read once.
    batchnorm1d = nn.BatchNorm1d(8)
    batchnorm1d_facts = (batchnorm1d.eps, batchnorm1d.momentum, batchnorm1d.num_features)
    batchnorm2d = nn.BatchNorm2d(8)
    batchnorm2d_facts = (batchnorm2d.eps, batchnorm2d.momentum, batchnorm2d.num_features)
    batchnorm3d = nn.BatchNorm3d(8)
    batchnorm3d_facts = (batchnorm3d.eps, batchnorm3d.momentum, batchnorm3d.num_features)
    conv1d = nn.Conv1d(3, 8, 3)
    conv1d_facts = (conv1d.dilation, conv1d.groups, conv1d.in_channels, conv1d.kernel_size, conv1d.out_channels, conv1d.padding, conv1d.stride)
    conv2d = nn.Conv2d(3, 8, 3)
    conv2d_facts = (conv2d.dilation, conv2d.groups, conv2d.in_channels, conv2d.stride)
    conv3d = nn.Conv3d(3, 8, 3)
    conv3d_facts = (conv3d.dilation, conv3d.groups, conv3d.in_channels, conv3d.kernel_size, conv3d.out_channels, conv3d.padding, conv3d.stride)
    groupnorm = nn.GroupNorm(2, 8)
    groupnorm_facts = (groupnorm.eps, groupnorm.num_groups)
    return batchnorm1d_facts, batchnorm2d_facts, batchnorm3d_facts, conv1d_facts, conv2d_facts, conv3d_facts, groupnorm_facts


def parse(pattern, text, match):
    # Calls of methods of the same names on other objects are no layer attributes.
    return re.match(pattern, text).groups(), match.groups()
