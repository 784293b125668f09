import torch


def reset(model, x):
    # A method called through its class takes the object first: reported, never converted
    # as if the object were the method's first parameter.
    torch.nn.Module.zero_grad(model)
    torch.nn.Module.zero_grad(model, set_to_none=True)
    y = torch.Tensor.add(x, 1)
    # Called on the object, the same methods convert.
    model.clear = torch.nn.Linear(2, 2).zero_grad()
    return y
