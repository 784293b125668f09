# Arguments whose type differs: InterpolationMode members -> Paddle's strings, padding of the
# reflection/replication pads (same layout), tensor types -> default dtypes, rng states, and
# Tensor.equal's bool result, Tensor.all/any on numeric tensors (Paddle's take bool).
import paddle
import torch

t = paddle.vision.transforms.Resize(size=(224, 224), interpolation='bilinear')
t2 = paddle.vision.transforms.RandomResizedCrop(224, interpolation='bicubic')
t3 = paddle.vision.transforms.RandomRotation(30, interpolation='nearest')
m = paddle.nn.Pad2D((1, 0, 1, 2), mode='reflect')
m2 = paddle.nn.Pad1D(3, mode='replicate')
m3 = paddle.nn.Pad3D((1, 0, 1, 2, 0, 0), mode='reflect')
paddle.set_default_dtype('float64')
paddle.set_default_dtype('float32')
# TODO(torch2paddle): torch.cuda.get_rng_state has no Paddle equivalent yet
state = torch.cuda.get_rng_state()
paddle.set_rng_state(state)
a = paddle.ones([3])
b = paddle.ones([3])
if a.equal_all(b).item():
    print("equal")
m4 = paddle.nn.Pad1D(2, mode='reflect')
m5 = paddle.nn.Pad2D((1, 1, 2, 0), mode='replicate')
m6 = paddle.nn.Pad3D(1, mode='replicate')
paddle.set_rng_state(states, device='gpu')
x = paddle.randn([3])
x2 = paddle.zeros([3], dtype=paddle.float64)
y = x.to(x2.dtype)
net = paddle.nn.Linear(2, 2)
net.astype(paddle.float64)
t_all = x.astype('bool').all()
t_any = x.astype('bool').any(axis=0, keepdim=True)
# Not converted: a tensor type name, Tensor.to(other) with more arguments.
# TODO(torch2paddle): torch.nn.Module.type: argument 'dst_type='torch.DoubleTensor'' of torch.nn.Module.type has no Paddle equivalent value
net.type('torch.DoubleTensor')
# TODO(torch2paddle): torch.Tensor.to: Tensor.to(other) with further arguments needs a rewrite by hand
z = x.to(x2, non_blocking=True)
