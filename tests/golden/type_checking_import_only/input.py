# Only string annotations use torch: the import under TYPE_CHECKING becomes import paddle there.
from typing import TYPE_CHECKING, Optional

import numpy as np

if TYPE_CHECKING:
    from torch import Tensor


def scale(x: "Tensor", factor: float) -> "Tensor":
    return x * factor


def maybe(x: Optional["Tensor"] = None) -> np.ndarray:
    return np.zeros(2)
