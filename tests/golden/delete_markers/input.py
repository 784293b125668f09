# TorchScript and torch.fx markers that return what they are given: deleted where they stand
# alone on their line (a decorator's trailing comment stays there), reported elsewhere.
from typing import List, Optional

import torch
import torch.fx
from torch import nn

torch.fx.wrap("len")
torch.fx.wrap("roi_align")  # kept: a comment on the line
wrapped = torch.fx.wrap("sorted")


class Block(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * 2

    @torch.jit.export
    def halve(self, x: torch.Tensor) -> torch.Tensor:
        return x / 2

    @torch.jit.export  # TorchScript wants this one
    def third(self, x: torch.Tensor) -> torch.Tensor:
        return x / 3

    @torch.jit.unused
    @torch.jit.export
    def quarter(self, x: torch.Tensor) -> torch.Tensor:
        return x / 4


@torch.jit._script_if_tracing
def pad(xs: List[torch.Tensor], device: Optional[torch.device] = None) -> torch.Tensor:
    return torch.stack(xs).to(device)


@torch.fx.wrap
def traced_leaf(x: torch.Tensor) -> torch.Tensor:
    return x + 1


def only_statement():
    torch.fx.wrap("abs")


exported = torch.jit.export(Block.forward)
padded = torch.jit._script_if_tracing(pad)


def place(x: torch.Tensor, device: torch.device = torch.device("cpu")) -> bool:
    return isinstance(device, torch.device)
