# A reported call whose TODO quotes an argument that is converted inside it: converting the
# output again must not add a second TODO (the golden runner checks idempotence).
import torch

x = torch.rand(3)
d = torch.nn.functional.gelu(torch.abs(x), approximate=torch.tensor(1))
e = torch.std(torch.zeros(2), correction=torch.tensor(2).item())
# requires_grad=True on a call assigned to a torch attribute: the added statement would repeat it
torch.foo = torch.zeros(2, requires_grad=True)
