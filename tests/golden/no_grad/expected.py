import paddle


def predict(model, x):
    model.eval()
    with paddle.no_grad():
        out = model(x)
    return out


@paddle.no_grad()
def evaluate(model, loader):
    correct = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()
    return correct


def ema_update(ema, model, decay=0.999):
    for e, p in zip(ema.parameters(), model.parameters()):
        # TODO(torch2paddle): torch.Tensor.add_: argument 'alpha' of torch.Tensor.add_ cannot be converted (needs_rewrite)
        e.multiply_(paddle.to_tensor(decay)).add_(p.detach(), alpha=1 - decay)


def infer(model, x):
    with paddle.no_grad():
        return model(x)


def toggle(model, x):
    with paddle.enable_grad():
        y = model(x)
    paddle.set_grad_enabled(False)
    with paddle.set_grad_enabled(True):
        z = model(x)
    return y, z
