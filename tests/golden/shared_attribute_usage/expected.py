# `device` is also an attribute of other objects (argparse's args, skorch's net): on a name the
# scope binds once and calls a tensor-only method on, it is a tensor's, as for methods.
import paddle


def move(tokens, mask):
    batch = tokens.unsqueeze(0)
    return mask.to(tokens.place), batch


def settings(args):
    # args has no tensor-only method called on it: left as written.
    # TODO(torch2paddle): torch.Tensor.device: receiver of unknown kind; `device` is also an attribute of non-torch objects: left as written, a tensor's is `place` in Paddle
    return args.device


def twice(x):
    x = x.unsqueeze(0)
    # Bound twice (parameter and assignment): left as written.
    # TODO(torch2paddle): torch.Tensor.device: receiver of unknown kind; `device` is also an attribute of non-torch objects: left as written, a tensor's is `place` in Paddle
    return x.device


# An element of a parameter annotated List[Tensor] (or Tuple[Tensor, ...]) is a tensor.
from typing import List, Tuple


def grid_anchors(feature_maps: List[paddle.Tensor], strides: Tuple[paddle.Tensor, ...]):
    dtype, device = feature_maps[0].dtype, feature_maps[0].place
    return strides[0].to(device), dtype


# `device` on a receiver of unknown kind: other objects have one too, left as written with a
# TODO; compared with a string it is not a tensor's (a torch.device never equals a string).
def anchors_device(anchors, net, config):
    config.device = "cpu"  # set: no tensor's device (PyTorch's cannot be set)
    if net.module_.device == "cpu":
        # TODO(torch2paddle): torch.Tensor.device: receiver of unknown kind; `device` is also an attribute of non-torch objects: left as written, a tensor's is `place` in Paddle
        return anchors.device
    return None
