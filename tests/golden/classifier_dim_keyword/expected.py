# Receivers of unknown kind: torch's own keywords settle them, other libraries' arguments too.
import paddle


def evaluate(model, inputs, da, spec, axis_name):
    preds = model(inputs).argmax(axis=1)
    shifted = inputs - paddle.max(inputs, axis=-1, keepdim=True)
    total = inputs.sum(keepdim=True, axis=0)
    by_time = da.mean(dim="time")  # xarray: dim= takes a name
    # TODO(torch2paddle): torch.Tensor.mean: likely a tensor (dim= keyword); use --aggressive to convert
    by_name = da.mean(dim=axis_name)  # unknown: needs review, left as it is
    parts = spec.split(",")  # str.split
    chunks = paddle.tensor_split(inputs, list(range(2, inputs.shape[0], 2)))
    return preds, shifted, total, by_time, by_name, parts, chunks


# A comparison whose sides are of unknown kind may be a tensor (`boxes[:, 2:] <= boxes[:, :2]`):
# its methods are classified like any other receiver's, not skipped as a bool's.
def first_degenerate(target):
    boxes = target["boxes"]
    degenerate = boxes[:, 2:] <= boxes[:, :2]
    if degenerate.astype('bool').any():
        return paddle.where(degenerate.astype('bool').any(axis=1))[0][0]
    return None
