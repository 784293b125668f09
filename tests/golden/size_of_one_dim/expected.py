# `x.size()` is a torch.Size (a shape) but `x.size(d)` one int, and alike `x.stride(d)`
# (`returns_with` in mappings/signatures.jsonl): one int passed as a shape is wrapped in a list.
import paddle


def shapes(x: paddle.Tensor):
    n = x.shape[0]
    m = x.shape[1]
    s = x.get_strides()[1]
    whole = x.shape
    return paddle.zeros([n]), paddle.zeros(whole), paddle.ones([m]), paddle.ones([s]), paddle.empty([x.shape[-1]])
