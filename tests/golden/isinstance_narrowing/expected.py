# In the block of `if isinstance(m, C):` (or `elif`), `m` is a C: a layer's attributes take
# Paddle's spelling (Linear and Conv2D keep only weight and bias), a tensor's methods convert.
import math

import paddle


def init_weights(model):
    for m in model.sublayers(include_self=True):
        if isinstance(m, paddle.nn.Conv2D):
            fan_out = tuple(m.weight.shape[2:])[0] * tuple(m.weight.shape[2:])[1] * m.weight.shape[0]
            paddle.nn.initializer.Normal(mean=0.0, std=math.sqrt(2.0 / fan_out))(m.weight)
        elif isinstance(m, paddle.nn.Linear):
            init_range = 1.0 / math.sqrt(m.weight.shape[1])
            paddle.nn.initializer.Uniform(low=-init_range, high=init_range)(m.weight)


def to_pil(pic):
    if isinstance(pic, paddle.Tensor):
        pic = pic.multiply(paddle.to_tensor(255, dtype=pic.dtype)).astype(dtype='uint8')
    return pic


def double(img):
    if isinstance(img, paddle.Tensor):
        return img.multiply(paddle.to_tensor(2.0))
    # Outside the block `img` is of unknown kind again: left for review.
    # TODO(torch2paddle): torch.Tensor.float: receiver of unknown kind; `float` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    return img.float()


def shapes(x):
    # A tuple of layer classes: a module, of no one class.
    if isinstance(x, (paddle.nn.Conv2D, paddle.nn.Linear)):
        return x.weight.shape

    def inner(x):
        # A nested function's `x` is another variable.
        # TODO(torch2paddle): torch.Tensor.float: receiver of unknown kind; `float` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
        return x.float()

    return inner


class Head(paddle.nn.Layer):
    # An attribute chain of names narrows too, and so does an isinstance among the operands of
    # an `and` (not of an `or`: the block may run without it).
    def __init__(self, conv_proj, heads):
        super().__init__()
        self.conv_proj = conv_proj
        self.heads = heads
        if isinstance(self.conv_proj, paddle.nn.Conv2D):
            fan_in = tuple(self.conv_proj.weight.shape[2:])[0] * tuple(self.conv_proj.weight.shape[2:])[1]
            paddle.nn.initializer.TruncatedNormal(mean=0.0, std=math.sqrt(1 / fan_in), a=-2.0, b=2.0)(self.conv_proj.weight)
        if hasattr(self.heads, "pre_logits") and isinstance(self.heads.pre_logits, paddle.nn.Linear):
            fan_in = self.heads.pre_logits.weight.shape[0]
        if isinstance(self.heads, paddle.nn.Linear) or fan_in is None:
            fan_in = self.heads.in_features
