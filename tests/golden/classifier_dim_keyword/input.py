# Receivers of unknown kind: torch's own keywords settle them, other libraries' arguments too.
import torch


def evaluate(model, inputs, da, spec, axis_name):
    preds = model(inputs).argmax(dim=1)
    shifted = inputs - inputs.max(dim=-1, keepdim=True)[0]
    total = inputs.sum(keepdim=True, dim=0)
    by_time = da.mean(dim="time")  # xarray: dim= takes a name
    by_name = da.mean(dim=axis_name)  # unknown: needs review, left as it is
    parts = spec.split(",")  # str.split
    chunks = inputs.split(2)
    return preds, shifted, total, by_time, by_name, parts, chunks


# A comparison whose sides are of unknown kind may be a tensor (`boxes[:, 2:] <= boxes[:, :2]`):
# its methods are classified like any other receiver's, not skipped as a bool's.
def first_degenerate(target):
    boxes = target["boxes"]
    degenerate = boxes[:, 2:] <= boxes[:, :2]
    if degenerate.any():
        return torch.where(degenerate.any(dim=1))[0][0]
    return None
