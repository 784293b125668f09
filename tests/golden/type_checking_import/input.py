# Annotations written as strings, the import under TYPE_CHECKING: the strings take the Paddle
# spelling, so the torch import can go and the annotations still resolve.
from typing import TYPE_CHECKING

import torch

if TYPE_CHECKING:
    from torch import Tensor


def scale(x: "Tensor", factor: float) -> "Tensor":
    return torch.relu(x) * factor


# a plain string is not an annotation: unchanged
LABEL = "Tensor"


def pair(x: "Tensor | None") -> "tuple[Tensor, Tensor]":
    # an expression in a string: each torch name in it takes the Paddle spelling
    return x, x
