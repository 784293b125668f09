# Device strings passed on to Paddle: Paddle's place parser knows 'gpu', not 'cuda'.
import torch
import torch.nn as nn

model = nn.Linear(4, 2)
model.to("cuda:0")
model.to(device="cuda")
x = torch.zeros(4)
y = x.to("cuda")
z = x.to('cuda:1', non_blocking=True)
w = x.to("cuda", torch.float16)
cpu = x.to(device="cpu")  # other devices stay as written
name = "cuda"
v = x.to(name)  # a str variable: as written (see docs/data-formats.md)
rank = 0
u = x.to(f"cuda:{rank}")  # an f-string starting with the device type: converted
dev = "cuda:" + str(rank)
t = x.to(dev)  # a str variable: as written
model.to(device=f"cuda:{rank}")
