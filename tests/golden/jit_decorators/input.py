# TorchScript decorators and checks: renamed where Paddle has a counterpart (not_to_static,
# to_static, typing.Final), reported with what to write instead where it has none.
import torch
import torch.nn as nn


class Block(nn.Module):
    # a constant TorchScript may inline
    scale: torch.jit.Final[float]

    def __init__(self, dim):
        super().__init__()
        self.scale = dim ** -0.5
        self.proj = nn.Linear(dim, dim)

    @torch.jit.ignore
    def no_weight_decay(self):
        return {"pos_embed"}

    @torch.jit.ignore()
    def group_matcher(self, coarse=False):
        return {"stem": r"^proj"}

    @torch.jit.ignore(drop=False)
    def extra_repr_dict(self):
        return {}

    @torch.jit.unused
    def checkpointed(self, x):
        return self.proj(x)

    def forward(self, x):
        if torch.jit.is_scripting() or torch.jit.is_tracing():
            return self.proj(x) * self.scale
        return self.checkpointed(x) * self.scale


@torch.jit.script
def fused_gelu(x):
    return x * 0.5 * (1.0 + torch.erf(x / 1.41421))


def export(model, example):
    scripted = torch.jit.script(model)
    helper = torch.jit.unused(Block.checkpointed)
    traced = torch.jit.trace(model, example)
    return scripted, helper, traced


class Legacy(nn.Module):
    @torch.jit.ignore(drop=True)
    def debug(self):
        return None
