# Tensor.requires_grad_(flag) as a statement of its own sets Paddle's stop_gradient, the negation;
# as the value of `y = ...`, y a name (it returns the tensor), y takes the receiver, then its
# stop_gradient is set; used as any other value it is reported.
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
    # TODO(torch2paddle): torch.Tensor.requires_grad_: requires_grad_ returns the tensor, and Paddle's stop_gradient is an attribute: write x.stop_gradient = not flag (False for requires_grad_()) as a statement of its own, then use x (`y = x.requires_grad_()` converts so)
    print(x.requires_grad_())
    # TODO(torch2paddle): torch.Tensor.requires_grad_: requires_grad_ returns the tensor, and Paddle's stop_gradient is an attribute: write x.stop_gradient = not flag (False for requires_grad_()) as a statement of its own, then use x (`y = x.requires_grad_()` converts so)
    x.grad = z.requires_grad_(False)  # an attribute target: reported (its getter may give another object)
    return y, z
