# Tensor.requires_grad_(flag) as a statement of its own sets Paddle's stop_gradient, the negation;
# used as a value (it returns the tensor) it is reported.
import paddle


def freeze(model: paddle.nn.Layer, train_bn: bool):
    for parameter in model.parameters():
        parameter.stop_gradient = True
    for parameter in model.parameters():
        parameter.stop_gradient = not train_bn


def watch(x: paddle.Tensor) -> paddle.Tensor:
    x.stop_gradient = False
    x.stop_gradient = False
    # TODO(torch2paddle): torch.Tensor.requires_grad_: requires_grad_ returns the tensor, and Paddle's stop_gradient is an attribute: write x.stop_gradient = not flag (False for requires_grad_()) as a statement of its own, then use x
    y = x.detach().requires_grad_(False)
    return y
