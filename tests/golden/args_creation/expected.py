# Creation arguments: requires_grad / pin_memory / device / dtype on Tensor.new_* (templates),
# torch.tensor's requires_grad (stop_gradient), Tensor.to's non_blocking (blocking), and the
# float32 default of the *_window functions (Paddle's get_window defaults to float64).
import paddle
import torch

x = paddle.randn([2, 3])
a = paddle.zeros([3, 5], dtype=x.dtype)
a.stop_gradient = False
b = paddle.ones((3, 5), dtype=x.dtype).pin_memory()
c = paddle.empty((3, 5), dtype=x.dtype)
d = paddle.full([3, 5], 1.0, dtype=x.dtype).pin_memory()
e = paddle.to_tensor([1, 2], dtype=x.dtype)
e.stop_gradient = False
f = paddle.zeros([2], dtype=paddle.int64)
g = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
h = paddle.to_tensor([1.0], stop_gradient=not flag)
i = paddle.to_tensor(3)
j = x.to(device, dtype, blocking=False)
k = x.to(paddle.float64)
l = x.to('cpu')
m = x.to(dtype=paddle.float16, blocking=not nb)
w1 = paddle.audio.functional.get_window(win_length=10, window='hann', dtype='float32')
# torch.bartlett_window: the docs list it as missing, but get_window makes the same window.
w4 = paddle.audio.functional.get_window(win_length=10, fftbins=False, dtype=x.dtype, window='bartlett')
w2 = paddle.audio.functional.get_window(win_length=10, fftbins=False, dtype=paddle.float64, window='hamming')
w3 = paddle.audio.functional.get_window(win_length=5, window='blackman', dtype='float32')
w4 = paddle.audio.functional.get_window('hann', 10, fftbins=False, dtype='float32')
w4.stop_gradient = False
w5 = paddle.audio.functional.get_window(('gaussian', 0.5), 10, fftbins=False, dtype='float32')
n1 = paddle.normal(0.0, 1.0, shape=(2, 3))
n1.stop_gradient = False
n2 = paddle.normal(0.0, 1.0, (2, 3))
t1 = paddle.to_tensor([1, 2], dtype=paddle.float32)
s1 = paddle.ones(x.shape, dtype=x.dtype)
s2 = paddle.zeros(shape, dtype=x.dtype)
s3 = paddle.empty([2, *rest], dtype=x.dtype)
# Not converted: requires_grad=True outside a simple assignment needs a name to mark.
# TODO(torch2paddle): torch.Tensor.new_zeros: requires_grad=True outside a simple assignment needs a rewrite by hand
print(x.new_zeros(3, requires_grad=True))
# TODO(torch2paddle): torch.normal: argument 'dtype' of torch.normal cannot be converted (no_counterpart)
n3 = torch.normal(0.0, 1.0, (2,), dtype=paddle.float64)
