# `x.split()` with no argument cannot be Tensor.split (split_size is required): another object's
# method, left alone; with an integer it is a tensor's.
import paddle


def tokens(line):
    return line.strip().split()


def halves(x, n):
    head, tail = paddle.tensor_split(x, list(range(2, x.shape[0], 2)))
    parts = x.split(n) if isinstance(n, (list, tuple)) else paddle.tensor_split(x, list(range(n, x.shape[0], n)))
    return head, tail, parts


def relu(x):
    return paddle.nn.functional.relu(x)


def key_value(line):
    # str.split's first argument is a separator or None; its second (maxsplit) is an int.
    key, value = line.split(None, 1)
    return key, value


def per_level(anchors, features):
    # A list first: only a tensor's split takes one (str.split would raise).
    sizes = [f.shape[-1] for f in features]
    return [list(a.split(sizes)) for a in anchors]
