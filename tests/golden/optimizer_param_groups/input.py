# Parameter groups: PyTorch's per-group options (lr, momentum, betas, weight_decay, ...) are read
# by no Paddle optimizer (its groups take 'learning_rate' as a factor of the optimizer's rate and
# ignore keys they do not know): a group literal with any key but 'params' is reported.
import torch
from torch import nn

model = nn.Linear(2, 3)
head = nn.Linear(3, 1)
plain = torch.optim.SGD([{'params': model.parameters()}, {'params': head.parameters()}], lr=0.1)
tuned = torch.optim.Adam([{'params': model.parameters()}, {'params': head.parameters(), 'lr': 1e-3}], lr=1e-2)
decayed = torch.optim.AdamW([{"params": model.parameters(), "weight_decay": 0.0}], lr=1e-3)
opts = {'params': head.parameters()}
spread = torch.optim.SGD([{**opts}], lr=0.1)
# plain parameters convert as ever; PyTorch's ASGD is another algorithm than Paddle's (reported)
asgd = torch.optim.ASGD(model.parameters(), lr=0.01)
lbfgs = torch.optim.LBFGS(model.parameters(), lr=1)
rprop = torch.optim.Rprop(model.parameters(), lr=0.01)
