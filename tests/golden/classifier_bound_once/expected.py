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
    # TODO(torch2paddle): torch.Tensor.size: receiver of unknown kind; `size` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    return x.size()


def unknown(obj):
    # TODO(torch2paddle): torch.Tensor.size: receiver of unknown kind; `size` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    return obj.size()


def square(matrix, vector):
    # `matrix.size(0)`: an int only a tensor's size takes, so `matrix` holds a tensor; nothing
    # tells what `vector` holds
    if matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"not square: {tuple(matrix.shape)}")
    # TODO(torch2paddle): torch.Tensor.is_cuda: receiver of unknown kind; `is_cuda` is also an attribute of non-torch objects: left as written, a tensor's is written otherwise in Paddle
    return matrix.place.is_gpu_place(), vector.is_cuda


def width(img):
    # the scope tests what `img` holds: a PIL image's `size` is a tuple, so the tensor call
    # says nothing of the other uses
    if not isinstance(img, paddle.Tensor):
        return img.size[0]
    # TODO(torch2paddle): torch.Tensor.size: receiver of unknown kind; `size` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    return img.shape[-1], img.ndimension(), img.size()
