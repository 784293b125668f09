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
