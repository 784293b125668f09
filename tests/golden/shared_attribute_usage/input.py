# `device` is also an attribute of other objects (argparse's args, skorch's net): on a name the
# scope binds once and calls a tensor-only method on, it is a tensor's, as for methods.
import torch


def move(tokens, mask):
    batch = tokens.unsqueeze(0)
    return mask.to(tokens.device), batch


def settings(args):
    # args has no tensor-only method called on it: left as written.
    return args.device


def twice(x):
    x = x.unsqueeze(0)
    # Bound twice (parameter and assignment): left as written.
    return x.device


# An element of a parameter annotated List[Tensor] (or Tuple[Tensor, ...]) is a tensor.
from typing import List, Tuple


def grid_anchors(feature_maps: List[torch.Tensor], strides: Tuple[torch.Tensor, ...]):
    dtype, device = feature_maps[0].dtype, feature_maps[0].device
    return strides[0].to(device), dtype


# `device` on a receiver of unknown kind: other objects have one too, left as written with a
# TODO; compared with a string it is not a tensor's (a torch.device never equals a string).
def anchors_device(anchors, net, config):
    config.device = "cpu"  # set: no tensor's device (PyTorch's cannot be set)
    if net.module_.device == "cpu":
        return anchors.device
    return None
