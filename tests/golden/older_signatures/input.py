# Older PyTorch overloads still common in code: unbiased= on std/var, torch.normal with size=.
import torch

x = torch.rand(4, 3)
a = x.std(unbiased=False)
b = x.std(dim=0, unbiased=True, keepdim=True)
c = x.std(1, correction=0)
d = x.var(0, False)
e = x.var(dim=1, correction=1)
f = x.var()
g = torch.normal(0.0, 1.0, size=(2, 2))
h = torch.normal(2.0, 3.0, (5,))
i = torch.normal(torch.zeros(3), torch.ones(3))
j = torch.normal(mean=torch.zeros(3), std=2.0)
k = x.std(correction=2)
l = torch.std(x, dim=0, correction=0)
m = torch.var(x, 1, keepdim=True, correction=1)
