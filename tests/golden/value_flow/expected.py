# A PyTorch class named as a value (`norm_layer = nn.BatchNorm2d`) becomes Paddle's class, and
# whoever calls it later passes arguments. Where every call through it is in this file (a local
# name, a parameter default, an argument to a function or class defined here or to
# super().__init__ of such a class, by keyword or by position), those calls are checked: when
# they pass what Paddle's class takes as PyTorch's does, there is nothing to review; when one
# does not, the note names that call. A value stored on an object, put in a
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


# TODO(torch2paddle): review: torch.nn.ReLU: passed as a value, it becomes paddle.nn.ReLU, and the call through it on line 33 of the input (`activation(inplace=True)`) passes PyTorch's arguments (inplace does not exist)
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


# TODO(torch2paddle): review: torch.nn.functional.alpha_dropout: passed as a value, it becomes paddle.nn.functional.alpha_dropout, and the call through it on line 56 of the input (`dropout(x, 0.1)`) passes PyTorch's arguments (PyTorch's default of training is training=False in Paddle)
def regularize(x, dropout=paddle.nn.functional.alpha_dropout):
    # PyTorch's default of training is False, Paddle's True: a call leaving it out is named.
    return dropout(x, 0.1)


block = BasicBlock(8, norm_layer=paddle.nn.BatchNorm2D)


class ConvNorm(paddle.nn.Sequential):
    # TODO(torch2paddle): review: torch.nn.Conv2d: passed as a value, it becomes paddle.nn.Conv2D, and the call through it on line 64 of the input (`conv_layer(channels, channels, 3, bias=norm_layer is None)`) passes PyTorch's arguments (bias (bias_attr) takes other values)
    def __init__(self, channels, norm_layer=None, conv_layer=paddle.nn.Conv2D):
        super().__init__(conv_layer(channels, channels, 3, bias=norm_layer is None), norm_layer(channels))


class Conv2dNorm(ConvNorm):
    # The default goes on by position to the base's __init__ (super().__init__), which calls it
    # with the channels only: nothing to review. nn.Conv2d goes there too, and that call passes
    # bias=, which Paddle's Conv2D names bias_attr: the note names it.
    def __init__(self, channels, norm_layer=paddle.nn.BatchNorm2D):
        # TODO(torch2paddle): review: torch.nn.Conv2d: passed as a value, it becomes paddle.nn.Conv2D, and the call through it on line 64 of the input (`conv_layer(channels, channels, 3, bias=norm_layer is None)`) passes PyTorch's arguments (bias (bias_attr) takes other values)
        super().__init__(channels, norm_layer, paddle.nn.Conv2D)


class Conv2dLayerNorm(ConvNorm):
    def __init__(self, channels, norm_layer=paddle.nn.LayerNorm):
        # By keyword to the base, which calls LayerNorm(channels): Paddle's takes that too.
        super().__init__(channels, norm_layer=norm_layer)


class FeedForward(paddle.nn.Layer):
    # Stored on self: every `.activation` of the file is this class's (or a subclass's) own, and
    # each is called with the input only; a test or an f-string of the value is no use of it.
    def __init__(self, dim, activation=paddle.nn.functional.relu):
        super().__init__()
        if isinstance(activation, str):
            assert activation in ("relu", "gelu"), f"no {activation}"
            self.activation = paddle.nn.functional.gelu if activation == "gelu" else paddle.nn.functional.relu
        else:
            self.activation = activation
        self.linear = paddle.nn.Linear(dim, dim)

    def forward(self, x):
        return self.activation(self.linear(x))


class Gate(paddle.nn.Layer):
    # TODO(torch2paddle): review: torch.nn.functional.relu: passed as a value, it becomes paddle.nn.functional.relu: a call made through it must pass Paddle's arguments (inplace takes other values)
    def __init__(self, act=paddle.nn.functional.relu):
        super().__init__()
        self.act = act

    def forward(self, x):
        return self.act(x, inplace=True)  # F.relu's inplace: Paddle's relu has none


gate = Gate()
print(gate.act)  # read from outside the class: the calls through it are not all in sight


def pick_activation(approximate, x):
    # One branch of `a if c else b` goes where the whole expression goes.
    # TODO(torch2paddle): review: torch.nn.functional.relu: passed as a value, it becomes paddle.nn.functional.relu, and the call through it on line 113 of the input (`act(x, inplace=True)`) passes PyTorch's arguments (inplace takes other values)
    act = paddle.nn.functional.gelu if approximate else paddle.nn.functional.relu
    return act(x, inplace=True)
