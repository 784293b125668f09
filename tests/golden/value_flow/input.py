# A PyTorch class named as a value (`norm_layer = nn.BatchNorm2d`) becomes Paddle's class, and
# whoever calls it later passes arguments. Where every call through it is in this file (a local
# name, a parameter default, an argument to a function or class defined here or to
# super().__init__ of such a class, by keyword or by position), those calls are checked: when
# they pass what Paddle's class takes as PyTorch's does, there is nothing to review; when one
# does not, the note names that call. A value stored on an object, put in a
# list, returned or passed on to code elsewhere keeps the general note.
import torch.nn as nn
import torch.nn.functional as F


class BasicBlock(nn.Module):
    def __init__(self, planes, norm_layer=None):
        super().__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        self.conv = nn.Conv2d(planes, planes, 3, padding=1, bias=False)
        self.bn = norm_layer(planes)

    def forward(self, x):
        return self.bn(self.conv(x))


class PatchMerging(nn.Module):
    def __init__(self, dim, norm_layer=nn.LayerNorm):
        super().__init__()
        self.norm = norm_layer(4 * dim)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)


def head(channels, activation=nn.ReLU):
    # Paddle's ReLU takes no inplace: this call is named in the note.
    return nn.Sequential(nn.Linear(channels, channels), activation(inplace=True))


def stem(channels, act_layer=nn.GELU):
    # Passed on as a keyword to a class of this file, whose calls are checked in turn.
    return Mixer(channels, act_layer=act_layer)


class Mixer(nn.Module):
    def __init__(self, dim, act_layer=None):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.act = act_layer() if act_layer is not None else nn.Identity()


def layers(channels, norm_layer=nn.BatchNorm2d):
    # Stored for later: the calls made through it are not in sight.
    table = {"norm": norm_layer}
    return table


def regularize(x, dropout=F.alpha_dropout):
    # PyTorch's default of training is False, Paddle's True: a call leaving it out is named.
    return dropout(x, 0.1)


block = BasicBlock(8, norm_layer=nn.BatchNorm2d)


class ConvNorm(nn.Sequential):
    def __init__(self, channels, norm_layer=None, conv_layer=nn.Conv2d):
        super().__init__(conv_layer(channels, channels, 3, bias=norm_layer is None), norm_layer(channels))


class Conv2dNorm(ConvNorm):
    # The default goes on by position to the base's __init__ (super().__init__), which calls it
    # with the channels only: nothing to review. nn.Conv2d goes there too, and that call passes
    # bias=, which Paddle's Conv2D names bias_attr: the note names it.
    def __init__(self, channels, norm_layer=nn.BatchNorm2d):
        super().__init__(channels, norm_layer, nn.Conv2d)


class Conv2dLayerNorm(ConvNorm):
    def __init__(self, channels, norm_layer=nn.LayerNorm):
        # By keyword to the base, which calls LayerNorm(channels): Paddle's takes that too.
        super().__init__(channels, norm_layer=norm_layer)


class FeedForward(nn.Module):
    # Stored on self: every `.activation` of the file is this class's (or a subclass's) own, and
    # each is called with the input only; a test or an f-string of the value is no use of it.
    def __init__(self, dim, activation=F.relu):
        super().__init__()
        if isinstance(activation, str):
            assert activation in ("relu", "gelu"), f"no {activation}"
            self.activation = F.gelu if activation == "gelu" else F.relu
        else:
            self.activation = activation
        self.linear = nn.Linear(dim, dim)

    def forward(self, x):
        return self.activation(self.linear(x))


class Gate(nn.Module):
    def __init__(self, act=F.relu):
        super().__init__()
        self.act = act

    def forward(self, x):
        return self.act(x, inplace=True)  # F.relu's inplace: Paddle's relu has none


gate = Gate()
print(gate.act)  # read from outside the class: the calls through it are not all in sight


def pick_activation(approximate, x):
    # One branch of `a if c else b` goes where the whole expression goes.
    act = F.gelu if approximate else F.relu
    return act(x, inplace=True)
