# torch.Size is a tuple, Paddle's shape a list: a list never equals a tuple and cannot be added
# to one, so a shape compared with or added to a tuple is written tuple(x.shape).
import paddle


def check(attention: paddle.Tensor, mask: paddle.Tensor, length: paddle.Tensor, b: int, t: int):
    shape_ = (b, 1, t, t)
    if tuple(mask.shape) != shape_:
        raise ValueError("mask")
    if tuple(attention.shape) != (b, t, t):
        raise AssertionError("attention")
    if tuple(length.shape) != () and tuple(length.shape) != (1,):
        raise ValueError("length")
    out = attention.view(tuple(attention.shape[:-2]) + (t * t,))
    same = attention.shape == mask.shape
    return out, same, tuple(attention.shape) + (1,)


def elastic(img: paddle.Tensor, displacement: paddle.Tensor):
    # A name bound to a shape and then to a tuple holds either: both sides are written tuple().
    shape = img.shape
    shape = (1,) + tuple(shape[-2:]) + (2,)
    if tuple(shape) != tuple(displacement.shape):
        raise ValueError("displacement")
    return shape


class Flow(paddle.nn.Layer):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder

    def forward(self, image, h, w):
        # `out` is of unknown kind: were it a tensor, its Paddle shape would be a list; tuple()
        # of a NumPy shape changes nothing.
        out = self.encoder(image)
        if tuple(out.shape[-2:]) != (h // 8, w // 8):
            raise ValueError("downsample")
        return out
