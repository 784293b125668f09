# Templates that write an argument twice: a call there would run twice (the model, a random draw).
# Names, attributes, literals, subscripts and operators are written as they are; a call that the
# statement evaluates first (the receiver, else the first argument) is computed once, into a fresh
# name, by a statement before; anything else is reported.
import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Linear(4, 3)
x = torch.zeros(2, 4)
values, indices = torch.max(model(x), 1)
values, indices = torch.max(x, 1)
values, indices = torch.max(x.data, dim=1, keepdim=True)
values, indices = torch.min(model(x), dim=1)
values, indices = torch.min(x[0] + 1, 0)
ordered, order = torch.sort(model(x), dim=1, descending=True)
ordered, order = torch.sort(x, dim=1, descending=True)
ordered, order = model(x).sort(1)
best = F.softmax(model(x), dim=1).max(1)
best = x.max(1)
low, high = torch.aminmax(torch.rand(3))
low, high = torch.aminmax(x * 2)
torch.sort(x, dim=1, out=(ordered, order))
torch.sort(model(x), dim=1, out=(ordered, order))
opt = torch.optim.Adam(model.parameters(), betas=make_betas())
opt = torch.optim.Adam(model.parameters(), betas=betas)
opt = torch.optim.Adam(model.parameters(), betas=(0.8, 0.9))
# Two-argument templates: plain arguments convert, calls are reported.
magnitude = torch.ones(2)
angle = torch.zeros(2)
c = torch.polar(magnitude, angle)
c = torch.polar(torch.ones(2), angle)
A = torch.eye(3)
b = torch.ones(3, 1)
sol, coeff = torch.triangular_solve(b, A, upper=False)
sol, coeff = b.triangular_solve(A)
sol, coeff = b.triangular_solve(torch.eye(3))
r = torch.xlogy(x, x.abs()) + torch.special.xlogy(x, angle) + x.xlogy(angle) + torch.special.xlog1py(x, angle)
# One result read right on the call (`[i]`, a result field): that element alone, evaluated once.
pred = torch.max(F.softmax(x, dim=1), 1)[1]
pred = torch.max(F.softmax(x, dim=1), 1).indices
conf = torch.max(F.softmax(x, dim=1), dim=1, keepdim=True).values
pred = F.softmax(x, dim=1).max(1)[1]
ordered = torch.sort(model(x), descending=True)[0]
pred = torch.max(model(x), 1)[1] + 1
pred = torch.max(x, 1)[1]
bad = torch.max(model(x), 1)[2]
# Attribute templates too: a receiver that is a call would be evaluated once per `{receiver}`.
size_in_bytes = x.nbytes
size_in_bytes = torch.rand(2, 2).nbytes
swapped = x.mT
swapped = torch.rand(2, 2).mT
conjugate = torch.rand(2, 2).H
