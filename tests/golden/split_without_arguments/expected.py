# `x.split()` with no argument cannot be Tensor.split (split_size is required): another object's
# method, left alone; with an integer it is a tensor's.
import paddle


def tokens(line):
    return line.strip().split()


def halves(x, n):
    head, tail = paddle.tensor_split(x, list(range(2, x.shape[0], 2)))
    # TODO(torch2paddle): torch.Tensor.split: receiver of unknown kind; `split` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    parts = x.split(n)
    return head, tail, parts


def relu(x):
    return paddle.nn.functional.relu(x)
