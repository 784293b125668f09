# TorchScript checks in real code (torchvision.ops, torchaudio, torchtext): is_scripting() and
# is_tracing() are False once converted (nothing runs under TorchScript), annotate() is its
# value, isinstance() with a plain class is Python's; the markers fx.wrap, _script_if_tracing and
# export, which return what they are given, are deleted; the rest is reported with what to write.
from typing import Dict, List, Optional

import torch
import torch.fx
from torch import Tensor


torch.fx.wrap("box_area")


def box_area(boxes: Tensor) -> Tensor:
    if not torch.jit.is_scripting() and not torch.jit.is_tracing():
        print("box_area called")
    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])


@torch.jit._script_if_tracing
def clip_boxes(boxes: Tensor) -> Tensor:
    return boxes.clamp(min=0)


def gather_sizes(n: int) -> List[int]:
    sizes = torch.jit.annotate(List[int], [])
    scores = torch.jit.annotate(List[Optional[Tensor]], [None] * n)
    for i in range(n):
        sizes.append(i)
    flat = torch.jit.annotate(List[int], sizes + [n]).copy()
    return sizes + flat if scores else flat


def channel(reference_channel, specgram: Tensor) -> Tensor:
    if torch.jit.isinstance(reference_channel, int):
        return specgram[..., reference_channel, :]
    elif torch.jit.isinstance(reference_channel, Tensor):
        return specgram * reference_channel
    elif torch.jit.isinstance(reference_channel, List[int]):
        return specgram[..., reference_channel[0], :]
    raise ValueError("reference_channel")


class Decoder(torch.nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        if torch.jit.is_scripting():
            return x
        return x * 2

    @torch.jit.export
    def infer(self, tokens: Dict[str, Tensor]) -> Tensor:
        return tokens["x"]


# valid: a local isinstance-like helper and attribute names that are not torch's
class jit:
    @staticmethod
    def is_scripting():
        return True


flag = jit.is_scripting()
