# A method of a torch class that Paddle's class has under the same name with the same arguments
# (`Function.forward` -> `PyLayer.forward`, `FunctionCtx.save_for_backward` ->
# `PyLayerContext.save_for_backward`) keeps its text on an object of unknown kind: no review.
# A name whose owners differ in Paddle (`zero_grad`) is still flagged.
import paddle


class Scale(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x)
        ctx.set_materialize_grads(False)
        return x * k

    @staticmethod
    def backward(ctx, g):
        # TODO(torch2paddle): torch.autograd.Function.backward: paddle.autograd.PyLayer.backward returns one gradient per Tensor input of forward and raises when given more, while torch's returns one per input, None for the others: drop each None that stands for an input that is not a Tensor (here `k`), keep those of Tensors that need no gradient
        return g, None


def run(net, x):
    y = net.forward(x)
    return paddle.nn.functional.relu(y)


def reset(optimizer):
    # TODO(torch2paddle): torch.nn.Module.zero_grad: receiver of unknown kind, and its kind decides the Paddle form (as torch.nn.Module.zero_grad: `optimizer.clear_gradients()`; as torch.optim.Optimizer.zero_grad: `optimizer.clear_grad()`)
    optimizer.zero_grad()
