# Annotations written as strings, the import under TYPE_CHECKING: the strings take the Paddle
# spelling, so the torch import can go and the annotations still resolve.
from typing import TYPE_CHECKING

import paddle

if TYPE_CHECKING:
    pass


def scale(x: "paddle.Tensor", factor: float) -> "paddle.Tensor":
    return paddle.nn.functional.relu(x) * factor


# a plain string is not an annotation: unchanged
LABEL = "Tensor"


def pair(x: "paddle.Tensor | None") -> "tuple[paddle.Tensor, paddle.Tensor]":
    # an expression in a string: each torch name in it takes the Paddle spelling
    return x, x
