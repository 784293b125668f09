# Disagreements between the docs and PaConvert decided for PaConvert
# (or for neither: the call is reported), in mappings/paconvert_decisions.jsonl.
import paddle
import torch
import torch.nn as nn
from torch.utils import cpp_extension


def setup(model, local_rank, objects):
    paddle.distributed.init_parallel_env()  # Paddle picks the backend itself
    paddle.distributed.broadcast_object_list(objects, src=0)
    model = paddle.DataParallel(model)
    return model


def stats(x: paddle.Tensor):
    values = paddle.unique(x)  # Paddle sorts, a valid order for sorted=False
    counts = x.unique(return_counts=True)
    # TODO(torch2paddle): torch.Tensor.nanmedian: argument 'dim' of torch.Tensor.nanmedian cannot be converted (semantics_differ)
    med = x.nanmedian(dim=0)  # (values, indices) with the lower median: reported
    return values, counts, med


def save(model, path):
    paddle.save(model.state_dict(), path)


def optimizer(model):
    # TODO(torch2paddle): torch.optim.Adagrad: argument 'differentiable' of torch.optim.Adagrad cannot be converted (semantics_differ)
    return torch.optim.Adagrad(model.parameters(), lr=0.01, differentiable=True)  # reported


def optimizer2(model):
    return paddle.optimizer.Adadelta(parameters=model.parameters(), learning_rate=1.0, rho=0.9, weight_decay=0)  # the defaults convert


def solve(lu, pivots, b: paddle.Tensor):
    # TODO(torch2paddle): torch.Tensor.lu_solve has no Paddle equivalent yet
    # TODO(torch2paddle): torch.linalg.lu_solve has no Paddle equivalent yet
    return torch.linalg.lu_solve(lu, pivots, b), b.lu_solve(lu, pivots)  # reported: needs a template


def build(src):
    # TODO(torch2paddle): torch.utils.cpp_extension.load: argument 'is_python_module' of torch.utils.cpp_extension.load cannot be converted (semantics_differ)
    return cpp_extension.load(name="ops", sources=[src], is_python_module=False)  # reported


def device_index():
    return int(paddle.device.get_device().split(':')[-1])  # neither side's form is an int: a template takes the index


def loss(x, y):
    # TODO(torch2paddle): torch.nn.MultiLabelMarginLoss has no Paddle equivalent yet
    return nn.MultiLabelMarginLoss()(x, y)  # another loss in Paddle: reported


def normed(layer):
    # PaConvert's alias to spectral_norm would bind dim and eps the wrong way round: reported
    # TODO(torch2paddle): torch.nn.utils.spectral_norm.SpectralNorm.apply has no Paddle equivalent yet
    return torch.nn.utils.spectral_norm.SpectralNorm.apply(layer, "weight", 1, 0, 1e-12)


def adaptive_heads(hidden):
    plain = paddle.nn.AdaptiveLogSoftmaxWithLoss(hidden, 1000, cutoffs=[10, 100])
    # TODO(torch2paddle): torch.nn.AdaptiveLogSoftmaxWithLoss: argument 'dtype' of torch.nn.AdaptiveLogSoftmaxWithLoss cannot be converted (semantics_differ)
    wide = nn.AdaptiveLogSoftmaxWithLoss(hidden, 1000, [10, 100], dtype=paddle.float64)  # reported
    return plain, wide
