import torch


def fan_in(tensor, groups=1):
    # `ndimension` is a method only tensors have, and `tensor` is bound once: a tensor
    dimensions = tensor.ndimension()
    sizes = tensor.size()
    return dimensions, sizes[1] * groups


def rebound(x):
    # bound twice: the unsqueeze says nothing about the other binding
    y = x.unsqueeze(0)
    x = load(y)
    return x.size()


def unknown(obj):
    return obj.size()


def square(matrix, vector):
    # `matrix.size(0)`: an int only a tensor's size takes, so `matrix` holds a tensor; nothing
    # tells what `vector` holds
    if matrix.size(0) != matrix.size(1):
        raise ValueError(f"not square: {tuple(matrix.size())}")
    return matrix.is_cuda, vector.is_cuda


def width(img):
    # the scope tests what `img` holds: a PIL image's `size` is a tuple, so the tensor call
    # says nothing of the other uses
    if not isinstance(img, torch.Tensor):
        return img.size[0]
    return img.size(-1), img.ndimension(), img.size()
