# .real / .imag are attributes in PyTorch and methods in Paddle; is_contiguous() is a bool; an
# integer device is a CUDA index, which Paddle takes as a device string.
import os

import paddle
import torch

rank = int(os.environ.get("LOCAL_RANK", "0"))


def parts(a, b):
    z = paddle.complex(a, b)
    re = z.real()
    both = z.real() * 2 + z.imag()
    # Written through the view: the copy Paddle returns would not change z.
    # TODO(torch2paddle): torch.Tensor.real: PyTorch's x.real is a view that this code writes through; Paddle's x.real() is a copy
    z.real[0] = 1.0
    # TODO(torch2paddle): torch.Tensor.imag: PyTorch's x.imag is a view that this code writes through; Paddle's x.imag() is a copy
    z.imag += 1
    return re, both


def layout(x):
    x = paddle.randn([2, 2])
    if not x.is_contiguous():
        x = x
    # memory_format has no Paddle counterpart: reported.
    # TODO(torch2paddle): torch.channels_last has no Paddle equivalent yet
    # TODO(torch2paddle): torch.Tensor.is_contiguous: argument 'memory_format' of torch.Tensor.is_contiguous cannot be converted (Paddle's is_contiguous takes no memory format)
    cl = x.is_contiguous(memory_format=torch.channels_last)
    return x, cl


def place(x):
    x = paddle.randn([2, 2])
    a = x.to('gpu:0')
    b = x.to('gpu:' + str(rank))
    c = x.cuda(1)
    d = x.to('gpu:1')
    e = x.to("gpu:1", blocking=False)
    # The current CUDA index is an int in PyTorch (Paddle's _current_expected_place is a Place).
    f = x.cuda(int(paddle.device.get_device().split(':')[-1]))
    return a, b, c, d, e, f
