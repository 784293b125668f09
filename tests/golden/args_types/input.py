# Arguments whose type differs: InterpolationMode members -> Paddle's strings, padding of the
# reflection/replication pads (same layout), tensor types -> default dtypes, rng states, and
# Tensor.equal's bool result, Tensor.all/any on numeric tensors (Paddle's take bool).
import torch
import torchvision
import torchvision.transforms as T
from torchvision.transforms import InterpolationMode

t = torchvision.transforms.Resize(size=(224, 224), interpolation=torchvision.transforms.InterpolationMode.BILINEAR)
t2 = T.RandomResizedCrop(224, interpolation=InterpolationMode.BICUBIC)
t3 = T.RandomRotation(30, interpolation=InterpolationMode.NEAREST)
m = torch.nn.ReflectionPad2d((1, 0, 1, 2))
m2 = torch.nn.ReplicationPad1d(3)
m3 = torch.nn.ReflectionPad3d((1, 0, 1, 2, 0, 0))
torch.set_default_tensor_type(torch.DoubleTensor)
torch.set_default_tensor_type('torch.cuda.FloatTensor')
state = torch.cuda.get_rng_state()
torch.random.set_rng_state(state)
a = torch.ones(3)
b = torch.ones(3)
if a.equal(b):
    print("equal")
m4 = torch.nn.ReflectionPad1d(2)
m5 = torch.nn.ReplicationPad2d((1, 1, 2, 0))
m6 = torch.nn.ReplicationPad3d(1)
torch.cuda.set_rng_state_all(states)
x = torch.randn(3)
x2 = torch.zeros(3, dtype=torch.float64)
y = x.to(x2)
net = torch.nn.Linear(2, 2)
net.type(torch.float64)
t_all = x.all()
t_any = x.any(0, keepdim=True)
# Not converted: a tensor type name, Tensor.to(other) with more arguments.
net.type('torch.DoubleTensor')
z = x.to(x2, non_blocking=True)
