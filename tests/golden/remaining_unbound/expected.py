import paddle
import torch


def reset(model, x):
    # A method called through its class takes the object first: reported, never converted
    # as if the object were the method's first parameter.
    # TODO(torch2paddle): torch.nn.Module.zero_grad: torch.nn.Module.zero_grad is a method called through its class; call it on the object instead
    torch.nn.Module.zero_grad(model)
    # TODO(torch2paddle): torch.nn.Module.zero_grad: torch.nn.Module.zero_grad is a method called through its class; call it on the object instead
    torch.nn.Module.zero_grad(model, set_to_none=True)
    # TODO(torch2paddle): torch.Tensor.add: torch.Tensor.add is a method called through its class; call it on the object instead
    y = torch.Tensor.add(x, 1)
    # Called on the object, the same methods convert.
    model.clear = paddle.nn.Linear(2, 2).clear_gradients()
    return y


def extra(a, flag):
    # An argument that binds to no parameter and that the template does not spell is reported,
    # never dropped (Tensor.logdet() and torch.cuda.is_available() take none).
    # TODO(torch2paddle): torch.Tensor.logdet: no case of rule torch.Tensor.logdet fits this call
    d = paddle.randn([3, 3]).logdet(flag)
    # TODO(torch2paddle): torch.cuda.is_available: the arguments do not match the signature of torch.cuda.is_available
    ok = torch.cuda.is_available(flag)
    # is_pinned(device): the device goes, as device= elsewhere.
    p = 'pinned' in str(a.place)
    return d, ok, p
