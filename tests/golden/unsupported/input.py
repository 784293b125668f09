import torch
import torch.nn as nn

x = torch.randn(4, 4)

# APIs without a Paddle counterpart must be reported and keep the torch import
y = torch.zeros(2, 2)
s = x.is_shared()
torch.cuda.set_per_process_memory_fraction(0.5)
stream = torch.cuda.Stream()
ok = torch.backends.cudnn.is_available()
pinned = x.share_memory_()
z = torch.relu(x)
