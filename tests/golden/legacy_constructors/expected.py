# PyTorch's legacy typed constructors: no argument, data, or sizes; a single argument of
# unknown kind may be either and is reported.
import numpy as np
import paddle
import torch


def build(x, shape, n, labels):
    x = paddle.randn([2, 3])
    empty_bool = paddle.empty([0], dtype='bool')
    bools = paddle.to_tensor([True, False], dtype='bool', place='cpu')
    bytes_ = paddle.to_tensor([1, 2], dtype='uint8', place='cpu')
    doubles = paddle.empty([2, 2], dtype='float64')
    floats = paddle.to_tensor([[1, 2], [3, 4]], dtype='float32', place='cpu')
    halves = paddle.empty([2, 3], dtype='float16')
    half_data = paddle.to_tensor([1.0, 2.0], dtype='float16', place='cpu')
    ints = paddle.to_tensor((1, 2, 3), dtype='int32', place='cpu')
    longs = paddle.empty([3], dtype='int64')
    shorts = paddle.to_tensor(np.array([1, 2]), dtype='int16', place='cpu')
    like = paddle.empty(x.shape, dtype='float32')
    like_shape = paddle.empty(x.shape, dtype='float32')
    spread = paddle.empty(shape, dtype='float32')
    on_gpu = paddle.to_tensor([1.0], dtype='float32', place='gpu')
    gpu_sizes = paddle.empty([4, 4], dtype='int64')
    gpu_bools = paddle.to_tensor([True], dtype='bool', place='gpu')
    gpu_bytes = paddle.empty([2], dtype='uint8')
    gpu_doubles = paddle.empty([0], dtype='float64')
    gpu_halves = paddle.empty(x.shape, dtype='float16')
    gpu_ints = paddle.to_tensor([1, 2], dtype='int32', place='gpu')
    gpu_shorts = paddle.empty([2, 2], dtype='int16')
    # What n and labels hold is not known here: reported.
    # TODO(torch2paddle): torch.Tensor: torch.Tensor(v) makes an uninitialised tensor of size v when v is an int and a tensor of v's data otherwise, and what v holds is not known here: write paddle.to_tensor(v, dtype='float32') or paddle.empty([v], dtype='float32')
    unknown = torch.Tensor(n)
    # TODO(torch2paddle): torch.LongTensor: torch.LongTensor(v) makes an uninitialised tensor of size v when v is an int and a tensor of v's data otherwise, and what v holds is not known here: write paddle.to_tensor(v, dtype='int64') or paddle.empty([v], dtype='int64')
    unknown_labels = torch.LongTensor(labels)
    return (empty_bool, bools, bytes_, doubles, floats, halves, half_data, ints, longs, shorts,
            like, like_shape, spread, on_gpu, gpu_sizes,
            gpu_bools, gpu_bytes, gpu_doubles, gpu_halves, gpu_ints, gpu_shorts, unknown, unknown_labels)


def like(t: paddle.Tensor, n: int, data):
    # x.new(...) is the legacy constructor of x's dtype and device.
    empty = paddle.empty([0], dtype=t.dtype)
    values = paddle.to_tensor([1.0, 2.0], dtype=t.dtype, place=t.place)
    sized = paddle.empty([n], dtype=t.dtype)
    grid = paddle.empty([2, 3], dtype=t.dtype)
    same = paddle.empty(t.shape, dtype=t.dtype)
    # TODO(torch2paddle): torch.Tensor.new: x.new(v) makes an uninitialised tensor of size v when v is an int and a tensor of v's data otherwise, and what v holds is not known here: write paddle.to_tensor(v, dtype=x.dtype, place=x.place) or paddle.empty([v], dtype=x.dtype)
    unknown = t.new(data)  # an int or data: reported
    return empty, values, sized, grid, same, unknown
