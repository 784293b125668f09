# Statements added after a call (requires_grad's stop_gradient, a scheduler's set_lr_scheduler)
# stay in a one-line compound body, or after a `;`, instead of starting an indented line.
import torch
from torch.optim.lr_scheduler import StepLR

c = True
if c: x = torch.zeros(2, requires_grad=True)
for i in range(2): y = torch.ones(2, requires_grad=True)
while c: z = torch.ones(2, requires_grad=True); c = False
a = 1; w = torch.ones(2, requires_grad=True)
class A: q = torch.ones(2, requires_grad=True)
if c:
    pass
else: v = torch.ones(2, requires_grad=True)
with open("f") as fh: u = torch.ones(2, requires_grad=True)  # a comment
def make(opt): sched = StepLR(opt, 10); return sched
if c:
    t = torch.ones(2, requires_grad=True)
if c: \
    w = torch.ones(2, requires_grad=True)
# A value computed once before the statement stays in the one-line body too.
if c: values, indices = torch.max(torch.rand(2, 3), 1)
def top(t): return torch.sort(t.abs(), descending=True)
