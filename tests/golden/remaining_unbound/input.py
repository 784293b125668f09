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


def extra(a, flag):
    # An argument that binds to no parameter and that the template does not spell is reported,
    # never dropped (Tensor.logdet() and torch.cuda.is_available() take none).
    d = torch.randn(3, 3).logdet(flag)
    ok = torch.cuda.is_available(flag)
    # is_pinned(device): the device goes, as device= elsewhere.
    p = a.is_pinned("cuda")
    return d, ok, p
