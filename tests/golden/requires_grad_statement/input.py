# Tensor.requires_grad_(flag) as a statement of its own sets Paddle's stop_gradient, the negation;
# as the value of `y = ...`, y a name (it returns the tensor), y takes the receiver, then its
# stop_gradient is set; used as any other value it is reported.
import torch


def freeze(model: torch.nn.Module, train_bn: bool):
    for parameter in model.parameters():
        parameter.requires_grad_(False)
    for parameter in model.parameters():
        parameter.requires_grad_(train_bn)


def watch(x: torch.Tensor, train: bool):
    x.requires_grad_(True)
    x.requires_grad_()
    y = x.detach().requires_grad_(False)
    z = x.clone().detach().requires_grad_(train)
    print(x.requires_grad_())
    x.grad = z.requires_grad_(False)  # an attribute target: reported (its getter may give another object)
    return y, z
