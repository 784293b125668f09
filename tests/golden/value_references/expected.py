# A PyTorch callable named as a value (an argument, a default, partial's first argument, an
# assignment) becomes the Paddle name; calls made through it later pass PyTorch's arguments,
# so where Paddle takes them differently the use is converted with a review note saying how.
from functools import partial
from typing import Callable, Optional
import paddle


# TODO(torch2paddle): review: torch.nn.ReLU: passed as a value, it becomes paddle.nn.ReLU, and the call through it on line 11 of the input (`act(inplace=True)`) passes PyTorch's arguments (inplace does not exist)
def block(c, norm_layer: Optional[Callable[..., paddle.nn.Layer]] = paddle.nn.BatchNorm2D, act=paddle.nn.ReLU):
    layers = [paddle.nn.Conv2D(c, c, 3), norm_layer(c), act(inplace=True)]
    if isinstance(norm_layer, (paddle.nn.BatchNorm2D, paddle.nn.Identity)):
        pass
    return paddle.nn.Sequential(*layers)


# TODO(torch2paddle): review: torch.nn.LayerNorm: passed to partial with its arguments converted, it becomes paddle.nn.LayerNorm: a call made through it must pass Paddle's arguments (eps is epsilon; elementwise_affine (weight_attr) takes other values; device does not exist; dtype does not exist)
ln = partial(paddle.nn.LayerNorm, epsilon=1e-6)
b = block(3, norm_layer=partial(paddle.nn.BatchNorm2D, epsilon=0.001, momentum=1 - 0.01))
# TODO(torch2paddle): review: torch.hann_window: passed as a value, it becomes paddle.audio.functional.get_window: a call made through it must pass Paddle's arguments (a positional window_length goes to another parameter; periodic is fftbins; PyTorch's default of dtype is dtype='float32' in Paddle; layout does not exist; device takes other values; requires_grad takes other values; Paddle needs window='hann')
window_fn = paddle.audio.functional.get_window
# TODO(torch2paddle): review: torch.optim.SGD: passed as a value, it becomes paddle.optimizer.SGD: a call made through it must pass Paddle's arguments (a call of it is rewritten, not renamed; a positional params goes to another parameter; momentum takes other values; dampening takes other values; PyTorch's default of weight_decay is weight_decay=0 in Paddle; nesterov takes other values; maximize takes other values; foreach does not exist; differentiable takes other values)
opt_cls = paddle.optimizer.SGD
idn = paddle.nn.Identity
# TODO(torch2paddle): review: torch.softmax: passed to partial with its arguments converted, it becomes paddle.nn.functional.softmax: a call made through it must pass Paddle's arguments (out takes other values)
sm = partial(paddle.nn.functional.softmax, axis=-1)
# TODO(torch2paddle): review: torch.nn.InstanceNorm2d: passed as a value, it becomes paddle.nn.InstanceNorm2D: a call made through it must pass Paddle's arguments (eps is epsilon; momentum is 1 - momentum; affine (weight_attr) takes other values; track_running_stats takes other values; device does not exist; dtype does not exist)
inorm = paddle.nn.InstanceNorm2D
