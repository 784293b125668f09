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
        e.multiply_(paddle.to_tensor(decay, dtype=e.dtype)).add_((1 - decay) * p.detach())


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
