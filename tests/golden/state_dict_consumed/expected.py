# PyTorch's Module.state_dict() holds detached tensors, Paddle's (keep_vars=True) the parameters
# themselves: keep_vars=False is written, and a receiver of unknown kind (a module, or an
# optimizer, whose state_dict takes no keep_vars) needs review. Where the value is only counted,
# saved or loaded into another model, both give the same result: `state_dict()` for any owner.
import paddle


def checkpoint(net, other, path):
    count = len(net.module_.state_dict())
    paddle.save(net.module_.state_dict(), path)
    other.set_state_dict(net.module_.state_dict())
    # TODO(torch2paddle): torch.nn.Module.state_dict: receiver of unknown kind, and its kind decides the Paddle form (as torch.nn.Module.state_dict: `net.module_.state_dict(keep_vars=False)`; as torch.optim.Optimizer.state_dict: `net.module_.state_dict()`; as torch.optim.lr_scheduler.LRScheduler.state_dict: `net.module_.state_dict()`)
    snapshot = net.module_.state_dict()
    return count, snapshot


def layer_sizes():
    layer = paddle.nn.Linear(2, 3)
    return len(layer.state_dict()), layer.state_dict(keep_vars=False)
