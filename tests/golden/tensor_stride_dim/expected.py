# Tensor.stride(dim): one entry of Paddle's get_strides() (the mapping docs' form); without dim
# the whole list.
import paddle


def strides(x: paddle.Tensor, d: int):
    return x.get_strides(), x.get_strides()[0], x.get_strides()[-1], x.get_strides()[d]
