# Module.to(tensor) takes the tensor's place and dtype; Module.to(dtype) passes dtype= (Paddle's first parameter is device).
import paddle
model = paddle.nn.Linear(2, 2)
x = paddle.zeros([2])
device = 'gpu'
model.to(device)
model = model.to('gpu:0')
model.to(dtype=paddle.float16)
model.to(device=x.place, dtype=x.dtype)
model.to(device=x.place, dtype=x.dtype, blocking=False)
model.to(device=x.place, dtype=x.dtype, blocking=True)
model.to(device, blocking=False)
t2p_device = paddle.zeros([2])
model.to(device=t2p_device.place, dtype=t2p_device.dtype)
model.to(dtype=paddle.float16, blocking=False)
model.to(dtype=paddle.float16)
dt = paddle.float32
model.to(dtype=dt)
model.to(dtype=paddle.float16, blocking=True)  # the (dtype, non_blocking) overload
model.to(dtype=paddle.float16, blocking=False)
# TODO(torch2paddle): torch.nn.Module.to: Module.to(dtype, x): PyTorch reads x as non_blocking, Paddle's Layer.to as a dtype; write non_blocking= by keyword
model.to(paddle.float16, flag)  # reported: not a literal
