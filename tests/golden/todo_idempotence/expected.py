# A reported call whose TODO quotes an argument that is converted inside it: converting the
# output again must not add a second TODO (the golden runner checks idempotence).
import paddle
import torch

x = paddle.rand([3])
# TODO(torch2paddle): torch.nn.functional.gelu: argument 'approximate=torch.tensor(1)' of torch.nn.functional.gelu has no Paddle equivalent value
d = torch.nn.functional.gelu(paddle.abs(x), approximate=paddle.to_tensor(1))
# TODO(torch2paddle): torch.std: argument 'correction=torch.tensor(2).item()' of torch.std has no Paddle equivalent value
e = torch.std(paddle.zeros([2]), correction=paddle.to_tensor(2).item())
# requires_grad=True on a call assigned to a torch attribute: the added statement would repeat it
# TODO(torch2paddle): torch.zeros: requires_grad=True outside a simple assignment needs a rewrite by hand
# TODO(torch2paddle): torch.foo has no Paddle equivalent yet
torch.foo = torch.zeros(2, requires_grad=True)
