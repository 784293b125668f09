# Module.to(tensor) takes the tensor's place and dtype; Module.to(dtype) passes dtype= (Paddle's first parameter is device).
import torch
import torch.nn as nn
model = nn.Linear(2, 2)
x = torch.zeros(2)
device = torch.device('cuda')
model.to(device)
model = model.to('cuda:0')
model.to(torch.float16)
model.to(x)
model.to(x, non_blocking=True)
model.to(x, non_blocking=False)
model.to(device, non_blocking=True)
model.to(torch.zeros(2))
model.to(torch.float16, non_blocking=True)
model.to(dtype=torch.float16)
dt = torch.float32
model.to(dt)
model.to(torch.float16, False)  # the (dtype, non_blocking) overload
model.to(torch.float16, True)
model.to(torch.float16, flag)  # reported: not a literal
