# Header comment: keep me.
import torch  # the torch import
import torch.nn as nn


# A comment between blocks.


def make(n):
    # comment at the start of a body
    x = torch.zeros(
        n,  # rows
        n,  # columns
        dtype=torch.float32,  # precision
    )

    y = torch.cat(
        [x, x],  # both halves
        # a comment line inside the call
        dim=0,
    )  # trailing comment after the call
    layer = nn.Linear(n,   n)   # odd spacing is preserved
    return torch.sum(y, dim=1)  # reduce rows


s = "torch.zeros(3) inside a string is not code"
t = """docstring mentioning torch.nn.Linear and F.relu"""
# torch.ones(5) in a comment stays as is
z = torch.ones(5)	# tab before this comment
