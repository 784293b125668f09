# TorchScript and torch.fx markers that return what they are given: deleted where they stand
# alone on their line (a decorator's trailing comment stays there), reported elsewhere.
from typing import List, Optional

import paddle
import torch.fx

# TODO(torch2paddle): torch.fx.wrap: it only marks a function for torch.fx symbolic tracing, which Paddle does not have, and changes nothing when the code runs: delete the call
torch.fx.wrap("roi_align")  # kept: a comment on the line
# TODO(torch2paddle): torch.fx.wrap: it only marks a function for torch.fx symbolic tracing, which Paddle does not have, and changes nothing when the code runs: delete the call
wrapped = torch.fx.wrap("sorted")


class Block(paddle.nn.Layer):
    def forward(self, x: paddle.Tensor) -> paddle.Tensor:
        return x * 2

    def halve(self, x: paddle.Tensor) -> paddle.Tensor:
        return x / 2

    # TorchScript wants this one
    def third(self, x: paddle.Tensor) -> paddle.Tensor:
        return x / 3

    @paddle.jit.not_to_static
    def quarter(self, x: paddle.Tensor) -> paddle.Tensor:
        return x / 4


def pad(xs: List[paddle.Tensor], device: Optional[str] = None) -> paddle.Tensor:
    return paddle.stack(xs).to(device)


def traced_leaf(x: paddle.Tensor) -> paddle.Tensor:
    return x + 1


def only_statement():
    # TODO(torch2paddle): torch.fx.wrap: it only marks a function for torch.fx symbolic tracing, which Paddle does not have, and changes nothing when the code runs: delete the call
    torch.fx.wrap("abs")


# TODO(torch2paddle): torch.jit.export: a TorchScript marker that changes nothing when the code runs eagerly: delete it; to have paddle.jit.save export this method too, decorate it with @paddle.jit.to_static
exported = torch.jit.export(Block.forward)
# TODO(torch2paddle): torch.jit._script_if_tracing: a TorchScript helper that runs the function unchanged unless torch.jit.trace records the code, which converted code never does: delete the decorator
padded = torch.jit._script_if_tracing(pad)


def place(x: paddle.Tensor, device: str = 'cpu') -> bool:
    # TODO(torch2paddle): torch.device: torch.device used as a type: Paddle has no one device class (converted devices are strings such as 'cpu' or 'gpu:0', Tensor.place is a Place): write isinstance(d, (str, paddle.CPUPlace, paddle.CUDAPlace)), or compare str(d)
    return isinstance(device, torch.device)
