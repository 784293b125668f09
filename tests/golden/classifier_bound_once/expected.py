import paddle


def fan_in(tensor, groups=1):
    # `ndimension` is a method only tensors have, and `tensor` is bound once: a tensor
    dimensions = tensor.ndimension()
    sizes = tensor.shape
    return dimensions, sizes[1] * groups


def rebound(x):
    # bound twice: the unsqueeze says nothing about the other binding
    y = x.unsqueeze(0)
    x = load(y)
    return x.size()


def unknown(obj):
    return obj.size()
