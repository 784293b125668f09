# A method name tensors share with other objects, called on a receiver of unknown kind with
# arguments no signature of PyTorch's method binds: another object's method (a tensor would
# raise), left alone without a review. NumPy's `axis=` / `keepdims=` are names PyTorch's
# argument parser takes for `dim` / `keepdim`, so they bind.
import re

import torch


def clean(pattern_re, line, img, cv, X, groups, skip_add, x):
    line = pattern_re.sub(" ", line)  # re.Pattern.sub(repl, string)
    img = img.transpose(FLIP_LEFT_RIGHT)  # PIL: one argument, PyTorch's takes two
    train, valid = next(iter(cv.split(X, groups=groups)))  # sklearn's keyword
    folds = cv.split(*X, groups=groups)  # with a splat, the keyword written out still tells
    y = skip_add.add(x, x)  # FloatFunctional.add(a, b)
    z = x.sum(axis=-1, keepdims=True)  # binds: left for review, the names differ in Paddle
    t = torch.sum(x, axis=0, keepdims=True)
    return line, img, train, valid, folds, y, z, t
