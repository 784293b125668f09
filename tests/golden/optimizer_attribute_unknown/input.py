# An attribute only PyTorch's optimizers have (`param_groups`), on a receiver of unknown kind, is
# reported as on a known optimizer: Paddle's optimizers have no such attribute. A layer's
# attribute name is a configuration value's too (`cfg.eps`): left alone.
import torch


def learning_rates(optimizer):
    return [group["lr"] for group in optimizer.param_groups]


def epsilon(cfg):
    return cfg.eps, torch.finfo(torch.float32).eps
