# .real / .imag are attributes in PyTorch and methods in Paddle; is_contiguous() is a bool; an
# integer device is a CUDA index, which Paddle takes as a device string.
import os

import torch

rank = int(os.environ.get("LOCAL_RANK", "0"))


def parts(a, b):
    z = torch.complex(a, b)
    re = z.real
    both = z.real * 2 + z.imag
    # Written through the view: the copy Paddle returns would not change z.
    z.real[0] = 1.0
    z.imag += 1
    return re, both


def layout(x):
    x = torch.randn(2, 2)
    if not x.is_contiguous():
        x = x.contiguous()
    # memory_format has no Paddle counterpart: reported.
    cl = x.is_contiguous(memory_format=torch.channels_last)
    return x, cl


def place(x):
    x = torch.randn(2, 2)
    a = x.to(0)
    b = x.to(rank)
    c = x.cuda(1)
    d = x.to(torch.device('cuda', 1))
    e = x.to("cuda:1", non_blocking=True)
    # The current CUDA index is an int in PyTorch (Paddle's _current_expected_place is a Place).
    f = x.cuda(torch.cuda.current_device())
    return a, b, c, d, e, f
