# TorchScript decorators and checks: renamed where Paddle has a counterpart (not_to_static,
# to_static, typing.Final), reported with what to write instead where it has none.
import paddle
import typing
import torch


class Block(paddle.nn.Layer):
    # a constant TorchScript may inline
    scale: typing.Final[float]

    def __init__(self, dim):
        super().__init__()
        self.scale = dim ** -0.5
        self.proj = paddle.nn.Linear(dim, dim)

    @paddle.jit.not_to_static
    def no_weight_decay(self):
        return {"pos_embed"}

    @paddle.jit.not_to_static
    def group_matcher(self, coarse=False):
        return {"stem": r"^proj"}

    @paddle.jit.not_to_static
    def extra_repr_dict(self):
        return {}

    @paddle.jit.not_to_static
    def checkpointed(self, x):
        return self.proj(x)

    def forward(self, x):
        if False or False:
            return self.proj(x) * self.scale
        return self.checkpointed(x) * self.scale


@paddle.jit.to_static
def fused_gelu(x):
    return x * 0.5 * (1.0 + paddle.erf(x / 1.41421))


def export(model, example):
    scripted = paddle.jit.to_static(model)
    helper = paddle.jit.not_to_static(Block.checkpointed)
    # TODO(torch2paddle): torch.jit.trace: Paddle does not trace: convert with paddle.jit.to_static(model, input_spec=[paddle.static.InputSpec(shape, dtype)]) (control flow is kept, not recorded) and export with paddle.jit.save
    traced = torch.jit.trace(model, example)
    return scripted, helper, traced


class Legacy(paddle.nn.Layer):
    # TODO(torch2paddle): torch.jit.ignore: drop=True (or a function passed by position) has no counterpart: paddle.jit.not_to_static keeps running the function as Python; use @paddle.jit.not_to_static and delete the code TorchScript would drop
    @torch.jit.ignore(drop=True)
    def debug(self):
        return None
