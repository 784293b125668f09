import paddle
import torch


def factor(a: paddle.Tensor, out_pair):
    L, info = (paddle.linalg.cholesky(a), paddle.zeros(a.shape[:-2], dtype='int32'))
    U, info = (paddle.linalg.cholesky(a, upper=True), paddle.zeros(a.shape[:-2], dtype='int32'))
    (paddle.assign(paddle.linalg.cholesky(a), out_pair[0]), paddle.assign(paddle.zeros(a.shape[:-2], dtype='int32'), out_pair[1]))
    inv, info = (paddle.linalg.inv(a), paddle.zeros(a.shape[:-2], dtype='int32'))
    (paddle.assign(paddle.linalg.inv(a), out_pair[0]), paddle.assign(paddle.zeros(a.shape[:-2], dtype='int32'), out_pair[1]))
    return L, U, inv


def peaks(a: paddle.Tensor, y: paddle.Tensor):
    paddle.assign(paddle.max(a), y)
    paddle.assign(paddle.min(a), y)


def encode(labels: paddle.Tensor):
    a = paddle.nn.functional.one_hot(labels, num_classes=labels.max().item() + 1).astype("int64")
    b = paddle.nn.functional.one_hot(labels, num_classes=labels.max().item() + 1).astype("int64")
    c = paddle.nn.functional.one_hot(labels, num_classes=10).astype("int64")
    return a, b, c


# RNG states round-trip through the same library's setter.
state = paddle.get_rng_state()
paddle.set_rng_state(state)
cuda_states = paddle.get_rng_state(device='gpu')
paddle.set_rng_state(cuda_states, device='gpu')
r = paddle.get_rng_state()


def outputs(x: paddle.Tensor, A: paddle.Tensor, b: paddle.Tensor, y, idx, pair):
    # out= with two tensors: two assignments, only where the call is a statement.
    paddle.assign(paddle.sort(x, axis=-1, descending=True), y); paddle.assign(paddle.argsort(x, axis=-1, descending=True), idx)
    paddle.assign(paddle.sort(x, axis=0), pair[0]); paddle.assign(paddle.argsort(x, axis=0), pair[1])
    paddle.assign(paddle.linalg.triangular_solve(A, b, upper=False), y); paddle.assign(A, idx)
    # TODO(torch2paddle): torch.sort: no case of rule torch.sort fits this call
    s = torch.sort(x, out=(y, idx))
    return s
paddle.set_rng_state(r)
