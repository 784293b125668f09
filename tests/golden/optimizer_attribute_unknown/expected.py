# An attribute only PyTorch's optimizers have (`param_groups`), on a receiver of unknown kind, is
# reported as on a known optimizer: Paddle's optimizers have no such attribute. A layer's
# attribute name is a configuration value's too (`cfg.eps`): left alone.
import paddle


def learning_rates(optimizer):
    # TODO(torch2paddle): torch.optim.Optimizer.param_groups: Paddle's optimizers keep no param_groups: read the learning rate with opt.get_lr() and set it with opt.set_lr(lr) (or a paddle.optimizer.lr scheduler); per-group options are given to the optimizer as a list of dicts when it is built
    return [group["lr"] for group in optimizer.param_groups]


def epsilon(cfg):
    return cfg.eps, paddle.finfo(paddle.float32).eps
