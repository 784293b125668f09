# TorchScript checks in real code (torchvision.ops, torchaudio, torchtext): is_scripting() and
# is_tracing() are False once converted (nothing runs under TorchScript), annotate() is its
# value, isinstance() with a plain class is Python's; the markers fx.wrap, _script_if_tracing and
# export, which return what they are given, are deleted; the rest is reported with what to write.
from typing import Dict, List, Optional

import paddle




def box_area(boxes: paddle.Tensor) -> paddle.Tensor:
    if not False and not False:
        print("box_area called")
    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])


def clip_boxes(boxes: paddle.Tensor) -> paddle.Tensor:
    return boxes.clip(min=0)


def gather_sizes(n: int) -> List[int]:
    sizes = []
    scores = [None] * n
    for i in range(n):
        sizes.append(i)
    flat = (sizes + [n]).copy()
    return sizes + flat if scores else flat


def channel(reference_channel, specgram: paddle.Tensor) -> paddle.Tensor:
    if isinstance(reference_channel, int):
        return specgram[..., reference_channel, :]
    elif isinstance(reference_channel, paddle.Tensor):
        return specgram * reference_channel
    elif (isinstance(reference_channel, list) and all(isinstance(t2p_e, int) for t2p_e in reference_channel)):
        return specgram[..., reference_channel[0], :]
    raise ValueError("reference_channel")


class Decoder(paddle.nn.Layer):
    def forward(self, x: paddle.Tensor) -> paddle.Tensor:
        if False:
            return x
        return x * 2

    def infer(self, tokens: Dict[str, paddle.Tensor]) -> paddle.Tensor:
        return tokens["x"]


# valid: a local isinstance-like helper and attribute names that are not torch's
class jit:
    @staticmethod
    def is_scripting():
        return True


flag = jit.is_scripting()
