# A method of a torch class that Paddle's class has under the same name with the same arguments
# (`Function.forward` -> `PyLayer.forward`, `FunctionCtx.save_for_backward` ->
# `PyLayerContext.save_for_backward`) keeps its text on an object of unknown kind: no review.
# A name whose owners differ in Paddle (`zero_grad`) is still flagged.
import torch


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x)
        ctx.set_materialize_grads(False)
        return x * k

    @staticmethod
    def backward(ctx, g):
        return g, None


def run(net, x):
    y = net.forward(x)
    return torch.relu(y)


def reset(optimizer):
    optimizer.zero_grad()
