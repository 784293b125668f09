# Members read on optimizers and schedulers the type inference knows: get_last_lr() is a list of
# rates in PyTorch and one rate (`last_lr`) in Paddle; param_groups has no Paddle counterpart.
import torch


def schedule(model: torch.nn.Module, epochs: int):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.1)
    for _ in range(epochs):
        opt.step()
        sched.step()
    rates = sched.get_last_lr()
    first = sched.get_last_lr()[0]
    state = sched.state_dict()
    sched.load_state_dict(state)
    for group in opt.param_groups:
        group["lr"] = 0.01
    return rates, first
