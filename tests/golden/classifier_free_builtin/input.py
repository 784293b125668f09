import torch


# `input` is a tensor bound outside this function (a notebook cell, a global set at run time):
# a builtin function has no tensor methods, so a tensor-only method converts.
def step(batch1, batch2):
    y = input.addbmm(batch1, batch2, beta=0.5, alpha=2)
    z = input.unsqueeze(0)
    # A name other objects have too still needs evidence.
    s = input.sum()
    # Calling the builtin is not a method call.
    line = input("> ")
    return y, z, s, line
