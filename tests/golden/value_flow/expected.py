# A PyTorch class named as a value (`norm_layer = nn.BatchNorm2d`) becomes Paddle's class, and
# whoever calls it later passes arguments. Where every call through it is in this file (a local
# name, a parameter default, a keyword argument to a function or class defined here), those calls
# are checked: when they pass what Paddle's class takes as PyTorch's does, there is nothing to
# review; when one does not, the note names that call. A value stored on an object, put in a
# list, returned or passed on to code elsewhere keeps the general note.
import paddle


class BasicBlock(paddle.nn.Layer):
    def __init__(self, planes, norm_layer=None):
        super().__init__()
        if norm_layer is None:
            norm_layer = paddle.nn.BatchNorm2D
        self.conv = paddle.nn.Conv2D(planes, planes, 3, padding=1, bias_attr=False)
        self.bn = norm_layer(planes)

    def forward(self, x):
        return self.bn(self.conv(x))


class PatchMerging(paddle.nn.Layer):
    def __init__(self, dim, norm_layer=paddle.nn.LayerNorm):
        super().__init__()
        self.norm = norm_layer(4 * dim)
        self.reduction = paddle.nn.Linear(4 * dim, 2 * dim, bias_attr=False)


# TODO(torch2paddle): review: torch.nn.ReLU: passed as a value, it becomes paddle.nn.ReLU, and the call through it on line 32 of the input (`activation(inplace=True)`) passes PyTorch's arguments (inplace does not exist)
def head(channels, activation=paddle.nn.ReLU):
    # Paddle's ReLU takes no inplace: this call is named in the note.
    return paddle.nn.Sequential(paddle.nn.Linear(channels, channels), activation(inplace=True))


def stem(channels, act_layer=paddle.nn.GELU):
    # Passed on as a keyword to a class of this file, whose calls are checked in turn.
    return Mixer(channels, act_layer=act_layer)


class Mixer(paddle.nn.Layer):
    def __init__(self, dim, act_layer=None):
        super().__init__()
        self.fc = paddle.nn.Linear(dim, dim)
        self.act = act_layer() if act_layer is not None else paddle.nn.Identity()


# TODO(torch2paddle): review: torch.nn.BatchNorm2d: passed as a value, it becomes paddle.nn.BatchNorm2D: a call made through it must pass Paddle's arguments (eps is epsilon; a positional eps goes to another parameter; momentum is 1 - momentum; affine (weight_attr) takes other values; track_running_stats (use_global_stats) takes other values; device does not exist; dtype does not exist)
def layers(channels, norm_layer=paddle.nn.BatchNorm2D):
    # Stored for later: the calls made through it are not in sight.
    table = {"norm": norm_layer}
    return table


# TODO(torch2paddle): review: torch.nn.functional.alpha_dropout: passed as a value, it becomes paddle.nn.functional.alpha_dropout, and the call through it on line 55 of the input (`dropout(x, 0.1)`) passes PyTorch's arguments (PyTorch's default of training is training=False in Paddle)
def regularize(x, dropout=paddle.nn.functional.alpha_dropout):
    # PyTorch's default of training is False, Paddle's True: a call leaving it out is named.
    return dropout(x, 0.1)


block = BasicBlock(8, norm_layer=paddle.nn.BatchNorm2D)
