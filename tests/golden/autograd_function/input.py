# Custom autograd functions become paddle.autograd.PyLayer: the ctx object of forward/backward is
# a FunctionCtx, so `ctx.saved_tensors` becomes `ctx.saved_tensor()`, its same-named methods keep
# their text, `ctx.needs_input_grad` and `ctx.mark_dirty` are reported, user attributes on ctx
# are left alone. `@once_differentiable` becomes `@paddle.no_grad()`. A class with
# setup_context (forward without ctx) or with vjp and no backward is reported; a class not deriving
# from Function is not torch.
import torch
from torch.autograd import Function
from torch.autograd import Function as AutogradFunction
from torch.autograd.function import FunctionCtx, once_differentiable


class Swish(Function):
    @staticmethod
    def forward(ctx, x, beta=1.0):
        ctx.save_for_backward(x)
        ctx.beta = beta
        return x * torch.sigmoid(beta * x)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        if ctx.needs_input_grad[0]:
            s = torch.sigmoid(ctx.beta * x)
            return grad * (s + ctx.beta * x * s * (1 - s)), None
        return None, None


class ClampGrad(AutogradFunction):
    """Function imported under another name."""

    @staticmethod
    def forward(ctx: FunctionCtx, x, low, high):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        ctx.bounds = (low, high)
        return x.clamp(low, high)

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        low, high = ctx.bounds
        mask = (x >= low) & (x <= high)
        return grad * mask, None, None


class SortWithIndex(torch.autograd.Function):
    # torch.autograd.Function written in full; the indices are not differentiable.
    @staticmethod
    def forward(ctx, x):
        values, indices = torch.sort(x, dim=-1)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        indices, = ctx.saved_tensors
        return torch.zeros_like(grad_values).scatter(-1, indices, grad_values)


class ScaleBase(Function):
    pass


class Scale(ScaleBase):
    # Derives from Function through a class of the file.
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k

    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.k, None


class AddOne_(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


class Cube(Function):
    # PyTorch 2's style: forward takes no ctx, setup_context fills it.
    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x ** 2 * grad


def _double_backward(ctx, grad):
    return grad * 2


class Double(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    backward = staticmethod(once_differentiable(_double_backward))


class Halve(Function):
    @staticmethod
    def forward(ctx, x):
        return x / 2

    @staticmethod
    def vjp(ctx, grad):
        return grad / 2


class Recorder:
    # Not an autograd function: `ctx` here is whatever the caller passes.
    def forward(self, ctx, x):
        ctx.save_for_backward(x)
        return ctx.saved_tensors, ctx.needs_input_grad


x = torch.randn(3)
y = Swish.apply(x, 2.0)
z = ClampGrad.apply(y, -1.0, 1.0)
v, i = SortWithIndex.apply(z)
w = Scale.apply(v, 3.0)
c = Cube.apply(w)
d = Halve.apply(Double.apply(c))
