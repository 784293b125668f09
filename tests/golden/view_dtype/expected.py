# `x.view(dtype)` reinterprets the bytes as another dtype; `x.view(*shape)` reshapes. Paddle's
# `view(shape_or_dtype)` takes either: a dtype goes as it is, never wrapped into a shape list.
import paddle


def reinterpret(x: paddle.Tensor, d: paddle.dtype):
    bits = x.view(paddle.int32)
    same = x.view(paddle.int32)
    chosen = x.view(d)
    shaped = x.view([-1, 2])
    flat = x.view([-1])
    return bits, same, chosen, shaped, flat
