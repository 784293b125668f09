# Disagreements between the docs and PaConvert decided for PaConvert
# (or for neither: the call is reported), in mappings/paconvert_decisions.jsonl.
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.utils import cpp_extension


def setup(model, local_rank, objects):
    dist.init_process_group(backend="nccl", timeout=None)  # Paddle picks the backend itself
    dist.broadcast_object_list(objects, src=0, device=torch.device("cuda"))
    model = nn.parallel.DistributedDataParallel(model, device_ids=[local_rank], check_reduction=False)
    return model


def stats(x: torch.Tensor):
    values = torch.unique(x, sorted=False)  # Paddle sorts, a valid order for sorted=False
    counts = x.unique(sorted=True, return_counts=True)
    med = x.nanmedian(dim=0)  # (values, indices) with the lower median: reported
    return values, counts, med


def save(model, path):
    torch.save(model.state_dict(), path, _use_new_zipfile_serialization=False)


def optimizer(model):
    return torch.optim.Adagrad(model.parameters(), lr=0.01, differentiable=True)  # reported


def optimizer2(model):
    return torch.optim.Adadelta(model.parameters(), foreach=False, differentiable=False)  # the defaults convert


def solve(lu, pivots, b: torch.Tensor):
    return torch.linalg.lu_solve(lu, pivots, b), b.lu_solve(lu, pivots)  # reported: needs a template


def build(src):
    return cpp_extension.load(name="ops", sources=[src], is_python_module=False)  # reported


def device_index():
    return torch.cuda.current_device()  # neither side's form is an int: a template takes the index


def loss(x, y):
    return nn.MultiLabelMarginLoss()(x, y)  # another loss in Paddle: reported


def normed(layer):
    # PaConvert's alias to spectral_norm would bind dim and eps the wrong way round: reported
    return torch.nn.utils.spectral_norm.SpectralNorm.apply(layer, "weight", 1, 0, 1e-12)


def adaptive_heads(hidden):
    plain = nn.AdaptiveLogSoftmaxWithLoss(hidden, 1000, cutoffs=[10, 100], device="cuda")
    wide = nn.AdaptiveLogSoftmaxWithLoss(hidden, 1000, [10, 100], dtype=torch.float64)  # reported
    return plain, wide
