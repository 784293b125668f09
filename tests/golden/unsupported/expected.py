import paddle
import torch

x = paddle.randn([4, 4])

# APIs without a Paddle counterpart must be reported and keep the torch import
y = paddle.zeros([2, 2])
# TODO(torch2paddle): torch.Tensor.is_shared has no Paddle equivalent yet
s = x.is_shared()
# TODO(torch2paddle): torch.cuda.set_per_process_memory_fraction has no Paddle equivalent yet
torch.cuda.set_per_process_memory_fraction(0.5)
stream = paddle.device.Stream()
ok = bool(paddle.device.get_cudnn_version())
# TODO(torch2paddle): torch.Tensor.share_memory_ has no Paddle equivalent yet
pinned = x.share_memory_()
z = paddle.nn.functional.relu(x)
