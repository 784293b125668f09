# Found by the fuzzer: `torch = torch.index_add(...)` binds `torch` both by the import and
# locally, so its uses stay as written (needs review) and the torch import stays. The tensor
# method converted beside them names no module: the output imports paddle anyway, so that a
# second run, which sees the paddle import, does not convert the method again.
import paddle
import torch

# TODO(torch2paddle): torch.randn: the name is bound both by a torch import and locally
x = torch.randn(3, 4)
# TODO(torch2paddle): torch.index_add: the name is bound both by a torch import and locally
# TODO(torch2paddle): torch: the name is bound both by a torch import and locally
torch = torch.index_add(x, 1, index, source, alpha=2)
i = x.index_add(index, 1, 2 * source)
