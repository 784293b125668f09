# Members read on optimizers and schedulers the type inference knows: get_last_lr() is a list of
# rates in PyTorch and one rate (`last_lr`) in Paddle; param_groups has no Paddle counterpart.
import paddle


def schedule(model: paddle.nn.Layer, epochs: int):
    opt = paddle.optimizer.SGD(parameters=model.parameters(), learning_rate=0.1, weight_decay=0)
    sched = paddle.optimizer.lr.StepDecay(learning_rate=opt.get_lr(), step_size=10, gamma=0.1)
    opt.set_lr_scheduler(sched)
    for _ in range(epochs):
        opt.step()
        sched.step()
    rates = [sched.last_lr]
    first = [sched.last_lr][0]
    state = sched.state_dict()
    sched.set_state_dict(state)
    # TODO(torch2paddle): torch.optim.Optimizer.param_groups: Paddle's optimizers keep no param_groups: read the learning rate with opt.get_lr() and set it with opt.set_lr(lr) (or a paddle.optimizer.lr scheduler); per-group options are given to the optimizer as a list of dicts when it is built
    for group in opt.param_groups:
        group["lr"] = 0.01
    return rates, first
