# Tensor.requires_grad_(flag) as a statement of its own sets Paddle's stop_gradient, the negation;
# used as a value (it returns the tensor) it is reported.
import torch


def freeze(model: torch.nn.Module, train_bn: bool):
    for parameter in model.parameters():
        parameter.requires_grad_(False)
    for parameter in model.parameters():
        parameter.requires_grad_(train_bn)


def watch(x: torch.Tensor) -> torch.Tensor:
    x.requires_grad_(True)
    x.requires_grad_()
    y = x.detach().requires_grad_(False)
    return y
