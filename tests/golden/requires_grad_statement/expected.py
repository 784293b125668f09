# Tensor.requires_grad_(flag) as a statement of its own sets Paddle's stop_gradient, the negation;
# as the value of `y = ...` (it returns the tensor) y takes the receiver, then its stop_gradient is
# set; used as any other value it is reported.
import paddle


def freeze(model: paddle.nn.Layer, train_bn: bool):
    for parameter in model.parameters():
        parameter.stop_gradient = True
    for parameter in model.parameters():
        parameter.stop_gradient = not train_bn


def watch(x: paddle.Tensor, train: bool):
    x.stop_gradient = False
    x.stop_gradient = False
    y = x.detach()
    y.stop_gradient = True
    z = x.clone().detach()
    z.stop_gradient = not train
    # TODO(torch2paddle): torch.Tensor.requires_grad_: torch.Tensor.requires_grad_ needs its result assigned to a name (`x = torch.Tensor.requires_grad_(...)`)
    print(x.requires_grad_())
    return y, z
