import torch


def predict(model, x):
    model.eval()
    with torch.no_grad():
        out = model(x)
    return out


@torch.no_grad()
def evaluate(model, loader):
    correct = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()
    return correct


def ema_update(ema, model, decay=0.999):
    for e, p in zip(ema.parameters(), model.parameters()):
        e.mul_(decay).add_(p.detach(), alpha=1 - decay)


def infer(model, x):
    with torch.inference_mode():
        return model(x)


def toggle(model, x):
    with torch.enable_grad():
        y = model(x)
    torch.set_grad_enabled(False)
    with torch.set_grad_enabled(True):
        z = model(x)
    return y, z
