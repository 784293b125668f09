# Custom autograd functions become paddle.autograd.PyLayer: the ctx object of forward/backward is
# a FunctionCtx, so `ctx.saved_tensors` becomes `ctx.saved_tensor()`, its same-named methods keep
# their text, `ctx.needs_input_grad` and `ctx.mark_dirty` are reported, user attributes on ctx
# are left alone. `@once_differentiable` becomes `@paddle.no_grad()`. A class with
# setup_context (forward without ctx) or with vjp and no backward is reported; a class not deriving
# from Function is not torch.
import paddle
from torch.autograd import Function


class Swish(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, x, beta=1.0):
        ctx.save_for_backward(x)
        ctx.beta = beta
        return x * paddle.nn.functional.sigmoid(beta * x)

    @staticmethod
    @paddle.no_grad()
    def backward(ctx, grad):
        (x,) = ctx.saved_tensor()
        # TODO(torch2paddle): torch.autograd.function.FunctionCtx.needs_input_grad: Paddle's PyLayerContext has no needs_input_grad: compute the gradients unconditionally, or save `not x.stop_gradient` of the inputs on ctx in forward and test that
        if ctx.needs_input_grad[0]:
            s = paddle.nn.functional.sigmoid(ctx.beta * x)
            # TODO(torch2paddle): torch.autograd.Function.backward: paddle.autograd.PyLayer.backward returns one gradient per Tensor input of forward and raises when given more, while torch's returns one per input, None for the others: drop each None that stands for an input that is not a Tensor (here `beta`), keep those of Tensors that need no gradient
            return grad * (s + ctx.beta * x * s * (1 - s)), None
        # TODO(torch2paddle): torch.autograd.Function.backward: paddle.autograd.PyLayer.backward returns one gradient per Tensor input of forward and raises when given more, while torch's returns one per input, None for the others: drop each None that stands for an input that is not a Tensor (here `x`, `beta`), keep those of Tensors that need no gradient
        return None, None


class ClampGrad(paddle.autograd.PyLayer):
    """Function imported under another name."""

    @staticmethod
    def forward(ctx: paddle.autograd.PyLayerContext, x, low, high):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        ctx.bounds = (low, high)
        return x.clip(low, high)

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensor()
        low, high = ctx.bounds
        mask = (x >= low) & (x <= high)
        # TODO(torch2paddle): torch.autograd.Function.backward: paddle.autograd.PyLayer.backward returns one gradient per Tensor input of forward and raises when given more, while torch's returns one per input, None for the others: drop each None that stands for an input that is not a Tensor (here `low`, `high`), keep those of Tensors that need no gradient
        return grad * mask, None, None


class SortWithIndex(paddle.autograd.PyLayer):
    # torch.autograd.Function written in full; the indices are not differentiable.
    @staticmethod
    def forward(ctx, x):
        values, indices = (paddle.sort(x, axis=-1), paddle.argsort(x, axis=-1))
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        indices, = ctx.saved_tensor()
        return paddle.zeros_like(grad_values).put_along_axis(axis=-1, indices=indices, values=grad_values, broadcast=False)


class ScaleBase(paddle.autograd.PyLayer):
    pass


class Scale(ScaleBase):
    # Derives from Function through a class of the file.
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k

    @staticmethod
    def backward(ctx, grad):
        # TODO(torch2paddle): torch.autograd.Function.backward: paddle.autograd.PyLayer.backward returns one gradient per Tensor input of forward and raises when given more, while torch's returns one per input, None for the others: drop each None that stands for an input that is not a Tensor (here `k`), keep those of Tensors that need no gradient
        return grad * ctx.k, None


class AddOne_(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, x):
        x.add_(paddle.to_tensor(1, dtype=x.dtype))
        # TODO(torch2paddle): torch.autograd.function.FunctionCtx.mark_dirty: Paddle's PyLayerContext has no mark_dirty, and PyLayer treats an input returned modified in place its own way (see PyLayerContext.mark_not_inplace): rewrite by hand
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


# TODO(torch2paddle): torch.autograd.Function: `Cube` defines setup_context (forward without ctx): paddle.autograd.PyLayer has no setup_context and passes ctx as forward's first argument; move the body of setup_context into forward(ctx, ...) by hand
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
        (x,) = ctx.saved_tensor()
        return 3 * x ** 2 * grad


def _double_backward(ctx, grad):
    return grad * 2


class Double(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    backward = staticmethod(paddle.no_grad()(_double_backward))


# TODO(torch2paddle): torch.autograd.Function: `Halve` defines vjp but no backward: paddle.autograd.PyLayer calls backward only; rename vjp to backward
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


x = paddle.randn([3])
y = Swish.apply(x, 2.0)
z = ClampGrad.apply(y, -1.0, 1.0)
v, i = SortWithIndex.apply(z)
w = Scale.apply(v, 3.0)
c = Cube.apply(w)
d = Halve.apply(Double.apply(c))
