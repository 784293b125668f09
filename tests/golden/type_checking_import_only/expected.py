# Only string annotations use torch: the import under TYPE_CHECKING becomes import paddle there.
from typing import TYPE_CHECKING, Optional

import numpy as np

if TYPE_CHECKING:
    import paddle


def scale(x: "paddle.Tensor", factor: float) -> "paddle.Tensor":
    return x * factor


def maybe(x: Optional["paddle.Tensor"] = None) -> np.ndarray:
    return np.zeros(2)
