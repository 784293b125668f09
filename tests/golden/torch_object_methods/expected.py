# Methods of torch classes other than the tensor (modules, optimizers) on objects of unknown
# kind: converted when every torch owner converts the call alike, or when the other methods
# called on the same variable leave one owner; left alone when the Paddle form is the same text;
# else reported for review with the candidates. Never skipped without a word.
import paddle


def restore(model, optimizer, path):
    checkpoint = paddle.load(path)
    model.set_state_dict(checkpoint["model"])
    optimizer.set_state_dict(checkpoint["optimizer"])


def train_step(model, optimizer, batch):
    model.train()
    optimizer.clear_grad()
    loss = model(batch).mean()
    loss.backward()
    optimizer.step()
    return loss


def freeze(net):
    net.eval()
    for p in net.parameters():
        p.stop = True
    net.clear_gradients()
    return dict(net.named_parameters())


def snapshot(model, optimizer):
    # TODO(torch2paddle): torch.nn.Module.state_dict: receiver of unknown kind, and its kind decides the Paddle form (as torch.nn.Module.state_dict: `optimizer.state_dict(keep_vars=False)`; as torch.optim.Optimizer.state_dict: `optimizer.state_dict()`; as torch.optim.lr_scheduler.LRScheduler.state_dict: `optimizer.state_dict()`)
    # TODO(torch2paddle): torch.nn.Module.state_dict: receiver of unknown kind, and its kind decides the Paddle form (as torch.nn.Module.state_dict: `model.state_dict(keep_vars=False)`; as torch.optim.Optimizer.state_dict: `model.state_dict()`; as torch.optim.lr_scheduler.LRScheduler.state_dict: `model.state_dict()`)
    return {"model": model.state_dict(), "optimizer": optimizer.state_dict()}


def clear(thing):
    # TODO(torch2paddle): torch.nn.Module.zero_grad: receiver of unknown kind, and its kind decides the Paddle form (as torch.nn.Module.zero_grad: `thing.clear_gradients()`; as torch.optim.Optimizer.zero_grad: `thing.clear_grad()`)
    thing.zero_grad()
    return paddle.zeros([1])
