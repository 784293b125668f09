# Creation arguments: requires_grad / pin_memory / device / dtype on Tensor.new_* (templates),
# torch.tensor's requires_grad (stop_gradient), Tensor.to's non_blocking (blocking), and the
# float32 default of the *_window functions (Paddle's get_window defaults to float64).
import torch

x = torch.randn(2, 3)
a = x.new_zeros(3, 5, requires_grad=True)
b = x.new_ones((3, 5), pin_memory=True)
c = x.new_empty((3, 5), device=torch.device('cpu'))
d = x.new_full([3, 5], 1.0, pin_memory=True, requires_grad=False)
e = x.new_tensor([1, 2], requires_grad=True)
f = x.new_zeros(2, dtype=torch.int64)
g = torch.tensor([1.0, 2.0], requires_grad=True)
h = torch.tensor([1.0], requires_grad=flag)
i = torch.tensor(3, requires_grad=False)
j = x.to(device, dtype, non_blocking=True)
k = x.to(torch.float64)
l = x.to('cpu', non_blocking=False)
m = x.to(dtype=torch.float16, non_blocking=nb)
w1 = torch.hann_window(10)
# torch.bartlett_window: the docs list it as missing, but get_window makes the same window.
w4 = torch.bartlett_window(10, periodic=False, dtype=x.dtype)
w2 = torch.hamming_window(10, periodic=False, dtype=torch.float64)
w3 = torch.blackman_window(5, device=torch.device('cpu'))
w4 = torch.signal.windows.hann(10, requires_grad=True)
w5 = torch.signal.windows.gaussian(10, std=0.5, device=torch.device('cpu'), layout=torch.strided)
n1 = torch.normal(0.0, 1.0, size=(2, 3), requires_grad=True)
n2 = torch.normal(0.0, 1.0, (2, 3))
t1 = torch.as_tensor([1, 2], dtype=torch.float32, device='cuda')
s1 = x.new_ones(x.size())
s2 = x.new_zeros(*shape)
s3 = x.new_empty(2, *rest)
# Not converted: requires_grad=True outside a simple assignment needs a name to mark.
print(x.new_zeros(3, requires_grad=True))
n3 = torch.normal(0.0, 1.0, (2,), dtype=torch.float64)
