# PyTorch's legacy typed constructors: no argument, data, or sizes; a single argument of
# unknown kind may be either and is reported.
import numpy as np
import torch


def build(x, shape, n, labels):
    x = torch.randn(2, 3)
    empty_bool = torch.BoolTensor()
    bools = torch.BoolTensor([True, False])
    bytes_ = torch.ByteTensor([1, 2])
    doubles = torch.DoubleTensor(2, 2)
    floats = torch.FloatTensor([[1, 2], [3, 4]])
    halves = torch.HalfTensor(2, 3)
    half_data = torch.HalfTensor([1.0, 2.0])
    ints = torch.IntTensor((1, 2, 3))
    longs = torch.LongTensor(3)
    shorts = torch.ShortTensor(np.array([1, 2]))
    like = torch.FloatTensor(x.size())
    like_shape = torch.Tensor(x.shape)
    spread = torch.Tensor(*shape)
    on_gpu = torch.cuda.FloatTensor([1.0])
    gpu_sizes = torch.cuda.LongTensor(4, 4)
    gpu_bools = torch.cuda.BoolTensor([True])
    gpu_bytes = torch.cuda.ByteTensor(2)
    gpu_doubles = torch.cuda.DoubleTensor()
    gpu_halves = torch.cuda.HalfTensor(x.shape)
    gpu_ints = torch.cuda.IntTensor([1, 2])
    gpu_shorts = torch.cuda.ShortTensor(2, 2)
    # What n and labels hold is not known here: reported.
    unknown = torch.Tensor(n)
    unknown_labels = torch.LongTensor(labels)
    return (empty_bool, bools, bytes_, doubles, floats, halves, half_data, ints, longs, shorts,
            like, like_shape, spread, on_gpu, gpu_sizes,
            gpu_bools, gpu_bytes, gpu_doubles, gpu_halves, gpu_ints, gpu_shorts, unknown, unknown_labels)


def like(t: torch.Tensor, n: int, data):
    # x.new(...) is the legacy constructor of x's dtype and device.
    empty = t.new()
    values = t.new([1.0, 2.0])
    sized = t.new(n)
    grid = t.new(2, 3)
    same = t.new(t.size())
    unknown = t.new(data)  # an int or data: reported
    return empty, values, sized, grid, same, unknown
