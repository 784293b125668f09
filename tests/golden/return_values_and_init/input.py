# APIs whose Paddle return value or form differs: tuples, initializers, decorators, devices.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.modules.utils import _pair

logits = torch.randn(4, 10)
other = torch.randn(4, 10)
values, indices = torch.max(logits, dim=1)
lo, where = torch.min(logits, 1, keepdim=True)
biggest = torch.max(logits)
pairwise = torch.max(logits, other)
pred = torch.max(torch.softmax(logits, dim=1), dim=1)[1]
row_max, row_arg = logits.max(dim=1)
smaller = logits.min(other)
ordered, order = torch.sort(logits, dim=1, descending=True)
ranked, rank = logits.sort(1)
same = torch.equal(logits, other)
count = logits.numel()
kl = F.kl_div(F.log_softmax(logits, dim=1), F.softmax(other, dim=1), reduction="batchmean")
hot = F.one_hot(torch.arange(4), num_classes=10)
hist = torch.histc(logits, bins=5, min=-3, max=3) + logits.histc(bins=5, min=-3, max=3)
sign, logabs = torch.slogdet(torch.eye(3))
sign, logabs = torch.linalg.slogdet(torch.eye(3))
sign, logabs = torch.eye(3).slogdet()
sol, coeff = torch.triangular_solve(torch.ones(3, 1), torch.eye(3), upper=False)
sol, coeff = torch.ones(3, 1).triangular_solve(torch.eye(3))
r = torch.xlogy(logits, other.abs()) + torch.special.xlogy(logits, other.abs()) + logits.xlogy(other.abs())
r = torch.special.xlog1py(logits, other.abs()) + torch.sinc(logits) + torch.special.erfcx(logits)
kernel = _pair(3)
stride = _pair(kernel)  # any iterable is a tuple, as torch's _ntuple tests collections.abc.Iterable
padding = _pair(len(kernel))  # read three times by the form written: reported

layer = nn.Linear(10, 10)
nn.init.xavier_uniform_(layer.weight)
nn.init.xavier_normal_(layer.weight, gain=2.0)
nn.init.kaiming_uniform_(layer.weight, a=0.1)
nn.init.kaiming_normal_(layer.weight, nonlinearity="relu")
nn.init.normal_(layer.weight, std=0.02)
nn.init.uniform_(layer.bias)
nn.init.trunc_normal_(layer.weight, std=0.02)
nn.init.constant_(layer.bias, 0.1)
nn.init.ones_(layer.bias)
nn.init.zeros_(layer.bias)
nn.init.orthogonal_(layer.weight)
sub = nn.Sequential(layer).get_submodule("0")
w = layer.get_parameter("weight")
net = nn.BatchNorm1d(10)
mean = net.get_buffer("_mean")

use_cuda = torch.cuda.is_available()
if torch.cuda.is_available():
    torch.cuda.set_device(0)
    torch.cuda.manual_seed(7)
torch.cuda.set_device("cuda:1")


@torch.no_grad
def predict(x):
    return layer(x)
close = logits.allclose(other, atol=1e-5)


def count(t: torch.Tensor) -> int:
    # torch.Tensor as a type stays a type: paddle.Tensor
    assert isinstance(t, torch.Tensor)
    return torch.numel(t)
