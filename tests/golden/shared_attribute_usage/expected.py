# `device` is also an attribute of other objects (argparse's args, skorch's net): on a name the
# scope binds once and calls a tensor-only method on, it is a tensor's, as for methods.
import paddle


def move(tokens, mask):
    batch = tokens.unsqueeze(0)
    return mask.to(tokens.place), batch


def settings(args):
    # args has no tensor-only method called on it: left as written.
    return args.device


def twice(x):
    x = x.unsqueeze(0)
    # Bound twice (parameter and assignment): left as written.
    return x.device
