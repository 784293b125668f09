# A receiver of unknown kind calling a name numpy and pandas share (`mean`, `sum`, `cumsum`):
# a torch dtype or device among its arguments says it is a tensor, since no other owner of the
# name reads a torch dtype. A name a Module has too (`to`, `type`) is decided elsewhere.
import numpy as np
import torch


def stats(x, y, z, w, frame):
    m = x.mean(dtype=torch.float64)
    s = y.sum(0, dtype=torch.int64)
    c = z.cumsum(0, dtype=torch.float32)
    bits = w.view(torch.int32)  # positional
    plain = frame.mean()  # nothing says what frame is; the Paddle form is the same text
    return m, s, c, bits, plain, np.zeros(3)
