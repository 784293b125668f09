# Annotations written as strings, the import under TYPE_CHECKING: the strings take the Paddle
# spelling, so the torch import can go and the annotations still resolve.
from typing import TYPE_CHECKING

import paddle

if TYPE_CHECKING:
    from torch import Tensor


def scale(x: "paddle.Tensor", factor: float) -> "paddle.Tensor":
    return paddle.nn.functional.relu(x) * factor


# a plain string is not an annotation: unchanged
LABEL = "Tensor"


# TODO(torch2paddle): torch.Tensor: a string annotation names it: write the Paddle spelling in the string by hand
def pair(x: "Tensor | None") -> "tuple[Tensor, Tensor]":
    # an expression in a string: reported, the import stays
    return x, x
