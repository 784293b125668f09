# A method name tensors share with other objects, called on a receiver of unknown kind with
# arguments no signature of PyTorch's method binds: another object's method (a tensor would
# raise), left alone without a review. NumPy's `axis=` / `keepdims=` are names PyTorch's
# argument parser takes for `dim` / `keepdim`, so they bind.
import re

import paddle


def clean(pattern_re, line, img, cv, X, groups, skip_add, x):
    line = pattern_re.sub(" ", line)  # re.Pattern.sub(repl, string)
    img = img.transpose(FLIP_LEFT_RIGHT)  # PIL: one argument, PyTorch's takes two
    train, valid = next(iter(cv.split(X, groups=groups)))  # sklearn's keyword
    folds = cv.split(*X, groups=groups)  # with a splat, the keyword written out still tells
    y = skip_add.add(x, x)  # FloatFunctional.add(a, b)
    # TODO(torch2paddle): torch.Tensor.sum: receiver of unknown kind; `sum` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    z = x.sum(axis=-1, keepdims=True)  # binds: left for review, the names differ in Paddle
    t = paddle.sum(x, axis=0, keepdim=True)
    return line, img, train, valid, folds, y, z, t
